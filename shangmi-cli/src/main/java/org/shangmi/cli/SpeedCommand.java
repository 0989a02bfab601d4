package org.shangmi.cli;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.shangmi.provider.ShangMiProvider;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code shangmi speed}: like {@code openssl speed}, for every available backend side by side,
 * and for Bouncy Castle and Kona when their jars are on the class path. Each operation and column
 * is warmed up, then timed in three rounds; the table shows the median and the spread of the
 * rounds, and the ratios. The header names the JDK, the CPU and the libcrypto. A quick look, not
 * a substitute for the JMH suite (bin/bench).
 *
 * <p>This class holds the options and runs the steps: {@link SpeedColumns} chooses the columns,
 * {@link SpeedOperation} is each row and its work, {@link SpeedMeasurement} times it,
 * {@link OpensslSpeed} gives the reference column, and {@link SpeedTable} and {@link SpeedFiles}
 * report the {@link SpeedResults}.
 */
@Command(name = "speed", mixinStandardHelpOptions = true,
        description = {"Measure SM2, SM3 and SM4 on every available backend, side by side.",
            "SM2 signs and verifies 32-byte messages; the sizes of the others are in their names."})
final class SpeedCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @ParentCommand
    Main main;

    @Parameters(paramLabel = "ALGORITHM", arity = "0..*", description = "sm2, sm3 or sm4 (default: all three).")
    List<String> algorithms = new ArrayList<>();

    @Option(names = "--backend", split = ",", paramLabel = "NAME",
            description = "Columns to measure: the backends java, ffm, jni (openssl: ffm, else jni), vector (SM4 only), and the peers bc, kona, kona-native "
                    + "(default: every one available).")
    List<String> columnNames = new ArrayList<>();

    @Option(names = "--seconds", paramLabel = "N", defaultValue = "1",
            description = "Seconds timed per operation and column, after as long again of warm-up (default: 1).")
    double seconds;

    @Option(names = "--threads", paramLabel = "N", defaultValue = "1",
            description = "Threads running each operation at once, each with its own objects; "
                    + "the figures are their sum (default: 1).")
    int threads;

    @Option(names = "--with-peers", description = "Require the Bouncy Castle and Kona columns "
            + "(bin/shangmi puts their jars on the class path when given this option).")
    boolean withPeers;

    @Option(names = "--provider", paramLabel = "CLASS",
            description = "Also measure the JCA provider CLASS (on the class path) by the standard algorithm names; "
                    + "its column is named after the provider. May be repeated.")
    List<String> providerClasses = new ArrayList<>();

    @Option(names = "--no-openssl-command", description = "Leave out the `openssl speed` reference column.")
    boolean noOpensslCommand;

    @Option(names = "--json", paramLabel = "FILE", description = "Also write the results to FILE as JSON.")
    Path json;

    @Option(names = "--html", paramLabel = "FILE",
            description = "Also write the results to FILE as one self-contained HTML page with charts.")
    Path html;

    @Override
    public Integer call() throws Exception {
        if (!(seconds > 0) || seconds > 600) {
            throw new ParameterException(spec.commandLine(), "--seconds must be more than 0 and at most 600");
        }
        if (threads < 1 || threads > 256) {
            throw new ParameterException(spec.commandLine(), "--threads must be from 1 to 256");
        }
        for (String algorithm : algorithms) {
            if (!List.of("sm2", "sm3", "sm4").contains(algorithm.toLowerCase(Locale.ROOT))) {
                throw new ParameterException(spec.commandLine(), "unknown algorithm " + algorithm + ": use sm2, sm3 or sm4");
            }
        }
        List<SpeedSubject> subjects = SpeedColumns.choose(spec.commandLine(), columnNames, withPeers, providerClasses);
        PrintWriter out = spec.commandLine().getOut();
        String header = SpeedResults.header(subjects);
        out.println(header);
        Map<SpeedOperation, Map<String, double[]>> rates = new LinkedHashMap<>();
        Map<SpeedOperation, Double> reference = new LinkedHashMap<>();
        Map<List<String>, String> opensslOutputs = new HashMap<>();
        List<String> failures = new ArrayList<>();
        try (SpeedMeasurement measurement = new SpeedMeasurement(threads, seconds)) {
            for (SpeedOperation operation : SpeedOperation.ALL) {
                if (!algorithms.isEmpty() && algorithms.stream().noneMatch(a -> a.equalsIgnoreCase(operation.algorithm()))) {
                    continue;
                }
                Map<String, double[]> row = new LinkedHashMap<>();
                for (SpeedSubject subject : subjects) {
                    progress(operation.name() + ", " + subject.id());
                    row.put(subject.id(), measurement.measure(operation, subject, failures));
                }
                rates.put(operation, row);
                if (!noOpensslCommand && threads == 1 && operation.opensslSpeed() != null) {
                    Double c = OpensslSpeed.measure(operation.opensslSpeed(), operation.name(), seconds, opensslOutputs);
                    if (c != null) {
                        reference.put(operation, c);
                    }
                }
            }
        } finally {
            progress(null);
        }
        SpeedResults results = new SpeedResults(header, threads, subjects, rates, reference, failures);
        SpeedTable.print(out, results, noOpensslCommand);
        failures.forEach(out::println);
        if (json != null) {
            Files.writeString(json, SpeedFiles.json(results));
        }
        String picks = SpeedTable.picks((ShangMiProvider) main.provider(), main.backendChoice());
        if (html != null) {
            Files.writeString(html, SpeedFiles.html(results, picks));
        }
        out.println(picks);
        out.flush();
        return 0;
    }

    /** A progress line on standard error when it is a terminal; null clears it. */
    private void progress(String what) {
        if (main.stderrIsTerminal()) {
            PrintWriter err = main.stderr();
            err.print(what == null ? "\r\033[K" : "\r\033[Kshangmi speed: measuring " + what + "...");
            err.flush();
        }
    }
}
