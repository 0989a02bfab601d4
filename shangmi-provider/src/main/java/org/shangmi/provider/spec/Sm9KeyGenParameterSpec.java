package org.shangmi.provider.spec;

import java.security.spec.AlgorithmParameterSpec;

/**
 * Which SM9 master key pair {@code KeyPairGenerator "SM9"} makes: a signature master key
 * (secret ks, public Ppub-s in G2) or an encryption master key (secret ke, public Ppub-e in G1),
 * which also serves key encapsulation and key exchange. Without a spec the generator makes a
 * signature master key.
 */
public final class Sm9KeyGenParameterSpec implements AlgorithmParameterSpec {

    /** A signature master key pair. */
    public static final Sm9KeyGenParameterSpec SIGN = new Sm9KeyGenParameterSpec(Sm9KeyKind.SIGN);
    /** An encryption (and key encapsulation, key exchange) master key pair. */
    public static final Sm9KeyGenParameterSpec ENCRYPT = new Sm9KeyGenParameterSpec(Sm9KeyKind.ENCRYPT);

    private final Sm9KeyKind kind;

    private Sm9KeyGenParameterSpec(Sm9KeyKind kind) {
        this.kind = kind;
    }

    public Sm9KeyKind getKind() {
        return kind;
    }
}
