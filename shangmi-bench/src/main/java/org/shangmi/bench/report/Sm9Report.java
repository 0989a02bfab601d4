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
 * The SM9 report: each Sm9Bench row (operations per second through the JCA) beside GmSSL 3's C
 * figure for the same operation on the same machine (the output of gmssl_sm9_speed, lines
 * "name ops_per_second"), and their ratio, with the machine's description.
 *
 * <p>Usage: {@code Sm9Report OUT.md RESULT.json GMSSL.txt}.
 */
public final class Sm9Report {

    /** What each row means, in the order of the table. */
    private static final Map<String, String> ROWS = new LinkedHashMap<>();

    static {
        ROWS.put("pairing", "one pairing e(P, Q)");
        ROWS.put("sign", "sign 32 bytes (GmSSL: with the pairing g = e(P1, Ppub-s) each time; here once per master key)");
        ROWS.put("verify", "verify a signature of 32 bytes");
        ROWS.put("encapsulate", "encapsulate a 32-byte key");
        ROWS.put("decapsulate", "decapsulate it");
        ROWS.put("encrypt", "encrypt 32 bytes (XOR cipher)");
        ROWS.put("decrypt", "decrypt them");
        ROWS.put("exchangeResponder", "one party of a key exchange (ephemeral key, agreement)");
    }

    private Sm9Report() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 3) {
            System.err.println("usage: Sm9Report OUT.md RESULT.json GMSSL.txt");
            System.exit(2);
        }
        Map<String, double[]> ours = new LinkedHashMap<>();
        for (JsonElement element : JmhJson.read(Path.of(args[1]))) {
            JsonObject entry = element.getAsJsonObject();
            String name = entry.get("benchmark").getAsString();
            name = name.substring(name.lastIndexOf('.') + 1);
            JsonObject primary = entry.getAsJsonObject("primaryMetric");
            double error = primary.get("scoreError").isJsonPrimitive() ? primary.get("scoreError").getAsDouble() : Double.NaN;
            ours.put(name, new double[] {primary.get("score").getAsDouble(), error});
        }
        Map<String, Double> gmssl = GmsslFigures.read(Path.of(args[2]));
        StringBuilder out = new StringBuilder();
        out.append("# SM9: ShangMi (Java, through the JCA) beside GmSSL 3 (C)\n\n");
        out.append(GmsslFigures.machine(Path.of(args[1])));
        out.append("| operation | ShangMi ops/s | GmSSL C ops/s | ShangMi ÷ GmSSL |\n|---|---:|---:|---:|\n");
        for (Map.Entry<String, String> row : ROWS.entrySet()) {
            double[] score = ours.get(row.getKey());
            Double theirs = gmssl.get(row.getKey());
            out.append(String.format(Locale.ROOT, "| %s | %s | %s | %s |%n", row.getValue(),
                    score == null ? "—" : String.format(Locale.ROOT, "%,.1f ± %,.1f", score[0], score[1]),
                    theirs == null ? "—" : String.format(Locale.ROOT, "%,.1f", theirs),
                    score == null || theirs == null ? "—" : String.format(Locale.ROOT, "%.2f", score[0] / theirs)));
        }
        for (String name : List.copyOf(ours.keySet())) {
            if (!ROWS.containsKey(name)) {
                throw new IllegalArgumentException(args[1] + " has a row this report does not know: " + name);
            }
        }
        Files.writeString(Path.of(args[0]), out.toString());
        System.out.print(out);
    }
}
