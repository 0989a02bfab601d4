package org.shangmi.provider;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import org.shangmi.core.backend.Algorithm;

/**
 * Which backend a {@link ShangMiProvider} asks for, per algorithm: {@code auto} (the measured
 * preference below), a backend by name ({@code java}, {@code ffm}, {@code jni}, {@code vector}),
 * or the alias {@code openssl} (libcrypto through FFM where that serves, else through JNI). A global choice applies to every algorithm without a choice of its
 * own. Immutable; a provider reads its choice once, when it is made.
 *
 * <p>Two sources give the same choice: the system properties {@code shangmi.backend} and
 * {@code shangmi.backend.ALGORITHM} ({@link #fromSystemProperties()}, what
 * {@code new ShangMiProvider()} uses), and text such as {@code "SM4=vector,SM3=jni"} or
 * {@code "java,SM4=openssl"} ({@link #parse}), for {@code new ShangMiProvider(BackendChoice)}.
 * Asking for a backend that cannot serve an algorithm is not an error: the provider falls back,
 * logs a warning and says why in {@link ShangMiProvider#choiceReason}.
 */
public final class BackendChoice {

    /** The global system property; {@code shangmi.backend.ALGORITHM} chooses for one algorithm. */
    public static final String PROPERTY = "shangmi.backend";

    private static final List<String> NAMES = List.of("auto", "java", "openssl", "ffm", "jni", "vector");
    private static final BackendChoice AUTO = new BackendChoice(null, new EnumMap<>(Algorithm.class));

    /**
     * One request: the backends it names in order of preference (empty for auto), and where it
     * came from as a person would read it ({@code shangmi.backend.SM3=openssl}).
     */
    private record Request(String name, List<Backend> backends, String origin) {
    }

    /** The global request, or null for auto. */
    private final Request global;
    private final Map<Algorithm, Request> perAlgorithm;

    private BackendChoice(Request global, Map<Algorithm, Request> perAlgorithm) {
        this.global = global;
        this.perAlgorithm = Collections.unmodifiableMap(new EnumMap<>(perAlgorithm));
    }

    /** {@code auto} for every algorithm. */
    public static BackendChoice auto() {
        return AUTO;
    }

    /**
     * The choice in comma-separated text: a backend for every algorithm ({@code java}), one per
     * algorithm ({@code SM4=vector}), or both ({@code java,SM4=openssl}). Names are compared
     * without case; a later entry for the same algorithm replaces an earlier one.
     *
     * @throws IllegalArgumentException naming the entry that is not a backend or not an algorithm
     */
    public static BackendChoice parse(String text) {
        Objects.requireNonNull(text, "text");
        Request global = null;
        Map<Algorithm, Request> perAlgorithm = new EnumMap<>(Algorithm.class);
        for (String entry : text.split(",", -1)) {
            String trimmed = entry.trim();
            if (trimmed.isEmpty()) {
                throw new IllegalArgumentException("\"" + text + "\" has an empty entry: give a backend ("
                        + String.join(", ", NAMES) + ") or ALGORITHM=BACKEND, separated by commas");
            }
            int equals = trimmed.indexOf('=');
            String value = trimmed.substring(equals + 1).trim();
            if (equals < 0) {
                global = request(value, value, "asked for " + value.toLowerCase(Locale.ROOT));
                continue;
            }
            Algorithm algorithm = algorithm(trimmed.substring(0, equals).trim(), trimmed);
            perAlgorithm.put(algorithm, request(value, trimmed,
                    "asked for " + algorithm.jcaName() + "=" + value.toLowerCase(Locale.ROOT)));
        }
        return new BackendChoice(global, perAlgorithm);
    }

    /**
     * The choice in the system properties {@code shangmi.backend} and
     * {@code shangmi.backend.ALGORITHM} (JCA names: SM3, HmacSM3, SM2, SM4), read now.
     *
     * @throws IllegalArgumentException naming the property whose value is not a backend
     */
    public static BackendChoice fromSystemProperties() {
        String value = System.getProperty(PROPERTY);
        Request global = value == null ? null : request(value, PROPERTY + "=" + value, PROPERTY + "=" + value);
        Map<Algorithm, Request> perAlgorithm = new EnumMap<>(Algorithm.class);
        for (Algorithm algorithm : Algorithm.values()) {
            String property = PROPERTY + "." + algorithm.jcaName();
            String own = System.getProperty(property);
            if (own != null) {
                perAlgorithm.put(algorithm, request(own, property + "=" + own, property + "=" + own));
            }
        }
        return new BackendChoice(global, perAlgorithm);
    }

    /** The backend names a choice accepts: auto, java, openssl, ffm, jni, vector. */
    public static List<String> names() {
        return NAMES;
    }

    /** The algorithms a choice can name one by one, by JCA name: SM3, HmacSM3, SM2, SM4. */
    public static List<String> algorithms() {
        List<String> names = new ArrayList<>();
        for (Algorithm algorithm : Algorithm.values()) {
            names.add(algorithm.jcaName());
        }
        return List.copyOf(names);
    }

    /**
     * This choice, with {@code other}'s entries where this one has none: its global choice if
     * this has none, and its choice for each algorithm this does not name. What a command line
     * option given over system properties means.
     */
    public BackendChoice orElse(BackendChoice other) {
        Map<Algorithm, Request> merged = new EnumMap<>(Algorithm.class);
        merged.putAll(other.perAlgorithm);
        merged.putAll(perAlgorithm);
        return new BackendChoice(global != null ? global : other.global, merged);
    }

    /**
     * The backend name asked for {@code algorithm} (a JCA name such as {@code "SM4"}): one of
     * {@link #names()}, {@code auto} when nothing names one.
     *
     * @throws IllegalArgumentException if {@code algorithm} is not one of {@link #algorithms()}
     */
    public String requested(String algorithm) {
        return requested(algorithm(algorithm, algorithm));
    }

    /** The request deciding {@code algorithm}, or null for auto. */
    private Request request(Algorithm algorithm) {
        return perAlgorithm.getOrDefault(algorithm, global);
    }

    /** The backends asked for {@code algorithm} in order of preference; empty for auto. */
    List<Backend> backends(Algorithm algorithm) {
        Request request = request(algorithm);
        return request == null ? List.of() : request.backends();
    }

    /** Where the request for {@code algorithm} came from ({@code shangmi.backend.SM3=openssl}); null for auto. */
    String origin(Algorithm algorithm) {
        Request request = request(algorithm);
        return request == null ? null : request.origin();
    }

    /**
     * The order {@code auto} tries backends in, per algorithm, as measured on the reference machine
     * (see docs/performance.md): native libcrypto first for SM3 and HMAC-SM3, whose C code is
     * faster than ours from 1 KiB up (through FFM where the JDK has it, else through JNI); Java
     * first for SM2 (many times OpenSSL 3.0's speed); for SM4 the vector backend where the JVM
     * was started with the Vector API's module (its Java circuit engine serves until its warm-up
     * passes, so it is never slower than Java), else Java (faster in the parallel modes, and free
     * of OpenSSL's secret-indexed tables). Backends this JDK cannot run are left out.
     */
    static List<Backend> autoOrder(Algorithm algorithm) {
        List<Backend> preference = switch (algorithm) {
            case SM3, HMAC_SM3 -> List.of(Backend.FFM, Backend.JNI, Backend.JAVA);
            case SM2 -> List.of(Backend.JAVA, Backend.FFM, Backend.JNI);
            case SM4 -> vectorModuleResolved()
                    ? List.of(Backend.VECTOR, Backend.JAVA, Backend.FFM, Backend.JNI)
                    : List.of(Backend.JAVA, Backend.FFM, Backend.JNI);
        };
        int jdk = Runtime.version().feature();
        return preference.stream().filter(backend -> jdk >= backend.minimumJdk()).toList();
    }

    /** Whether the JVM resolved the incubating Vector API (started with {@code --add-modules jdk.incubator.vector}). */
    static boolean vectorModuleResolved() {
        return ModuleLayer.boot().findModule("jdk.incubator.vector").isPresent();
    }

    /** Why {@link #autoOrder} puts its first backend first, in a sentence for people. */
    static String autoPreference(Algorithm algorithm) {
        return switch (algorithm) {
            case SM3, HMAC_SM3 -> "OpenSSL first: its C code measured 1.2-2x ours from 1 KiB up, through FFM and JNI alike";
            case SM2 -> "Java first: about ten times OpenSSL 3.0's SM2, which has no dedicated code on x86-64";
            case SM4 -> vectorModuleResolved() && Runtime.version().feature() >= Backend.VECTOR.minimumJdk()
                    ? "vector first, as this JVM has the Vector API: SM4 and GCM's GHASH on vectors once the warm-up"
                            + " passes (the Java circuit engine until then), constant time"
                    : "Java first: faster in the parallel modes, and constant time where OpenSSL indexes tables by secret data";
        };
    }

    /** The backends {@code value} names, in order of preference; {@code where} names it in the error. */
    private static Request request(String value, String where, String origin) {
        String name = value.trim().toLowerCase(Locale.ROOT);
        List<Backend> backends = switch (name) {
            case "auto" -> List.of();
            case "openssl" -> List.of(Backend.FFM, Backend.JNI);
            default -> {
                Backend named = Backend.forId(name);
                if (named == null) {
                    throw new IllegalArgumentException(where + " is not a backend: use " + String.join(", ", NAMES));
                }
                yield List.of(named);
            }
        };
        return new Request(name, backends, origin);
    }

    private static Algorithm algorithm(String name, String where) {
        Algorithm algorithm = Algorithm.forJcaName(name);
        if (algorithm == null) {
            throw new IllegalArgumentException(where + " names no algorithm a backend serves: use "
                    + String.join(", ", algorithms()));
        }
        return algorithm;
    }

    /**
     * The choice as {@link #parse} reads it, shortest form: {@code auto}, {@code java},
     * {@code java,SM4=openssl}, {@code SM3=jni,SM4=vector}.
     */
    @Override
    public String toString() {
        List<String> entries = new ArrayList<>();
        if (global != null || perAlgorithm.isEmpty()) {
            entries.add(global == null ? "auto" : global.name());
        }
        perAlgorithm.forEach((algorithm, request) -> entries.add(algorithm.jcaName() + "=" + request.name()));
        return String.join(",", entries);
    }

    /** Choices are equal when they ask for the same backends for every algorithm, wherever they came from. */
    @Override
    public boolean equals(Object other) {
        if (!(other instanceof BackendChoice choice)) {
            return false;
        }
        for (Algorithm algorithm : Algorithm.values()) {
            if (!requested(algorithm).equals(choice.requested(algorithm))) {
                return false;
            }
        }
        return true;
    }

    @Override
    public int hashCode() {
        List<String> names = new ArrayList<>();
        for (Algorithm algorithm : Algorithm.values()) {
            names.add(requested(algorithm));
        }
        return names.hashCode();
    }

    private String requested(Algorithm algorithm) {
        Request request = request(algorithm);
        return request == null ? "auto" : request.name();
    }
}
