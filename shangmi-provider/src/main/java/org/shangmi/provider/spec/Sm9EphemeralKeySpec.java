package org.shangmi.provider.spec;

import java.security.PublicKey;
import java.security.spec.KeySpec;
import java.util.Arrays;
import java.util.Objects;
import javax.security.auth.Destroyable;

/**
 * One party's saved ephemeral secret r of an SM9 key exchange, with what it was made for, so
 * that {@code KeyFactory "SM9"} can rebuild the ephemeral private key (and its R) in a later
 * step, as GmSSL's {@code sm9exch} does between its stages. {@link #destroy()} wipes the copy of
 * r it holds.
 */
public final class Sm9EphemeralKeySpec implements KeySpec, Destroyable {

    private final byte[] r;
    private final PublicKey masterPublicKey;
    private final byte[] peerId;
    private final byte hid;
    private volatile boolean destroyed;

    /**
     * @param r the 32-byte secret (copied)
     * @param masterPublicKey the encryption master public key
     * @param peerId the peer's identity (copied)
     * @param hid the hid of the key-exchange keys
     */
    public Sm9EphemeralKeySpec(byte[] r, PublicKey masterPublicKey, byte[] peerId, byte hid) {
        this.r = Objects.requireNonNull(r, "r").clone();
        this.masterPublicKey = Objects.requireNonNull(masterPublicKey, "masterPublicKey");
        this.peerId = Objects.requireNonNull(peerId, "peerId").clone();
        this.hid = hid;
    }

    /** A copy of r; the caller wipes it. */
    public byte[] getR() {
        if (destroyed) {
            throw new IllegalStateException("destroyed");
        }
        return r.clone();
    }

    public PublicKey getMasterPublicKey() {
        return masterPublicKey;
    }

    /** A copy of the peer's identity. */
    public byte[] getPeerId() {
        return peerId.clone();
    }

    public byte getHid() {
        return hid;
    }

    @Override
    public void destroy() {
        destroyed = true;
        Arrays.fill(r, (byte) 0);
    }

    @Override
    public boolean isDestroyed() {
        return destroyed;
    }
}
