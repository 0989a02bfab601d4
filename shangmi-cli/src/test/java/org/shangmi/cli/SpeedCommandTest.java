package org.shangmi.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The structure of {@code shangmi speed}'s report, never the speeds themselves. */
class SpeedCommandTest {

    private static final String RATE = "[0-9]+\\.[0-9] \\([0-9]+\\.[0-9]-[0-9]+\\.[0-9]\\)";

    @Test
    void reportsEveryBackendSideBySideWithTheirRatio() {
        CliRun run = CliRun.of("speed", "--seconds", "0.05", "sm3", "sm2");
        assertEquals(0, run.status(), run.err());
        List<String> lines = run.out().lines().toList();
        assertTrue(lines.get(0).startsWith("shangmi speed: JDK " + Runtime.version()), lines.get(0));
        assertTrue(lines.get(0).contains("OpenSSL 3."), lines.get(0));
        // the openssl command is on this machine's PATH, so its own figures form the last column
        assertTrue(lines.get(1).matches("operation +unit +java \\(min-max\\) +openssl \\(min-max\\) +openssl/java +openssl speed"),
                lines.get(1));
        List<String> rows = lines.subList(2, lines.size() - 1);
        assertEquals(4, rows.size(), run.out());
        for (String name : List.of("sm3 1 KiB +MB/s", "sm3 16 KiB +MB/s", "sm2 sign +ops/s", "sm2 verify +ops/s")) {
            assertTrue(rows.stream().anyMatch(r -> r.matches(name + " +" + RATE + " +" + RATE + " +[0-9]+\\.[0-9]{2} +[0-9]+\\.[0-9]")),
                    name + " in " + run.out());
        }
        assertTrue(lines.get(lines.size() - 1).matches("auto \\(.*\\): SM2 java, SM3 (java|openssl), HmacSM3 (java|openssl), SM4 java"),
                lines.get(lines.size() - 1));
    }

    @Test
    void oneBackendOnly() {
        CliRun run = CliRun.of("speed", "--seconds", "0.05", "--backend", "java", "--no-openssl-command", "sm4");
        assertEquals(0, run.status(), run.err());
        List<String> lines = run.out().lines().toList();
        assertTrue(lines.get(1).matches("operation +unit +java \\(min-max\\)"), lines.get(1));
        assertTrue(lines.get(2).matches("sm4-ctr 16 KiB +MB/s +" + RATE), lines.get(2));
        assertTrue(lines.get(3).matches("sm4-cbc encrypt 16 KiB +MB/s +" + RATE), lines.get(3));
    }

    /** Output captured from OpenSSL 3.0.19's speed command on this machine. */
    @Test
    void readsOpensslSpeedOutput() {
        String evp = "Doing SM4-CTR for 1s on 16384 size blocks: 5512 SM4-CTR's in 1.00s\n"
                + "version: 3.0.19\n"
                + "The 'numbers' are in 1000s of bytes per second processed.\n"
                + "type          16384 bytes\n"
                + "SM4-CTR          90316.80k\n";
        assertEquals(90.3168, OpensslSpeed.parse(evp, "sm4-ctr 16 KiB"), 1e-9);
        String sm2 = "CPUINFO: OPENSSL_ia32cap=0xfffa3203078bffff:0x400684219c07ab\n"
                + "                              sign    verify    sign/s verify/s\n"
                + " 256 bits SM2 (CurveSM2)   0.0006s   0.0006s   1622.4   1816.3\n";
        assertEquals(1622.4, OpensslSpeed.parse(sm2, "sm2 sign"), 1e-9);
        assertEquals(1816.3, OpensslSpeed.parse(sm2, "sm2 verify"), 1e-9);
        assertEquals(null, OpensslSpeed.parse("Error: unknown cipher\n", "sm3 1 KiB"));
    }

    @Test
    void showsProgressOnATerminalOnly() {
        CliRun terminal = CliRun.of(new byte[0], true, "speed", "--seconds", "0.05", "--no-openssl-command", "sm3");
        assertEquals(0, terminal.status(), terminal.err());
        assertTrue(terminal.err().contains("shangmi speed: measuring sm3 1 KiB, java..."), terminal.err());
        assertTrue(terminal.err().endsWith("\r\033[K"), "the line is cleared at the end");
        CliRun pipe = CliRun.of(new byte[0], false, "speed", "--seconds", "0.05", "--no-openssl-command", "sm3");
        assertEquals("", pipe.err());
    }

    @Test
    void writesJson(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("speed.json");
        CliRun run = CliRun.of("speed", "--seconds", "0.05", "--no-openssl-command", "--json", file.toString(), "sm4");
        assertEquals(0, run.status(), run.err());
        JsonObject json = JsonParser.parseString(Files.readString(file)).getAsJsonObject();
        assertTrue(json.get("header").getAsString().startsWith("shangmi speed: JDK "));
        JsonArray results = json.getAsJsonArray("results");
        assertEquals(4, results.size(), "two operations, two backends");
        for (int i = 0; i < results.size(); i++) {
            JsonObject result = results.get(i).getAsJsonObject();
            assertEquals("MB/s", result.get("unit").getAsString());
            assertTrue(List.of("java", "openssl").contains(result.get("source").getAsString()));
            double median = result.get("median").getAsDouble();
            assertTrue(result.get("min").getAsDouble() <= median && median <= result.get("max").getAsDouble(), result.toString());
        }
    }

    @Test
    void refusesBadArguments() {
        assertEquals(2, CliRun.of("speed", "--seconds", "0").status());
        assertEquals(2, CliRun.of("speed", "--seconds", "0.05", "md5").status());
        CliRun unknown = CliRun.of("speed", "--seconds", "0.05", "--backend", "nss", "sm3");
        assertEquals(2, unknown.status());
        assertTrue(unknown.err().contains("unknown backend nss: use java or openssl"), unknown.err());
    }
}
