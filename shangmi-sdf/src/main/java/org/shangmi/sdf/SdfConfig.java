package org.shangmi.sdf;

import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;

/**
 * The configuration of one device, read from a file of {@code name = value} lines ({@code #}
 * comments), as SunPKCS11's is:
 * <pre>
 * library = /opt/vendor/lib/libsdf.so   # required: the vendor's SDF library (an absolute path)
 * name = card1                          # optional: the provider is then "ShangMiSDF-card1"
 * binding = auto                        # auto (FFM on JDK 22+, else JNI), ffm or jni
 * sessions = 4                          # sessions pooled for key-less work (random, public keys, files)
 * key-sessions = 1                      # sessions per loaded private key, each holding its access right
 * serialize = true                      # one call at a time into the library (false for thread-safe libraries)
 * key-indexes = 1-32                    # the key pair indexes the key store lists (ranges and commas)
 * certificates = device                 # where chains are kept: "device" (its file area) or a directory
 * </pre>
 * Passwords do not belong here: they come through the key store's password or a
 * {@code CallbackHandler}.
 */
final class SdfConfig {

    static final String DEVICE_FILES = "device";

    private static final Set<String> KEYS = Set.of("library", "name", "binding", "sessions", "key-sessions", "serialize",
            "key-indexes", "certificates");
    private static final int MAX_INDEX = 65535;

    final String library;
    final String name;
    final String binding;
    final int sessions;
    final int keySessions;
    final boolean serialize;
    final BitSet keyIndexes;
    final String certificates;

    private SdfConfig(Map<String, String> values, String source) {
        library = required(values, "library", source);
        if (!Path.of(library).isAbsolute()) {
            throw new IllegalArgumentException(source + ": library must be an absolute path, got " + library);
        }
        name = values.get("name");
        if (name != null && !name.matches("[A-Za-z0-9._-]{1,64}")) {
            throw new IllegalArgumentException(source + ": name is 1 to 64 letters, digits, '.', '_' or '-', got " + name);
        }
        binding = values.getOrDefault("binding", "auto").toLowerCase(Locale.ROOT);
        if (!List.of("auto", "ffm", "jni").contains(binding)) {
            throw new IllegalArgumentException(source + ": binding is auto, ffm or jni, got " + binding);
        }
        sessions = number(values, "sessions", 4, 1, 256, source);
        keySessions = number(values, "key-sessions", 1, 1, 64, source);
        String serial = values.getOrDefault("serialize", "true").toLowerCase(Locale.ROOT);
        if (!serial.equals("true") && !serial.equals("false")) {
            throw new IllegalArgumentException(source + ": serialize is true or false, got " + serial);
        }
        serialize = serial.equals("true");
        keyIndexes = indexes(values.getOrDefault("key-indexes", "1-32"), source);
        certificates = values.getOrDefault("certificates", DEVICE_FILES);
        if (!certificates.equals(DEVICE_FILES) && !Path.of(certificates).isAbsolute()) {
            throw new IllegalArgumentException(source + ": certificates is \"device\" or an absolute directory, got " + certificates);
        }
    }

    /** The configuration in a file, or in the text itself when it starts with {@code --} (as SunPKCS11's does). */
    static SdfConfig parse(String argument) {
        if (argument == null || argument.isBlank()) {
            throw new IllegalArgumentException("ShangMiSDF needs a configuration: a file name, or the text after \"--\"");
        }
        if (argument.startsWith("--")) {
            return read(new StringReader(argument.substring(2).replace("\\n", "\n")), "the configuration text");
        }
        Path file = Path.of(argument);
        try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            return read(reader, file.toString());
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read the ShangMiSDF configuration " + file + ": " + e.getMessage(), e);
        }
    }

    private static SdfConfig read(Reader reader, String source) {
        Properties properties = new Properties();
        try {
            properties.load(reader);
        } catch (IOException | IllegalArgumentException e) {
            throw new IllegalArgumentException(source + ": " + e.getMessage(), e);
        }
        Map<String, String> values = new LinkedHashMap<>();
        for (String key : properties.stringPropertyNames()) {
            if (!KEYS.contains(key)) {
                throw new IllegalArgumentException(source + ": unknown setting \"" + key + "\" (known: " + String.join(", ",
                        new java.util.TreeSet<>(KEYS)) + ")");
            }
            values.put(key, properties.getProperty(key).strip());
        }
        return new SdfConfig(values, source);
    }

    private static String required(Map<String, String> values, String key, String source) {
        String value = values.get(key);
        if (value == null || value.isEmpty()) {
            throw new IllegalArgumentException(source + ": " + key + " is required");
        }
        return value;
    }

    private static int number(Map<String, String> values, String key, int otherwise, int min, int max, String source) {
        String value = values.get(key);
        if (value == null) {
            return otherwise;
        }
        try {
            int n = Integer.parseInt(value);
            if (n >= min && n <= max) {
                return n;
            }
        } catch (NumberFormatException e) {
            // said below
        }
        throw new IllegalArgumentException(source + ": " + key + " is a number from " + min + " to " + max + ", got " + value);
    }

    private static BitSet indexes(String text, String source) {
        BitSet set = new BitSet();
        List<String> bad = new ArrayList<>();
        for (String part : text.split(",")) {
            String item = part.strip();
            try {
                int dash = item.indexOf('-');
                int from = Integer.parseInt(dash < 0 ? item : item.substring(0, dash).strip());
                int to = dash < 0 ? from : Integer.parseInt(item.substring(dash + 1).strip());
                if (from < 0 || to > MAX_INDEX || from > to) {
                    bad.add(item);
                } else {
                    set.set(from, to + 1);
                }
            } catch (NumberFormatException e) {
                bad.add(item);
            }
        }
        if (!bad.isEmpty() || set.isEmpty()) {
            throw new IllegalArgumentException(source + ": key-indexes lists numbers 0 to " + MAX_INDEX
                    + " and ranges such as 1-32, got " + text);
        }
        return set;
    }
}
