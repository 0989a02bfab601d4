package org.shangmi.provider.spec;

import java.security.PrivateKey;
import java.security.spec.AlgorithmParameterSpec;
import java.util.Objects;

/**
 * What one party of an SM9 key exchange (GB/T 38635.2) knows: its user key (extracted with the
 * exchange's hid from the encryption master key), its identity and the peer's, its role, and
 * the length of the key to agree. {@code KeyAgreement "SM9"} takes the party's ephemeral private
 * key (from {@link Sm9ExchangeKeyGenParameterSpec}) with this spec; {@code doPhase} takes the
 * peer's ephemeral public key.
 */
public final class Sm9KeyExchangeSpec implements AlgorithmParameterSpec {

    private final PrivateKey userKey;
    private final byte[] ownId;
    private final byte[] peerId;
    private final boolean initiator;
    private final int keyLength;

    /**
     * @param initiator true for party A, who starts the exchange and checks S_B; false for B
     * @param keyLength bytes of key to derive, at least 1
     */
    public Sm9KeyExchangeSpec(PrivateKey userKey, byte[] ownId, byte[] peerId, boolean initiator, int keyLength) {
        this.userKey = Objects.requireNonNull(userKey, "userKey");
        this.ownId = Objects.requireNonNull(ownId, "ownId").clone();
        this.peerId = Objects.requireNonNull(peerId, "peerId").clone();
        if (keyLength <= 0) {
            throw new IllegalArgumentException("the shared key length must be positive, got " + keyLength);
        }
        this.initiator = initiator;
        this.keyLength = keyLength;
    }

    public PrivateKey getUserKey() {
        return userKey;
    }

    /** A copy of this party's identity. */
    public byte[] getOwnId() {
        return ownId.clone();
    }

    /** A copy of the peer's identity. */
    public byte[] getPeerId() {
        return peerId.clone();
    }

    public boolean isInitiator() {
        return initiator;
    }

    public int getKeyLength() {
        return keyLength;
    }
}
