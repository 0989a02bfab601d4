package org.shangmi.bench.report;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.shangmi.bench.BaselineBench;
import org.shangmi.report.HtmlReport;

/**
 * The baseline report: each row of BaselineBench (a JCA operation as a Java developer would call
 * it) beside {@code openssl speed}'s figure for the same operation on the same machine, the ratio
 * of the two, and a summary of where Java leads and where it lags, in the manner of the seed's
 * report. A row that {@code openssl speed} cannot measure says why instead of a figure.
 *
 * <p>Usage: {@code BaselineReport OUT.md OUT.html SECONDS RESULT.json} runs {@code openssl speed}
 * for SECONDS per measurement; {@code OPENSSL-OUTPUT-DIR} in place of SECONDS reads the outputs
 * saved by an earlier run instead (one file per argument list, as this class writes them).
 */
public final class BaselineReport {

    /** What openssl speed measures for a row: its arguments and which figure of its output. */
    record Reference(List<String> args, Figure figure, String note) {
    }

    /** Which number of an {@code openssl speed} line a row compares with. */
    enum Figure { BULK, SIGN, VERIFY, OPS }

    /** One row of the report. */
    record Row(String name, String java, String unit, double javaRate, double error, Double openssl, String note) {
        double ratio() {
            return openssl == null ? Double.NaN : javaRate / openssl;
        }
    }

    private static final Pattern EVP_LINE = Pattern.compile("^(\\S+)\\s+([0-9.]+)k$");
    /** RSA, ECDSA and SM2 lines: "rsa 2048 bits 0.000700s 0.000020s 1428.6 49000.0", " 256 bits ecdsa (nistp256) ...". */
    private static final Pattern SIGN_LINE = Pattern.compile(
            "^\\s*(?:rsa\\s+)?(\\d+) bits\\s+(?:(?:ecdsa|SM2)\\s+\\(([^)]+)\\)\\s+)?[0-9.]+s\\s+[0-9.]+s\\s+([0-9.]+)\\s+([0-9.]+)$");
    private static final Pattern OPS_LINE = Pattern.compile("^\\s*(\\d+) bits ecdh \\(([^)]+)\\)\\s+[0-9.]+s\\s+([0-9.]+)$");

    private final List<Row> rows = new ArrayList<>();
    private String source = "";

    public static void main(String[] args) throws IOException, InterruptedException {
        if (args.length != 4) {
            System.err.println("usage: BaselineReport OUT.md OUT.html SECONDS|OPENSSL-OUTPUT-DIR RESULT.json");
            System.exit(2);
        }
        BaselineReport report = new BaselineReport();
        OpensslOutputs outputs;
        Path saved = Path.of(args[2]);
        if (Files.isDirectory(saved)) {
            outputs = OpensslOutputs.saved(saved);
        } else {
            outputs = OpensslOutputs.running(Integer.parseInt(args[2]), Path.of(args[3]).resolveSibling("openssl-speed"));
        }
        try {
            report.read(Path.of(args[3]), outputs);
        } catch (IllegalArgumentException e) {
            System.err.println("report: " + e.getMessage());
            System.exit(1);
        }
        Files.writeString(Path.of(args[0]), report.markdown());
        Files.writeString(Path.of(args[1]), report.page().html());
        System.err.println("report: " + args[0] + ", " + args[1]);
    }

    /** Where {@code openssl speed}'s outputs come from: a run now, or files saved by an earlier one. */
    interface OpensslOutputs {
        /** The output of {@code openssl speed ARGS}, or null if it could not run. */
        String output(List<String> args) throws IOException, InterruptedException;

        static OpensslOutputs running(int seconds, Path saveDirectory) throws IOException {
            Files.createDirectories(saveDirectory);
            Map<List<String>, String> cache = new HashMap<>();
            return args -> {
                if (cache.containsKey(args)) {
                    return cache.get(args);
                }
                List<String> command = new ArrayList<>(List.of("openssl", "speed", "-seconds", Integer.toString(seconds)));
                command.addAll(args);
                String output;
                try {
                    Process process = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
                    output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
                    if (!process.waitFor(10L * seconds + 60, TimeUnit.SECONDS) || process.exitValue() != 0) {
                        process.destroyForcibly();
                        output = null;
                    }
                } catch (IOException e) {
                    output = null; // no openssl command
                }
                cache.put(args, output);
                if (output != null) {
                    Files.writeString(saveDirectory.resolve(fileName(args)), output);
                }
                return output;
            };
        }

        static OpensslOutputs saved(Path directory) {
            return args -> {
                Path file = directory.resolve(fileName(args));
                return Files.isReadable(file) ? Files.readString(file) : null;
            };
        }

        private static String fileName(List<String> args) {
            return String.join("_", args).replaceAll("[^A-Za-z0-9_.-]", "") + ".txt";
        }
    }

    /** The provider a row's Java figure comes from, as BaselineBench chooses it. */
    static String javaSource(String row) {
        String subject = row.split(" ", 2)[0];
        return switch (subject) {
            case "SHA-256", "SHA-512", "SHA3-256", "SHA3-512" -> "JDK (SUN)";
            case "P-256", "P-384" -> "JDK (SunEC)";
            case "BLAKE2b-512", "secp256k1" -> "Bouncy Castle";
            case "SM3", "SM4-CTR", "SM2" -> "ShangMi (auto)";
            default -> row.contains("OAEP") ? "JDK (SunJCE)" : "JDK (SunRsaSign)";
        };
    }

    /** What {@code openssl speed} measures for {@code row}, or a reference with no arguments and why not. */
    static Reference reference(String row) {
        String[] words = row.split(" ", 2);
        String subject = words[0];
        String kind = words.length > 1 ? words[1] : "bulk";
        if (kind.equals("bulk")) {
            String evp = switch (subject) {
                case "SHA-256" -> "sha256";
                case "SHA-512" -> "sha512";
                case "SHA3-256" -> "sha3-256";
                case "SHA3-512" -> "sha3-512";
                case "BLAKE2b-512" -> "blake2b512";
                case "SM3" -> "sm3";
                case "SM4-CTR" -> "sm4-ctr";
                default -> throw new IllegalArgumentException("no bulk row " + row);
            };
            return new Reference(List.of("-evp", evp, "-bytes", Integer.toString(BaselineBench.BULK_BYTES)), Figure.BULK, "");
        }
        if (kind.equals("keygen")) {
            return new Reference(List.of(), Figure.OPS, "openssl speed 3.0 does not time key generation");
        }
        if (subject.equals("secp256k1")) {
            return new Reference(List.of(), Figure.OPS, "openssl speed has no secp256k1");
        }
        if (subject.startsWith("RSA-")) {
            String rsa = "rsa" + subject.substring("RSA-".length());
            boolean privateKey = kind.equals("PSS sign") || kind.equals("OAEP decrypt");
            return new Reference(List.of(rsa), privateKey ? Figure.SIGN : Figure.VERIFY,
                    "† openssl speed 3.0 has no OAEP or PSS: its PKCS#1 v1.5 " + (privateKey ? "sign" : "verify")
                            + ", the same " + (privateKey ? "private" : "public") + "-key operation");
        }
        String algorithm = subject.equals("SM2") ? "sm2" : subject.equals("P-256") ? "p256" : "p384";
        return switch (kind) {
            case "sign" -> new Reference(List.of(subject.equals("SM2") ? algorithm : "ecdsa" + algorithm), Figure.SIGN, "");
            case "verify" -> new Reference(List.of(subject.equals("SM2") ? algorithm : "ecdsa" + algorithm), Figure.VERIFY, "");
            case "ECDH" -> new Reference(List.of("ecdh" + algorithm), Figure.OPS, "");
            default -> throw new IllegalArgumentException("no row " + row);
        };
    }

    /** The figure {@code figure} of the one measurement in an {@code openssl speed} output, or null. */
    static Double parse(String output, Figure figure) {
        if (output == null) {
            return null;
        }
        for (String line : output.lines().toList()) {
            Matcher matcher;
            switch (figure) {
                case BULK -> {
                    matcher = EVP_LINE.matcher(line.trim());
                    if (matcher.matches()) {
                        return Double.parseDouble(matcher.group(2)) / 1000; // kB/s of 1000 bytes, to MB/s
                    }
                }
                case SIGN, VERIFY -> {
                    matcher = SIGN_LINE.matcher(line);
                    if (matcher.matches()) {
                        return Double.parseDouble(matcher.group(figure == Figure.SIGN ? 3 : 4));
                    }
                }
                case OPS -> {
                    matcher = OPS_LINE.matcher(line);
                    if (matcher.matches()) {
                        return Double.parseDouble(matcher.group(3));
                    }
                }
            }
        }
        return null;
    }

    /** Reads BaselineBench's JMH results and pairs each row with its openssl figure. */
    public void read(Path results, OpensslOutputs outputs) throws IOException, InterruptedException {
        JsonArray entries = JmhJson.read(results);
        for (JsonElement element : entries) {
            JsonObject entry = element.getAsJsonObject();
            if (!entry.get("benchmark").getAsString().endsWith("BaselineBench.run")) {
                throw new IllegalArgumentException(results + ": " + entry.get("benchmark").getAsString() + " is not BaselineBench");
            }
            source = "JDK " + entry.get("vmVersion").getAsString() + " (" + entry.get("vmName").getAsString() + "), JMH "
                    + entry.get("jmhVersion").getAsString();
            String name = entry.getAsJsonObject("params").get("row").getAsString();
            JsonObject primary = entry.getAsJsonObject("primaryMetric");
            double rate = primary.get("score").getAsDouble();
            double error = primary.get("scoreError").isJsonPrimitive() ? primary.get("scoreError").getAsDouble() : Double.NaN;
            Reference reference = reference(name);
            boolean bulk = reference.figure() == Figure.BULK;
            double scale = bulk ? BaselineBench.BULK_BYTES / 1e6 : 1;
            Double openssl = null;
            String note = reference.note();
            if (!reference.args().isEmpty()) {
                openssl = parse(outputs.output(reference.args()), reference.figure());
                if (openssl == null) {
                    note = "openssl speed " + String.join(" ", reference.args()) + " gave no figure here";
                }
            }
            rows.add(new Row(name, javaSource(name), bulk ? "MB/s" : "ops/s", rate * scale, error * scale, openssl, note));
        }
        Path machine = results.resolveSibling(results.getFileName() + ".machine");
        if (Files.isReadable(machine)) {
            source += "; " + Files.readString(machine).strip().replace('\n', ' ');
        }
    }

    List<Row> rows() {
        return rows;
    }

    private List<List<String>> cells() {
        List<List<String>> cells = new ArrayList<>();
        for (Row row : rows) {
            double ratio = row.ratio();
            cells.add(List.of(row.name(), row.java(), row.unit(), HtmlReport.number(row.javaRate())
                            + (Double.isNaN(row.error()) ? "" : " ± " + HtmlReport.number(row.error())),
                    row.openssl() == null ? "-" : HtmlReport.number(row.openssl()),
                    Double.isNaN(ratio) ? "-" : String.format(Locale.ROOT, "%.2f×", ratio), row.note()));
        }
        return cells;
    }

    private static final List<String> HEADER = List.of("operation", "Java (provider)", "unit", "Java", "openssl speed",
            "Java ÷ OpenSSL", "note");

    /** Rows at or above OpenSSL's figure, best first; and rows below half of it, worst first. */
    Map<String, List<Row>> summary() {
        List<Row> measured = rows.stream().filter(r -> !Double.isNaN(r.ratio())).toList();
        Map<String, List<Row>> summary = new LinkedHashMap<>();
        summary.put("highlights", measured.stream().filter(r -> r.ratio() >= 1)
                .sorted(Comparator.comparingDouble(Row::ratio).reversed()).toList());
        summary.put("gaps", measured.stream().filter(r -> r.ratio() < 0.5).sorted(Comparator.comparingDouble(Row::ratio)).toList());
        return summary;
    }

    public String markdown() {
        StringBuilder out = new StringBuilder("# Baseline: Java through the JCA against OpenSSL\n\n- ").append(source)
                .append("\n\nEach row through the JCA as a Java developer would call it, beside `openssl speed` for the "
                        + "same operation on the same machine (bulk rows: one 10 MiB message per operation; signatures "
                        + "over 32 bytes). Java: JMH throughput ± its 99.9 % error.\n\n");
        out.append("| ").append(String.join(" | ", HEADER)).append(" |\n|---|---|---|---:|---:|---:|---|\n");
        for (List<String> row : cells()) {
            out.append("| ").append(String.join(" | ", row)).append(" |\n");
        }
        Map<String, List<Row>> summary = summary();
        out.append("\n## Highlights: Java at or above OpenSSL\n\n");
        appendList(out, summary.get("highlights"));
        out.append("\n## Gaps: Java below half of OpenSSL\n\n");
        appendList(out, summary.get("gaps"));
        return out.toString();
    }

    private static void appendList(StringBuilder out, List<Row> rows) {
        if (rows.isEmpty()) {
            out.append("- none\n");
        }
        for (Row row : rows) {
            out.append(String.format(Locale.ROOT, "- %s (%s): %.2f× OpenSSL\n", row.name(), row.java(), row.ratio()));
        }
    }

    public HtmlReport page() {
        HtmlReport page = new HtmlReport("Baseline: Java through the JCA against OpenSSL").paragraph(source);
        page.table(HEADER, cells());
        List<HtmlReport.Bar> bars = new ArrayList<>();
        for (Row row : rows) {
            bars.add(new HtmlReport.Bar(row.name(), row.ratio()));
        }
        page.barChart("Java ÷ openssl speed", "ratio", bars);
        return page;
    }
}
