package org.shangmi.provider;

import java.util.Arrays;
import javax.crypto.SecretKey;
import org.shangmi.core.util.ConstantTime;

/**
 * The result of an SM2 key exchange: the shared key, and the two confirmation values of
 * GB/T 32918.3. The party sends {@link #getConfirmation()} (S_B from the responder, S_A from the
 * initiator) and checks the one it receives with {@link #confirms(byte[])}.
 */
public final class Sm2ExchangedKey implements SecretKey {

    private static final long serialVersionUID = 1L;

    private final String algorithm;
    private final byte[] key;
    private final byte[] own;
    private final byte[] peer;
    private volatile boolean destroyed;

    Sm2ExchangedKey(String algorithm, byte[] key, byte[] own, byte[] peer) {
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

    /** The confirmation this party sends: S_A (0x03) for the initiator, S_B (0x02) for the responder. */
    public byte[] getConfirmation() {
        checkNotDestroyed();
        return own.clone();
    }

    /** Whether {@code received} is the peer's confirmation (S_B for the initiator, S_A for the responder); constant time. */
    public boolean confirms(byte[] received) {
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
