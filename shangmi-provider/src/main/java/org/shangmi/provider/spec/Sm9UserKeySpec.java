package org.shangmi.provider.spec;

import java.security.PrivateKey;
import java.security.spec.KeySpec;
import java.util.Objects;

/**
 * Asks {@code KeyFactory "SM9"} to extract a user's private key from a master private key, as
 * the KGC does: {@code generatePrivate(new Sm9UserKeySpec(master, id, hid))}. A signature
 * master key gives a signing key; an encryption master key gives a key for decryption, key
 * decapsulation and (with its own hid) key exchange.
 */
public final class Sm9UserKeySpec implements KeySpec {

    private final PrivateKey masterKey;
    private final byte[] id;
    private final byte hid;

    /**
     * @param masterKey an SM9 master private key of this provider
     * @param id the user's identity (copied)
     * @param hid the function identifier agreed for this use ({@link Sm9ParameterSpec#HID_SIGN},
     *            {@link Sm9ParameterSpec#HID_EXCHANGE}, {@link Sm9ParameterSpec#HID_ENCRYPT})
     */
    public Sm9UserKeySpec(PrivateKey masterKey, byte[] id, byte hid) {
        this.masterKey = Objects.requireNonNull(masterKey, "masterKey");
        this.id = Objects.requireNonNull(id, "id").clone();
        this.hid = hid;
    }

    public PrivateKey getMasterKey() {
        return masterKey;
    }

    /** A copy of the identity. */
    public byte[] getId() {
        return id.clone();
    }

    public byte getHid() {
        return hid;
    }
}
