package org.shangmi.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;

/**
 * The binding study's report from four real results (fixture/bindings.json, taken from the run in
 * docs/performance/bindings/: SM3 of 32 bytes and the empty call, through JNI and through JNA with
 * native memory left to a Cleaner). The expected cells were worked out by hand from their scores.
 */
class BindingReportTest {

    private static BindingReport report;

    @BeforeAll
    static void readFixture() throws Exception {
        report = new BindingReport();
        report.read(Path.of(BindingReportTest.class.getResource("/fixture/bindings.json").toURI()));
    }

    @Test
    void aRowPerBindingWithTimeErrorAndAllocation() {
        String md = report.markdown();
        // 407.04 ± 264.10 ns, 0.0028 B; 10,092.98 ± 26,217.90 ns, 827.85 B; 4.8307 ± 0.0747 ns; 57.583 ± 2.169 ns, 40.0 B
        assertTrue(md.contains("| binding | sm3 32 B | empty call |\n|---|---:|---:|\n"
                + "| JNI | 407 ± 264 (0 B) | 4.83 ± 0.07 (0 B) |\n"
                + "| JNA-Memory-Cleaner | 10,093 ± 26,218 (828 B) | 57.6 ± 2.17 (40 B) |\n"), md);
        assertTrue(md.contains("- bindings.json: JDK 25.0.3+9-LTS (OpenJDK 64-Bit Server VM), JMH 1.37; CPU: AMD EPYC"), md);
    }

    /** A bar chart per column, the error as whiskers (the Cleaner's reaching below zero is cut at zero). */
    @Test
    void aChartPerColumn() throws Exception {
        Document page = DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(new ByteArrayInputStream(report.page().html().getBytes(StandardCharsets.UTF_8)));
        assertEquals(2, page.getElementsByTagName("svg").getLength());
        assertEquals(4, page.getElementsByTagName("rect").getLength(), "two bindings in each of two charts");
        assertEquals(3, page.getElementsByTagName("tr").getLength(), "a header and two bindings");
    }

    @Test
    void throughputResultsAreRefused(@TempDir Path directory) throws Exception {
        Path file = directory.resolve("thrpt.json");
        Files.copy(Path.of(BindingReportTest.class.getResource("/fixture/digest.json").toURI()), file);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new BindingReport().read(file));
        assertTrue(e.getMessage().contains("is not in average time, ns/op"), e.getMessage());
    }
}
