package org.shangmi.bench.report;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The ZUC report: each ZucBench case in MB/s for ShangMi (Java backend and vector backend) and
 * Bouncy Castle (JMH, through the JCA) beside GmSSL 3's C figure for the same case on the same
 * machine (the output of gmssl_zuc_speed, lines "ALGORITHM SIZE MB_per_second"), and the ratios.
 *
 * <p>Usage: {@code ZucReport OUT.md RESULT.json GMSSL.txt}.
 */
public final class ZucReport {

    private static final List<String> ALGORITHMS = List.of("ZUC-128", "ZUC-256", "EIA3");

    private ZucReport() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 3) {
            System.err.println("usage: ZucReport OUT.md RESULT.json GMSSL.txt");
            System.exit(2);
        }
        // "provider algorithm size" -> {MB/s, error}
        Map<String, double[]> jmh = new LinkedHashMap<>();
        for (JsonElement element : JmhJson.read(Path.of(args[1]))) {
            JsonObject entry = element.getAsJsonObject();
            JsonObject params = entry.getAsJsonObject("params");
            String algorithm = params.get("algorithm").getAsString();
            int size = Integer.parseInt(params.get("size").getAsString());
            if (!ALGORITHMS.contains(algorithm)) {
                throw new IllegalArgumentException(args[1] + " has an algorithm this report does not know: " + algorithm);
            }
            JsonObject primary = entry.getAsJsonObject("primaryMetric");
            double error = primary.get("scoreError").isJsonPrimitive() ? primary.get("scoreError").getAsDouble() : Double.NaN;
            jmh.put(params.get("provider").getAsString() + " " + algorithm + " " + size,
                    new double[] {primary.get("score").getAsDouble() * size / 1e6, error * size / 1e6});
        }
        Map<String, Double> gmssl = GmsslFigures.read(Path.of(args[2]));
        StringBuilder out = new StringBuilder();
        out.append("# ZUC: ShangMi (constant time) beside Bouncy Castle 1.84 (Java, tables) and GmSSL 3 (C, tables)\n\n");
        out.append(GmsslFigures.machine(Path.of(args[1])));
        out.append("MB/s, one message per operation with a new IV (initialisation included); EIA3 is Mac \"ZUC-128\" with a "
                + "3GPP IV, in frames of at most 8,000 bytes for everyone; Bouncy Castle's 64 KiB keystream rows re-key "
                + "at its limits (8,188 and 2,500 bytes).\n\n");
        out.append("| algorithm | bytes | ShangMi, Java (circuit) | ShangMi, vector backend | Bouncy Castle | GmSSL C "
                + "| Java ÷ BC | vector ÷ BC | vector ÷ GmSSL |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|\n");
        for (String algorithm : ALGORITHMS) {
            for (int size : new int[] {64, 1024, 65536}) {
                double[] java = jmh.get("ShangMi-Java " + algorithm + " " + size);
                double[] vector = jmh.get("ShangMi-Vector " + algorithm + " " + size);
                double[] bc = jmh.get("BC " + algorithm + " " + size);
                Double c = gmssl.get(algorithm + " " + size);
                out.append(String.format(Locale.ROOT, "| %s | %,d | %s | %s | %s | %s | %s | %s | %s |%n", algorithm, size,
                        figure(java), figure(vector), figure(bc), c == null ? "—" : String.format(Locale.ROOT, "%,.1f", c),
                        ratio(java, bc == null ? null : bc[0]), ratio(vector, bc == null ? null : bc[0]), ratio(vector, c)));
            }
        }
        Files.writeString(Path.of(args[0]), out.toString());
        System.out.print(out);
    }

    private static String figure(double[] score) {
        return score == null ? "—" : String.format(Locale.ROOT, "%,.1f ± %,.1f", score[0], score[1]);
    }

    private static String ratio(double[] score, Double against) {
        return score == null || against == null ? "—" : String.format(Locale.ROOT, "%.2f", score[0] / against);
    }
}
