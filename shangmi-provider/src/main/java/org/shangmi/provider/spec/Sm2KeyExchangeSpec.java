package org.shangmi.provider.spec;

import java.security.interfaces.ECPrivateKey;
import java.security.interfaces.ECPublicKey;
import java.security.spec.AlgorithmParameterSpec;
import java.util.Objects;

/**
 * What one party of an SM2 key exchange (GB/T 32918.3) knows before it starts: its own ID and
 * static key pair, the peer's ID and static public key, its role, and the length of the key to
 * agree. {@code KeyAgreement.init} takes the party's ephemeral private key with this spec;
 * {@code doPhase} takes the peer's ephemeral public key.
 */
public final class Sm2KeyExchangeSpec implements AlgorithmParameterSpec {

    private final byte[] ownId;
    private final ECPrivateKey ownStaticPrivateKey;
    private final ECPublicKey ownStaticPublicKey;
    private final byte[] peerId;
    private final ECPublicKey peerStaticPublicKey;
    private final boolean initiator;
    private final int keyLength;

    /**
     * @param initiator true for party A, who starts the exchange and checks S_B; false for B
     * @param keyLength bytes of key to derive, at least 1
     * @throws IllegalArgumentException if an ID is longer than {@link Sm2SignatureSpec#MAX_ID_BYTES}
     *         or the key length is not positive
     */
    public Sm2KeyExchangeSpec(byte[] ownId, ECPrivateKey ownStaticPrivateKey, ECPublicKey ownStaticPublicKey,
            byte[] peerId, ECPublicKey peerStaticPublicKey, boolean initiator, int keyLength) {
        this.ownId = checkId(ownId, "ownId");
        this.ownStaticPrivateKey = Objects.requireNonNull(ownStaticPrivateKey, "ownStaticPrivateKey");
        this.ownStaticPublicKey = Objects.requireNonNull(ownStaticPublicKey, "ownStaticPublicKey");
        this.peerId = checkId(peerId, "peerId");
        this.peerStaticPublicKey = Objects.requireNonNull(peerStaticPublicKey, "peerStaticPublicKey");
        if (keyLength <= 0) {
            throw new IllegalArgumentException("the shared key length must be positive, got " + keyLength);
        }
        this.initiator = initiator;
        this.keyLength = keyLength;
    }

    private static byte[] checkId(byte[] id, String name) {
        Objects.requireNonNull(id, name);
        if (id.length > Sm2SignatureSpec.MAX_ID_BYTES) {
            throw new IllegalArgumentException(name + " exceeds " + Sm2SignatureSpec.MAX_ID_BYTES + " bytes");
        }
        return id.clone();
    }

    public byte[] getOwnId() {
        return ownId.clone();
    }

    public ECPrivateKey getOwnStaticPrivateKey() {
        return ownStaticPrivateKey;
    }

    public ECPublicKey getOwnStaticPublicKey() {
        return ownStaticPublicKey;
    }

    public byte[] getPeerId() {
        return peerId.clone();
    }

    public ECPublicKey getPeerStaticPublicKey() {
        return peerStaticPublicKey;
    }

    public boolean isInitiator() {
        return initiator;
    }

    /** Bytes of key to derive. */
    public int getKeyLength() {
        return keyLength;
    }
}
