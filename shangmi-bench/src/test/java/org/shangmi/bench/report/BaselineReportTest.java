package org.shangmi.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;

/**
 * The baseline report from six real rows of a `bin/bench --baseline` run (fixture/baseline.json)
 * and the `openssl speed` outputs that run saved (fixture/openssl-speed/). The expected cells were
 * worked out by hand from those files; the speeds themselves are never tested.
 */
class BaselineReportTest {

    private static BaselineReport report;

    @BeforeAll
    static void readFixture() throws Exception {
        Path fixture = Path.of(BaselineReportTest.class.getResource("/fixture/baseline.json").toURI());
        report = new BaselineReport();
        report.read(fixture, BaselineReport.OpensslOutputs.saved(fixture.resolveSibling("openssl-speed")));
    }

    @Test
    void eachRowBesideOpensslWithItsRatio() {
        String md = report.markdown();
        // 153.048 × 10,485,760 B = 1,604.8 MB/s ± 12.6; openssl 1,817,883.02 kB/s = 1,817.9 MB/s; 0.883
        assertTrue(md.contains("| SHA-256 | JDK (SUN) | MB/s | 1,605 ± 12.6 | 1,818 | 0.88× |  |\n"), md);
        // 18.4527 × 10.48576 = 193.5 ± 2.58; 119,392.32 kB/s = 119.4; 1.621
        assertTrue(md.contains("| SM4-CTR | ShangMi (auto) | MB/s | 193 ± 2.58 | 119 | 1.62× |  |\n"), md);
        // 7,891.4 / 51,080.3 = 0.154
        assertTrue(md.contains("| P-256 sign | JDK (SunEC) | ops/s | 7,891 ± 2,263 | 51,080 | 0.15× |  |\n"), md);
    }

    @Test
    void rowsOpensslSpeedCannotMeasureSaySo() {
        String md = report.markdown();
        assertTrue(md.contains("| P-256 keygen | JDK (SunEC) | ops/s | 10,117 ± 430 | - | - | openssl speed 3.0 does not time "
                + "key generation |\n"), md);
        assertTrue(md.contains("| secp256k1 sign | Bouncy Castle | ops/s | 13,883 ± 2,472 | - | - | openssl speed has no "
                + "secp256k1 |\n"), md);
        // 986.2 / 3,993.5 = 0.247, against the PKCS#1 v1.5 private-key operation
        assertTrue(md.contains("| RSA-2048 PSS sign | JDK (SunRsaSign) | ops/s | 986 ± 216 | 3,994 | 0.25× | † openssl speed 3.0 "
                + "has no OAEP or PSS: its PKCS#1 v1.5 sign, the same private-key operation |\n"), md);
    }

    @Test
    void highlightsAndGapsInTheSeedsManner() {
        String md = report.markdown();
        assertTrue(md.contains("## Highlights: Java at or above OpenSSL\n\n- SM4-CTR (ShangMi (auto)): 1.62× OpenSSL\n"), md);
        assertTrue(md.contains("## Gaps: Java below half of OpenSSL\n\n- P-256 sign (JDK (SunEC)): 0.15× OpenSSL\n"
                + "- RSA-2048 PSS sign (JDK (SunRsaSign)): 0.25× OpenSSL\n"), md);
        assertTrue(md.contains("- JDK 25.0.3+9-LTS (OpenJDK 64-Bit Server VM), JMH 1.37; CPU: AMD EPYC"), md);
    }

    @Test
    void theOpensslLinesOfEachKind() {
        assertEquals(1817.88302, BaselineReport.parse("sha256         1817883.02k\n", BaselineReport.Figure.BULK), 1e-9);
        String ecdsa = "                              sign    verify    sign/s verify/s\n"
                + " 256 bits ecdsa (nistp256)   0.0000s   0.0001s  51080.3  15974.5\n";
        assertEquals(15974.5, BaselineReport.parse(ecdsa, BaselineReport.Figure.VERIFY), 1e-9);
        assertEquals(3993.5, BaselineReport.parse("rsa 2048 bits 0.000250s 0.000016s   3993.5  61021.5\n",
                BaselineReport.Figure.SIGN), 1e-9);
        assertEquals(21894.0, BaselineReport.parse(" 256 bits ecdh (nistp256)   0.0000s  21894.0\n", BaselineReport.Figure.OPS), 1e-9);
        assertNull(BaselineReport.parse("Error: unknown option\n", BaselineReport.Figure.SIGN));
        assertEquals(List.of("ecdsap384"), BaselineReport.reference("P-384 verify").args());
        assertEquals(List.of("sm2"), BaselineReport.reference("SM2 sign").args());
    }

    @Test
    void thePageHasTheTableAndTheRatioChart() throws Exception {
        Document page = DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(new ByteArrayInputStream(report.page().html().getBytes(StandardCharsets.UTF_8)));
        assertEquals(7, page.getElementsByTagName("tr").getLength(), "a header and six rows");
        assertEquals(1, page.getElementsByTagName("svg").getLength());
        assertEquals(4, page.getElementsByTagName("rect").getLength(), "a bar for each row with an OpenSSL figure");
    }
}
