package org.shangmi.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.shangmi.report.HtmlReport;

/**
 * The files {@code shangmi speed} writes beside its table: {@code --json}, every figure for other
 * tools to read, and {@code --html}, one self-contained page with charts (through shangmi-report)
 * for people to look at.
 */
final class SpeedFiles {

    private SpeedFiles() {
    }

    /** {"header", "threads", "results": [{"operation", "unit", "source", "median", "min", "max"}, ...], "failures": [...]}. */
    static String json(SpeedResults results) {
        StringBuilder json = new StringBuilder("{\n  \"header\": ").append(quote(results.header()))
                .append(",\n  \"threads\": ").append(results.threads()).append(",\n  \"results\": [");
        String separator = "\n";
        for (Map.Entry<SpeedOperation, Map<String, double[]>> entry : results.rates().entrySet()) {
            SpeedOperation operation = entry.getKey();
            for (Map.Entry<String, double[]> result : entry.getValue().entrySet()) {
                double[] r = result.getValue();
                if (r == null) {
                    continue;
                }
                json.append(separator).append(String.format(Locale.ROOT,
                        "    {\"operation\": %s, \"unit\": %s, \"source\": %s, \"median\": %.3f, \"min\": %.3f, \"max\": %.3f}",
                        quote(operation.name()), quote(operation.unit()), quote(result.getKey()), r[0], r[1], r[2]));
                separator = ",\n";
            }
            Double c = results.reference().get(operation);
            if (c != null) {
                json.append(separator).append(String.format(Locale.ROOT,
                        "    {\"operation\": %s, \"unit\": %s, \"source\": %s, \"median\": %.3f}",
                        quote(operation.name()), quote(operation.unit()), quote(OpensslSpeed.COLUMN), c));
            }
        }
        json.append("\n  ],\n  \"failures\": [");
        for (int i = 0; i < results.failures().size(); i++) {
            json.append(i == 0 ? "" : ", ").append(quote(results.failures().get(i)));
        }
        return json.append("]\n}\n").toString();
    }

    /**
     * The page: the header, {@code picks} (the closing lines of the table), the table, then per
     * kind of operation lines over the message sizes and a bar chart per operation.
     */
    static String html(SpeedResults results, String picks) {
        HtmlReport page = new HtmlReport("shangmi speed").paragraph(results.header());
        picks.lines().forEach(page::paragraph);
        if (results.threads() > 1) {
            page.paragraph("Figures are the sum over " + results.threads() + " threads.");
        }
        results.failures().forEach(page::paragraph);
        List<String> head = new ArrayList<>(List.of("operation", "unit"));
        results.subjects().forEach(s -> head.add(s.id() + " (min-max)"));
        boolean withReference = !results.reference().isEmpty();
        if (withReference) {
            head.add(OpensslSpeed.COLUMN);
        }
        List<List<String>> rows = new ArrayList<>();
        for (Map.Entry<SpeedOperation, Map<String, double[]>> entry : results.rates().entrySet()) {
            List<String> row = new ArrayList<>(List.of(entry.getKey().name(), entry.getKey().unit()));
            for (SpeedSubject subject : results.subjects()) {
                double[] r = entry.getValue().get(subject.id());
                row.add(r == null ? "-" : HtmlReport.number(r[0]) + " (" + HtmlReport.number(r[1]) + "-"
                        + HtmlReport.number(r[2]) + ")");
            }
            if (withReference) {
                Double c = results.reference().get(entry.getKey());
                row.add(c == null ? "-" : HtmlReport.number(c));
            }
            rows.add(row);
        }
        page.table(head, rows);
        Map<String, List<SpeedOperation>> kinds = new LinkedHashMap<>();
        for (SpeedOperation operation : results.rates().keySet()) {
            kinds.computeIfAbsent(operation.kind(), k -> new ArrayList<>()).add(operation);
        }
        for (Map.Entry<String, List<SpeedOperation>> kind : kinds.entrySet()) {
            page.heading(kind.getKey());
            List<SpeedOperation> sizes = kind.getValue();
            if (sizes.size() > 1) {
                page.lineChart(kind.getKey() + " over message size", sizes.get(0).unit(),
                        sizes.stream().map(SpeedOperation::size).toList(), lines(results, sizes));
            }
            for (SpeedOperation operation : sizes) {
                page.barChart(operation.name(), operation.unit(), bars(results, operation));
            }
        }
        return page.html();
    }

    /** A line per column over {@code sizes}, and one for {@code openssl speed} where it has a figure. */
    private static Map<String, double[]> lines(SpeedResults results, List<SpeedOperation> sizes) {
        Map<String, double[]> lines = new LinkedHashMap<>();
        for (SpeedSubject subject : results.subjects()) {
            lines.put(subject.id(), sizes.stream().mapToDouble(o -> results.median(o, subject)).toArray());
        }
        if (sizes.stream().anyMatch(results.reference()::containsKey)) {
            lines.put(OpensslSpeed.COLUMN, sizes.stream().mapToDouble(o -> {
                Double c = results.reference().get(o);
                return c == null ? Double.NaN : c;
            }).toArray());
        }
        return lines;
    }

    /** A bar per column, with its spread, then {@code openssl speed}'s where it has a figure. */
    private static List<HtmlReport.Bar> bars(SpeedResults results, SpeedOperation operation) {
        List<HtmlReport.Bar> bars = new ArrayList<>();
        for (SpeedSubject subject : results.subjects()) {
            double[] r = results.rates().get(operation).get(subject.id());
            bars.add(r == null ? new HtmlReport.Bar(subject.id(), Double.NaN) : new HtmlReport.Bar(subject.id(), r[0], r[1], r[2]));
        }
        Double c = results.reference().get(operation);
        if (c != null) {
            bars.add(new HtmlReport.Bar(OpensslSpeed.COLUMN, c));
        }
        return bars;
    }

    /** A JSON string: quotes, backslashes and control characters escaped. */
    private static String quote(String text) {
        StringBuilder quoted = new StringBuilder("\"");
        for (char c : text.toCharArray()) {
            if (c == '"' || c == '\\') {
                quoted.append('\\').append(c);
            } else if (c < 0x20) {
                quoted.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
            } else {
                quoted.append(c);
            }
        }
        return quoted.append('"').toString();
    }
}
