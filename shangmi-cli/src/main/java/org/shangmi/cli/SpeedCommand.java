package org.shangmi.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.MessageDigest;
import java.security.Signature;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.Callable;
import javax.crypto.Cipher;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.shangmi.provider.Backend;
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
 * {@code shangmi speed}: like {@code openssl speed}, every available backend side by side. Each
 * operation and backend is warmed up, then timed in three rounds; the table shows the median and
 * the spread of the rounds, and the ratio of the backends. The header names the JDK, the CPU and
 * the libcrypto. A quick look, not a substitute for the JMH suite (bin/bench). Still to come
 * (issue 6): peers, threads and HTML output.
 */
@Command(name = "speed", mixinStandardHelpOptions = true,
        description = "Measure SM2, SM3 and SM4 on every available backend, side by side.")
final class SpeedCommand implements Callable<Integer> {

    private static final int ROUNDS = 3;

    @Spec
    CommandSpec spec;

    @ParentCommand
    Main main;

    @Parameters(paramLabel = "ALGORITHM", arity = "0..*", description = "sm2, sm3 or sm4 (default: all three).")
    List<String> algorithms = new ArrayList<>();

    @Option(names = "--backend", split = ",", paramLabel = "NAME",
            description = "Backends to measure: java, openssl (default: every one that loads).")
    List<String> backendNames = new ArrayList<>();

    @Option(names = "--seconds", paramLabel = "N", defaultValue = "1",
            description = "Seconds timed per operation and backend, after as long again of warm-up (default: 1).")
    double seconds;

    /** One measured operation: what it does per call, and how many message bytes that is (0: count calls). */
    private interface Workload {
        void run() throws Exception;
    }

    /** One measured operation, and the {@code openssl speed} arguments that measure the same in C. */
    private record Operation(String algorithm, String name, int bytes, List<String> opensslSpeed) {
    }

    private static final List<Operation> OPERATIONS = List.of(
            new Operation("sm3", "sm3 1 KiB", 1024, List.of("-evp", "sm3", "-bytes", "1024")),
            new Operation("sm3", "sm3 16 KiB", 16384, List.of("-evp", "sm3", "-bytes", "16384")),
            new Operation("sm4", "sm4-ctr 16 KiB", 16384, List.of("-evp", "sm4-ctr", "-bytes", "16384")),
            new Operation("sm4", "sm4-cbc encrypt 16 KiB", 16384, List.of("-evp", "sm4-cbc", "-bytes", "16384")),
            new Operation("sm2", "sm2 sign", 0, List.of("sm2")),
            new Operation("sm2", "sm2 verify", 0, List.of("sm2")));

    @Option(names = "--no-openssl-command", description = "Leave out the `openssl speed` reference column.")
    boolean noOpensslCommand;

    @Option(names = "--json", paramLabel = "FILE", description = "Also write the results to FILE as JSON.")
    Path json;

    @Override
    public Integer call() throws Exception {
        if (!(seconds > 0) || seconds > 600) {
            throw new ParameterException(spec.commandLine(), "--seconds must be more than 0 and at most 600");
        }
        for (String algorithm : algorithms) {
            if (!List.of("sm2", "sm3", "sm4").contains(algorithm.toLowerCase(Locale.ROOT))) {
                throw new ParameterException(spec.commandLine(), "unknown algorithm " + algorithm + ": use sm2, sm3 or sm4");
            }
        }
        List<Backend> backends = chosenBackends();
        PrintWriter out = spec.commandLine().getOut();
        out.println(header());
        Map<Operation, Map<Backend, double[]>> results = new LinkedHashMap<>();
        Map<Operation, Double> reference = new LinkedHashMap<>();
        Map<List<String>, String> opensslOutputs = new java.util.HashMap<>();
        for (Operation operation : OPERATIONS) {
            if (!algorithms.isEmpty() && !algorithms.stream().anyMatch(a -> a.equalsIgnoreCase(operation.algorithm()))) {
                continue;
            }
            Map<Backend, double[]> row = new LinkedHashMap<>();
            for (Backend backend : backends) {
                progress(operation.name() + ", " + backend.id());
                row.put(backend, measure(workload(operation, new ShangMiProvider(backend)), operation.bytes()));
            }
            results.put(operation, row);
            Double c = noOpensslCommand ? null : OpensslSpeed.measure(operation.opensslSpeed(), operation.name(), seconds,
                    opensslOutputs);
            if (c != null) {
                reference.put(operation, c);
            }
        }
        progress(null);
        print(out, backends, results, reference);
        if (json != null) {
            Files.writeString(json, toJson(header(), results, reference));
        }
        ShangMiProvider auto = new ShangMiProvider();
        List<String> choices = new ArrayList<>();
        for (String algorithm : List.of("SM2", "SM3", "HmacSM3", "SM4")) {
            Backend backend = auto.backendFor(algorithm);
            choices.add(algorithm + " " + (backend == null ? "none" : backend.id()));
        }
        out.println("auto (the README's measurements decide it): " + String.join(", ", choices));
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

    private List<Backend> chosenBackends() {
        List<Backend> result = new ArrayList<>();
        for (BackendStatus status : ShangMiProvider.backendStatus()) {
            boolean wanted = backendNames.isEmpty() || backendNames.stream().anyMatch(n -> n.equalsIgnoreCase(status.backend().id()));
            if (wanted && status.available()) {
                result.add(status.backend());
            } else if (wanted && !backendNames.isEmpty()) {
                throw new ParameterException(spec.commandLine(), "the " + status.backend().id() + " backend is unavailable: "
                        + status.problems());
            }
        }
        for (String name : backendNames) {
            if (result.stream().noneMatch(b -> b.id().equalsIgnoreCase(name))) {
                throw new ParameterException(spec.commandLine(), "unknown backend " + name + ": use java or openssl");
            }
        }
        return result;
    }

    /** The median and the spread (min, max) of the rounds: MB/s when {@code bytes} > 0, else operations per second. */
    private double[] measure(Workload workload, int bytes) throws Exception {
        runFor(workload, seconds); // warm-up: the JIT needs about a second to compile the hot paths
        double[] rates = new double[ROUNDS];
        for (int round = 0; round < ROUNDS; round++) {
            rates[round] = runFor(workload, seconds / ROUNDS) * (bytes > 0 ? bytes / 1e6 : 1);
        }
        Arrays.sort(rates);
        return new double[] {rates[ROUNDS / 2], rates[0], rates[ROUNDS - 1]};
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

    private static Workload workload(Operation operation, ShangMiProvider provider) throws Exception {
        byte[] message = new byte[Math.max(operation.bytes(), 32)];
        new Random(1).nextBytes(message);
        switch (operation.name()) {
            case "sm3 1 KiB", "sm3 16 KiB" -> {
                MessageDigest md = MessageDigest.getInstance("SM3", provider);
                byte[] out = new byte[32];
                return () -> {
                    md.update(message);
                    md.digest(out, 0, out.length);
                };
            }
            case "sm4-ctr 16 KiB", "sm4-cbc encrypt 16 KiB" -> {
                Cipher cipher = Cipher.getInstance(operation.name().startsWith("sm4-ctr") ? "SM4/CTR/NoPadding"
                        : "SM4/CBC/NoPadding", provider);
                SecretKeySpec key = new SecretKeySpec(Arrays.copyOf(message, 16), "SM4");
                IvParameterSpec iv = new IvParameterSpec(Arrays.copyOfRange(message, 16, 32));
                byte[] out = new byte[message.length];
                return () -> {
                    cipher.init(Cipher.ENCRYPT_MODE, key, iv);
                    cipher.doFinal(message, 0, message.length, out, 0);
                };
            }
            case "sm2 sign", "sm2 verify" -> {
                KeyPair pair = KeyPairGenerator.getInstance("SM2", provider).generateKeyPair();
                Signature signer = Signature.getInstance("SM3withSM2", provider);
                signer.initSign(pair.getPrivate());
                signer.update(message);
                byte[] signature = signer.sign();
                if (operation.name().equals("sm2 sign")) {
                    return () -> {
                        signer.initSign(pair.getPrivate());
                        signer.update(message);
                        signer.sign();
                    };
                }
                Signature verifier = Signature.getInstance("SM3withSM2", provider);
                return () -> {
                    verifier.initVerify(pair.getPublic());
                    verifier.update(message);
                    if (!verifier.verify(signature)) {
                        throw new IllegalStateException("a valid signature failed to verify");
                    }
                };
            }
            default -> throw new AssertionError(operation);
        }
    }

    private static void print(PrintWriter out, List<Backend> backends, Map<Operation, Map<Backend, double[]>> results,
            Map<Operation, Double> reference) {
        StringBuilder head = new StringBuilder(String.format(Locale.ROOT, "%-24s %-6s", "operation", "unit"));
        for (Backend backend : backends) {
            head.append(String.format(Locale.ROOT, " %24s", backend.id() + " (min-max)"));
        }
        if (backends.size() == 2) {
            head.append(String.format(Locale.ROOT, " %14s", backends.get(1).id() + "/" + backends.get(0).id()));
        }
        if (!reference.isEmpty()) {
            head.append(String.format(Locale.ROOT, " %14s", "openssl speed"));
        }
        out.println(head);
        for (Map.Entry<Operation, Map<Backend, double[]>> entry : results.entrySet()) {
            Operation operation = entry.getKey();
            StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "%-24s %-6s", operation.name(),
                    operation.bytes() > 0 ? "MB/s" : "ops/s"));
            for (Backend backend : backends) {
                double[] r = entry.getValue().get(backend);
                line.append(String.format(Locale.ROOT, " %24s",
                        String.format(Locale.ROOT, "%.1f (%.1f-%.1f)", r[0], r[1], r[2])));
            }
            if (backends.size() == 2) {
                double ratio = entry.getValue().get(backends.get(1))[0] / entry.getValue().get(backends.get(0))[0];
                line.append(String.format(Locale.ROOT, " %14.2f", ratio));
            }
            if (!reference.isEmpty()) {
                Double c = reference.get(operation);
                line.append(c == null ? String.format(Locale.ROOT, " %14s", "-") : String.format(Locale.ROOT, " %14.1f", c));
            }
            out.println(line);
        }
    }

    /** {"header": ..., "results": [{"operation", "unit", "source", "median", "min", "max"}, ...]}. */
    private static String toJson(String header, Map<Operation, Map<Backend, double[]>> results,
            Map<Operation, Double> reference) {
        StringBuilder json = new StringBuilder("{\n  \"header\": ").append(quote(header)).append(",\n  \"results\": [");
        String separator = "\n";
        for (Map.Entry<Operation, Map<Backend, double[]>> entry : results.entrySet()) {
            Operation operation = entry.getKey();
            String unit = operation.bytes() > 0 ? "MB/s" : "ops/s";
            for (Map.Entry<Backend, double[]> result : entry.getValue().entrySet()) {
                double[] r = result.getValue();
                json.append(separator).append(String.format(Locale.ROOT,
                        "    {\"operation\": %s, \"unit\": %s, \"source\": %s, \"median\": %.3f, \"min\": %.3f, \"max\": %.3f}",
                        quote(operation.name()), quote(unit), quote(result.getKey().id()), r[0], r[1], r[2]));
                separator = ",\n";
            }
            Double c = reference.get(operation);
            if (c != null) {
                json.append(separator).append(String.format(Locale.ROOT,
                        "    {\"operation\": %s, \"unit\": %s, \"source\": \"openssl speed\", \"median\": %.3f}",
                        quote(operation.name()), quote(unit), c));
            }
        }
        return json.append("\n  ]\n}\n").toString();
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

    private static String header() {
        String libcrypto = "";
        for (BackendStatus status : ShangMiProvider.backendStatus()) {
            if (status.backend() == Backend.OPENSSL && status.available()) {
                libcrypto = ", " + status.details().split(";")[0];
            }
        }
        return "shangmi speed: JDK " + Runtime.version() + " (" + System.getProperty("java.vm.name") + "), " + cpu() + ", "
                + Runtime.getRuntime().availableProcessors() + " CPUs" + libcrypto;
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
