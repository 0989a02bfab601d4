package org.shangmi.provider.spec;

import java.security.spec.KeySpec;
import java.util.Objects;

/**
 * A key as PEM text: {@code PUBLIC KEY} (X.509), {@code PRIVATE KEY} (PKCS#8) or
 * {@code EC PRIVATE KEY} or {@code SM2 PRIVATE KEY} (SEC1), as {@code openssl} writes them. {@code KeyFactory} "SM2" reads
 * and writes it.
 */
public final class PemKeySpec implements KeySpec {

    private final String text;

    public PemKeySpec(String text) {
        this.text = Objects.requireNonNull(text, "text");
    }

    /** The PEM text, with its BEGIN and END lines. */
    public String getText() {
        return text;
    }
}
