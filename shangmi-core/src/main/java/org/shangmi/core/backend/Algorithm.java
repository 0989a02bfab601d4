package org.shangmi.core.backend;

/**
 * The algorithms a backend may serve, each under its standard JCA name. The provider asks every
 * backend which of these it offers and binds each to one backend.
 */
public enum Algorithm {
    SM3("SM3"),
    HMAC_SM3("HmacSM3"),
    /** SM2 key generation, signatures and public-key encryption (key exchange is Java's alone). */
    SM2("SM2"),
    /** SM4 in the modes of {@link CipherMode}. */
    SM4("SM4");

    private final String jcaName;

    Algorithm(String jcaName) {
        this.jcaName = jcaName;
    }

    /** The standard JCA algorithm name, for example {@code "HmacSM3"}. */
    public String jcaName() {
        return jcaName;
    }

    /** The algorithm with this JCA name, compared without case; {@code null} if none. */
    public static Algorithm forJcaName(String name) {
        for (Algorithm algorithm : values()) {
            if (algorithm.jcaName.equalsIgnoreCase(name)) {
                return algorithm;
            }
        }
        return null;
    }
}
