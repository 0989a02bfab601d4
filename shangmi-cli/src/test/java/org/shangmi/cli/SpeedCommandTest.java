package org.shangmi.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/** The structure of {@code shangmi speed}'s report, never the speeds themselves. */
class SpeedCommandTest {

    private static final String RATE = "[0-9]+\\.[0-9] \\([0-9]+\\.[0-9]-[0-9]+\\.[0-9]\\)";
    private static final String NUMBER = "[0-9]+\\.[0-9]{2}";

    /**
     * The three backends and, asked for with --with-peers (Bouncy Castle and Kona are on the test
     * class path), the three peers; the openssl command is on this machine's PATH, so its own
     * figures form the last column.
     */
    @Test
    void reportsEveryBackendAndPeerSideBySideWithTheirRatios() {
        CliRun run = CliRun.of("speed", "--with-peers", "--seconds", "0.05", "sm3", "sm2");
        assertEquals(0, run.status(), run.err());
        List<String> lines = run.out().lines().toList();
        assertTrue(lines.get(0).startsWith("shangmi speed: JDK " + Runtime.version()), lines.get(0));
        assertTrue(lines.get(0).contains("OpenSSL 3."), lines.get(0));
        assertTrue(lines.get(0).matches(".*; peers: bc BC [0-9.]+, kona KonaCrypto [0-9.]+, kona-native KonaCrypto-Native [0-9.]+"),
                lines.get(0));
        assertTrue(lines.get(1).matches("operation +unit +java \\(min-max\\) +ffm \\(min-max\\) +jni \\(min-max\\) "
                + "+bc \\(min-max\\) +kona \\(min-max\\) +kona-native \\(min-max\\) +ffm/java +jni/java "
                + "+shangmi/best peer +openssl speed"), lines.get(1));
        int auto = lines.indexOf("auto picks:");
        List<String> rows = lines.subList(2, auto);
        String cells = (" +" + RATE).repeat(6) + (" +" + NUMBER).repeat(3);
        for (String name : List.of("sm3 64 B +MB/s", "sm3 1 KiB +MB/s", "sm3 64 KiB +MB/s", "sm3 1 MiB +MB/s", "sm2 sign +ops/s",
                "sm2 verify +ops/s")) {
            assertEquals(1, rows.stream().filter(r -> r.matches(name + cells + " +[0-9]+\\.[0-9]")).count(), name + " in " + run.out());
        }
        // openssl speed has no SM2 encryption figures
        for (String name : List.of("sm2 encrypt 32 B +ops/s", "sm2 decrypt 32 B +ops/s")) {
            assertEquals(1, rows.stream().filter(r -> r.matches(name + cells + " +-")).count(), name + " in " + run.out());
        }
        assertEquals(8, rows.size(), run.out());
        // the OpenSSL backend loads here, so auto takes SM3 and HMAC-SM3 from it
        assertEquals(List.of(
                "  SM3      ffm      (auto, OpenSSL first: its C code measured 1.2-2x ours from 1 KiB up, through FFM and JNI alike)",
                "  HmacSM3  ffm      (auto, OpenSSL first: its C code measured 1.2-2x ours from 1 KiB up, through FFM and JNI alike)",
                "  SM2      java     (auto, Java first: about ten times OpenSSL 3.0's SM2, which has no dedicated code on x86-64)",
                "  SM4      java     (auto, Java first: faster in the parallel modes, and constant time where OpenSSL indexes "
                        + "tables by secret data)"), lines.subList(auto + 1, lines.size()));
    }

    @Test
    void oneBackendOnly() {
        CliRun run = CliRun.of("speed", "--seconds", "0.05", "--backend", "java", "--no-openssl-command", "sm4");
        assertEquals(0, run.status(), run.err());
        List<String> lines = run.out().lines().toList();
        assertTrue(lines.get(1).matches("operation +unit +java \\(min-max\\)"), lines.get(1));
        assertTrue(lines.get(2).matches("sm4-ctr 1 KiB +MB/s +" + RATE), lines.get(2));
        assertTrue(lines.get(3).matches("sm4-ctr 16 KiB +MB/s +" + RATE), lines.get(3));
        assertTrue(lines.get(4).matches("sm4-cbc encrypt 16 KiB +MB/s +" + RATE), lines.get(4));
        assertEquals("auto picks:", lines.get(5), run.out());
    }

    /** The tool's --backend choice is what the closing lines report, while the columns stay one per backend. */
    @Test
    void theClosingLinesFollowTheToolsBackendChoice() {
        CliRun run = CliRun.of("--backend", "SM4=jni", "speed", "--seconds", "0.05", "--backend", "java", "--no-openssl-command", "sm4");
        assertEquals(0, run.status(), run.err());
        List<String> lines = run.out().lines().toList();
        assertTrue(lines.get(1).matches("operation +unit +java \\(min-max\\)"), lines.get(1));
        int picks = lines.indexOf("SM4=jni picks:");
        assertTrue(picks > 0, run.out());
        assertTrue(lines.contains("  SM4      jni      (asked for SM4=jni)"), run.out());
    }

    @Test
    void oneBackendBesideOnePeer() {
        CliRun run = CliRun.of("speed", "--seconds", "0.05", "--backend", "openssl,bc", "--no-openssl-command", "sm2");
        assertEquals(0, run.status(), run.err());
        List<String> lines = run.out().lines().toList();
        assertTrue(lines.get(0).endsWith("; peers: bc BC " + new org.bouncycastle.jce.provider.BouncyCastleProvider().getVersionStr()),
                lines.get(0));
        assertTrue(lines.get(1).matches("operation +unit +ffm \\(min-max\\) +bc \\(min-max\\) +shangmi/best peer"), lines.get(1));
        assertEquals(4, lines.stream().filter(l -> l.matches("sm2 .* +ops/s +" + RATE + " +" + RATE + " +[0-9]+\\.[0-9]{2}")).count(),
                run.out());
    }

    /** Any provider can be a column; a peer that fails is reported under the table and the run goes on. */
    @Test
    void anyProviderIsAColumnAndAFailingPeerDoesNotEndTheRun() {
        CliRun run = CliRun.of("speed", "--seconds", "0.05", "--backend", "java", "--no-openssl-command",
                "--provider", BrokenProvider.class.getName(), "sm3", "sm4");
        assertEquals(0, run.status(), run.err());
        List<String> lines = run.out().lines().toList();
        assertTrue(lines.get(0).endsWith("; peers: broken Broken 1.0"), lines.get(0));
        assertTrue(lines.get(1).matches("operation +unit +java \\(min-max\\) +broken \\(min-max\\) +shangmi/best peer"), lines.get(1));
        assertEquals(7, lines.stream().filter(l -> l.matches("sm[34].* +MB/s +" + RATE + " +- +-")).count(), run.out());
        for (String size : List.of("64 B", "1 KiB", "64 KiB", "1 MiB")) {
            assertTrue(lines.contains("broken failed at sm3 " + size + ": java.lang.IllegalStateException: broken on purpose"),
                    run.out());
        }
        // SM4 is not offered, which is no failure
        assertTrue(lines.stream().noneMatch(l -> l.contains("failed at sm4")), run.out());
    }

    @Test
    void sumsOverThreads() {
        CliRun run = CliRun.of("speed", "--seconds", "0.05", "--threads", "2", "--backend", "java,kona", "sm3");
        assertEquals(0, run.status(), run.err());
        List<String> lines = run.out().lines().toList();
        assertEquals(4, lines.stream().filter(l -> l.matches("sm3 .* +MB/s +" + RATE + " +" + RATE + " +[0-9]+\\.[0-9]{2}")).count(),
                run.out());
        // openssl speed runs one process, so it has no place beside two threads
        assertTrue(lines.contains("figures are the sum over 2 threads; openssl speed (one process) is left out"), run.out());
        assertTrue(lines.stream().noneMatch(l -> l.contains("openssl speed ") && l.startsWith("operation")), run.out());
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

    /** Bouncy Castle is on the tool's class path for the TLS commands; its column still comes only when asked for. */
    @Test
    void peersOnlyWhenAskedFor() {
        CliRun run = CliRun.of("speed", "--seconds", "0.05", "--no-openssl-command", "sm3");
        assertEquals(0, run.status(), run.err());
        String header = run.out().lines().skip(1).findFirst().orElseThrow();
        assertTrue(header.startsWith("operation") && !header.contains(" bc ") && !header.contains("kona"), header);
    }

    @Test
    void showsProgressOnATerminalOnly() {
        CliRun terminal = CliRun.of(new byte[0], true, "speed", "--with-peers", "--seconds", "0.05", "--no-openssl-command", "sm3");
        assertEquals(0, terminal.status(), terminal.err());
        assertTrue(terminal.err().contains("shangmi speed: measuring sm3 1 KiB, java..."), terminal.err());
        assertTrue(terminal.err().contains("shangmi speed: measuring sm3 1 MiB, kona-native..."), terminal.err());
        assertTrue(terminal.err().endsWith("\r\033[K"), "the line is cleared at the end");
        CliRun pipe = CliRun.of(new byte[0], false, "speed", "--seconds", "0.05", "--no-openssl-command", "sm3");
        assertEquals("", pipe.err());
    }

    @Test
    void writesJson(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("speed.json");
        CliRun run = CliRun.of("speed", "--seconds", "0.05", "--backend", "java,ffm", "--no-openssl-command",
                "--json", file.toString(), "sm4");
        assertEquals(0, run.status(), run.err());
        JsonObject json = JsonParser.parseString(Files.readString(file)).getAsJsonObject();
        assertTrue(json.get("header").getAsString().startsWith("shangmi speed: JDK "));
        assertEquals(1, json.get("threads").getAsInt());
        JsonArray results = json.getAsJsonArray("results");
        assertEquals(6, results.size(), "three operations, two backends");
        for (int i = 0; i < results.size(); i++) {
            JsonObject result = results.get(i).getAsJsonObject();
            assertEquals("MB/s", result.get("unit").getAsString());
            assertTrue(List.of("java", "ffm").contains(result.get("source").getAsString()));
            double median = result.get("median").getAsDouble();
            assertTrue(result.get("min").getAsDouble() <= median && median <= result.get("max").getAsDouble(), result.toString());
        }
    }

    /** The page parses as XML: one table, a line chart over the sizes, a bar chart per operation with a bar per column. */
    @Test
    void writesHtmlCharts(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("speed.html");
        CliRun run = CliRun.of("speed", "--seconds", "0.05", "--backend", "java,bc", "--no-openssl-command",
                "--html", file.toString(), "sm3");
        assertEquals(0, run.status(), run.err());
        Document page = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(file.toFile());
        assertEquals(5, page.getElementsByTagName("tr").getLength(), "a header and four sizes");
        NodeList charts = page.getElementsByTagName("svg");
        assertEquals(5, charts.getLength(), "lines over the sizes, then a bar chart per size");
        assertEquals("sm3 over message size (MB/s)", charts.item(0).getFirstChild().getNextSibling().getTextContent());
        assertEquals(8, ((Element) charts.item(0)).getElementsByTagName("circle").getLength(), "two columns, four sizes");
        for (int i = 1; i < 5; i++) {
            Element chart = (Element) charts.item(i);
            assertEquals(2, chart.getElementsByTagName("rect").getLength(), "java and bc");
            assertTrue(chart.getTextContent().strip().startsWith("sm3 " + List.of("64 B", "1 KiB", "64 KiB", "1 MiB").get(i - 1) + " (MB/s)"),
                    chart.getTextContent());
        }
    }

    @Test
    void refusesBadArguments() {
        assertEquals(2, CliRun.of("speed", "--seconds", "0").status());
        assertEquals(2, CliRun.of("speed", "--seconds", "0.05", "md5").status());
        CliRun unknown = CliRun.of("speed", "--seconds", "0.05", "--backend", "nss", "sm3");
        assertEquals(2, unknown.status());
        assertTrue(unknown.err().contains("unknown backend nss: use java, ffm, jni, vector (openssl: ffm, else jni), or a peer: bc, kona, kona-native"), unknown.err());
        assertEquals(2, CliRun.of("speed", "--seconds", "0.05", "--threads", "0", "sm3").status());
        CliRun missing = CliRun.of("speed", "--seconds", "0.05", "--provider", "org.example.NoSuchProvider", "sm3");
        assertEquals(2, missing.status());
        assertTrue(missing.err().contains("--provider: cannot load the provider org.example.NoSuchProvider: "
                + "java.lang.ClassNotFoundException"), missing.err());
    }
}
