package org.shangmi.provider.spec;

import java.security.spec.AlgorithmParameterSpec;
import java.util.Objects;

/**
 * Parameters of {@code Cipher "SM9"}: the recipient's identity, how C2 is formed, how C3 is
 * computed, and the ciphertext's layout.
 *
 * <p>The defaults follow GB/T 38635: the key-stream (XOR) cipher, C3 = SM3(C2 || K2), and the
 * DER layout GmSSL and gmsm write ({@code SEQUENCE {EnType INTEGER, C1 BIT STRING, C3 OCTET
 * STRING, C2 OCTET STRING}}). GmSSL 3 computes C3 as HMAC-SM3 instead ({@link Mac#HMAC_SM3}):
 * to exchange ciphertexts with it, say so; the two MACs do not read each other's ciphertexts,
 * and decryption never tries the other one.
 */
public final class Sm9CipherParameterSpec implements AlgorithmParameterSpec {

    /** How C2 is formed from the message and K1. */
    public enum Cipher {
        /** C2 = M ⊕ K1, the key stream as long as M (EnType 0). */
        XOR,
        /** SM4-ECB with PKCS#7 padding, K1 of 16 bytes (EnType 1; the standard's block-cipher example). */
        SM4_ECB,
        /** SM4-CBC with PKCS#7 padding, a random IV before the ciphertext in C2 (EnType 2; as gmsm writes it). */
        SM4_CBC
    }

    /** How C3 is computed. */
    public enum Mac {
        /** SM3(C2 || K2), GB/T 38635's MAC, as its examples and gmsm compute it. */
        SM3,
        /** HMAC-SM3 keyed with K2, as GmSSL 3 computes it. */
        HMAC_SM3
    }

    /** How the parts are laid out. */
    public enum Layout {
        /** The DER SEQUENCE of GmSSL and gmsm, C1 with its 04 prefix. */
        DER,
        /** C1 (x || y, 64 bytes) || C3 || C2, as the standard's examples print it. */
        C1C3C2
    }

    private final Sm9ParameterSpec recipient;
    private final Cipher cipher;
    private final Mac mac;
    private final Layout layout;

    /** The recipient, with the standard's XOR cipher and MAC, in DER. */
    public Sm9CipherParameterSpec(Sm9ParameterSpec recipient) {
        this(recipient, Cipher.XOR, Mac.SM3, Layout.DER);
    }

    public Sm9CipherParameterSpec(Sm9ParameterSpec recipient, Cipher cipher, Mac mac, Layout layout) {
        this.recipient = Objects.requireNonNull(recipient, "recipient");
        this.cipher = Objects.requireNonNull(cipher, "cipher");
        this.mac = Objects.requireNonNull(mac, "mac");
        this.layout = Objects.requireNonNull(layout, "layout");
    }

    public Sm9ParameterSpec getRecipient() {
        return recipient;
    }

    public Cipher getCipher() {
        return cipher;
    }

    public Mac getMac() {
        return mac;
    }

    public Layout getLayout() {
        return layout;
    }
}
