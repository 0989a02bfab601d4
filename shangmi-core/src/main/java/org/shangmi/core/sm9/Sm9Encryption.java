package org.shangmi.core.sm9;

import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Objects;
import java.util.function.Supplier;
import org.shangmi.core.hash.Hmac;
import org.shangmi.core.sm3.Sm3;
import org.shangmi.core.sm4.Sm4;
import org.shangmi.core.util.ConstantTime;

/**
 * SM9 public-key encryption (GB/T 38635.2 clause 8): C1 = [r]Q (Q the recipient's point),
 * K = KDF(C1 || g^r || ID), C2 the message under K1 (XOR with the key stream, or SM4 with K1 as
 * its key), C3 = MAC(K2, C2).
 *
 * <p>The MAC: the standard's MAC(K2, Z) = SM3(Z || K2) ({@link Mac#SM3}, as its examples and
 * gmsm compute it) or HMAC-SM3 keyed with K2 ({@link Mac#HMAC_SM3}, what GmSSL 3 writes and
 * reads). The two do not decrypt each other's ciphertexts; the caller says which.
 *
 * <p>Decryption checks C1 (a point of G1), derives K, and compares C3 in constant time before
 * any plaintext is formed; SM4 padding is checked only after that, so a ciphertext that fails
 * tells nothing about K1. Constant time in r, K, the user key and the plaintext.
 */
public final class Sm9Encryption {

    /** How C2 is formed from the message and K1, with GmSSL's EnType numbers. */
    public enum Cipher {
        /** C2 = M ⊕ K1, K1 as long as M (the standard's sequence cipher). */
        XOR(0),
        /** C2 = SM4-ECB(K1, M with PKCS#7 padding), K1 of 16 bytes (the standard's block-cipher example). */
        SM4_ECB(1),
        /** C2 = IV || SM4-CBC(K1, IV, M with PKCS#7 padding), a random 16-byte IV first (as gmsm writes). */
        SM4_CBC(2);

        /** The EnType integer of the DER ciphertext. */
        public final int enType;

        Cipher(int enType) {
            this.enType = enType;
        }

        /** The cipher with this EnType, or null. */
        public static Cipher ofEnType(long enType) {
            for (Cipher c : values()) {
                if (c.enType == enType) {
                    return c;
                }
            }
            return null;
        }
    }

    /** How C3 is computed from K2 and C2. */
    public enum Mac {
        /** SM3(C2 || K2), GB/T 38635's MAC. */
        SM3,
        /** HMAC-SM3 with key K2 over C2, as GmSSL 3 computes C3. */
        HMAC_SM3
    }

    /** A ciphertext's three parts: C1 (65 bytes, 04 || x || y), C3 (32 bytes), C2. */
    public record Ciphertext(byte[] c1, byte[] c3, byte[] c2) {
    }

    /**
     * Thrown when C3 does not verify (or K1 came out all zeros): the ciphertext was not made for
     * this key and identity. Without a stack trace: filling one in would make a refusal take
     * longer than a success by more than the timing test tolerates, and it says nothing the
     * message does not.
     */
    public static final class BadTagException extends IllegalArgumentException {

        private static final long serialVersionUID = 1L;

        BadTagException(String message) {
            super(message);
        }

        @Override
        public synchronized Throwable fillInStackTrace() {
            return this;
        }
    }

    private static final int K2_LENGTH = 32;
    private static final int BLOCK = Sm4.BLOCK_SIZE;

    private Sm9Encryption() {
    }

    /** Encrypts {@code message[off..off+len)} to the user {@code id} under the encryption master key. */
    public static Ciphertext encrypt(Sm9MasterPoint master, byte[] id, byte hid, byte[] message, int off,
            int len, Cipher cipher, Mac mac, SecureRandom random) {
        Objects.requireNonNull(random, "random");
        return encrypt(master, id, hid, message, off, len, cipher, mac, () -> Sm9.randomScalar(random), random);
    }

    /** {@link #encrypt} with r from {@code nonces}: the standard's examples print theirs. */
    static Ciphertext encrypt(Sm9MasterPoint master, byte[] id, byte hid, byte[] message, int off, int len,
            Cipher cipher, Mac mac, Supplier<byte[]> nonces, SecureRandom random) {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(cipher, "cipher");
        Objects.requireNonNull(mac, "mac");
        Objects.checkFromIndexSize(off, len, message.length);
        G1Curve curve = new G1Curve();
        long[] q = Sm9.userPoint(curve, master, id, hid);
        Tower tower = new Tower();
        long[] w = new long[Tower.FP12];
        long[] c = new long[curve.size];
        int k1Length = cipher == Cipher.XOR ? len : Sm4.KEY_SIZE;
        byte[] key = new byte[k1Length + K2_LENGTH];
        try {
            while (true) {
                byte[] c1 = Sm9.encapsulateOnce(master, curve, q, tower, w, c, nonces.get(), id, key);
                if (k1Length > 0 && ConstantTime.isZero(key, 0, k1Length)) {
                    continue; // the standard draws r again when K1 is all zeros
                }
                byte[] c2 = encryptBody(cipher, key, message, off, len, random);
                return new Ciphertext(c1, mac(mac, key, k1Length, c2), c2);
            }
        } finally {
            Arrays.fill(key, (byte) 0);
            Arrays.fill(w, 0);
            tower.wipe();
            curve.wipe();
        }
    }

    /**
     * Decrypts with the user's key de (129 bytes) and identity.
     *
     * @throws BadTagException if C3 does not verify or K1 is all zeros
     * @throws IllegalArgumentException if C1 is not a point of G1 or the padding is wrong
     */
    public static byte[] decrypt(byte[] userKey, byte[] id, Ciphertext ciphertext, Cipher cipher, Mac mac) {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(cipher, "cipher");
        Objects.requireNonNull(mac, "mac");
        byte[] c2 = ciphertext.c2();
        if (ciphertext.c3().length != K2_LENGTH) {
            throw new IllegalArgumentException("C3 must be 32 bytes, not " + ciphertext.c3().length);
        }
        if (cipher != Cipher.XOR && (c2.length == 0 || c2.length % BLOCK != 0
                || (cipher == Cipher.SM4_CBC && c2.length < 2 * BLOCK))) {
            throw new IllegalArgumentException("C2 of " + c2.length + " bytes cannot be SM4 " + cipher + " output");
        }
        int k1Length = cipher == Cipher.XOR ? c2.length : Sm4.KEY_SIZE;
        byte[] key = new byte[k1Length + K2_LENGTH];
        try {
            Sm9.decapsulateInto(userKey, id, ciphertext.c1(), 0, ciphertext.c1().length, "C1", key);
            byte[] expected = mac(mac, key, k1Length, c2);
            boolean k1Zero = k1Length > 0 && ConstantTime.isZero(key, 0, k1Length);
            if (!ConstantTime.equals(expected, 0, ciphertext.c3(), 0, K2_LENGTH) | k1Zero) {
                throw new BadTagException("SM9 ciphertext does not verify (C3)");
            }
            return decryptBody(cipher, key, c2);
        } finally {
            Arrays.fill(key, (byte) 0);
        }
    }

    private static byte[] mac(Mac mac, byte[] key, int k2Offset, byte[] c2) {
        byte[] out = new byte[K2_LENGTH];
        if (mac == Mac.SM3) {
            Sm3 sm3 = new Sm3();
            sm3.update(c2, 0, c2.length);
            sm3.update(key, k2Offset, K2_LENGTH);
            sm3.digest(out, 0);
            sm3.reset();
        } else {
            Hmac hmac = new Hmac(new Sm3(), "HmacSM3");
            hmac.init(key, k2Offset, K2_LENGTH);
            hmac.update(c2, 0, c2.length);
            hmac.doFinal(out, 0);
            hmac.destroy();
        }
        return out;
    }

    private static byte[] encryptBody(Cipher cipher, byte[] key, byte[] message, int off, int len,
            SecureRandom random) {
        if (cipher == Cipher.XOR) {
            byte[] c2 = new byte[len];
            for (int i = 0; i < len; i++) {
                c2[i] = (byte) (message[off + i] ^ key[i]);
            }
            return c2;
        }
        int iv = cipher == Cipher.SM4_CBC ? BLOCK : 0;
        int padded = (len / BLOCK + 1) * BLOCK;
        byte[] c2 = new byte[iv + padded];
        System.arraycopy(message, off, c2, iv, len);
        Arrays.fill(c2, iv + len, c2.length, (byte) (padded - len));
        byte[] k1 = Arrays.copyOf(key, Sm4.KEY_SIZE);
        Sm4 sm4 = new Sm4(k1);
        try {
            if (cipher == Cipher.SM4_ECB) {
                sm4.encryptBlocks(c2, 0, c2, 0, padded / BLOCK);
                return c2;
            }
            byte[] ivBytes = new byte[BLOCK];
            random.nextBytes(ivBytes);
            System.arraycopy(ivBytes, 0, c2, 0, BLOCK);
            for (int at = BLOCK; at < c2.length; at += BLOCK) {
                for (int i = 0; i < BLOCK; i++) {
                    c2[at + i] ^= c2[at - BLOCK + i];
                }
                sm4.encryptBlock(c2, at, c2, at);
            }
            return c2;
        } finally {
            sm4.wipe();
            Arrays.fill(k1, (byte) 0);
        }
    }

    private static byte[] decryptBody(Cipher cipher, byte[] key, byte[] c2) {
        if (cipher == Cipher.XOR) {
            byte[] m = new byte[c2.length];
            for (int i = 0; i < m.length; i++) {
                m[i] = (byte) (c2[i] ^ key[i]);
            }
            return m;
        }
        int iv = cipher == Cipher.SM4_CBC ? BLOCK : 0;
        byte[] padded = new byte[c2.length - iv];
        byte[] k1 = Arrays.copyOf(key, Sm4.KEY_SIZE);
        Sm4 sm4 = new Sm4(k1);
        try {
            sm4.decryptBlocks(c2, iv, padded, 0, padded.length / BLOCK);
            if (cipher == Cipher.SM4_CBC) {
                for (int i = 0; i < padded.length; i++) {
                    padded[i] ^= c2[i];
                }
            }
        } finally {
            sm4.wipe();
            Arrays.fill(k1, (byte) 0);
        }
        int pad = padded[padded.length - 1] & 0xff;
        boolean valid = pad >= 1 && pad <= BLOCK;
        for (int i = 0; valid && i < pad; i++) {
            valid = padded[padded.length - 1 - i] == (byte) pad;
        }
        if (!valid) {
            Arrays.fill(padded, (byte) 0);
            // C3 verified, so only the holder of K1 could have made this C2
            throw new IllegalArgumentException("SM9 ciphertext has invalid SM4 padding");
        }
        byte[] m = Arrays.copyOf(padded, padded.length - pad);
        Arrays.fill(padded, (byte) 0);
        return m;
    }
}
