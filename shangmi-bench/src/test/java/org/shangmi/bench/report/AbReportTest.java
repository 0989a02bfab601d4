package org.shangmi.bench.report;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The A/B statistics on three rounds written by hand in JMH's JSON format (fixture/ab/), with
 * round numbers chosen so that every expected value below is worked out in its comment:
 * <pre>
 * round                        1          2          3
 * DigestBench ShangMi-Java     100 → 110  80 → 100   120 → 120   ops/s, base → work
 * DigestBench BC (the peer)    50 → 50    40 → 44    60 → 50
 * Sm2CipherBench ShangMi-Java  200 → 160  200 → 250  300 → 200   us/op: less is faster
 * Sm2CipherBench BC            400 → 400  400 → 500  400 → 320
 * BindingBench JNI             1000→2000  1000 → -   1000 → 1000  no provider, so no peer
 * DigestBench ShangMi-Vector   - → 300    - → 300    - → 300     the working tree only
 * </pre>
 */
class AbReportTest {

    private static final double EPS = 1e-9;
    private static Path fixture;
    private static AbReport report;

    @BeforeAll
    static void readFixture() throws Exception {
        fixture = Path.of(AbReportTest.class.getResource("/fixture/ab").toURI());
        report = new AbReport("provider", "BC");
        report.readDirectory(fixture);
    }

    private static AbReport.Row row(String benchmark, Map<String, String> params) {
        return report.rows().stream().filter(r -> r.key().benchmark().equals(benchmark) && r.key().params().equals(params))
                .findFirst().orElseThrow();
    }

    @Test
    void throughputRatiosRawAndNormalised() {
        AbReport.Row java = row("DigestBench.digest", Map.of("provider", "ShangMi-Java", "size", "1024"));
        // raw: 110/100, 100/80, 120/120
        assertArrayEquals(new double[] {1.1, 1.25, 1.0}, java.raw(), EPS);
        // the peer's ratios are 50/50 = 1, 44/40 = 1.1, 50/60 = 5/6: 1.1/1, 1.25/1.1, 1/(5/6)
        assertArrayEquals(new double[] {1.1, 1.25 / 1.1, 1.2}, java.normalised(), EPS);
        // medians of {100, 80, 120} and {110, 100, 120}
        assertEquals(100, java.base().median(), EPS);
        assertEquals(110, java.work().median(), EPS);
        assertEquals("ops/s", java.unit());
    }

    @Test
    void timePerOperationIsInverted() {
        AbReport.Row java = row("Sm2CipherBench.decrypt", Map.of("provider", "ShangMi-Java", "dataSize", "32"));
        // speed ratio = base time / work time: 200/160, 200/250, 300/200
        assertArrayEquals(new double[] {1.25, 0.8, 1.5}, java.raw(), EPS);
        // the peer's: 400/400 = 1, 400/500 = 0.8, 400/320 = 1.25
        assertArrayEquals(new double[] {1.25, 1.0, 1.2}, java.normalised(), EPS);
        assertEquals(200, java.base().median(), EPS);
        assertEquals(200, java.work().median(), EPS);
    }

    @Test
    void thePeerIsMarkedAndRowsWithoutOneHaveRawRatiosOnly() {
        AbReport.Row bc = row("DigestBench.digest", Map.of("provider", "BC", "size", "1024"));
        assertTrue(bc.peer());
        assertNull(bc.normalised());
        AbReport.Row jni = row("BindingBench.emptyCall", Map.of("binding", "JNI", "size", "32"));
        // round 2's work run lacks it: two pairs, 2000/1000 and 1000/1000
        assertArrayEquals(new double[] {2.0, 1.0}, jni.raw(), EPS);
        assertNull(jni.normalised());
        assertEquals(1500, jni.work().median(), EPS);
        assertEquals(List.of("DigestBench.digest provider=ShangMi-Vector, size=1024: work only"), report.unpaired());
    }

    @Test
    void medianAndRange() {
        assertEquals(new AbReport.Spread(2, 1, 3, 3), AbReport.spread(3, 1, 2));
        // an even count: the mean of the middle two, (2 + 4) / 2
        assertEquals(new AbReport.Spread(3, 1, 10, 4), AbReport.spread(10, 4, 1, 2));
        assertEquals(new AbReport.Spread(7, 7, 7, 1), AbReport.spread(7));
        assertThrows(IllegalArgumentException.class, AbReport::spread);
    }

    @Test
    void markdownTable() {
        String md = report.markdown();
        // median 1.1, range 1.0 to 1.25; normalised median 1.25/1.1 = 1.13636, range 1.1 to 1.2
        assertTrue(md.contains("| DigestBench.digest | provider=ShangMi-Java, size=1024 | ops/s | 100 | 110 | 1.100 | 1.000–1.250 "
                + "| 1.136 | 1.100–1.200 | 3 |\n"), md);
        // the peer: base {50, 40, 60}, work {50, 44, 50}; ratios 1, 1.1, 0.8333
        assertTrue(md.contains("| DigestBench.digest | provider=BC, size=1024 | ops/s | 50 | 50 | 1.000 | 0.833–1.100 | (peer) |  | 3 |\n"),
                md);
        assertTrue(md.contains("| Sm2CipherBench.decrypt | provider=ShangMi-Java, dataSize=32 | us/op | 200 | 200 | 1.250 | 0.800–1.500 "
                + "| 1.200 | 1.000–1.250 | 3 |\n"), md);
        assertTrue(md.contains("| BindingBench.emptyCall | binding=JNI, size=32 | ops/s | 1,000 | 1,500 | 1.500 | 1.000–2.000 "
                + "| no peer |  | 2 |\n"), md);
        assertTrue(md.contains("- DigestBench.digest provider=ShangMi-Java, size=1024: 1.100 1.250 1.000; 1.100 1.136 1.200\n"), md);
        assertTrue(md.contains("- JDK 25.0.3+9-LTS (OpenJDK 64-Bit Server VM), JMH 1.37\n"), md);
        assertTrue(md.contains("- JVM arguments: --sun-misc-unsafe-memory-access=allow -XX:UseAVX=2\n"), md);
        assertTrue(md.contains("- 3 rounds,"), md);
        assertTrue(md.contains("- DigestBench.digest provider=ShangMi-Vector, size=1024: work only\n"), md);
    }

    @Test
    void withoutThePeerRowSaysSo() throws Exception {
        AbReport kona = new AbReport("provider", "Kona");
        kona.readDirectory(fixture);
        String md = kona.markdown();
        assertTrue(md.contains("row in the same JMH run, which cancels the machine's drift between runs: no such row was measured, "
                + "so raw ratios only\n"), md);
        assertTrue(kona.rows().stream().allMatch(r -> r.normalised() == null && !r.peer()));
        // JNI is the only binding measured: the peer row is there, but nothing beside it
        AbReport jni = new AbReport("binding", "JNI");
        jni.readDirectory(fixture);
        assertTrue(jni.markdown().contains("no other row has the same benchmark and parameters, so raw ratios only\n"), jni.markdown());
        assertTrue(row(jni.rows(), "BindingBench.emptyCall").peer());
    }

    /** A real JMH file (JmhReportTest's) as both sides of one round: every ratio is 1, every score JMH's. */
    @Test
    void readsRealJmhOutput(@TempDir Path dir) throws Exception {
        Path real = Path.of(AbReportTest.class.getResource("/fixture/digest.json").toURI());
        Files.copy(real, dir.resolve("r1-base.json"));
        Files.copy(real, dir.resolve("r1-work.json"));
        AbReport same = new AbReport("provider", "BC");
        same.readDirectory(dir);
        List<AbReport.Row> rows = same.rows();
        assertEquals(6, rows.size(), "three providers at two sizes");
        for (AbReport.Row row : rows) {
            assertArrayEquals(new double[] {1.0}, row.raw(), EPS);
            assertTrue(row.peer() || row.normalised()[0] == 1.0);
        }
        assertEquals(120792.51734705173, row(rows, "ShangMi-Java", "1024").base().median(), EPS);
    }

    private static AbReport.Row row(List<AbReport.Row> rows, String benchmark) {
        return rows.stream().filter(r -> r.key().benchmark().equals(benchmark)).findFirst().orElseThrow();
    }

    private static AbReport.Row row(List<AbReport.Row> rows, String provider, String size) {
        return rows.stream().filter(r -> r.key().params().equals(Map.of("provider", provider, "size", size))).findFirst().orElseThrow();
    }

    @Test
    void refusesIncompleteRounds(@TempDir Path dir) throws Exception {
        AbReport empty = new AbReport("provider", "BC");
        assertTrue(assertThrows(IllegalArgumentException.class, () -> empty.readDirectory(dir)).getMessage().contains("holds no runs"));
        Files.copy(fixture.resolve("r1-base.json"), dir.resolve("r1-base.json"));
        Files.copy(fixture.resolve("r1-work.json"), dir.resolve("r1-work.json"));
        Files.copy(fixture.resolve("r2-base.json"), dir.resolve("r2-base.json"));
        AbReport half = new AbReport("provider", "BC");
        assertEquals("round 2 has no work run", assertThrows(IllegalArgumentException.class, () -> half.readDirectory(dir)).getMessage());
        Files.writeString(dir.resolve("r2-work.json"), "Benchmark  Mode  Cnt  Score");
        AbReport text = new AbReport("provider", "BC");
        assertTrue(assertThrows(IllegalArgumentException.class, () -> text.readDirectory(dir)).getMessage().contains("r2-work.json"));
    }
}
