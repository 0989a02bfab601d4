package org.shangmi.provider.spec;

import java.nio.charset.StandardCharsets;
import java.security.interfaces.ECPublicKey;
import java.security.spec.AlgorithmParameterSpec;

/**
 * Parameters of an SM2 signature: the signer's distinguishing ID, hashed into Z_A, and
 * optionally the signer's public key, which lets signing skip deriving it from the private key.
 * Pass it to {@code Signature.setParameter} before the first {@code update}.
 */
public final class Sm2SignatureSpec implements AlgorithmParameterSpec {

    private static final byte[] DEFAULT_ID = "1234567812345678".getBytes(StandardCharsets.US_ASCII);

    /** The longest ID Z_A can describe: its length in bits must fit in 16 bits. */
    public static final int MAX_ID_BYTES = 0xffff / 8;

    private final byte[] id;
    private final ECPublicKey publicKey;

    /** The ID GB/T 35276-2017 recommends when the parties have agreed on none: "1234567812345678" (a copy). */
    public static byte[] defaultId() {
        return DEFAULT_ID.clone();
    }

    /** The given ID, and the public key derived from the private key when signing. */
    public Sm2SignatureSpec(byte[] id) {
        this(id, null);
    }

    /**
     * @param id the signer's ID (copied); at most {@link #MAX_ID_BYTES} bytes
     * @param publicKey the signer's public key, or null to derive it when signing
     * @throws IllegalArgumentException if the ID is too long
     */
    public Sm2SignatureSpec(byte[] id, ECPublicKey publicKey) {
        if (id == null) {
            throw new NullPointerException("id");
        }
        if (id.length > MAX_ID_BYTES) {
            throw new IllegalArgumentException("an SM2 ID holds at most " + MAX_ID_BYTES + " bytes, got " + id.length);
        }
        this.id = id.clone();
        this.publicKey = publicKey;
    }

    public byte[] getId() {
        return id.clone();
    }

    /** The signer's public key, or null. */
    public ECPublicKey getPublicKey() {
        return publicKey;
    }
}
