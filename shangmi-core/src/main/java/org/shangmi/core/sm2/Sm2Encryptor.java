package org.shangmi.core.sm2;

import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Objects;
import org.shangmi.core.kdf.Sm3Kdf;
import org.shangmi.core.sm3.Sm3;
import org.shangmi.core.util.ConstantTime;

/**
 * SM2 public-key encryption of GB/T 32918.4-2016 on sm2p256v1, producing the standard's raw
 * C1 || C3 || C2: C1 = 04 || x1 || y1 (k·G, 65 bytes), C3 = SM3(x2 || M || y2) (32 bytes),
 * C2 = M ⊕ KDF(x2 || y2) (as long as M). Other layouts (C1C2C3, GM/T 0009 DER) are conversions
 * of this one.
 *
 * <p>Decryption is constant time in the private key; it checks C1 (on the curve), derives the
 * mask, and compares C3 in constant time before it reports success. On any failure it returns
 * −1 and leaves zeros where the plaintext would have gone: nothing is released.
 *
 * <p>The ephemeral k is hedged: it comes from an HMAC-DRBG ({@link HedgedNonces}) seeded with 32
 * bytes of the caller's random source and SM3(public key || M), so that a random source that
 * repeats itself still gives different messages different k. Only an {@link Sm2KnownNonce}, for
 * known-answer tests, gives k directly.
 *
 * <p>An instance owns its workspaces and is not thread-safe. The input and output ranges of one
 * call must not overlap.
 */
public final class Sm2Encryptor {

    /** Bytes of C1 (uncompressed point) and of C3. */
    public static final int C1_BYTES = 65;
    public static final int C3_BYTES = 32;
    /** Bytes a ciphertext adds to its plaintext. */
    public static final int OVERHEAD = C1_BYTES + C3_BYTES;

    private final Sm2Curve curve = new Sm2Curve();
    private final Sm2OrderField order = new Sm2OrderField();
    private final Sm2Point point = new Sm2Point();
    private final Sm2Point peer = new Sm2Point();
    private final long[] scalar = Sm2OrderField.create();
    private final byte[] nonce = new byte[32];
    private final byte[] shared = new byte[64];
    private final byte[] expectedTag = new byte[C3_BYTES];
    private final Sm3 sm3 = new Sm3();
    private final Sm3Kdf kdf = new Sm3Kdf();
    private final HedgedNonces nonces = new HedgedNonces();
    private final byte[] fresh = new byte[32];
    private final byte[] messageDigest = new byte[Sm3.DIGEST_LENGTH];
    private static final byte[] NONE = new byte[0];

    /**
     * Encrypts {@code in[off..off+len)} for the public key (affine x || y), writing
     * C1 || C3 || C2 ({@link #OVERHEAD} + len bytes) to {@code out} from {@code outOff}.
     *
     * @return the number of bytes written
     * @throws IllegalArgumentException if the public key is not a point of the curve
     */
    public int encrypt(byte[] publicKey, byte[] in, int off, int len, SecureRandom random, byte[] out, int outOff) {
        Objects.checkFromIndexSize(off, len, in.length);
        Objects.checkFromIndexSize(outOff, OVERHEAD + len, out.length);
        if (publicKey.length != 64 || !curve.fromAffine(peer, publicKey, 0)) {
            throw new IllegalArgumentException("not an SM2 public key: the point is not on sm2p256v1");
        }
        int c2 = outOff + OVERHEAD;
        try {
            boolean known = random instanceof Sm2KnownNonce;
            if (!known) {
                random.nextBytes(fresh);
                sm3.reset();
                sm3.update(publicKey, 0, publicKey.length);
                sm3.update(in, off, len);
                sm3.digest(messageDigest, 0);
                nonces.seed(fresh, messageDigest, NONE, NONE);
            }
            for (int candidate = 0; candidate < Sm2Signer.MAX_CANDIDATES; candidate++) {
                if (known) {
                    random.nextBytes(nonce);
                } else {
                    nonces.next(nonce);
                }
                if (!order.decodeScalar(nonce, scalar)) {
                    continue; // k must lie in [1, n − 1]
                }
                curve.multiplyGenerator(point, nonce, 0);
                out[outOff] = 0x04;
                curve.toAffine(point, out, outOff + 1);
                curve.multiply(point, peer, nonce, 0);
                curve.toAffine(point, shared, 0); // k < n and the key is a curve point: never the identity
                kdf.derive(shared, 0, 64, out, c2, len);
                if (len > 0 && ConstantTime.isZero(out, c2, len)) {
                    continue; // the standard's rule: an all-zero mask means pick another k
                }
                for (int i = 0; i < len; i++) {
                    out[c2 + i] ^= in[off + i];
                }
                tag(in, off, len, out, outOff + C1_BYTES);
                return OVERHEAD + len;
            }
            throw Sm2Signer.brokenRandom("nonces"); // from the DRBG, as likely as 2^-2048
        } finally {
            nonces.wipe();
            Arrays.fill(fresh, (byte) 0);
            Arrays.fill(nonce, (byte) 0);
            Arrays.fill(scalar, 0);
            Arrays.fill(shared, (byte) 0);
        }
    }

    /**
     * Decrypts the raw C1 || C3 || C2 at {@code in[off..off+len)} with the private key, writing
     * the plaintext ({@code len − OVERHEAD} bytes) to {@code out} from {@code outOff}.
     *
     * @return the plaintext length, or −1 if the ciphertext is too short to hold C1 and C3, is
     *         malformed, or does not authenticate (then the output range holds zeros)
     * @throws IllegalArgumentException if the private key is not in [1, n − 1]
     */
    public int decrypt(byte[] privateKey, byte[] in, int off, int len, byte[] out, int outOff) {
        Objects.checkFromIndexSize(off, len, in.length);
        if (!order.decodeScalar(privateKey, scalar)) {
            Arrays.fill(scalar, 0);
            throw new IllegalArgumentException("SM2 private key must lie in [1, n - 1]");
        }
        Arrays.fill(scalar, 0);
        if (len < OVERHEAD) {
            return -1;
        }
        int plaintextLength = len - OVERHEAD;
        Objects.checkFromIndexSize(outOff, plaintextLength, out.length);
        if (in[off] != 0x04 || !curve.fromAffine(peer, in, off + 1)) {
            return fail(out, outOff, plaintextLength);
        }
        int c2 = off + OVERHEAD;
        try {
            curve.multiply(point, peer, privateKey, 0);
            if (!curve.toAffine(point, shared, 0)) {
                return fail(out, outOff, plaintextLength);
            }
            kdf.derive(shared, 0, 64, out, outOff, plaintextLength);
            // the standard refuses an all-zero mask; an empty message has none
            int maskValid = plaintextLength == 0 ? -1 : ~ConstantTime.isZeroMask(out, outOff, plaintextLength);
            for (int i = 0; i < plaintextLength; i++) {
                out[outOff + i] ^= in[c2 + i];
            }
            tag(out, outOff, plaintextLength, expectedTag, 0);
            // valid or not, the same work: the plaintext is kept or zeroed by a mask, not a branch
            int valid = maskValid & ConstantTime.equalsMask(expectedTag, 0, in, off + C1_BYTES, C3_BYTES);
            for (int i = 0; i < plaintextLength; i++) {
                out[outOff + i] &= (byte) valid;
            }
            return (plaintextLength & valid) | ~valid;
        } finally {
            Arrays.fill(shared, (byte) 0);
            point.wipe();
        }
    }

    /** Zeros every array of this workspace: the pool calls it before it keeps one. */
    void wipeWorkspace() {
        point.wipe();
        peer.wipe();
        Arrays.fill(scalar, 0);
        Arrays.fill(nonce, (byte) 0);
        Arrays.fill(shared, (byte) 0);
        Arrays.fill(expectedTag, (byte) 0);
        Arrays.fill(fresh, (byte) 0);
        Arrays.fill(messageDigest, (byte) 0);
        sm3.reset();
        nonces.wipe();
        curve.wipe();
        order.wipe();
    }

    /** Zeros the plaintext range and reports failure. */
    private static int fail(byte[] out, int outOff, int length) {
        Arrays.fill(out, outOff, outOff + length, (byte) 0);
        return -1;
    }

    /** C3 = SM3(x2 || M || y2), from the shared point in {@code shared}. */
    private void tag(byte[] message, int off, int len, byte[] out, int outOff) {
        sm3.update(shared, 0, 32);
        sm3.update(message, off, len);
        sm3.update(shared, 32, 32);
        sm3.digest(out, outOff);
    }
}
