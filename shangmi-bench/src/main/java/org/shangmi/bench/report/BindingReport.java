package org.shangmi.bench.report;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.shangmi.report.HtmlReport;

/**
 * The binding study's report from BindingBench's JMH results (average time): one table of
 * nanoseconds per call with JMH's 99.9 % error and bytes allocated per call, a row per binding
 * and a column per operation and size, then a bar chart per column with the error as whiskers.
 */
public final class BindingReport implements ReportCommand.Report {

    /** One measurement: the binding, the column it belongs to, and its figures. */
    record Result(String binding, String column, double nanos, double error, double bytes) {
    }

    private final List<Result> results = new ArrayList<>();
    private final List<String> sources = new ArrayList<>();

    public static void main(String[] args) throws IOException {
        ReportCommand.run("BindingReport", args, new BindingReport());
    }

    /** Adds the BindingBench results of one JMH JSON file, and its machine description if there is one. */
    public void read(Path file) throws IOException {
        JsonArray entries = JmhJson.read(file);
        String jdk = "no results";
        for (JsonElement element : entries) {
            JsonObject entry = element.getAsJsonObject();
            jdk = "JDK " + entry.get("vmVersion").getAsString() + " (" + entry.get("vmName").getAsString() + "), JMH "
                    + entry.get("jmhVersion").getAsString();
            String benchmark = entry.get("benchmark").getAsString();
            String method = benchmark.substring(benchmark.lastIndexOf('.') + 1);
            JsonObject primary = entry.getAsJsonObject("primaryMetric");
            if (!entry.get("mode").getAsString().equals("avgt") || !primary.get("scoreUnit").getAsString().equals("ns/op")) {
                throw new IllegalArgumentException(file + ": " + benchmark + " is not in average time, ns/op");
            }
            JsonObject params = entry.getAsJsonObject("params");
            if (params == null || !params.has("binding")) {
                throw new IllegalArgumentException(file + ": " + benchmark + " has no binding parameter");
            }
            String column = method.equals("emptyCall") ? "empty call"
                    : method + " " + params.get("size").getAsString() + " B";
            JsonObject secondary = entry.getAsJsonObject("secondaryMetrics");
            double bytes = secondary != null && secondary.has("gc.alloc.rate.norm")
                    ? secondary.getAsJsonObject("gc.alloc.rate.norm").get("score").getAsDouble() : Double.NaN;
            double error = primary.get("scoreError").isJsonPrimitive() ? primary.get("scoreError").getAsDouble() : Double.NaN;
            results.add(new Result(params.get("binding").getAsString(), column, primary.get("score").getAsDouble(),
                    error, bytes));
        }
        Path machine = Path.of(file + ".machine");
        String described = Files.isReadable(machine) ? Files.readString(machine).strip() : "machine not described";
        sources.add(file.getFileName() + ": " + jdk + "; " + described);
    }

    private Set<String> bindings() {
        Set<String> bindings = new LinkedHashSet<>();
        results.forEach(r -> bindings.add(r.binding()));
        return bindings;
    }

    private Set<String> columns() {
        Set<String> columns = new LinkedHashSet<>();
        results.forEach(r -> columns.add(r.column()));
        return columns;
    }

    private Result find(String binding, String column) {
        Result found = null;
        for (Result result : results) {
            if (result.binding().equals(binding) && result.column().equals(column)) {
                found = result; // a later file wins
            }
        }
        return found;
    }

    /** The table's rows: a binding each, then "ns ± error (bytes B)" per column, "-" where it was not run. */
    List<List<String>> rows() {
        List<List<String>> rows = new ArrayList<>();
        for (String binding : bindings()) {
            List<String> row = new ArrayList<>(List.of(binding));
            for (String column : columns()) {
                Result result = find(binding, column);
                row.add(result == null ? "-" : cell(result));
            }
            rows.add(row);
        }
        return rows;
    }

    private static String cell(Result result) {
        String time = HtmlReport.number(result.nanos()) + (Double.isNaN(result.error()) ? "" : " ± " + HtmlReport.number(result.error()));
        return Double.isNaN(result.bytes()) ? time : time + " (" + String.format(Locale.ROOT, "%.0f", result.bytes()) + " B)";
    }

    public String markdown() {
        StringBuilder out = new StringBuilder("# Binding study\n\n");
        sources.forEach(s -> out.append("- ").append(s).append('\n'));
        out.append("\nNanoseconds per call (JMH average time, ± the 99.9 % error), and in brackets the bytes "
                + "allocated on the Java heap per call:\n\n");
        List<String> header = new ArrayList<>(List.of("binding"));
        header.addAll(columns());
        out.append("| ").append(String.join(" | ", header)).append(" |\n|---|");
        out.append("---:|".repeat(header.size() - 1)).append('\n');
        for (List<String> row : rows()) {
            out.append("| ").append(String.join(" | ", row)).append(" |\n");
        }
        return out.toString();
    }

    public HtmlReport page() {
        HtmlReport page = new HtmlReport("Binding study");
        sources.forEach(page::paragraph);
        List<String> header = new ArrayList<>(List.of("binding"));
        header.addAll(columns());
        page.table(header, rows());
        for (String column : columns()) {
            List<HtmlReport.Bar> bars = new ArrayList<>();
            for (String binding : bindings()) {
                Result result = find(binding, column);
                if (result == null) {
                    bars.add(new HtmlReport.Bar(binding, Double.NaN));
                } else if (Double.isNaN(result.error())) {
                    bars.add(new HtmlReport.Bar(binding, result.nanos()));
                } else {
                    bars.add(new HtmlReport.Bar(binding, result.nanos(), result.nanos() - result.error(),
                            result.nanos() + result.error()));
                }
            }
            page.barChart("bindings, " + column, "ns per call", bars);
        }
        return page;
    }

    /** The figures by binding and column, for tests. */
    Map<String, Map<String, Result>> byBinding() {
        Map<String, Map<String, Result>> map = new LinkedHashMap<>();
        for (Result result : results) {
            map.computeIfAbsent(result.binding(), b -> new LinkedHashMap<>()).put(result.column(), result);
        }
        return map;
    }
}
