package org.shangmi.provider;

/**
 * The backends a {@link ShangMiProvider} can draw engines from. Each is found at run time through
 * {@link java.util.ServiceLoader}; {@link ShangMiProvider#backendStatus()} says which loaded.
 */
public enum Backend {
    /** Pure Java engines from {@code shangmi-core}: always present, JDK 17 and later. */
    JAVA("java", "shangmi-core", 17),
    /**
     * The system's OpenSSL libcrypto 3.x through the FFM API: module {@code shangmi-openssl-ffm},
     * JDK 22 and later. In a {@link BackendChoice}, {@code ffm} names it alone and the alias
     * {@code openssl} names it or, where it cannot serve, {@link #JNI}.
     */
    FFM("ffm", "shangmi-openssl-ffm", 22),
    /** The same libcrypto through JNI: module {@code shangmi-openssl-jni} and its C library, JDK 17 and later. */
    JNI("jni", "shangmi-openssl-jni", 17),
    /**
     * SM4 only, on the incubating Vector API: module {@code shangmi-vector}, JDK 25, and a JVM
     * started with {@code --add-modules jdk.incubator.vector}. {@code auto} chooses it for SM4 in
     * such a JVM, and never in another; named ({@code shangmi.backend.SM4=vector}) it serves
     * wherever it loads.
     */
    VECTOR("vector", "shangmi-vector", 25);

    private final String id;
    private final String artifact;
    private final int minimumJdk;

    Backend(String id, String artifact, int minimumJdk) {
        this.id = id;
        this.artifact = artifact;
        this.minimumJdk = minimumJdk;
    }

    /** The Maven artifact (and jar) that holds the backend. */
    public String artifact() {
        return artifact;
    }

    /** The oldest JDK (feature release) the backend runs on. */
    public int minimumJdk() {
        return minimumJdk;
    }

    /** The name used in system properties ({@code shangmi.backend=java}) and by the backend service. */
    public String id() {
        return id;
    }

    /** The backend with this id, compared without case; {@code null} if none. */
    static Backend forId(String id) {
        for (Backend backend : values()) {
            if (backend.id.equalsIgnoreCase(id)) {
                return backend;
            }
        }
        return null;
    }
}
