package org.shangmi.cli.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

class HtmlReportTest {

    private static Document parse(HtmlReport report) throws Exception {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setNamespaceAware(false);
        return factory.newDocumentBuilder().parse(new ByteArrayInputStream(report.html().getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void barsAreProportionalToTheirValues() throws Exception {
        Document page = parse(new HtmlReport("t").barChart("sign", "ops/s", List.of(
                new HtmlReport.Bar("java", 200, 150, 220), new HtmlReport.Bar("bc", 50), new HtmlReport.Bar("kona", Double.NaN))));
        NodeList rects = page.getElementsByTagName("rect");
        assertEquals(2, rects.getLength(), "no bar for a value that is not offered");
        double java = Double.parseDouble(((Element) rects.item(0)).getAttribute("width"));
        double bc = Double.parseDouble(((Element) rects.item(1)).getAttribute("width"));
        assertEquals(4.0, java / bc, 0.01);
        assertTrue(page.getDocumentElement().getTextContent().contains("not offered"));
        assertEquals(1, page.getElementsByTagName("path").getLength(), "a whisker for the bar with a spread");
        assertEquals("java: 200 ops/s", rects.item(0).getTextContent());
    }

    @Test
    void aMissingPointBreaksTheLine() throws Exception {
        Map<String, double[]> series = new LinkedHashMap<>();
        series.put("java", new double[] {1, 2, Double.NaN, 4});
        series.put("openssl", new double[] {2, 3, 4, 5});
        Document page = parse(new HtmlReport("t").lineChart("sm3", "MB/s", List.of("a", "b", "c", "d"), series));
        assertEquals(7, page.getElementsByTagName("circle").getLength());
        NodeList paths = page.getElementsByTagName("path");
        int lines = 0;
        for (int i = 0; i < paths.getLength(); i++) {
            Element path = (Element) paths.item(i);
            if (path.getAttribute("class").equals("line")) {
                lines++;
            }
        }
        assertEquals(3, lines, "java in two pieces, openssl in one");
    }

    @Test
    void textIsEscapedAndTheSameSeriesKeepsItsColour() throws Exception {
        HtmlReport report = new HtmlReport("<script>alert(1)</script> & co")
                .barChart("a", "ops/s", List.of(new HtmlReport.Bar("x", 1), new HtmlReport.Bar("y", 2)))
                .barChart("b", "ops/s", List.of(new HtmlReport.Bar("y", 1), new HtmlReport.Bar("x", 2)))
                .table(List.of("h<1>"), List.of(List.of("1,234")));
        assertFalse(report.html().contains("<script>"));
        Document page = parse(report);
        assertEquals("<script>alert(1)</script> & co", page.getElementsByTagName("title").item(0).getTextContent());
        NodeList rects = page.getElementsByTagName("rect");
        assertEquals(((Element) rects.item(0)).getAttribute("fill"), ((Element) rects.item(3)).getAttribute("fill"));
        assertEquals(((Element) rects.item(1)).getAttribute("fill"), ((Element) rects.item(2)).getAttribute("fill"));
        assertFalse(((Element) rects.item(0)).getAttribute("fill").equals(((Element) rects.item(1)).getAttribute("fill")));
        assertEquals("n", ((Element) page.getElementsByTagName("td").item(0)).getAttribute("class"));
    }

    @Test
    void numbersCarryTheDigitsAReaderNeeds() {
        assertEquals("12,346", HtmlReport.number(12345.6));
        assertEquals("123", HtmlReport.number(123.4));
        assertEquals("12.3", HtmlReport.number(12.34));
        assertEquals("1.23", HtmlReport.number(1.234));
        assertEquals("0", HtmlReport.number(0));
    }
}
