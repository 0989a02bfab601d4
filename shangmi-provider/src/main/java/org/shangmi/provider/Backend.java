package org.shangmi.provider;

/**
 * The backends a {@link ShangMiProvider} can draw engines from. Each is found at run time through
 * {@link java.util.ServiceLoader}; {@link ShangMiProvider#backendStatus()} says which loaded.
 */
public enum Backend {
    /** Pure Java engines from {@code shangmi-core}: always present, JDK 17 and later. */
    JAVA("java", 17),
    /**
     * The system's OpenSSL libcrypto 3.x through the FFM API: module {@code shangmi-openssl}, JDK 22
     * and later. In the {@code shangmi.backend} properties, {@code ffm} names it alone and
     * {@code openssl} names it or, where it cannot serve, {@link #JNI}.
     */
    OPENSSL("openssl", 22),
    /** The same libcrypto through JNI: module {@code shangmi-jni} and its C library, JDK 17 and later. */
    JNI("jni", 17),
    /**
     * SM4 only, on the incubating Vector API: module {@code shangmi-vector}, JDK 25, and a JVM
     * started with {@code --add-modules jdk.incubator.vector}. Never chosen by {@code auto}: it
     * serves once named ({@code shangmi.backend.SM4=vector}).
     */
    VECTOR("vector", 25);

    private final String id;
    private final int minimumJdk;

    Backend(String id, int minimumJdk) {
        this.id = id;
        this.minimumJdk = minimumJdk;
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
