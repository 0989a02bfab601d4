package org.shangmi.report;

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

    /** 10 to 10,000 spans three decades: ticks at each power of ten, 100 a third of the way up. */
    @Test
    void valuesSpanningDecadesGetALogarithmicAxis() throws Exception {
        Document page = parse(new HtmlReport("t").lineChart("sign", "ops/s", List.of("32 B", "1 KiB", "1 MiB"),
                Map.of("java", new double[] {10_000, 100, 10})));
        assertTrue(page.getElementsByTagName("svg").item(0).getTextContent().contains("sign (ops/s, log scale)"));
        NodeList circles = page.getElementsByTagName("circle");
        double top = Double.parseDouble(((Element) circles.item(0)).getAttribute("cy"));
        double middle = Double.parseDouble(((Element) circles.item(1)).getAttribute("cy"));
        double bottom = Double.parseDouble(((Element) circles.item(2)).getAttribute("cy"));
        assertEquals(1.0 / 3, (bottom - middle) / (bottom - top), 0.01);
        NodeList texts = page.getElementsByTagName("text");
        List<String> labels = new java.util.ArrayList<>();
        for (int i = 0; i < texts.getLength(); i++) {
            labels.add(texts.item(i).getTextContent());
        }
        assertTrue(labels.containsAll(List.of("10", "100", "1,000", "10,000")), labels.toString());
        assertFalse(labels.contains("5,000"), "no linear ticks: " + labels);
        Document linear = parse(new HtmlReport("t").lineChart("sign", "ops/s", List.of("a", "b"),
                Map.of("java", new double[] {50, 100})));
        assertFalse(linear.getElementsByTagName("svg").item(0).getTextContent().contains("log scale"));
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

    /** Each chart stands alone too: an SVG document with its own style, for a README to show. */
    @Test
    void everyChartAlsoStandsAlone() throws Exception {
        HtmlReport report = new HtmlReport("t")
                .barChart("bars", "ops/s", List.of(new HtmlReport.Bar("x", 1)))
                .lineChart("lines", "MB/s", List.of("a", "b"), Map.of("x", new double[] {1, 2}));
        assertEquals(List.of("bars", "lines"), report.charts().stream().map(HtmlReport.Chart::title).toList());
        for (HtmlReport.Chart chart : report.charts()) {
            Document svg = DocumentBuilderFactory.newInstance().newDocumentBuilder()
                    .parse(new ByteArrayInputStream(chart.svg().getBytes(StandardCharsets.UTF_8)));
            assertEquals("svg", svg.getDocumentElement().getTagName());
            assertTrue(svg.getElementsByTagName("style").item(0).getTextContent().contains("svg .line"), chart.svg());
        }
    }

    @Test
    void numbersCarryTheDigitsAReaderNeeds() {
        assertEquals("12,346", HtmlReport.number(12345.6));
        assertEquals("123", HtmlReport.number(123.4));
        assertEquals("12.3", HtmlReport.number(12.34));
        assertEquals("1.23", HtmlReport.number(1.234));
        assertEquals("0", HtmlReport.number(0));
        assertEquals("10", HtmlReport.number(10));
        assertEquals("0.50", HtmlReport.number(0.5));
    }
}
