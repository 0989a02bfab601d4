package org.shangmi.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.Signature;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import javax.crypto.Cipher;
import javax.crypto.NoSuchPaddingException;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.shangmi.report.HtmlReport;
import org.shangmi.provider.Backend;
import org.shangmi.provider.BackendChoice;
import org.shangmi.provider.BackendStatus;
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
 */
@Command(name = "speed", mixinStandardHelpOptions = true,
        description = {"Measure SM2, SM3 and SM4 on every available backend, side by side.",
            "SM2 signs and verifies 32-byte messages; the sizes of the others are in their names."})
final class SpeedCommand implements Callable<Integer> {

    private static final int ROUNDS = 3;
    private static final String OPENSSL_SPEED = "openssl speed";

    @Spec
    CommandSpec spec;

    @ParentCommand
    Main main;

    @Parameters(paramLabel = "ALGORITHM", arity = "0..*", description = "sm2, sm3 or sm4 (default: all three).")
    List<String> algorithms = new ArrayList<>();

    @Option(names = "--backend", split = ",", paramLabel = "NAME",
            description = "Columns to measure: the backends java, openssl (FFM), jni, vector (SM4 only), and the peers bc, kona, kona-native "
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

    /** One call of a measured operation. */
    private interface Workload {
        void run() throws Exception;
    }

    /**
     * One measured operation: its kind ("sm3", "sm2 sign", ...), the message bytes per call, whether
     * its rate is in MB/s (else calls per second), and the {@code openssl speed} arguments that
     * measure the same in C (null: none does).
     */
    private record Operation(String algorithm, String kind, int bytes, boolean perByte, List<String> opensslSpeed) {
        String name() {
            return kind.equals("sm2 sign") || kind.equals("sm2 verify") ? kind : kind + " " + size();
        }

        String size() {
            if (bytes >= 1 << 20 && bytes % (1 << 20) == 0) {
                return (bytes >> 20) + " MiB";
            }
            return bytes >= 1024 ? bytes / 1024 + " KiB" : bytes + " B";
        }

        String unit() {
            return perByte ? "MB/s" : "ops/s";
        }
    }

    private static final List<Operation> OPERATIONS = List.of(
            bulk("sm3", "sm3", 64, List.of("-evp", "sm3")),
            bulk("sm3", "sm3", 1024, List.of("-evp", "sm3")),
            bulk("sm3", "sm3", 65536, List.of("-evp", "sm3")),
            bulk("sm3", "sm3", 1 << 20, List.of("-evp", "sm3")),
            bulk("sm4", "sm4-ctr", 1024, List.of("-evp", "sm4-ctr")),
            bulk("sm4", "sm4-ctr", 16384, List.of("-evp", "sm4-ctr")),
            bulk("sm4", "sm4-cbc encrypt", 16384, List.of("-evp", "sm4-cbc")),
            new Operation("sm2", "sm2 sign", 32, false, List.of("sm2")),
            new Operation("sm2", "sm2 verify", 32, false, List.of("sm2")),
            new Operation("sm2", "sm2 encrypt", 32, false, null),
            new Operation("sm2", "sm2 decrypt", 32, false, null));

    private static Operation bulk(String algorithm, String kind, int bytes, List<String> evp) {
        List<String> args = new ArrayList<>(evp);
        args.addAll(List.of("-bytes", Integer.toString(bytes)));
        return new Operation(algorithm, kind, bytes, true, List.copyOf(args));
    }

    /** What one run measured: per operation, each column's median, min and max (null: not offered). */
    private record Results(String header, List<SpeedSubject> subjects, Map<Operation, Map<String, double[]>> rates,
            Map<Operation, Double> reference, List<String> failures) {
    }

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
        List<SpeedSubject> subjects = chosenSubjects();
        PrintWriter out = spec.commandLine().getOut();
        String header = header(subjects);
        out.println(header);
        Map<Operation, Map<String, double[]>> rates = new LinkedHashMap<>();
        Map<Operation, Double> reference = new LinkedHashMap<>();
        Map<List<String>, String> opensslOutputs = new HashMap<>();
        List<String> failures = new ArrayList<>();
        ExecutorService pool = Executors.newFixedThreadPool(threads, runnable -> {
            Thread thread = new Thread(runnable, "shangmi-speed");
            thread.setDaemon(true);
            return thread;
        });
        try {
            for (Operation operation : OPERATIONS) {
                if (!algorithms.isEmpty() && algorithms.stream().noneMatch(a -> a.equalsIgnoreCase(operation.algorithm()))) {
                    continue;
                }
                Map<String, double[]> row = new LinkedHashMap<>();
                for (SpeedSubject subject : subjects) {
                    progress(operation.name() + ", " + subject.id());
                    row.put(subject.id(), measure(pool, operation, subject, failures));
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
            pool.shutdownNow();
            progress(null);
        }
        Results results = new Results(header, subjects, rates, reference, failures);
        print(out, results);
        failures.forEach(out::println);
        if (json != null) {
            Files.writeString(json, toJson(results));
        }
        String auto = choices();
        if (html != null) {
            Files.writeString(html, toHtml(results, auto));
        }
        out.println(auto);
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

    /** The ShangMi backends that load, then the peers on the class path, as far as --backend keeps them. */
    private List<SpeedSubject> chosenSubjects() {
        List<SpeedSubject> result = new ArrayList<>();
        for (BackendStatus status : ShangMiProvider.backendStatus()) {
            boolean named = columnNames.stream().anyMatch(n -> n.equalsIgnoreCase(status.backend().id()));
            if (status.available() && (columnNames.isEmpty() || named)) {
                result.add(SpeedSubject.of(status.backend()));
            } else if (named) {
                throw new ParameterException(spec.commandLine(), "the " + status.backend().id() + " backend is unavailable: "
                        + status.problems());
            }
        }
        List<String> problems = new ArrayList<>();
        List<SpeedSubject> peers = SpeedSubject.peers(problems);
        if (withPeers && peers.stream().noneMatch(p -> p.id().equals("bc") || p.id().equals("kona"))) {
            throw new ParameterException(spec.commandLine(), "--with-peers: neither Bouncy Castle nor Kona is available ("
                    + String.join("; ", problems) + "); run through bin/shangmi, which puts their jars on the class path");
        }
        // Bouncy Castle is on the class path for the TLS commands: a peer's column comes only when asked for
        for (SpeedSubject peer : peers) {
            boolean named = columnNames.stream().anyMatch(n -> n.equalsIgnoreCase(peer.id()));
            if (named || (withPeers && columnNames.isEmpty())) {
                result.add(peer);
            }
        }
        for (String className : providerClasses) {
            try {
                SpeedSubject extra = SpeedSubject.provider(className);
                if (result.stream().anyMatch(s -> s.id().equals(extra.id()))) {
                    throw new ParameterException(spec.commandLine(), "--provider " + className + ": a column named "
                            + extra.id() + " is already measured");
                }
                result.add(extra);
            } catch (IllegalArgumentException e) {
                throw new ParameterException(spec.commandLine(), "--provider: " + e.getMessage());
            }
        }
        for (String name : columnNames) {
            if (result.stream().noneMatch(s -> s.id().equalsIgnoreCase(name))) {
                boolean peer = SpeedSubject.peerIds().contains(name.toLowerCase(Locale.ROOT));
                throw new ParameterException(spec.commandLine(), peer
                        ? "the peer " + name + " is unavailable: " + String.join("; ", problems)
                        : "unknown backend " + name + ": use " + String.join(", ", Arrays.stream(Backend.values()).map(Backend::id).toList())
                                + ", or a peer: " + String.join(", ", SpeedSubject.peerIds()));
            }
        }
        return result;
    }

    /**
     * The median and spread (min, max) of the rounds, summed over the threads: MB/s or operations
     * per second. Null when a peer does not offer the operation, or fails at it ({@code failures}
     * then says how); a failure of ours ends the run.
     */
    private double[] measure(ExecutorService pool, Operation operation, SpeedSubject subject, List<String> failures)
            throws Exception {
        try {
            List<Workload> workloads = new ArrayList<>();
            for (int i = 0; i < threads; i++) {
                workloads.add(workload(operation, subject));
            }
            runAll(pool, workloads, seconds); // warm-up: the JIT needs about a second to compile the hot paths
            double[] rates = new double[ROUNDS];
            for (int round = 0; round < ROUNDS; round++) {
                rates[round] = runAll(pool, workloads, seconds / ROUNDS) * (operation.perByte() ? operation.bytes() / 1e6 : 1);
            }
            Arrays.sort(rates);
            return new double[] {rates[ROUNDS / 2], rates[0], rates[ROUNDS - 1]};
        } catch (NoSuchAlgorithmException | NoSuchPaddingException e) {
            if (subject.shangmi() && servedBy(subject, operation)) {
                throw e;
            }
            return null; // a peer without the algorithm, or a backend that does not serve it
        } catch (Exception e) {
            if (subject.shangmi()) {
                throw e;
            }
            failures.add(subject.id() + " failed at " + operation.name() + ": " + e);
            return null;
        }
    }

    /** Runs every workload on its own thread for about {@code duration} seconds; returns their calls per second, summed. */
    private static double runAll(ExecutorService pool, List<Workload> workloads, double duration) throws Exception {
        List<Future<Double>> futures = new ArrayList<>();
        for (Workload workload : workloads) {
            futures.add(pool.submit(() -> runFor(workload, duration)));
        }
        double sum = 0;
        for (Future<Double> future : futures) {
            try {
                sum += future.get();
            } catch (ExecutionException e) {
                throw e.getCause() instanceof Exception cause ? cause : e;
            }
        }
        return sum;
    }

    /** Runs the workload for about {@code duration} seconds; returns calls per second. */
    private static double runFor(Workload workload, double duration) throws Exception {
        long budget = (long) (duration * 1e9);
        long start = System.nanoTime();
        long calls = 0;
        long elapsed;
        do {
            workload.run();
            calls++;
            elapsed = System.nanoTime() - start;
        } while (elapsed < budget);
        return calls / (elapsed / 1e9);
    }

    private static Workload workload(Operation operation, SpeedSubject subject) throws GeneralSecurityException {
        byte[] message = new byte[Math.max(operation.bytes(), 32)];
        new Random(1).nextBytes(message);
        switch (operation.kind()) {
            case "sm3" -> {
                MessageDigest md = MessageDigest.getInstance("SM3", subject.provider());
                byte[] out = new byte[32];
                return () -> {
                    md.update(message);
                    md.digest(out, 0, out.length);
                };
            }
            case "sm4-ctr", "sm4-cbc encrypt" -> {
                Cipher cipher = Cipher.getInstance(operation.kind().equals("sm4-ctr") ? "SM4/CTR/NoPadding"
                        : "SM4/CBC/NoPadding", subject.provider());
                SecretKeySpec key = new SecretKeySpec(Arrays.copyOf(message, 16), "SM4");
                IvParameterSpec iv = new IvParameterSpec(Arrays.copyOfRange(message, 16, 32));
                byte[] out = new byte[message.length];
                return () -> {
                    cipher.init(Cipher.ENCRYPT_MODE, key, iv);
                    cipher.doFinal(message, 0, message.length, out, 0);
                };
            }
            case "sm2 sign", "sm2 verify" -> {
                KeyPair pair = subject.keyPairGenerator().generateKeyPair();
                Signature signer = Signature.getInstance(subject.signature(), subject.provider());
                signer.initSign(pair.getPrivate());
                signer.update(message);
                byte[] signature = signer.sign();
                if (operation.kind().equals("sm2 sign")) {
                    return () -> {
                        signer.initSign(pair.getPrivate());
                        signer.update(message);
                        signer.sign();
                    };
                }
                Signature verifier = Signature.getInstance(subject.signature(), subject.provider());
                return () -> {
                    verifier.initVerify(pair.getPublic());
                    verifier.update(message);
                    if (!verifier.verify(signature)) {
                        throw new IllegalStateException(subject.id() + ": a valid signature failed to verify");
                    }
                };
            }
            case "sm2 encrypt", "sm2 decrypt" -> {
                KeyPair pair = subject.keyPairGenerator().generateKeyPair();
                Cipher cipher = Cipher.getInstance(subject.sm2Cipher(), subject.provider());
                cipher.init(Cipher.ENCRYPT_MODE, pair.getPublic());
                byte[] ciphertext = cipher.doFinal(message);
                if (operation.kind().equals("sm2 encrypt")) {
                    return () -> {
                        cipher.init(Cipher.ENCRYPT_MODE, pair.getPublic());
                        cipher.doFinal(message);
                    };
                }
                return () -> {
                    cipher.init(Cipher.DECRYPT_MODE, pair.getPrivate());
                    if (!Arrays.equals(cipher.doFinal(ciphertext), message)) {
                        throw new IllegalStateException(subject.id() + ": decryption gave another message");
                    }
                };
            }
            default -> throw new AssertionError(operation);
        }
    }

    /** Whether the ShangMi backend of {@code subject} serves the operation's algorithm. */
    private static boolean servedBy(SpeedSubject subject, Operation operation) {
        return ((ShangMiProvider) subject.provider()).backendFor(operation.algorithm().toUpperCase(Locale.ROOT)) != null;
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

    private void print(PrintWriter out, Results results) {
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
            head.append(String.format(Locale.ROOT, " %14s", OPENSSL_SPEED));
        }
        out.println(head);
        for (Map.Entry<Operation, Map<String, double[]>> entry : results.rates().entrySet()) {
            Operation operation = entry.getKey();
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
        if (threads > 1) {
            out.println("figures are the sum over " + threads + " threads" + (noOpensslCommand ? ""
                    : "; openssl speed (one process) is left out"));
        }
    }

    /** Which backend the command's choice ({@code auto} unless asked otherwise) takes for each algorithm, and why: one line each. */
    private String choices() {
        ShangMiProvider provider = (ShangMiProvider) main.provider();
        StringBuilder choices = new StringBuilder(main.backendChoice() + " picks:");
        for (String algorithm : BackendChoice.algorithms()) {
            Backend backend = provider.backendFor(algorithm);
            choices.append(String.format(Locale.ROOT, "%n  %-8s %-8s %s", algorithm, backend == null ? "none" : backend.id(),
                    backend == null ? "no backend serves it" : "(" + provider.choiceReason(algorithm) + ")"));
        }
        return choices.toString();
    }

    /** {"header", "threads", "results": [{"operation", "unit", "source", "median", "min", "max"}, ...], "failures": [...]}. */
    private String toJson(Results results) {
        StringBuilder json = new StringBuilder("{\n  \"header\": ").append(quote(results.header()))
                .append(",\n  \"threads\": ").append(threads).append(",\n  \"results\": [");
        String separator = "\n";
        for (Map.Entry<Operation, Map<String, double[]>> entry : results.rates().entrySet()) {
            Operation operation = entry.getKey();
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
                        quote(operation.name()), quote(operation.unit()), quote(OPENSSL_SPEED), c));
            }
        }
        json.append("\n  ],\n  \"failures\": [");
        for (int i = 0; i < results.failures().size(); i++) {
            json.append(i == 0 ? "" : ", ").append(quote(results.failures().get(i)));
        }
        return json.append("]\n}\n").toString();
    }

    /** The page: the header, the table, one bar chart per operation, and lines over message size per kind. */
    private String toHtml(Results results, String auto) {
        HtmlReport page = new HtmlReport("shangmi speed").paragraph(results.header());
        auto.lines().forEach(page::paragraph);
        if (threads > 1) {
            page.paragraph("Figures are the sum over " + threads + " threads.");
        }
        results.failures().forEach(page::paragraph);
        List<String> head = new ArrayList<>(List.of("operation", "unit"));
        results.subjects().forEach(s -> head.add(s.id() + " (min-max)"));
        boolean withReference = !results.reference().isEmpty();
        if (withReference) {
            head.add(OPENSSL_SPEED);
        }
        List<List<String>> rows = new ArrayList<>();
        for (Map.Entry<Operation, Map<String, double[]>> entry : results.rates().entrySet()) {
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
        Map<String, List<Operation>> kinds = new LinkedHashMap<>();
        for (Operation operation : results.rates().keySet()) {
            kinds.computeIfAbsent(operation.kind(), k -> new ArrayList<>()).add(operation);
        }
        for (Map.Entry<String, List<Operation>> kind : kinds.entrySet()) {
            page.heading(kind.getKey());
            List<Operation> sizes = kind.getValue();
            if (sizes.size() > 1) {
                Map<String, double[]> lines = new LinkedHashMap<>();
                for (SpeedSubject subject : results.subjects()) {
                    lines.put(subject.id(), sizes.stream().mapToDouble(o -> {
                        double[] r = results.rates().get(o).get(subject.id());
                        return r == null ? Double.NaN : r[0];
                    }).toArray());
                }
                if (sizes.stream().anyMatch(results.reference()::containsKey)) {
                    lines.put(OPENSSL_SPEED, sizes.stream().mapToDouble(o -> {
                        Double c = results.reference().get(o);
                        return c == null ? Double.NaN : c;
                    }).toArray());
                }
                page.lineChart(kind.getKey() + " over message size", sizes.get(0).unit(),
                        sizes.stream().map(Operation::size).toList(), lines);
            }
            for (Operation operation : sizes) {
                List<HtmlReport.Bar> bars = new ArrayList<>();
                for (SpeedSubject subject : results.subjects()) {
                    double[] r = results.rates().get(operation).get(subject.id());
                    bars.add(r == null ? new HtmlReport.Bar(subject.id(), Double.NaN) : new HtmlReport.Bar(subject.id(), r[0], r[1], r[2]));
                }
                Double c = results.reference().get(operation);
                if (c != null) {
                    bars.add(new HtmlReport.Bar(OPENSSL_SPEED, c));
                }
                page.barChart(operation.name(), operation.unit(), bars);
            }
        }
        return page.html();
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

    private static String header(List<SpeedSubject> subjects) {
        String libcrypto = "";
        for (BackendStatus status : ShangMiProvider.backendStatus()) {
            if (status.backend() != Backend.JAVA && status.available() && libcrypto.isEmpty()) {
                libcrypto = ", " + status.details().split(";")[0];
            }
        }
        List<String> peerVersions = subjects.stream().filter(s -> !s.shangmi())
                .map(s -> s.id() + " " + s.provider().getName() + " " + s.provider().getVersionStr()).toList();
        String peers = peerVersions.isEmpty() ? "" : "; peers: " + String.join(", ", peerVersions);
        return "shangmi speed: JDK " + Runtime.version() + " (" + System.getProperty("java.vm.name") + "), " + cpu() + ", "
                + Runtime.getRuntime().availableProcessors() + " CPUs" + libcrypto + peers;
    }

    private static String cpu() {
        try {
            return Files.readAllLines(Path.of("/proc/cpuinfo")).stream()
                    .filter(l -> l.startsWith("model name"))
                    .map(l -> l.substring(l.indexOf(':') + 1).trim())
                    .findFirst().orElse(System.getProperty("os.arch"));
        } catch (IOException | RuntimeException e) {
            return System.getProperty("os.arch");
        }
    }
}
