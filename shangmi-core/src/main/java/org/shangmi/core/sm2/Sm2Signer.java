package org.shangmi.core.sm2;

import java.security.ProviderException;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Objects;
import org.shangmi.core.backend.DigestEngine;
import org.shangmi.core.backend.Sm2Engine;

/**
 * The SM2 digital signature algorithm of GB/T 32918.2-2016 on sm2p256v1, over a message digest
 * e that the caller computes as SM3(Z_A || M) ({@link #za} gives Z_A).
 *
 * <p>Signing is constant time in the private key and the nonce: the scalar multiplication is
 * {@link Sm2Curve#multiply}, the arithmetic modulo n is {@link Sm2OrderField}'s, and the only
 * branches are the standard's retries, taken with negligible probability. Verification handles
 * public data only, in variable time ({@link Sm2CurveVar}).
 *
 * <p>The nonce k is hedged: it is one SM3 hash of 32 bytes of the caller's random source, the
 * private key and the digest ({@link SigningNonces}), so that a failing source cannot make two
 * signatures of different messages share a nonce (which would give the private key away). Only an
 * {@link Sm2KnownNonce}, for known-answer tests, gives k directly. A random source that yields
 * nothing usable many times in a row (key generation) is reported, never waited on forever.
 *
 * <p>An instance owns its workspaces and is not thread-safe. Scalars and signatures are 32-byte
 * big-endian integers; a public key is its affine x || y (64 bytes).
 */
public final class Sm2Signer {

    /** Bytes of a private key, a digest e, and each of r and s. */
    public static final int SCALAR_BYTES = 32;

    /** The most ID bytes Z_A can describe: ENTL holds the ID's length in bits in 16 bits. */
    public static final int MAX_ID_BYTES = 0xffff / 8;

    private static final byte[] CURVE_CONSTANTS = HexFormat.of().parseHex(
            "FFFFFFFEFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF00000000FFFFFFFFFFFFFFFC"
            + "28E9FA9E9D9F5E344D5A9E4BCF6509A7F39789F515AB8F92DDBCBD414D940E93"
            + "32C4AE2C1F1981195F9904466A39C9948FE30BBFF2660BE1715A4589334C74C7"
            + "BC3736A2F4F6779C59BDCEE36B692153D0A9877CC62A474002DF32E52139F0A0");

    private final Sm2Curve curve = new Sm2Curve();
    /** The verification arithmetic, made by the first verification. */
    private Sm2CurveVar curveVar;
    /**
     * Whether {@link #curveVar} has been used since {@link #wipeWorkspace} last wiped it: its
     * tables are kilobytes, which signing never touches, so the pool's wipe after a signature
     * skips them.
     */
    private boolean curveVarUsed;
    private final Sm2OrderField order = new Sm2OrderField();
    private final Sm2Point point = new Sm2Point();
    private final Sm2Point other = new Sm2Point();
    private final long[] d = Sm2OrderField.create();
    private final long[] k = Sm2OrderField.create();
    private final long[] e = Sm2OrderField.create();
    private final long[] r = Sm2OrderField.create();
    private final long[] s = Sm2OrderField.create();
    private final long[] t = Sm2OrderField.create();
    private final byte[] nonce = new byte[SCALAR_BYTES];
    private final byte[] affine = new byte[2 * SCALAR_BYTES];
    private final SigningNonces nonces = new SigningNonces();

    /**
     * Candidates drawn before giving up: a working source fails a candidate with probability
     * about 2^−32, so 64 failures in a row mean the source is broken.
     */
    static final int MAX_CANDIDATES = 64;

    /** The exception for a random source that keeps giving values out of range. */
    static ProviderException brokenRandom(String what) {
        return new ProviderException("the random source gave " + MAX_CANDIDATES + " unusable " + what
                + " in a row: it is broken");
    }

    /**
     * Z_A = SM3(ENTL || ID || a || b || xG || yG || xA || yA), written to {@code out[off..off+32)}.
     *
     * @param sm3 an SM3 engine (reset first, left reset)
     * @param publicKey the signer's public key, affine x || y
     * @throws IllegalArgumentException if the ID is longer than {@link #MAX_ID_BYTES} or the key
     *         is not 64 bytes
     */
    public static void za(DigestEngine sm3, byte[] id, byte[] publicKey, byte[] out, int off) {
        if (id.length > MAX_ID_BYTES) {
            throw new IllegalArgumentException("SM2 ID of " + id.length + " bytes exceeds " + MAX_ID_BYTES);
        }
        if (publicKey.length != 2 * SCALAR_BYTES) {
            throw new IllegalArgumentException("Z_A takes the public key as affine x || y, 64 bytes; got " + publicKey.length);
        }
        int bits = id.length * 8;
        sm3.reset();
        sm3.update((byte) (bits >>> 8));
        sm3.update((byte) bits);
        sm3.update(id, 0, id.length);
        sm3.update(CURVE_CONSTANTS, 0, CURVE_CONSTANTS.length);
        sm3.update(publicKey, 0, 2 * SCALAR_BYTES);
        sm3.digest(out, off);
    }

    /**
     * Writes the public key d·G (affine x || y) of the private key d.
     *
     * @throws IllegalArgumentException if d is not in [1, n − 2]
     */
    public void publicKey(byte[] privateKey, byte[] out, int off) {
        Objects.checkFromIndexSize(off, 2 * SCALAR_BYTES, out.length);
        loadPrivateKey(privateKey);
        curve.multiplyGenerator(point, privateKey, 0);
        curve.toAffine(point, out, off);
        wipe();
    }

    /**
     * Picks a private key uniformly in [1, n − 2] (by rejection) and writes it (32 bytes) and its
     * public key (64 bytes).
     */
    public void generateKeyPair(SecureRandom random, byte[] privateKey, byte[] publicKey) {
        Objects.checkFromIndexSize(0, SCALAR_BYTES, privateKey.length);
        Objects.checkFromIndexSize(0, 2 * SCALAR_BYTES, publicKey.length);
        for (int candidate = 0;; candidate++) {
            if (candidate == MAX_CANDIDATES) {
                wipe();
                throw brokenRandom("private keys");
            }
            random.nextBytes(nonce);
            boolean inRange = order.decodeScalar(nonce, d);
            Sm2OrderField.setOne(t);
            order.add(t, t, d);
            if (inRange & !Sm2OrderField.isZero(t)) { // a rejected candidate is discarded: no leak
                break;
            }
        }
        System.arraycopy(nonce, 0, privateKey, 0, SCALAR_BYTES);
        curve.multiplyGenerator(point, nonce, 0);
        curve.toAffine(point, publicKey, 0);
        wipe();
    }

    /**
     * Validates d and precomputes (1 + d)^−1, which every signature needs.
     *
     * @throws IllegalArgumentException if d is not in [1, n − 2]
     */
    public PreparedKey prepare(byte[] privateKey) {
        loadPrivateKey(privateKey);
        try {
            order.invert(t, t);
            return new PreparedKey(privateKey.clone(), t.clone());
        } finally {
            wipe();
        }
    }

    /**
     * Signs the digest e with a key prepared once ({@link #prepare}), writing r || s (64 bytes) to
     * {@code out}.
     *
     * @param random the source of the nonce k
     * @throws IllegalStateException if the key has been destroyed
     */
    public void sign(PreparedKey key, byte[] digest, SecureRandom random, byte[] out, int off) {
        if (digest.length != SCALAR_BYTES) {
            throw new IllegalArgumentException("SM2 signs a 32-byte digest, got " + digest.length + " bytes");
        }
        Objects.checkFromIndexSize(off, 2 * SCALAR_BYTES, out.length);
        key.load(order, d, t);
        try {
            order.decode(digest, 0, e); // e mod n
            boolean known = random instanceof Sm2KnownNonce;
            if (!known) {
                nonces.start(random, order, d, digest);
            }
            // s = (1 + d)^-1 · (k − r·d)
            for (int candidate = 0; candidate < MAX_CANDIDATES; candidate++) {
                if (known) {
                    random.nextBytes(nonce);
                } else {
                    nonces.next(nonce);
                }
                if (!order.decodeScalar(nonce, k)) {
                    continue; // k must lie in [1, n − 1]; decided on the whole candidate at once
                }
                curve.multiplyGenerator(point, nonce, 0);
                curve.toAffineX(point, affine, 0); // k ≠ 0 mod n, so k·G is not the identity
                order.decode(affine, 0, r); // x1 mod n
                order.add(r, r, e);
                order.add(s, r, k);
                if (Sm2OrderField.isZero(r) || Sm2OrderField.isZero(s)) {
                    continue; // r = 0 or r + k = n
                }
                order.mul(s, r, d);
                order.sub(s, k, s);
                order.mul(s, s, t);
                if (Sm2OrderField.isZero(s)) {
                    continue;
                }
                order.encode(r, out, off);
                order.encode(s, out, off + SCALAR_BYTES);
                return;
            }
            throw brokenRandom("nonces"); // from SM3, as likely as 2^-2048
        } finally {
            nonces.wipe();
            wipe();
        }
    }

    /**
     * Signs the digest e with an unprepared private key; {@link #prepare} once and
     * {@link #sign(PreparedKey, byte[], SecureRandom, byte[], int)} is faster for repeated use.
     *
     * @throws IllegalArgumentException if the private key is not in [1, n − 2]
     */
    public void sign(byte[] privateKey, byte[] digest, SecureRandom random, byte[] out, int off) {
        PreparedKey key = prepare(privateKey);
        try {
            sign(key, digest, random, out, off);
        } finally {
            key.destroy();
        }
    }

    /**
     * Whether r || s (64 bytes at {@code signature[off..]}) is a valid signature of the 32-byte
     * digest e under the public key (affine x || y, 64 bytes). Never throws on bad values: a
     * key or digest of another length, a point off the curve, r or s outside [1, n − 1], or a
     * wrong signature all give false.
     */
    public boolean verify(byte[] publicKey, byte[] digest, byte[] signature, int off) {
        Objects.checkFromIndexSize(off, 2 * SCALAR_BYTES, signature.length);
        if (publicKey.length != 2 * SCALAR_BYTES || !curve.fromAffine(other, publicKey, 0)) {
            return false;
        }
        return check(null, digest, signature, off);
    }

    /**
     * The public key (affine x || y) with its {@link Sm2CurveVar#combTable}, for keys that verify
     * often: verification then needs no doublings.
     *
     * @throws IllegalArgumentException if the key is not a point of the curve
     */
    public PreparedPublicKey preparePublic(byte[] publicKey) {
        if (publicKey.length != 2 * SCALAR_BYTES || !curve.fromAffine(other, publicKey, 0)) {
            throw new IllegalArgumentException("not an SM2 public key: the point is not on sm2p256v1");
        }
        return new PreparedPublicKey(Sm2CurveVar.combTable(other));
    }

    /** As {@link #verify(byte[], byte[], byte[], int)}, with a prepared public key. */
    public boolean verify(PreparedPublicKey key, byte[] digest, byte[] signature, int off) {
        Objects.checkFromIndexSize(off, 2 * SCALAR_BYTES, signature.length);
        return check(key.table, digest, signature, off);
    }

    /** The check itself; the key is in {@code other}, or in {@code table} if that is not null. */
    private boolean check(long[] table, byte[] digest, byte[] signature, int off) {
        if (digest.length != SCALAR_BYTES) {
            return false;
        }
        boolean rValid = order.decode(signature, off, r) && !Sm2OrderField.isZero(r);
        boolean sValid = order.decode(signature, off + SCALAR_BYTES, s) && !Sm2OrderField.isZero(s);
        if (!rValid || !sValid) {
            return false;
        }
        order.add(t, r, s);
        if (Sm2OrderField.isZero(t)) {
            return false;
        }
        // (x1, y1) = s·G + t·Q; valid when (e + x1) mod n = r, which fails for the identity
        order.encode(s, affine, 0);
        order.encode(t, affine, SCALAR_BYTES);
        if (curveVar == null) {
            curveVar = new Sm2CurveVar();
        }
        curveVarUsed = true;
        if (table == null) {
            curveVar.multiplyAddVar(point, affine, 0, affine, SCALAR_BYTES, other); // public data: variable time
        } else {
            curveVar.multiplyAddTablesVar(point, affine, 0, affine, SCALAR_BYTES, table);
        }
        order.decode(digest, 0, e);
        order.sub(t, r, e);
        order.encode(t, affine, 0);
        return curveVar.affineXModOrderEqualsVar(point, affine, 0); // x1 ≡ r − e (mod n)
    }

    /** Loads d, leaving 1 + d in t; d = n − 1 is refused because 1 + d then has no inverse. */
    private void loadPrivateKey(byte[] privateKey) {
        boolean inRange = order.decodeScalar(privateKey, d);
        Sm2OrderField.setOne(t);
        order.add(t, t, d);
        if (!inRange || Sm2OrderField.isZero(t)) {
            wipe();
            throw new IllegalArgumentException("SM2 private key must lie in [1, n - 2]");
        }
    }

    /** Zeros every array of this workspace: the pool calls it before it keeps one. */
    void wipeWorkspace() {
        wipe();
        Arrays.fill(e, 0);
        Arrays.fill(r, 0);
        Arrays.fill(affine, (byte) 0);
        other.wipe();
        nonces.wipe();
        curve.wipe();
        if (curveVarUsed) {
            curveVar.wipe();
            curveVarUsed = false;
        }
        order.wipe();
    }

    private void wipe() {
        Arrays.fill(d, 0);
        Arrays.fill(k, 0);
        Arrays.fill(t, 0);
        Arrays.fill(s, 0);
        Arrays.fill(nonce, (byte) 0);
        point.wipe();
    }

    /**
     * A validated private key d with (1 + d)^−1 mod n, immutable until destroyed, so that one
     * instance may serve many signers (and threads) at once.
     */
    public static final class PreparedKey implements Sm2Engine.SigningKey {

        private final byte[] privateKey;
        private final long[] inverseOnePlusD;
        private boolean destroyed;

        private PreparedKey(byte[] privateKey, long[] inverseOnePlusD) {
            this.privateKey = privateKey;
            this.inverseOnePlusD = inverseOnePlusD;
        }

        /** Wipes the key; an operation that already took its copy finishes with it. */
        @Override
        public synchronized void destroy() {
            destroyed = true;
            Arrays.fill(privateKey, (byte) 0);
            Arrays.fill(inverseOnePlusD, 0);
        }

        /**
         * Loads d and (1 + d)^−1 into the caller's workspaces, atomically with respect to
         * {@link #destroy}, so that no operation sees a half-wiped key.
         *
         * @throws IllegalStateException if the key has been destroyed
         */
        synchronized void load(Sm2OrderField order, long[] d, long[] inverse) {
            checkNotDestroyed();
            order.decodeScalar(privateKey, d);
            System.arraycopy(inverseOnePlusD, 0, inverse, 0, Sm2OrderField.LIMBS);
        }

        /**
         * A copy of d, for decryption; the caller wipes it.
         *
         * @throws IllegalStateException if the key has been destroyed
         */
        synchronized byte[] scalarCopy() {
            checkNotDestroyed();
            return privateKey.clone();
        }

        private void checkNotDestroyed() {
            if (destroyed) {
                throw new IllegalStateException("the SM2 signing key has been destroyed");
            }
        }
    }

    /** A public key's comb table: immutable, shareable between threads, about 67 KB. */
    public static final class PreparedPublicKey implements Sm2Engine.VerifyingKey {

        private final long[] table;

        private PreparedPublicKey(long[] table) {
            this.table = table;
        }
    }
}
