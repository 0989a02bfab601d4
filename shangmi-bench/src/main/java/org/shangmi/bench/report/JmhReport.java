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
import java.util.Objects;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.function.Function;
import org.shangmi.report.HtmlReport;

/**
 * Turns JMH JSON results (one file or several, such as runs at different thread counts) into
 * Markdown tables for docs/performance.md and one HTML page with the same tables and charts. Per benchmark
 * method and thread count: a throughput table (providers side by side, OpenSSL against Java in
 * percent, the best ShangMi backend over the best peer) with lines over message sizes or bars
 * (with JMH's error) for other parameters, and, with {@code -prof gc}, a memory
 * table (B/op, allocation rate, collections and their time). Results at several thread counts
 * get a scaling table. The machine is described by {@code FILE.machine} beside a result file,
 * which bin/bench writes.
 *
 * <pre>java -cp benchmarks.jar org.shangmi.bench.report.JmhReport OUT.md OUT.html RESULT.json...</pre>
 */
public final class JmhReport implements ReportCommand.Report {

    /** The benchmarks whose throughput reads better in MB/s: one message of {@code size} bytes per operation. */
    private static final Set<String> BYTE_RATE = Set.of("DigestBench", "MacBench", "CipherBench");
    /** Providers that are yardsticks (other algorithms), never counted as peers: these, and every "JDK-..." label. */
    private static final Set<String> REFERENCES = Set.of("BC-secp256k1");
    private static final String JAVA = "ShangMi-Java";
    /** The other backends' labels, each compared with Java in a column of its own, and those columns' titles. */
    private static final Map<String, String> BACKENDS = new LinkedHashMap<>();

    static {
        BACKENDS.put("ShangMi-OpenSSL", "OpenSSL vs Java");
        BACKENDS.put("ShangMi-JNI", "JNI vs Java");
        BACKENDS.put("ShangMi-Vector", "Vector vs Java");
        BACKENDS.put("ShangMi-Auto", "Auto vs Java");
    }

    /** One JMH result: benchmark as Class.method, its parameters without the provider, and its metrics. */
    record Result(String benchmark, int threads, Map<String, String> params, String provider, double score, double error,
            Map<String, Double> secondary) {
    }

    /** The results of one benchmark method at one thread count. */
    record Group(String benchmark, int threads) {
    }

    private final List<Result> results = new ArrayList<>();
    private final List<String> sources = new ArrayList<>();

    public static void main(String[] args) throws IOException {
        ReportCommand.run("JmhReport", args, new JmhReport());
    }

    /** A chart's file name: its title in lower case, runs of other characters as one hyphen. */
    static String fileName(String title) {
        return title.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("^-|-$", "");
    }

    /** Adds the results of one JMH JSON file ({@code -rf json}), and its machine description if there is one. */
    public void read(Path file) throws IOException {
        JsonArray entries = JmhJson.read(file);
        JsonArray array = entries;
        String jdk = null;
        for (JsonElement element : array) {
            JsonObject entry = element.getAsJsonObject();
            if (!entry.get("mode").getAsString().equals("thrpt")) {
                throw new IllegalArgumentException(file + ": only throughput results are reported, not " + entry.get("mode"));
            }
            String[] name = entry.get("benchmark").getAsString().split("\\.");
            Map<String, String> params = new LinkedHashMap<>();
            String provider = "-";
            if (entry.has("params")) {
                for (Map.Entry<String, JsonElement> param : entry.getAsJsonObject("params").entrySet()) {
                    if (param.getKey().equals("provider")) {
                        provider = param.getValue().getAsString();
                    } else {
                        params.put(param.getKey(), param.getValue().getAsString());
                    }
                }
            }
            JsonObject primary = entry.getAsJsonObject("primaryMetric");
            if (!primary.get("scoreUnit").getAsString().equals("ops/s")) {
                throw new IllegalArgumentException(file + ": scores must be in ops/s, not " + primary.get("scoreUnit"));
            }
            Map<String, Double> secondary = new LinkedHashMap<>();
            if (entry.has("secondaryMetrics")) {
                for (Map.Entry<String, JsonElement> metric : entry.getAsJsonObject("secondaryMetrics").entrySet()) {
                    secondary.put(metric.getKey(), metric.getValue().getAsJsonObject().get("score").getAsDouble());
                }
            }
            double error = primary.get("scoreError").isJsonPrimitive() ? primary.get("scoreError").getAsDouble() : Double.NaN;
            results.add(new Result(name[name.length - 2] + "." + name[name.length - 1], entry.get("threads").getAsInt(), params,
                    provider, primary.get("score").getAsDouble(), error, secondary));
            jdk = "JDK " + entry.get("vmVersion").getAsString() + " (" + entry.get("vmName").getAsString() + "), JMH "
                    + entry.get("jmhVersion").getAsString();
        }
        Path machine = file.resolveSibling(file.getFileName() + ".machine");
        String description = Files.exists(machine) ? Files.readString(machine).strip().replace('\n', ' ') : "machine not recorded";
        sources.add(file.getFileName() + ": " + (jdk == null ? "no results" : jdk) + "; " + description);
    }

    /** The tables as GitHub Markdown. */
    public String markdown() {
        StringBuilder md = new StringBuilder("# JMH report\n\n");
        for (String source : sources) {
            md.append("- ").append(source).append('\n');
        }
        for (Group group : groups()) {
            Table throughput = throughput(group);
            md.append("\n### ").append(throughput.title()).append("\n\n").append(markdownTable(throughput));
            Table memory = memory(group);
            if (memory != null) {
                md.append("\n").append(memory.title()).append(":\n\n").append(markdownTable(memory));
            }
        }
        Table scaling = scaling();
        if (scaling != null) {
            md.append("\n### ").append(scaling.title()).append("\n\n").append(markdownTable(scaling));
        }
        return md.toString();
    }

    /** The same tables on one self-contained page, with a chart per throughput table. */
    public String html() {
        return page().html();
    }

    public HtmlReport page() {
        HtmlReport page = new HtmlReport("JMH report");
        sources.forEach(page::paragraph);
        for (Group group : groups()) {
            Table throughput = throughput(group);
            page.heading(throughput.title());
            List<Map<String, String>> rows = rows(group);
            List<String> providers = providers(group);
            String unit = unit(group);
            boolean overSizes = rows.size() > 1 && rows.stream().allMatch(row -> row.size() == 1
                    && row.keySet().iterator().next().toLowerCase(Locale.ROOT).endsWith("size"));
            if (overSizes) {
                Map<String, double[]> series = new LinkedHashMap<>();
                for (String provider : providers) {
                    series.put(provider, rows.stream().mapToDouble(row -> {
                        Result result = find(group, row, provider);
                        return result == null ? Double.NaN : rate(result);
                    }).toArray());
                }
                page.lineChart(chartTitle(group), unit, rows.stream().map(JmhReport::rowLabel).toList(), series);
            } else {
                for (Map<String, String> row : rows) {
                    List<HtmlReport.Bar> bars = new ArrayList<>();
                    for (String provider : providers) {
                        Result result = find(group, row, provider);
                        bars.add(result == null ? new HtmlReport.Bar(provider, Double.NaN)
                                : new HtmlReport.Bar(provider, rate(result), rate(result) - scaled(result, result.error()),
                                        rate(result) + scaled(result, result.error())));
                    }
                    page.barChart(chartTitle(group) + (row.isEmpty() ? "" : ", " + rowLabel(row)), unit, bars);
                }
            }
            page.table(throughput.header(), throughput.rows());
            Table memory = memory(group);
            if (memory != null) {
                page.paragraph(memory.title() + ":");
                page.table(memory.header(), memory.rows());
            }
        }
        Table scaling = scaling();
        if (scaling != null) {
            page.heading(scaling.title());
            page.table(scaling.header(), scaling.rows());
        }
        return page;
    }

    private record Table(String title, List<String> header, List<List<String>> rows) {
    }

    private static String chartTitle(Group group) {
        return group.benchmark() + ", " + threads(group);
    }

    private static String threads(Group group) {
        return group.threads() == 1 ? "1 thread" : group.threads() + " threads";
    }

    private List<Group> groups() {
        Set<Group> groups = new LinkedHashSet<>();
        results.forEach(r -> groups.add(new Group(r.benchmark(), r.threads())));
        return new ArrayList<>(groups);
    }

    private List<Result> of(Group group) {
        return results.stream().filter(r -> r.benchmark().equals(group.benchmark()) && r.threads() == group.threads()).toList();
    }

    private List<String> providers(Group group) {
        return new ArrayList<>(new LinkedHashSet<>(of(group).stream().map(Result::provider).toList()));
    }

    private List<Map<String, String>> rows(Group group) {
        return new ArrayList<>(new LinkedHashSet<>(of(group).stream().map(Result::params).toList()));
    }

    private Result find(Group group, Map<String, String> row, String provider) {
        Result found = null;
        for (Result result : of(group)) {
            if (result.params().equals(row) && result.provider().equals(provider)) {
                found = result; // a later run of the same benchmark replaces an earlier one
            }
        }
        return found;
    }

    private static boolean byteRate(Result result) {
        return BYTE_RATE.contains(result.benchmark().split("\\.")[0]) && result.params().containsKey("size");
    }

    private String unit(Group group) {
        return of(group).stream().allMatch(JmhReport::byteRate) ? "MB/s" : "ops/s";
    }

    /** The score in the group's unit: MB/s for whole messages of {@code size} bytes, else operations per second. */
    private static double rate(Result result) {
        return scaled(result, result.score());
    }

    private static double scaled(Result result, double opsPerSecond) {
        return byteRate(result) ? opsPerSecond * Long.parseLong(result.params().get("size")) / 1e6 : opsPerSecond;
    }

    private Table throughput(Group group) {
        List<String> providers = providers(group);
        List<String> peers = providers.stream()
                .filter(p -> !p.startsWith("ShangMi-") && !p.startsWith("JDK-") && !REFERENCES.contains(p)).toList();
        List<String> natives = providers.contains(JAVA) ? BACKENDS.keySet().stream().filter(providers::contains).toList() : List.of();
        boolean ours = providers.stream().anyMatch(p -> p.startsWith("ShangMi-"));
        List<String> header = new ArrayList<>();
        header.add(rowHeader(group));
        header.addAll(providers);
        natives.forEach(label -> header.add(BACKENDS.get(label)));
        if (ours && !peers.isEmpty()) {
            header.add("ShangMi ÷ best peer");
        }
        List<List<String>> rows = rowsPerProvider(group, providers, result -> HtmlReport.number(rate(result)), (row, cells) -> {
            for (String label : natives) {
                Result java = find(group, row, JAVA);
                Result nativeResult = find(group, row, label);
                cells.add(java == null || nativeResult == null ? "-"
                        : String.format(Locale.ROOT, "%+.0f %%", (nativeResult.score() / java.score() - 1) * 100));
            }
            if (ours && !peers.isEmpty()) {
                double best = best(group, row, providers.stream().filter(p -> p.startsWith("ShangMi-")).toList());
                double bestPeer = best(group, row, peers);
                cells.add(Double.isNaN(best) || Double.isNaN(bestPeer) ? "-"
                        : String.format(Locale.ROOT, "%.2f×", best / bestPeer));
            }
        });
        return new Table(group.benchmark() + " (" + unit(group) + ", " + threads(group) + ")", header, rows);
    }

    /**
     * One row per parameter set of the group: its label, a cell per provider ("-" where it has no
     * result), then whatever {@code more} appends.
     */
    private List<List<String>> rowsPerProvider(Group group, List<String> providers, Function<Result, String> cell,
            BiConsumer<Map<String, String>, List<String>> more) {
        List<List<String>> rows = new ArrayList<>();
        for (Map<String, String> row : rows(group)) {
            List<String> cells = new ArrayList<>();
            cells.add(rowLabel(row));
            for (String provider : providers) {
                Result result = find(group, row, provider);
                cells.add(result == null ? "-" : cell.apply(result));
            }
            more.accept(row, cells);
            rows.add(cells);
        }
        return rows;
    }

    private double best(Group group, Map<String, String> row, List<String> providers) {
        double best = Double.NaN;
        for (String provider : providers) {
            Result result = find(group, row, provider);
            if (result != null && !(result.score() <= best)) {
                best = result.score();
            }
        }
        return best;
    }

    /** B/op, allocation rate, and collections with their time, when the run had {@code -prof gc}. */
    private Table memory(Group group) {
        if (of(group).stream().noneMatch(r -> r.secondary().containsKey("gc.alloc.rate.norm"))) {
            return null;
        }
        List<String> providers = providers(group);
        List<String> header = new ArrayList<>();
        header.add(rowHeader(group));
        header.addAll(providers);
        List<List<String>> rows = rowsPerProvider(group, providers, result -> {
            Double norm = result.secondary().get("gc.alloc.rate.norm");
            if (norm == null) {
                return "-";
            }
            double count = result.secondary().getOrDefault("gc.count", 0.0);
            double time = result.secondary().getOrDefault("gc.time", 0.0);
            String collections = count == 0 ? "no GC"
                    : String.format(Locale.ROOT, "%.0f GC%s (%.0f ms)", count, count == 1 ? "" : "s", time);
            return String.format(Locale.ROOT, "%s B/op, %s MB/s, %s", HtmlReport.number(norm),
                    HtmlReport.number(result.secondary().getOrDefault("gc.alloc.rate", 0.0)), collections);
        }, (row, cells) -> { });
        return new Table("Memory of " + group.benchmark() + " (" + threads(group)
                + "): allocated per operation, allocation rate, collections (their time)", header, rows);
    }

    /** Throughput at each thread count over that at one thread, per thread: 100 % means perfect scaling. */
    private Table scaling() {
        List<String> providers = new ArrayList<>();
        List<List<String>> rows = new ArrayList<>();
        List<Result> multi = results.stream().filter(r -> r.threads() > 1).toList();
        for (Result result : multi) {
            if (!providers.contains(result.provider())) {
                providers.add(result.provider());
            }
        }
        Set<String> seen = new LinkedHashSet<>();
        for (Result result : multi) {
            String key = result.benchmark() + " " + rowLabel(result.params()) + " @" + result.threads();
            if (!seen.add(key)) {
                continue;
            }
            List<String> cells = new ArrayList<>();
            cells.add(result.benchmark() + (result.params().isEmpty() ? "" : ", " + rowLabel(result.params())));
            cells.add(Integer.toString(result.threads()));
            boolean any = false;
            for (String provider : providers) {
                Result single = find(new Group(result.benchmark(), 1), result.params(), provider);
                Result parallel = find(new Group(result.benchmark(), result.threads()), result.params(), provider);
                if (single == null || parallel == null) {
                    cells.add("-");
                } else {
                    any = true;
                    cells.add(String.format(Locale.ROOT, "%.0f %%", parallel.score() / result.threads() / single.score() * 100));
                }
            }
            if (any) {
                rows.add(cells);
            }
        }
        if (rows.isEmpty()) {
            return null;
        }
        List<String> header = new ArrayList<>(List.of("benchmark", "threads"));
        header.addAll(providers);
        return new Table("Thread scaling: throughput per thread, as a share of one thread's", header, rows);
    }

    private String rowHeader(Group group) {
        List<Map<String, String>> rows = rows(group);
        return rows.isEmpty() || rows.get(0).isEmpty() ? "" : String.join(", ", rows.get(0).keySet());
    }

    /** A row's parameters: sizes in bytes as B, KiB or MiB; several parameters joined by commas. */
    static String rowLabel(Map<String, String> params) {
        List<String> parts = new ArrayList<>();
        for (Map.Entry<String, String> param : params.entrySet()) {
            String value = param.getValue();
            boolean size = param.getKey().toLowerCase(Locale.ROOT).endsWith("size") && value.matches("[0-9]+");
            parts.add(size ? bytes(Long.parseLong(value)) : value);
        }
        return String.join(", ", parts);
    }

    static String bytes(long n) {
        if (n >= 1 << 20 && n % (1 << 20) == 0) {
            return n / (1 << 20) + " MiB";
        }
        if (n >= 1024 && n % 1024 == 0) {
            return n / 1024 + " KiB";
        }
        return n + " B";
    }

    private static String markdownTable(Table table) {
        StringBuilder md = new StringBuilder("| ").append(String.join(" | ", table.header())).append(" |\n|");
        for (int i = 0; i < table.header().size(); i++) {
            md.append(i == 0 ? "---|" : "---:|");
        }
        md.append('\n');
        for (List<String> row : table.rows()) {
            md.append("| ").append(String.join(" | ", row.stream().map(c -> Objects.toString(c).replace("|", "\\|")).toList()))
                    .append(" |\n");
        }
        return md.toString();
    }
}
