package org.shangmi.cli;

import java.io.PrintWriter;
import java.security.Provider;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.shangmi.provider.Backend;
import org.shangmi.provider.BackendChoice;
import org.shangmi.provider.BackendStatus;
import org.shangmi.provider.ShangMiProvider;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code shangmi backends}: which backends loaded here, what each serves (and which SM4 modes a
 * native one leaves to the Java engines), and if one did not, why; then which backend serves each
 * algorithm under the choice of {@code --backend} and the {@code shangmi.backend*} properties. The first thing to run when something is slow or missing.
 */
@Command(name = "backends", mixinStandardHelpOptions = true,
        description = {"Show each backend's status (version, library, algorithms, or why it is unavailable) and which "
            + "backend serves each algorithm, as chosen by shangmi --backend [ALGORITHM=]BACKEND or "
            + "-Dshangmi.backend[.ALGORITHM]=auto|java|openssl|ffm|jni|vector (openssl: ffm where it loads, else jni; "
            + "vector: SM4 only, with --add-modules jdk.incubator.vector)."})
final class BackendsCommand implements Runnable {

    @ParentCommand
    Main main;

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        PrintWriter out = spec.commandLine().getOut();
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {"BACKEND", "STATUS", "ALGORITHMS", "DETAILS"});
        List<BackendStatus> statuses = ShangMiProvider.backendStatus();
        for (BackendStatus status : statuses) {
            rows.add(new String[] {
                status.backend().id(),
                status.available() ? "available" : "unavailable",
                status.available() ? String.join(", ", new TreeSet<>(status.algorithms())) : "-",
                status.details().isEmpty() ? "-" : status.details()});
        }
        printTable(out, rows);
        for (BackendStatus status : statuses) {
            if (!status.sm4ModesByJava().isEmpty()) {
                out.println("SM4 modes " + status.backend().id() + " leaves to the Java engines: "
                        + String.join(", ", status.sm4ModesByJava()));
            }
        }
        for (BackendStatus status : statuses) {
            if (!status.problems().isEmpty()) {
                out.println((status.available() ? "problems of " : "why not ") + status.backend().id() + ": "
                        + status.problems());
            }
        }
        out.println();
        Provider provider = main.provider();
        if (!(provider instanceof ShangMiProvider shangMi)) {
            return;
        }
        List<String[]> choices = new ArrayList<>();
        out.println("choice: " + main.backendChoice());
        choices.add(new String[] {"ALGORITHM", "SERVED BY", "WHY"});
        for (String algorithm : BackendChoice.algorithms()) {
            Backend backend = shangMi.backendFor(algorithm);
            choices.add(new String[] {algorithm, backend == null ? "nothing" : backend.id(),
                backend == null ? "no backend serves it" : shangMi.choiceReason(algorithm)});
        }
        printTable(out, choices);
        out.flush();
    }

    private static void printTable(PrintWriter out, List<String[]> rows) {
        int columns = rows.get(0).length;
        int[] widths = new int[columns];
        for (String[] row : rows) {
            for (int c = 0; c < columns; c++) {
                widths[c] = Math.max(widths[c], row[c].length());
            }
        }
        for (String[] row : rows) {
            StringBuilder line = new StringBuilder();
            for (int c = 0; c < columns; c++) {
                line.append(row[c]);
                if (c < columns - 1) {
                    line.append(" ".repeat(widths[c] - row[c].length() + 2));
                }
            }
            out.println(line);
        }
    }
}
