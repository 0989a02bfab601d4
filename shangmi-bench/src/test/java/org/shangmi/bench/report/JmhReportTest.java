package org.shangmi.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;

/**
 * The report of a real, tiny JMH run (checked in under fixture/: SM3 digests at 1 KiB and 64 KiB
 * for two ShangMi backends and Bouncy Castle; SM2 signatures at one and two threads). The expected
 * cells were worked out by hand from the scores in those files. The run was:
 * <pre>
 * bin/bench DigestBench -p provider=ShangMi-Java,ShangMi-OpenSSL,BC -p size=1024,65536 \
 *     -wi 1 -w 200ms -i 2 -r 200ms -f 1 -rff fixture/digest.json
 * bin/bench 'SignatureBench.sign$' -p provider=ShangMi-Java,BC -p size=32 \
 *     -wi 1 -w 200ms -i 2 -r 200ms -f 1 [-t 2] -rff fixture/sign-1-thread.json (sign-2-threads.json)
 * </pre>
 */
class JmhReportTest {

    private static JmhReport report;

    @BeforeAll
    static void readFixture() throws Exception {
        report = new JmhReport();
        for (String name : new String[] {"digest.json", "sign-1-thread.json", "sign-2-threads.json"}) {
            report.read(Path.of(JmhReportTest.class.getResource("/fixture/" + name).toURI()));
        }
    }

    @Test
    void digestsInMegabytesPerSecondWithBothRatios() {
        String md = report.markdown();
        // 120,792.5 ops/s of 1,024 bytes = 123.7 MB/s; 165,037.4 / 120,792.5 = 1.366; 165,037.4 / 115,833.1 = 1.425
        assertTrue(md.contains("### DigestBench.digest (MB/s, 1 thread)\n\n"
                + "| size | ShangMi-Java | ShangMi-OpenSSL | BC | OpenSSL vs Java | ShangMi ÷ best peer |\n"
                + "|---|---:|---:|---:|---:|---:|\n"
                + "| 1 KiB | 124 | 169 | 119 | +37 % | 1.42× |\n"
                + "| 64 KiB | 162 | 224 | 145 | +38 % | 1.54× |\n"), md);
    }

    @Test
    void memoryFromTheGcProfiler() {
        String md = report.markdown();
        assertTrue(md.contains("| 32 B | 314 B/op, 4.60 MB/s, no GC | 564,882 B/op, 391 MB/s, 1 GC (12 ms) |\n"), md);
        assertTrue(md.contains("| 64 KiB | 14.2 B/op, 0.03 MB/s, no GC | 357 B/op, 1.16 MB/s, no GC | 15.7 B/op, 0.03 MB/s, no GC |\n"), md);
    }

    @Test
    void threadsInTablesOfTheirOwnAndScaling() {
        String md = report.markdown();
        assertTrue(md.contains("### SignatureBench.sign (ops/s, 1 thread)\n\n| size | ShangMi-Java | BC | ShangMi ÷ best peer |\n"
                + "|---|---:|---:|---:|\n| 32 B | 15,461 | 728 | 21.24× |\n"), md);
        assertTrue(md.contains("### SignatureBench.sign (ops/s, 2 threads)\n\n| size | ShangMi-Java | BC | ShangMi ÷ best peer |\n"
                + "|---|---:|---:|---:|\n| 32 B | 16,190 | 1,144 | 14.16× |\n"), md);
        // 16,189.9 / 2 / 15,461.3 = 0.524; 1,143.6 / 2 / 728.0 = 0.785
        assertTrue(md.contains("| SignatureBench.sign, 32 B | 2 | 52 % | 79 % |\n"), md);
    }

    @Test
    void namesTheJdkAndTheMachine() {
        assertTrue(report.markdown().contains("- digest.json: JDK 25.0.3+9-LTS (OpenJDK 64-Bit Server VM), JMH 1.37; "
                + "CPU: AMD EPYC, 2 cores; libcrypto: OpenSSL 3.0.19"), report.markdown());
    }

    /** Lines over the sizes where a table has several, bars where it has one; every table on the page. */
    @Test
    void htmlHasTheChartsAndTables() throws Exception {
        Document page = DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(new ByteArrayInputStream(report.html().getBytes(StandardCharsets.UTF_8)));
        assertEquals(3, page.getElementsByTagName("svg").getLength());
        assertEquals(6, page.getElementsByTagName("circle").getLength(), "three providers at two sizes");
        assertEquals(2 + 2 + 3, page.getElementsByTagName("rect").getLength(), "two bars in each signature chart, three legend keys");
        assertEquals(7, page.getElementsByTagName("table").getLength());
    }

    @Test
    void refusesWhatItCannotReport(@TempDir Path dir) throws Exception {
        Path average = dir.resolve("avgt.json");
        Files.writeString(average, "[{\"benchmark\": \"a.B.c\", \"mode\": \"avgt\", \"threads\": 1}]");
        assertThrows(IllegalArgumentException.class, () -> new JmhReport().read(average));
        Path unit = dir.resolve("unit.json");
        Files.writeString(unit, "[{\"benchmark\": \"a.B.c\", \"mode\": \"thrpt\", \"threads\": 1, "
                + "\"primaryMetric\": {\"score\": 1, \"scoreError\": 0, \"scoreUnit\": \"ops/ms\"}}]");
        assertThrows(IllegalArgumentException.class, () -> new JmhReport().read(unit));
        Path speed = dir.resolve("speed.json");
        Files.writeString(speed, "{\"header\": \"shangmi speed\", \"results\": []}");
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new JmhReport().read(speed)).getMessage()
                .endsWith("speed.json is not JMH results (-rf json writes an array of them)"));
        Path text = dir.resolve("text.json");
        Files.writeString(text, "Benchmark  Mode  Cnt  Score");
        assertThrows(IllegalArgumentException.class, () -> new JmhReport().read(text));
    }

    @Test
    void sizesReadAsBytes() {
        assertEquals("32 B", JmhReport.bytes(32));
        assertEquals("64 KiB", JmhReport.bytes(65536));
        assertEquals("1 MiB", JmhReport.bytes(1 << 20));
        assertEquals("1000 B", JmhReport.bytes(1000));
        Map<String, String> params = new LinkedHashMap<>();
        params.put("mode", "CTR");
        params.put("direction", "encrypt");
        params.put("size", "1024");
        assertEquals("CTR, encrypt, 1 KiB", JmhReport.rowLabel(params));
        assertEquals("signaturebench-sign-1-thread", JmhReport.fileName("SignatureBench.sign, 1 thread"));
    }
}
