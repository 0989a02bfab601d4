package org.shangmi.provider;

import java.security.PrivateKey;
import java.util.Arrays;
import javax.security.auth.Destroyable;

/**
 * One party's ephemeral secret r of an SM9 key exchange, with what it was made for: the master
 * public key, the peer's identity and hid, and its point R. Its encoding is r itself (32 bytes,
 * "RAW"). Made by {@code KeyPairGenerator "SM9"} with an
 * {@link org.shangmi.provider.spec.Sm9ExchangeKeyGenParameterSpec}; used once by
 * {@code KeyAgreement "SM9"}. Not serialisable in use: {@link #destroy()} wipes r.
 */
public final class Sm9EphemeralPrivateKey implements PrivateKey, Destroyable {

    private static final long serialVersionUID = 1L;

    private final byte[] r;
    private final Sm9EphemeralPublicKey publicKey;
    private final Sm9MasterPublicKey master;
    private final byte[] peerId;
    private final byte hid;
    private volatile boolean destroyed;

    Sm9EphemeralPrivateKey(byte[] r, Sm9EphemeralPublicKey publicKey, Sm9MasterPublicKey master, byte[] peerId, byte hid) {
        this.r = r.clone();
        this.publicKey = publicKey;
        this.master = master;
        this.peerId = peerId.clone();
        this.hid = hid;
    }

    public Sm9EphemeralPublicKey getPublicKey() {
        return publicKey;
    }

    Sm9MasterPublicKey master() {
        return master;
    }

    byte[] peerId() {
        return peerId.clone();
    }

    byte hid() {
        return hid;
    }

    synchronized byte[] scalarCopy() {
        if (destroyed) {
            throw new IllegalStateException("the SM9 ephemeral key has been destroyed");
        }
        return r.clone();
    }

    @Override
    public String getAlgorithm() {
        return "SM9";
    }

    @Override
    public String getFormat() {
        return "RAW";
    }

    @Override
    public byte[] getEncoded() {
        return scalarCopy();
    }

    @Override
    public synchronized void destroy() {
        destroyed = true;
        Arrays.fill(r, (byte) 0);
    }

    @Override
    public boolean isDestroyed() {
        return destroyed;
    }

    @Override
    public String toString() {
        return "SM9 ephemeral private key for " + publicKey;
    }

    private void writeObject(java.io.ObjectOutputStream out) throws java.io.IOException {
        throw new java.io.NotSerializableException("an SM9 ephemeral key is used once, in this process");
    }
}
