package org.shangmi.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * One self-contained HTML page of headings, tables and charts: {@code shangmi speed --html} and
 * the JMH report both write it. The charts are inline SVG drawn here, with no script and nothing
 * fetched, so the page opens offline. The markup is well-formed XML, so tests can read it back.
 * A series keeps its colour in every chart of the page.
 */
public final class HtmlReport {

    /** One bar: its label, value, and the spread around it ({@code NaN} when there is none). */
    public record Bar(String label, double value, double low, double high) {
        public Bar(String label, double value) {
            this(label, value, Double.NaN, Double.NaN);
        }
    }

    private static final String[] PALETTE = {
        "#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#76b7b2", "#b07aa1", "#edc948", "#9c755f", "#ff9da7", "#bab0ac",
    };
    private static final int WIDTH = 720;

    private final String title;
    private final StringBuilder body = new StringBuilder();
    private final Map<String, String> colours = new LinkedHashMap<>();

    public HtmlReport(String title) {
        this.title = title;
    }

    public HtmlReport heading(String text) {
        body.append("<h2>").append(escape(text)).append("</h2>\n");
        return this;
    }

    public HtmlReport paragraph(String text) {
        body.append("<p>").append(escape(text)).append("</p>\n");
        return this;
    }

    /** A table; cells that look like numbers are right-aligned. */
    public HtmlReport table(List<String> header, List<List<String>> rows) {
        body.append("<table>\n<tr>");
        for (String cell : header) {
            body.append("<th>").append(escape(cell)).append("</th>");
        }
        body.append("</tr>\n");
        for (List<String> row : rows) {
            body.append("<tr>");
            for (String cell : row) {
                body.append(cell.matches("[-+0-9.,×% ()]+") ? "<td class=\"n\">" : "<td>").append(escape(cell)).append("</td>");
            }
            body.append("</tr>\n");
        }
        body.append("</table>\n");
        return this;
    }

    /** Horizontal bars, one per label, with a whisker over the spread where a bar has one. */
    public HtmlReport barChart(String chartTitle, String unit, List<Bar> bars) {
        int labelWidth = 170;
        int valueWidth = 90;
        int plotWidth = WIDTH - labelWidth - valueWidth;
        int rowHeight = 26;
        int top = 28;
        int height = top + rowHeight * bars.size() + 8;
        double max = 0;
        for (Bar bar : bars) {
            for (double value : new double[] {bar.value(), bar.high()}) {
                if (!Double.isNaN(value)) {
                    max = Math.max(max, value);
                }
            }
        }
        double scale = max > 0 ? plotWidth / max : 0;
        StringBuilder svg = openSvg(height, chartTitle + " (" + unit + ")");
        for (int i = 0; i < bars.size(); i++) {
            Bar bar = bars.get(i);
            int y = top + i * rowHeight;
            svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">%s</text>\n",
                    labelWidth - 8, y + 17, escape(bar.label())));
            if (Double.isNaN(bar.value())) {
                svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" class=\"none\">not offered</text>\n",
                        labelWidth + 4, y + 17));
                continue;
            }
            double width = bar.value() * scale;
            svg.append(String.format(Locale.ROOT,
                    "<rect x=\"%d\" y=\"%d\" width=\"%.1f\" height=\"%d\" fill=\"%s\"><title>%s: %s %s</title></rect>\n",
                    labelWidth, y + 4, width, rowHeight - 8, colour(bar.label()), escape(bar.label()),
                    number(bar.value()), escape(unit)));
            double end = width;
            if (!Double.isNaN(bar.low()) && !Double.isNaN(bar.high())) {
                double low = labelWidth + Math.max(0, bar.low()) * scale; // a wide error may reach below zero
                double high = labelWidth + bar.high() * scale;
                int middle = y + rowHeight / 2;
                svg.append(String.format(Locale.ROOT,
                        "<path d=\"M%.1f %dH%.1fM%.1f %dV%dM%.1f %dV%d\" class=\"whisker\"/>\n",
                        low, middle, high, low, middle - 5, middle + 5, high, middle - 5, middle + 5));
                end = Math.max(end, high - labelWidth);
            }
            svg.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\">%s</text>\n",
                    labelWidth + end + 6, y + 17, number(bar.value())));
        }
        addChart(chartTitle, svg.append("</svg>\n").toString());
        return this;
    }

    /**
     * Lines over categories (message sizes, thread counts), one per series; a {@code NaN} value
     * leaves a gap. The y axis starts at zero, or is logarithmic when the values span more than
     * a factor of 100 (signatures of 32 bytes and of 1 MiB, say).
     */
    public HtmlReport lineChart(String chartTitle, String unit, List<String> xLabels, Map<String, double[]> series) {
        int left = 70;
        int right = 170;
        int top = 30;
        int plotHeight = 240;
        int height = top + plotHeight + 40;
        int plotWidth = WIDTH - left - right;
        double max = 0;
        double min = Double.POSITIVE_INFINITY;
        for (double[] values : series.values()) {
            for (double value : values) {
                if (!Double.isNaN(value)) {
                    max = Math.max(max, value);
                    min = Math.min(min, value);
                }
            }
        }
        boolean log = min > 0 && max / min > 100;
        YAxis axis = log ? YAxis.logarithmic(min, max) : YAxis.linear(max);
        StringBuilder svg = openSvg(height, chartTitle + " (" + unit + (log ? ", log scale" : "") + ")");
        for (double tick : axis.ticks()) {
            double y = top + plotHeight - axis.position(tick) * plotHeight;
            svg.append(String.format(Locale.ROOT, "<path d=\"M%d %.1fH%d\" class=\"grid\"/>\n", left, y, left + plotWidth));
            svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%s</text>\n",
                    left - 6, y + 4, number(tick)));
        }
        double[] xs = new double[xLabels.size()];
        for (int i = 0; i < xs.length; i++) {
            xs[i] = xs.length == 1 ? left + plotWidth / 2.0 : left + 10 + i * (plotWidth - 20.0) / (xs.length - 1);
            svg.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%s</text>\n",
                    xs[i], top + plotHeight + 18, escape(xLabels.get(i))));
        }
        int legendY = top + 4;
        for (Map.Entry<String, double[]> entry : series.entrySet()) {
            String colour = colour(entry.getKey());
            double[] values = entry.getValue();
            List<String> segments = new ArrayList<>();
            StringBuilder segment = new StringBuilder();
            for (int i = 0; i < xs.length && i < values.length; i++) {
                if (Double.isNaN(values[i])) {
                    if (!segment.isEmpty()) {
                        segments.add(segment.toString());
                        segment.setLength(0);
                    }
                    continue;
                }
                double y = top + plotHeight - axis.position(values[i]) * plotHeight;
                segment.append(segment.isEmpty() ? "M" : "L").append(String.format(Locale.ROOT, "%.1f %.1f", xs[i], y));
                svg.append(String.format(Locale.ROOT,
                        "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3.5\" fill=\"%s\"><title>%s, %s: %s %s</title></circle>\n",
                        xs[i], y, colour, escape(entry.getKey()), escape(xLabels.get(i)), number(values[i]), escape(unit)));
            }
            if (!segment.isEmpty()) {
                segments.add(segment.toString());
            }
            for (String path : segments) {
                svg.append(String.format(Locale.ROOT, "<path d=\"%s\" class=\"line\" stroke=\"%s\"/>\n", path, colour));
            }
            svg.append(String.format(Locale.ROOT, "<rect x=\"%d\" y=\"%d\" width=\"12\" height=\"12\" fill=\"%s\"/>\n",
                    left + plotWidth + 16, legendY, colour));
            svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\">%s</text>\n",
                    left + plotWidth + 34, legendY + 11, escape(entry.getKey())));
            legendY += 20;
        }
        addChart(chartTitle, svg.append("</svg>\n").toString());
        return this;
    }

    public String html() {
        return "<!DOCTYPE html>\n<html lang=\"en\" xmlns=\"http://www.w3.org/1999/xhtml\">\n<head>\n<meta charset=\"utf-8\"/>\n"
                + "<title>" + escape(title) + "</title>\n<style>\n"
                + "body { font-family: system-ui, sans-serif; margin: 2em; color: #222; max-width: 90em; }\n"
                + "table { border-collapse: collapse; margin: 1em 0; font-size: 90%; }\n"
                + "th, td { border: 1px solid #ccc; padding: 0.25em 0.6em; text-align: left; }\n"
                + "td.n { text-align: right; font-variant-numeric: tabular-nums; }\n"
                + "svg { display: block; margin: 1em 0; font-size: 12px; }\n"
                + CHART_STYLE
                + "</style>\n</head>\n<body>\n<h1>" + escape(title) + "</h1>\n" + body + "</body>\n</html>\n";
    }

    /** A chart on its own: its title, and an SVG document that carries its own style. */
    public record Chart(String title, String svg) {
    }

    /** How the charts draw, in the page and in each chart's own file. */
    private static final String CHART_STYLE = "svg .title { font-weight: bold; font-size: 13px; }\n"
            + "svg .whisker { stroke: #222; stroke-width: 1.2; fill: none; }\n"
            + "svg .grid { stroke: #ddd; stroke-width: 1; }\n"
            + "svg .line { fill: none; stroke-width: 2; }\n"
            + "svg .none { fill: #888; font-style: italic; }\n";

    private final List<Chart> charts = new ArrayList<>();

    private void addChart(String chartTitle, String svg) {
        body.append(svg);
        int end = svg.indexOf('>') + 1;
        charts.add(new Chart(chartTitle, svg.substring(0, end) + "\n<style>\nsvg { font-family: sans-serif; font-size: 12px; }\n"
                + CHART_STYLE + "</style>\n<rect width=\"100%\" height=\"100%\" fill=\"#fff\"/>" + svg.substring(end)));
    }

    /** Every chart so far, as a standalone SVG file (for a README, which cannot hold the page). */
    public List<Chart> charts() {
        return List.copyOf(charts);
    }

    private StringBuilder openSvg(int height, String caption) {
        return new StringBuilder(String.format(Locale.ROOT,
                "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" role=\"img\">\n"
                        + "<text x=\"0\" y=\"16\" class=\"title\">%s</text>\n",
                WIDTH, height, WIDTH, height, escape(caption)));
    }

    private String colour(String series) {
        return colours.computeIfAbsent(series, s -> PALETTE[colours.size() % PALETTE.length]);
    }

    /** A y axis: where a value sits (0 at the bottom, 1 at the top), and the ticks to draw. */
    private record YAxis(boolean log, double low, double high, List<Double> ticks) {
        /** From zero to a round number at or above max, ticked every 1, 2 or 5 times a power of ten. */
        static YAxis linear(double max) {
            double step = niceStep(max / 5);
            double high = step * Math.max(1, Math.ceil(max / step));
            List<Double> ticks = new ArrayList<>();
            for (int i = 0; i * step <= high + step / 2; i++) {
                ticks.add(i * step);
            }
            return new YAxis(false, 0, high, ticks);
        }

        /** From the power of ten at or below min to the one at or above max, ticked at each. */
        static YAxis logarithmic(double min, double max) {
            double low = Math.floor(Math.log10(min));
            double high = Math.ceil(Math.log10(max));
            List<Double> ticks = new ArrayList<>();
            for (double e = low; e <= high; e++) {
                ticks.add(Math.pow(10, e));
            }
            return new YAxis(true, low, high, ticks);
        }

        double position(double value) {
            return log ? (Math.log10(value) - low) / (high - low) : value / high;
        }
    }

    /** 1, 2 or 5 times a power of ten, at least {@code rough}: tick spacing people read easily. */
    private static double niceStep(double rough) {
        if (!(rough > 0)) {
            return 1;
        }
        double power = Math.pow(10, Math.floor(Math.log10(rough)));
        for (double factor : new double[] {1, 2, 5, 10}) {
            if (factor * power >= rough) {
                return factor * power;
            }
        }
        return 10 * power;
    }

    /** A figure with as many digits as a reader needs: 12,345 / 123 / 12.3 / 1.23, whole numbers as such. */
    public static String number(double value) {
        double magnitude = Math.abs(value);
        if (magnitude >= 1000) {
            return String.format(Locale.ROOT, "%,.0f", value);
        }
        if (magnitude >= 100 || value == Math.rint(value)) {
            return String.format(Locale.ROOT, "%.0f", value);
        }
        return String.format(Locale.ROOT, magnitude >= 10 ? "%.1f" : "%.2f", value);
    }

    /** Text as XML character data: markup characters escaped, control characters dropped. */
    static String escape(String text) {
        StringBuilder escaped = new StringBuilder(text.length());
        for (char c : text.toCharArray()) {
            switch (c) {
                case '<' -> escaped.append("&lt;");
                case '>' -> escaped.append("&gt;");
                case '&' -> escaped.append("&amp;");
                case '"' -> escaped.append("&quot;");
                default -> {
                    if (c >= 0x20 || c == '\n' || c == '\t') {
                        escaped.append(c);
                    }
                }
            }
        }
        return escaped.toString();
    }
}
