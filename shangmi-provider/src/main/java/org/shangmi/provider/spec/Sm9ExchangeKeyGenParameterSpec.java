package org.shangmi.provider.spec;

import java.security.PublicKey;
import java.security.spec.AlgorithmParameterSpec;
import java.util.Objects;

/**
 * Asks {@code KeyPairGenerator "SM9"} for one party's ephemeral key pair of an SM9 key exchange:
 * a random r and R = [r]Q, where Q = [H1(peerId || hid)]P1 + Ppub-e is the peer's point under
 * the encryption master public key. Send the public half (R) to the peer; give the private half
 * to {@code KeyAgreement "SM9"} with an {@link Sm9KeyExchangeSpec}.
 */
public final class Sm9ExchangeKeyGenParameterSpec implements AlgorithmParameterSpec {

    private final PublicKey masterPublicKey;
    private final byte[] peerId;
    private final byte hid;

    /**
     * @param masterPublicKey the encryption master public key both parties' keys were issued under
     * @param peerId the peer's identity (copied)
     * @param hid the hid of the key-exchange keys ({@link Sm9ParameterSpec#HID_EXCHANGE} in GmSSL)
     */
    public Sm9ExchangeKeyGenParameterSpec(PublicKey masterPublicKey, byte[] peerId, byte hid) {
        this.masterPublicKey = Objects.requireNonNull(masterPublicKey, "masterPublicKey");
        this.peerId = Objects.requireNonNull(peerId, "peerId").clone();
        this.hid = hid;
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
}
