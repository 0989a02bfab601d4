package org.shangmi.cli;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;
import picocli.CommandLine;
import picocli.CommandLine.ParameterException;

/**
 * The {@code --backend} option as the provider reads it: {@code shangmi.backend} and
 * {@code shangmi.backend.ALGORITHM} system properties, set for one command and put back after it
 * (the tests run many commands in one JVM).
 */
final class BackendProperties {

    private static final List<String> BACKENDS = List.of("auto", "java", "openssl", "ffm", "jni", "vector");
    private static final List<String> ALGORITHMS = List.of("SM2", "SM3", "HmacSM3", "SM4");

    private final Supplier<List<String>> values;
    /** Each property set, with the value it had before (null if none). */
    private final Map<String, String> previous = new LinkedHashMap<>();

    BackendProperties(Supplier<List<String>> values) {
        this.values = values;
    }

    /** Checks every value and sets its property. @throws ParameterException for a bad value */
    void apply(CommandLine commandLine) {
        Map<String, String> wanted = new LinkedHashMap<>();
        for (String value : values.get()) {
            int equals = value.indexOf('=');
            String algorithm = equals < 0 ? null : value.substring(0, equals);
            String backend = value.substring(equals + 1).toLowerCase(Locale.ROOT);
            if (!BACKENDS.contains(backend)) {
                throw new ParameterException(commandLine, "--backend " + value + ": the backend is auto, java, openssl, ffm, jni or vector");
            }
            String property = "shangmi.backend";
            if (algorithm != null) {
                String known = ALGORITHMS.stream().filter(a -> a.equalsIgnoreCase(algorithm)).findFirst()
                        .orElseThrow(() -> new ParameterException(commandLine,
                                "--backend " + value + ": the algorithm is SM2, SM3, HmacSM3 or SM4"));
                property += "." + known;
            }
            wanted.put(property, backend);
        }
        wanted.forEach((property, backend) -> {
            previous.putIfAbsent(property, System.getProperty(property));
            System.setProperty(property, backend);
        });
    }

    /** Puts back what {@link #apply} changed. */
    void restore() {
        previous.forEach((property, value) -> {
            if (value == null) {
                System.clearProperty(property);
            } else {
                System.setProperty(property, value);
            }
        });
        previous.clear();
    }
}
