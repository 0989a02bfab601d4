package org.shangmi.bench.report;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.shangmi.report.HtmlReport;

/**
 * The A/B report of {@code bin/bench --ab}: the same JMH selection run by two builds (base, a
 * commit; work, the working tree) in alternating JVMs, round after round. Each round gives one
 * pair of runs, and each benchmark row one ratio per pair: the working tree's speed over the
 * base's, so above 1 means the working tree is faster (for time-per-operation modes the scores
 * are inverted). The base and work runs of a pair are minutes apart, and a machine that others
 * share drifts in minutes; so each run is also divided by a peer row measured in the same JMH run
 * (by default {@code provider=BC}: code that neither build changes), which cancels what the
 * machine did to both. The report gives, per row, the median scores, the median ratio with its
 * range over the pairs, raw and normalised.
 *
 * <pre>java -cp benchmarks.jar org.shangmi.bench.report.AbReport [--normalise [PARAM=]VALUE] DIR</pre>
 * reads {@code DIR/rN-base.json} and {@code DIR/rN-work.json} (JMH's {@code -rf json}, one pair
 * per round N) and prints the report as Markdown.
 */
public final class AbReport {

    /** The two builds compared. */
    enum Side { BASE, WORK }

    /** One benchmark row: method as Class.method, JMH mode, threads and every parameter (in JMH's order). */
    record Key(String benchmark, String mode, int threads, Map<String, String> params) {

        /** The same row with one parameter set to another value. */
        Key with(String param, String value) {
            Map<String, String> changed = new LinkedHashMap<>(params);
            changed.put(param, value);
            return new Key(benchmark, mode, threads, changed);
        }

        String label() {
            List<String> parts = new ArrayList<>();
            params.forEach((name, value) -> parts.add(name + "=" + value));
            if (threads != 1) {
                parts.add(threads + " threads");
            }
            return String.join(", ", parts);
        }

        /** Throughput grows with speed; every other JMH mode measures time per operation. */
        boolean higherIsFaster() {
            return mode.equals("thrpt");
        }
    }

    /** The median of some values and their range. */
    record Spread(double median, double min, double max, int count) {
    }

    /**
     * One row of the report: the median score of each side, and the ratios (work's speed / base's)
     * of the pairs, raw and normalised by the peer; {@code normalised} is null without a peer row.
     */
    record Row(Key key, String unit, Spread base, Spread work, double[] raw, double[] normalised, boolean peer) {
    }

    private static final Pattern RUN_FILE = Pattern.compile("r([0-9]+)-(base|work)\\.json");

    private final String peerParam;
    private final String peerValue;
    /** round, then side, then row, then score */
    private final SortedMap<Integer, Map<Side, Map<Key, Double>>> scores = new TreeMap<>();
    private final Map<Key, String> units = new LinkedHashMap<>();
    private final Set<String> jdks = new LinkedHashSet<>();
    private final Set<String> jvmArgs = new LinkedHashSet<>();

    /** A report whose peer is the row with {@code peerParam=peerValue} beside each row. */
    public AbReport(String peerParam, String peerValue) {
        this.peerParam = peerParam;
        this.peerValue = peerValue;
    }

    public static void main(String[] args) throws IOException {
        List<String> rest = new ArrayList<>(List.of(args));
        String normaliser = "provider=BC";
        int option = rest.indexOf("--normalise");
        if (option >= 0 && option + 1 < rest.size()) {
            normaliser = rest.remove(option + 1);
            rest.remove(option);
        }
        if (rest.size() != 1 || normaliser.isEmpty()) {
            System.err.println("usage: AbReport [--normalise [PARAM=]VALUE] DIR");
            System.exit(2);
        }
        int equals = normaliser.indexOf('=');
        AbReport report = equals < 0 ? new AbReport("provider", normaliser)
                : new AbReport(normaliser.substring(0, equals), normaliser.substring(equals + 1));
        try {
            report.readDirectory(Path.of(rest.get(0)));
        } catch (IllegalArgumentException e) {
            System.err.println("ab: " + e.getMessage());
            System.exit(1);
        }
        System.out.print(report.markdown());
    }

    /** Reads every {@code rN-base.json} and {@code rN-work.json} of a directory; each round needs both. */
    public void readDirectory(Path dir) throws IOException {
        List<Path> files;
        try (Stream<Path> list = Files.list(dir)) {
            files = list.filter(f -> RUN_FILE.matcher(f.getFileName().toString()).matches()).sorted().toList();
        }
        for (Path file : files) {
            Matcher name = RUN_FILE.matcher(file.getFileName().toString());
            name.matches();
            read(Integer.parseInt(name.group(1)), Side.valueOf(name.group(2).toUpperCase(Locale.ROOT)), file);
        }
        if (scores.isEmpty()) {
            throw new IllegalArgumentException(dir + " holds no runs (rN-base.json, rN-work.json)");
        }
        scores.forEach((round, sides) -> {
            for (Side side : Side.values()) {
                if (!sides.containsKey(side)) {
                    throw new IllegalArgumentException("round " + round + " has no " + side.name().toLowerCase(Locale.ROOT) + " run");
                }
            }
        });
    }

    /** Adds one JMH JSON file as the given side of the given round. */
    public void read(int round, Side side, Path file) throws IOException {
        JsonArray entries = JmhJson.read(file);
        Map<Key, Double> run = new LinkedHashMap<>();
        for (JsonElement element : entries) {
            JsonObject entry = element.getAsJsonObject();
            String[] name = entry.get("benchmark").getAsString().split("\\.");
            Map<String, String> params = new LinkedHashMap<>();
            if (entry.has("params")) {
                entry.getAsJsonObject("params").entrySet().forEach(p -> params.put(p.getKey(), p.getValue().getAsString()));
            }
            Key key = new Key(name[name.length - 2] + "." + name[name.length - 1], entry.get("mode").getAsString(),
                    entry.get("threads").getAsInt(), params);
            JsonObject primary = entry.getAsJsonObject("primaryMetric");
            String unit = primary.get("scoreUnit").getAsString();
            String known = units.putIfAbsent(key, unit);
            if (known != null && !known.equals(unit)) {
                throw new IllegalArgumentException(file + ": " + key.benchmark() + " in " + unit + " here, in " + known + " before");
            }
            run.put(key, primary.get("score").getAsDouble());
            jdks.add("JDK " + entry.get("vmVersion").getAsString() + " (" + entry.get("vmName").getAsString() + "), JMH "
                    + entry.get("jmhVersion").getAsString());
            if (entry.has("jvmArgs")) {
                List<String> argsOfRun = new ArrayList<>();
                entry.getAsJsonArray("jvmArgs").forEach(a -> argsOfRun.add(a.getAsString()));
                jvmArgs.add(String.join(" ", argsOfRun));
            }
        }
        Map<Key, Double> previous = scores.computeIfAbsent(round, r -> new LinkedHashMap<>()).putIfAbsent(side, run);
        if (previous != null) {
            throw new IllegalArgumentException(file + ": round " + round + " has a " + side.name().toLowerCase(Locale.ROOT)
                    + " run already");
        }
    }

    /** The rows measured by both sides in at least one round, in the order of the first run. */
    public List<Row> rows() {
        List<Row> rows = new ArrayList<>();
        for (Key key : units.keySet()) {
            List<Double> base = new ArrayList<>();
            List<Double> work = new ArrayList<>();
            List<Double> raw = new ArrayList<>();
            List<Double> normalised = new ArrayList<>();
            boolean isPeer = peerValue.equals(key.params().get(peerParam));
            Key peer = key.params().containsKey(peerParam) && !isPeer ? key.with(peerParam, peerValue) : null;
            for (Map<Side, Map<Key, Double>> round : scores.values()) {
                Double b = round.get(Side.BASE).get(key);
                Double w = round.get(Side.WORK).get(key);
                if (b != null) {
                    base.add(b);
                }
                if (w != null) {
                    work.add(w);
                }
                if (b == null || w == null) {
                    continue;
                }
                double ratio = speedRatio(key, w, b);
                raw.add(ratio);
                Double peerBase = peer == null ? null : round.get(Side.BASE).get(peer);
                Double peerWork = peer == null ? null : round.get(Side.WORK).get(peer);
                if (peerBase != null && peerWork != null) {
                    normalised.add(ratio / speedRatio(key, peerWork, peerBase));
                }
            }
            if (raw.isEmpty()) {
                continue;
            }
            rows.add(new Row(key, units.get(key), spread(base), spread(work), toArray(raw),
                    normalised.isEmpty() ? null : toArray(normalised), isPeer));
        }
        return rows;
    }

    /** Rows that one side measured and the other never did (a benchmark added, renamed or removed). */
    public List<String> unpaired() {
        List<String> unpaired = new ArrayList<>();
        for (Key key : units.keySet()) {
            boolean inBase = scores.values().stream().anyMatch(round -> round.get(Side.BASE).containsKey(key));
            boolean inWork = scores.values().stream().anyMatch(round -> round.get(Side.WORK).containsKey(key));
            if (inBase != inWork) {
                unpaired.add(key.benchmark() + " " + key.label() + ": " + (inBase ? "base" : "work") + " only");
            }
        }
        return unpaired;
    }

    /** The working tree's speed over the base's: scores for throughput, their inverse for time per operation. */
    static double speedRatio(Key key, double work, double base) {
        return key.higherIsFaster() ? work / base : base / work;
    }

    /** The median (of the middle two for an even count), the least and the greatest value. */
    static Spread spread(double... values) {
        if (values.length == 0) {
            throw new IllegalArgumentException("no values");
        }
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        double median = n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
        return new Spread(median, sorted[0], sorted[n - 1], n);
    }

    private static Spread spread(List<Double> values) {
        return spread(toArray(values));
    }

    private static double[] toArray(List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).toArray();
    }

    /** The report: how it was measured, the table, each pair's ratios, and rows only one side had. */
    public String markdown() {
        List<Row> rows = rows();
        boolean anyNormalised = rows.stream().anyMatch(row -> row.normalised() != null);
        boolean anyPeer = rows.stream().anyMatch(Row::peer);
        StringBuilder md = new StringBuilder();
        jdks.forEach(jdk -> md.append("- ").append(jdk).append('\n'));
        jvmArgs.forEach(args -> md.append("- JVM arguments: ").append(args.isEmpty() ? "(none)" : args).append('\n'));
        md.append("- ").append(scores.size()).append(scores.size() == 1 ? " round" : " rounds")
                .append(", a JVM per run, base first in odd rounds; ratio = work's speed / base's")
                .append(" (above 1: the working tree is faster)\n");
        md.append("- normalised: each run's score divided by its ").append(peerParam).append('=').append(peerValue)
                .append(" row in the same JMH run, which cancels the machine's drift between runs");
        md.append(anyNormalised ? "\n" : anyPeer ? ": no other row has the same benchmark and parameters, so raw ratios only\n"
                : ": no such row was measured, so raw ratios only\n");
        md.append("\n| benchmark | params | unit | base | work | ratio | min–max | normalised | min–max | pairs |\n")
                .append("|---|---|---|---:|---:|---:|---:|---:|---:|---:|\n");
        for (Row row : rows) {
            Spread raw = spread(row.raw());
            String normalised;
            String normalisedRange;
            if (row.peer()) {
                normalised = "(peer)";
                normalisedRange = "";
            } else if (row.normalised() == null) {
                normalised = "no peer";
                normalisedRange = "";
            } else {
                Spread n = spread(row.normalised());
                normalised = ratio(n.median()) + (n.count() == raw.count() ? "" : " (" + n.count() + " pairs)");
                normalisedRange = ratio(n.min()) + "–" + ratio(n.max());
            }
            md.append("| ").append(String.join(" | ", row.key().benchmark(), row.key().label(), row.unit(),
                    HtmlReport.number(row.base().median()), HtmlReport.number(row.work().median()), ratio(raw.median()),
                    ratio(raw.min()) + "–" + ratio(raw.max()), normalised, normalisedRange, Integer.toString(raw.count())))
                    .append(" |\n");
        }
        md.append("\nRatio of each pair, round by round (raw; normalised):\n\n");
        for (Row row : rows) {
            md.append("- ").append(row.key().benchmark()).append(' ').append(row.key().label()).append(": ")
                    .append(ratios(row.raw()));
            if (row.normalised() != null) {
                md.append("; ").append(ratios(row.normalised()));
            }
            md.append('\n');
        }
        List<String> unpaired = unpaired();
        if (!unpaired.isEmpty()) {
            md.append("\nNot compared, measured by one side only:\n\n");
            unpaired.forEach(row -> md.append("- ").append(row).append('\n'));
        }
        return md.toString();
    }

    private static String ratio(double value) {
        return String.format(Locale.ROOT, "%.3f", value);
    }

    private static String ratios(double[] values) {
        return String.join(" ", Arrays.stream(values).mapToObj(AbReport::ratio).toList());
    }
}
