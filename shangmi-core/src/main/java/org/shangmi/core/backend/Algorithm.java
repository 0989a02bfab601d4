package org.shangmi.core.backend;

/**
 * The algorithms a backend may serve, each under its standard JCA name. The provider asks every
 * backend which of these it offers and binds each to one backend.
 */
public enum Algorithm {
    SM3("MessageDigest", "SM3"),
    HMAC_SM3("Mac", "HmacSM3");

    private final String jcaType;
    private final String jcaName;

    Algorithm(String jcaType, String jcaName) {
        this.jcaType = jcaType;
        this.jcaName = jcaName;
    }

    /** The JCA engine type, for example {@code "MessageDigest"}. */
    public String jcaType() {
        return jcaType;
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
