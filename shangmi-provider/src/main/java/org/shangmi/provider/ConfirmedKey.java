package org.shangmi.provider;

import java.util.Arrays;
import javax.crypto.SecretKey;
import org.shangmi.core.util.ConstantTime;

/**
 * A key agreed by an exchange with key confirmation (SM2 of GB/T 32918.3, SM9 of GB/T 38635.2):
 * the shared key, the confirmation this party sends and the one it expects from its peer.
 */
abstract class ConfirmedKey implements SecretKey {

    private static final long serialVersionUID = 1L;

    private final String algorithm;
    private final byte[] key;
    private final byte[] own;
    private final byte[] peer;
    private volatile boolean destroyed;

    ConfirmedKey(String algorithm, byte[] key, byte[] own, byte[] peer) {
        this.algorithm = algorithm;
        this.key = key.clone();
        this.own = own.clone();
        this.peer = peer.clone();
    }

    @Override
    public String getAlgorithm() {
        return algorithm;
    }

    @Override
    public String getFormat() {
        return "RAW";
    }

    @Override
    public byte[] getEncoded() {
        checkNotDestroyed();
        return key.clone();
    }

    /** The confirmation this party sends: S_A from the initiator, S_B from the responder. */
    public final byte[] getConfirmation() {
        checkNotDestroyed();
        return own.clone();
    }

    /** Whether {@code received} is the peer's confirmation (S_B for the initiator, S_A for the responder); constant time. */
    public final boolean confirms(byte[] received) {
        checkNotDestroyed();
        return received != null && received.length == peer.length
                && ConstantTime.equals(peer, 0, received, 0, peer.length);
    }

    @Override
    public void destroy() {
        destroyed = true;
        Arrays.fill(key, (byte) 0);
        Arrays.fill(own, (byte) 0);
        Arrays.fill(peer, (byte) 0);
    }

    @Override
    public boolean isDestroyed() {
        return destroyed;
    }

    private void checkNotDestroyed() {
        if (destroyed) {
            throw new IllegalStateException("the exchanged key has been destroyed");
        }
    }
}
