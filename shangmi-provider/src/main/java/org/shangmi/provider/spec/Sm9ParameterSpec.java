package org.shangmi.provider.spec;

import java.nio.charset.StandardCharsets;
import java.security.spec.AlgorithmParameterSpec;
import java.util.Objects;

/**
 * The identity an SM9 operation is about, with its function identifier hid: the signer's for
 * {@code Signature "SM9"} verification (pass it to {@code setParameter} after
 * {@code initVerify}), the recipient's for {@code Cipher "SM9"} (to {@code init}, in
 * {@link Sm9CipherParameterSpec}) and for key encapsulation.
 *
 * <p>The hid values are those GmSSL fixes (GB/T 38635 leaves them to the KGC and its users).
 */
public final class Sm9ParameterSpec implements AlgorithmParameterSpec {

    /** The hid of signing keys. */
    public static final byte HID_SIGN = 0x01;
    /** The hid of key-exchange keys. */
    public static final byte HID_EXCHANGE = 0x02;
    /** The hid of encryption and key-encapsulation keys. */
    public static final byte HID_ENCRYPT = 0x03;

    private final byte[] id;
    private final byte hid;

    /** The identity's bytes (copied) and its hid. */
    public Sm9ParameterSpec(byte[] id, byte hid) {
        this.id = Objects.requireNonNull(id, "id").clone();
        this.hid = hid;
    }

    /** The identity as UTF-8 bytes, as GmSSL and gmsm take a string identity, and its hid. */
    public Sm9ParameterSpec(String id, byte hid) {
        this(Objects.requireNonNull(id, "id").getBytes(StandardCharsets.UTF_8), hid);
    }

    /** A copy of the identity. */
    public byte[] getId() {
        return id.clone();
    }

    public byte getHid() {
        return hid;
    }
}
