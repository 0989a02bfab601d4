package org.shangmi.core.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the known-answer files in {@code vectors/} (JSON lines, {@code #} header lines). The
 * directory comes from the system property {@code shangmi.vectors.dir} (set by the build), else
 * the nearest {@code vectors/} above the working directory.
 */
public final class Vectors {

    public static final String OPENSSL_EVP = "openssl-evp.jsonl";
    public static final String BOUNCY_CASTLE = "bouncycastle.jsonl";
    public static final String SM9 = "sm9-gmt0044.jsonl";
    public static final String ZUC = "zuc.jsonl";

    private static final Pattern COUNT = Pattern.compile("([A-Z0-9-]+)=(\\d+)");
    private static final Pattern REPEATED_BYTE = Pattern.compile("x '.' \\(0x([0-9a-fA-F]{2})\\)");

    private Vectors() {
    }

    /** One vector record. */
    public record Record(String file, JsonObject json) {

        public String id() {
            return file + ":" + json.get("id").getAsString();
        }

        public String algorithm() {
            return json.get("algorithm").getAsString();
        }

        public boolean has(String field) {
            return json.has(field);
        }

        public String text(String field) {
            return json.get(field).getAsString();
        }

        public byte[] hex(String field) {
            return HexFormat.of().parseHex(text(field));
        }

        /**
         * The message: the hex field {@code msg}, or one built from {@code msg_pattern} and
         * {@code msg_len}. An unknown pattern fails the test instead of being skipped.
         */
        public byte[] message() {
            if (has("msg")) {
                return hex("msg");
            }
            String pattern = text("msg_pattern");
            int length = json.get("msg_len").getAsInt();
            byte[] message = new byte[length];
            if (pattern.startsWith("bytes i & 0xff")) {
                for (int i = 0; i < length; i++) {
                    message[i] = (byte) i;
                }
                return message;
            }
            Matcher repeated = REPEATED_BYTE.matcher(pattern);
            if (repeated.find()) {
                Arrays.fill(message, (byte) Integer.parseInt(repeated.group(1), 16));
                return message;
            }
            throw new IllegalArgumentException(id() + ": unknown msg_pattern " + pattern);
        }

        @Override
        public String toString() {
            return id();
        }
    }

    public static Path directory() {
        String configured = System.getProperty("shangmi.vectors.dir");
        if (configured != null && Files.isRegularFile(Paths.get(configured, OPENSSL_EVP))) {
            return Paths.get(configured);
        }
        for (Path dir = Paths.get("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            if (Files.isRegularFile(dir.resolve("vectors").resolve(OPENSSL_EVP))) {
                return dir.resolve("vectors");
            }
        }
        throw new IllegalStateException("no vectors/ directory found (shangmi.vectors.dir=" + configured + ")");
    }

    /**
     * Every record of {@code file} whose algorithm is {@code algorithm}. Checks the number read
     * against the file's own {@code # counts:} header, so a record can never be silently dropped.
     */
    public static List<Record> load(String file, String algorithm) {
        Path path = directory().resolve(file);
        List<String> lines;
        try {
            lines = Files.readAllLines(path);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Map<String, Integer> declared = new LinkedHashMap<>();
        List<Record> records = new ArrayList<>();
        for (String line : lines) {
            if (line.startsWith("# counts:")) {
                Matcher m = COUNT.matcher(line.substring("# counts:".length()));
                while (m.find()) {
                    declared.put(m.group(1), Integer.parseInt(m.group(2)));
                }
            } else if (!line.startsWith("#") && !line.isBlank()) {
                Record record = new Record(file, JsonParser.parseString(line).getAsJsonObject());
                if (record.algorithm().equals(algorithm)) {
                    records.add(record);
                }
            }
        }
        assertEquals(declared.getOrDefault(algorithm, 0), records.size(),
                file + " declares a different number of " + algorithm + " records than it holds");
        return records;
    }

    /** The records of {@code algorithm} from every vector file. */
    public static List<Record> all(String algorithm) {
        List<Record> records = new ArrayList<>(load(OPENSSL_EVP, algorithm));
        records.addAll(load(BOUNCY_CASTLE, algorithm));
        return records;
    }
}
