package org.shangmi.cli;

import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.shangmi.provider.Backend;
import org.shangmi.provider.BackendChoice;
import org.shangmi.provider.ShangMiProvider;

/**
 * What {@code shangmi speed} prints: the table (a column per backend or peer, then the ratios
 * that answer the usual questions: each native backend over Java, ShangMi over the best peer, and
 * {@code openssl speed}'s own figure), and the closing lines that say which backend the tool's
 * choice takes for each algorithm.
 */
final class SpeedTable {

    private SpeedTable() {
    }

    /** The table, then, with more than one thread, a line saying the figures are sums. */
    static void print(PrintWriter out, SpeedResults results, boolean noOpensslCommand) {
        List<SpeedSubject> subjects = results.subjects();
        StringBuilder head = new StringBuilder(String.format(Locale.ROOT, "%-22s %-5s", "operation", "unit"));
        for (SpeedSubject subject : subjects) {
            head.append(String.format(Locale.ROOT, " %26s", subject.id() + " (min-max)"));
        }
        List<String> ratios = nativeBesideJava(subjects);
        for (String id : ratios) {
            head.append(String.format(Locale.ROOT, " %13s", id + "/java"));
        }
        if (hasPeers(subjects)) {
            head.append(String.format(Locale.ROOT, " %16s", "shangmi/best peer"));
        }
        if (!results.reference().isEmpty()) {
            head.append(String.format(Locale.ROOT, " %14s", OpensslSpeed.COLUMN));
        }
        out.println(head);
        for (Map.Entry<SpeedOperation, Map<String, double[]>> entry : results.rates().entrySet()) {
            SpeedOperation operation = entry.getKey();
            Map<String, double[]> row = entry.getValue();
            StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "%-22s %-5s", operation.name(), operation.unit()));
            for (SpeedSubject subject : subjects) {
                double[] r = row.get(subject.id());
                line.append(String.format(Locale.ROOT, " %26s",
                        r == null ? "-" : String.format(Locale.ROOT, "%.1f (%.1f-%.1f)", r[0], r[1], r[2])));
            }
            for (String id : ratios) {
                double[] nativeRate = row.get(id);
                double[] javaRate = row.get(Backend.JAVA.id());
                line.append(nativeRate == null || javaRate == null ? String.format(Locale.ROOT, " %13s", "-")
                        : String.format(Locale.ROOT, " %13.2f", nativeRate[0] / javaRate[0]));
            }
            if (hasPeers(subjects)) {
                double ratio = overBestPeer(subjects, row);
                line.append(Double.isNaN(ratio) ? String.format(Locale.ROOT, " %16s", "-")
                        : String.format(Locale.ROOT, " %16.2f", ratio));
            }
            if (!results.reference().isEmpty()) {
                Double c = results.reference().get(operation);
                line.append(c == null ? String.format(Locale.ROOT, " %14s", "-") : String.format(Locale.ROOT, " %14.1f", c));
            }
            out.println(line);
        }
        if (results.threads() > 1) {
            out.println("figures are the sum over " + results.threads() + " threads" + (noOpensslCommand ? ""
                    : "; openssl speed (one process) is left out"));
        }
    }

    /** Which backend {@code choice} ({@code auto} unless asked otherwise) takes for each algorithm, and why: one line each. */
    static String picks(ShangMiProvider provider, BackendChoice choice) {
        StringBuilder choices = new StringBuilder(choice + " picks:");
        for (String algorithm : BackendChoice.algorithms()) {
            Backend backend = provider.backendFor(algorithm);
            choices.append(String.format(Locale.ROOT, "%n  %-8s %-8s %s", algorithm, backend == null ? "none" : backend.id(),
                    backend == null ? "no backend serves it" : "(" + provider.choiceReason(algorithm) + ")"));
        }
        return choices.toString();
    }

    /** The highest median among the ShangMi columns over the highest among the peers, or NaN. */
    private static double overBestPeer(List<SpeedSubject> subjects, Map<String, double[]> row) {
        double shangmi = Double.NaN;
        double peer = Double.NaN;
        for (SpeedSubject subject : subjects) {
            double[] r = row.get(subject.id());
            if (r == null) {
                continue;
            }
            if (subject.shangmi()) {
                shangmi = Double.isNaN(shangmi) ? r[0] : Math.max(shangmi, r[0]);
            } else {
                peer = Double.isNaN(peer) ? r[0] : Math.max(peer, r[0]);
            }
        }
        return shangmi / peer;
    }

    private static boolean hasPeers(List<SpeedSubject> subjects) {
        return subjects.stream().anyMatch(s -> !s.shangmi());
    }

    /** The native backends measured beside the Java one, each of which gets a ratio column; empty without Java. */
    private static List<String> nativeBesideJava(List<SpeedSubject> subjects) {
        if (subjects.stream().noneMatch(s -> s.shangmi() && s.id().equals(Backend.JAVA.id()))) {
            return List.of();
        }
        return subjects.stream().filter(s -> s.shangmi() && !s.id().equals(Backend.JAVA.id())).map(SpeedSubject::id).toList();
    }
}
