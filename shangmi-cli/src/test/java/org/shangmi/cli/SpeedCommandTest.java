package org.shangmi.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

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
        assertTrue(lines.get(1).matches("operation +unit +java \\(min-max\\) +openssl \\(min-max\\) +openssl/java"), lines.get(1));
        List<String> rows = lines.subList(2, lines.size() - 1);
        assertEquals(4, rows.size(), run.out());
        for (String name : List.of("sm3 1 KiB +MB/s", "sm3 16 KiB +MB/s", "sm2 sign +ops/s", "sm2 verify +ops/s")) {
            assertTrue(rows.stream().anyMatch(r -> r.matches(name + " +" + RATE + " +" + RATE + " +[0-9]+\\.[0-9]{2}")),
                    name + " in " + run.out());
        }
        assertTrue(lines.get(lines.size() - 1).matches("auto \\(.*\\): SM2 java, SM3 (java|openssl), HmacSM3 (java|openssl), SM4 java"),
                lines.get(lines.size() - 1));
    }

    @Test
    void oneBackendOnly() {
        CliRun run = CliRun.of("speed", "--seconds", "0.05", "--backend", "java", "sm4");
        assertEquals(0, run.status(), run.err());
        List<String> lines = run.out().lines().toList();
        assertTrue(lines.get(1).matches("operation +unit +java \\(min-max\\)"), lines.get(1));
        assertTrue(lines.get(2).matches("sm4-ctr 16 KiB +MB/s +" + RATE), lines.get(2));
        assertTrue(lines.get(3).matches("sm4-cbc encrypt 16 KiB +MB/s +" + RATE), lines.get(3));
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
