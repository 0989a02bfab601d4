package org.shangmi.core.sm9;

import java.math.BigInteger;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Objects;
import java.util.function.Supplier;
import org.shangmi.core.kdf.Sm3Kdf;
import org.shangmi.core.sm3.Sm3;
import org.shangmi.core.util.ConstantTime;

/**
 * SM9 (GB/T 38635, GM/T 0044): the KGC's master keys and user-key extraction, the hash functions
 * H1 and H2, and key encapsulation; signatures are in {@link Sm9Signer}, encryption in
 * {@link Sm9Encryption}, key exchange in {@link Sm9KeyExchange}.
 *
 * <p>Scalars (master secrets ks and ke, the random r) are 32-byte big-endian integers in
 * [1, N − 1]; G1 points are 65 bytes (04 || x || y), G2 points 129. An identity is its bytes
 * (GmSSL and gmsm use the string's bytes without a terminator); hid is the one-byte function
 * identifier the KGC and its users agree on (GmSSL fixes 1 for signing, 2 for key exchange, 3 for
 * encryption).
 *
 * <p>Constant time in every secret: scalar multiplications, the power g^r and the arithmetic on
 * master secrets run the same operations for every value. H1 and H2 reduce their 40-byte hash mod
 * N − 1 with {@link BigInteger}: their inputs (identities; the message and w, whose hash h is
 * published in the signature) are not secret.
 */
public final class Sm9 {

    /** GmSSL's hid for signing keys. */
    public static final byte HID_SIGN = 0x01;
    /** GmSSL's hid for key-exchange keys. */
    public static final byte HID_EXCHANGE = 0x02;
    /** GmSSL's hid for encryption and key-encapsulation keys. */
    public static final byte HID_ENCRYPT = 0x03;

    /** Bytes of a scalar. */
    public static final int SCALAR_LENGTH = 32;
    /** Bytes of a G1 point, 04 || x || y. */
    public static final int G1_LENGTH = Sm9Points.G1_ENCODED;
    /** Bytes of a G2 point, 04 || x || y. */
    public static final int G2_LENGTH = Sm9Points.G2_ENCODED;
    /** Bytes of an element of GT (Fp12) as the standard converts it. */
    static final int GT_LENGTH = 384;

    private static final BigInteger N = Mont256.N.modulus;
    private static final BigInteger N_MINUS_1 = N.subtract(BigInteger.ONE);
    private static final int FP = Tower.FP;

    private Sm9() {
    }

    // ------------------------------------------------------------------ hashing

    /** H1(id || hid, N) of GB/T 38635: a public integer in [1, N − 1], 32 bytes. */
    public static byte[] h1(byte[] id, byte hid) {
        Sm3 prefix = new Sm3();
        prefix.update((byte) 0x01);
        prefix.update(id, 0, id.length);
        prefix.update(hid);
        return hashToRange(prefix);
    }

    /**
     * Finishes H1 or H2: Ha = SM3(Z || 00000001) || SM3(Z || 00000002), its leftmost 320 bits
     * taken as an integer, h = (Ha mod (N − 1)) + 1. {@code prefix} holds the tag byte and Z.
     */
    static byte[] hashToRange(Sm3 prefix) {
        byte[] ha = new byte[64];
        for (int ct = 1; ct <= 2; ct++) {
            Sm3 block = prefix.copy();
            block.update(new byte[] {0, 0, 0, (byte) ct}, 0, 4);
            block.digest(ha, 32 * (ct - 1));
        }
        BigInteger h = new BigInteger(1, Arrays.copyOf(ha, 40)).mod(N_MINUS_1).add(BigInteger.ONE);
        return Sm9Points.scalarVar(h);
    }

    // ------------------------------------------------------------------ scalars

    /** A uniformly random scalar in [1, N − 1] (rejection sampling: the rejected draws are discarded). */
    public static byte[] randomScalar(SecureRandom random) {
        byte[] k = new byte[SCALAR_LENGTH];
        do {
            random.nextBytes(k);
        } while (!isScalar(k));
        return k;
    }

    /** Whether k (32 bytes) lies in [1, N − 1], computed without a branch on its value. */
    public static boolean isScalar(byte[] k) {
        if (k.length != SCALAR_LENGTH) {
            return false;
        }
        long[] m = new long[FP];
        long below = Mont256.N.decode(k, 0, m, 0);
        long zero = Mont256.N.isZeroMask(m, 0);
        Arrays.fill(m, 0);
        return (below & ~zero) != 0;
    }

    private static void requireScalar(byte[] k, String what) {
        Objects.requireNonNull(k, what);
        if (!isScalar(k)) {
            throw new IllegalArgumentException(what + " must be 32 bytes in [1, N - 1]");
        }
    }

    /**
     * Checks that {@code point} is a point of G1 (65 bytes, 04 || x || y, or 64).
     *
     * @throws IllegalArgumentException naming {@code what} and the failed check if it is not
     */
    public static void checkG1(byte[] point, String what) {
        Arrays.fill(Sm9Points.decodeG1(point, 0, point.length, what), 0);
    }

    /**
     * Checks that {@code point} is a point of G2 (129 bytes, 04 || x || y, or 128), its order N.
     *
     * @throws IllegalArgumentException naming {@code what} and the failed check if it is not
     */
    public static void checkG2(byte[] point, String what) {
        Arrays.fill(Sm9Points.decodeG2(point, 0, point.length, what), 0);
    }

    /**
     * e(P, Q) for P in G1 (65 or 64 bytes) and Q in G2 (129 or 128 bytes), as the 384 bytes
     * GB/T 38635 converts an element of GT to; both points are checked first.
     */
    public static byte[] pairing(byte[] p, byte[] q) {
        long[] g1 = Sm9Points.decodeG1(p, 0, p.length, "P");
        long[] g2 = Sm9Points.decodeG2(q, 0, q.length, "Q");
        long[] f = new long[Tower.FP12];
        new Pairing().pair(f, 0, g1, 0, g2, 0);
        byte[] out = new byte[GT_LENGTH];
        Tower.encode12(f, 0, out, 0);
        Arrays.fill(f, 0);
        return out;
    }

    // ------------------------------------------------------------------ master keys

    /** The signature master public key Ppub-s = [ks]P2 of the master secret ks. */
    public static Sm9MasterPoint signMasterPublicKey(byte[] ks) {
        requireScalar(ks, "master secret ks");
        G2Curve twist = new G2Curve(new Tower());
        long[] point = new long[twist.size];
        twist.mul(point, 0, Sm9Points.p2(), 0, ks);
        byte[] encoded = Sm9Points.encodeG2(twist, point);
        long[] affine = new long[2 * Tower.FP2];
        twist.toAffine(affine, 0, affine, Tower.FP2, point, 0);
        twist.wipe();
        return Sm9MasterPoint.ofPoint(Sm9MasterPoint.Kind.SIGN, encoded, affine);
    }

    /** The encryption master public key Ppub-e = [ke]P1 of the master secret ke. */
    public static Sm9MasterPoint encryptMasterPublicKey(byte[] ke) {
        requireScalar(ke, "master secret ke");
        G1Curve curve = new G1Curve();
        long[] point = new long[curve.size];
        curve.mul(point, 0, Sm9Points.p1(), 0, ke);
        byte[] encoded = Sm9Points.encodeG1(curve, point);
        long[] affine = new long[2 * FP];
        curve.toAffine(affine, 0, affine, FP, point, 0);
        return Sm9MasterPoint.ofPoint(Sm9MasterPoint.Kind.ENCRYPT, encoded, affine);
    }

    /**
     * A user's signing key ds = [t2]P1 (65 bytes), t1 = H1(id || hid) + ks, t2 = ks·t1⁻¹ mod N.
     *
     * @throws IllegalStateException if t1 = 0 mod N: the standard then requires a new master key
     */
    public static byte[] signUserKey(byte[] ks, byte[] id, byte hid) {
        byte[] t2 = extractionScalar(ks, id, hid);
        G1Curve curve = new G1Curve();
        long[] point = new long[curve.size];
        curve.mul(point, 0, Sm9Points.p1(), 0, t2);
        Arrays.fill(t2, (byte) 0);
        try {
            return Sm9Points.encodeG1(curve, point);
        } finally {
            Arrays.fill(point, 0);
            curve.wipe();
        }
    }

    /**
     * A user's encryption or key-exchange key de = [t2]P2 (129 bytes), t2 as for
     * {@link #signUserKey}, from the encryption master secret ke.
     *
     * @throws IllegalStateException if t1 = 0 mod N: the standard then requires a new master key
     */
    public static byte[] encryptUserKey(byte[] ke, byte[] id, byte hid) {
        byte[] t2 = extractionScalar(ke, id, hid);
        G2Curve twist = new G2Curve(new Tower());
        long[] point = new long[twist.size];
        twist.mul(point, 0, Sm9Points.p2(), 0, t2);
        Arrays.fill(t2, (byte) 0);
        try {
            return Sm9Points.encodeG2(twist, point);
        } finally {
            Arrays.fill(point, 0);
            twist.wipe();
        }
    }

    /** t2 = s·(H1(id || hid) + s)⁻¹ mod N, in constant time in s. */
    private static byte[] extractionScalar(byte[] s, byte[] id, byte hid) {
        requireScalar(s, "master secret");
        Objects.requireNonNull(id, "id");
        Mont256 n = Mont256.N;
        long[] t = new long[3 * FP];
        n.decode(s, 0, t, 0);
        n.decode(h1(id, hid), 0, t, FP);
        n.add(t, FP, t, FP, t, 0);                  // t1 = H1 + s
        if (n.isZeroMask(t, FP) != 0) {
            Arrays.fill(t, 0);
            throw new IllegalStateException("H1(id || hid) + master secret = 0 mod N: generate a new master key");
        }
        n.invert(t, 2 * FP, t, FP);
        n.mul(t, 2 * FP, t, 2 * FP, t, 0);           // t2 = s / t1
        byte[] t2 = new byte[SCALAR_LENGTH];
        n.encode(t, 2 * FP, t2, 0);
        Arrays.fill(t, 0);
        return t2;
    }

    /**
     * A user's public point Q = [H1(id || hid)]P1 + Ppub-e (projective), to which encryption,
     * encapsulation and key exchange address.
     */
    static long[] userPoint(G1Curve curve, Sm9MasterPoint master, byte[] id, byte hid) {
        requireKind(master, Sm9MasterPoint.Kind.ENCRYPT);
        long[] q = new long[curve.size];
        curve.mul(q, 0, Sm9Points.p1(), 0, h1(id, hid));
        curve.add(q, 0, q, 0, Sm9Points.projective(curve, master.point()), 0);
        return q;
    }

    static void requireKind(Sm9MasterPoint master, Sm9MasterPoint.Kind kind) {
        if (master.kind() != kind) {
            throw new IllegalArgumentException("an SM9 " + master.kind().name().toLowerCase(java.util.Locale.ROOT)
                    + " master public key cannot serve " + kind.name().toLowerCase(java.util.Locale.ROOT));
        }
    }

    // ------------------------------------------------------------------ key encapsulation

    /** The result of {@link #encapsulate}: the encapsulation C (65 bytes) and the key K. */
    public record Encapsulated(byte[] encapsulation, byte[] key) {
    }

    /**
     * Key encapsulation to the user {@code id}: C = [r]Q, K = KDF(C || g^r || id, keyLength)
     * with Q = [H1(id || hid)]P1 + Ppub-e and g = e(Ppub-e, P2); r is drawn again while K is all
     * zeros.
     */
    public static Encapsulated encapsulate(Sm9MasterPoint master, byte[] id, byte hid, int keyLength,
            SecureRandom random) {
        Objects.requireNonNull(random, "random");
        return encapsulate(master, id, hid, keyLength, () -> randomScalar(random));
    }

    /** {@link #encapsulate} with r from {@code nonces}: the standard's examples print theirs. */
    static Encapsulated encapsulate(Sm9MasterPoint master, byte[] id, byte hid, int keyLength,
            Supplier<byte[]> nonces) {
        Objects.requireNonNull(id, "id");
        if (keyLength < 1) {
            throw new IllegalArgumentException("key length must be positive: " + keyLength);
        }
        G1Curve curve = new G1Curve();
        long[] q = userPoint(curve, master, id, hid);
        Tower tower = new Tower();
        long[] w = new long[Tower.FP12];
        long[] c = new long[curve.size];
        byte[] key = new byte[keyLength];
        try {
            while (true) {
                byte[] encapsulation = encapsulateOnce(master, curve, q, tower, w, c, nonces.get(), id, key);
                if (!ConstantTime.isZero(key, 0, keyLength)) {
                    return new Encapsulated(encapsulation, key);
                }
            }
        } finally {
            Arrays.fill(w, 0);
            tower.wipe();
            curve.wipe();
        }
    }

    /**
     * Recovers K from the encapsulation C (65 or 64 bytes) with the user's key de (129 bytes):
     * K = KDF(C || e(C, de) || id, keyLength).
     *
     * @throws IllegalArgumentException if C is not a point of G1 or K comes out all zeros
     */
    public static byte[] decapsulate(byte[] userKey, byte[] id, byte[] c, int off, int len, int keyLength) {
        Objects.requireNonNull(id, "id");
        if (keyLength < 1) {
            throw new IllegalArgumentException("key length must be positive: " + keyLength);
        }
        byte[] key = new byte[keyLength];
        decapsulateInto(userKey, id, c, off, len, "encapsulation C", key);
        if (ConstantTime.isZero(key, 0, keyLength)) {
            throw new IllegalArgumentException("decapsulation gave an all-zero key");
        }
        return key;
    }

    /**
     * One attempt of the KEM both encapsulation and encryption run: C = [r]Q (into {@code c}),
     * w = g^r (into {@code w}), {@code key} = KDF(C || w || id); wipes r. Returns C as 04 || x || y.
     */
    static byte[] encapsulateOnce(Sm9MasterPoint master, G1Curve curve, long[] q, Tower tower, long[] w, long[] c,
            byte[] r, byte[] id, byte[] key) {
        curve.mul(c, 0, q, 0, r);
        tower.pow12(w, 0, master.pairingValue(), 0, r);
        Arrays.fill(r, (byte) 0);
        byte[] encapsulation = Sm9Points.encodeG1(curve, c);
        kdf(encapsulation, w, id, key);
        return encapsulation;
    }

    /**
     * The recipient's side of the KEM both decapsulation and decryption run: checks C (G1, 65 or
     * 64 bytes at {@code c[off..off+len)}) and the user key de, then {@code key} =
     * KDF(C || e(C, de) || id).
     */
    static void decapsulateInto(byte[] userKey, byte[] id, byte[] c, int off, int len, String what, byte[] key) {
        long[] point = Sm9Points.decodeG1(c, off, len, what);
        long[] de = Sm9Points.decodeG2(userKey, 0, userKey.length, "user key de");
        long[] w = new long[Tower.FP12];
        new Pairing().pair(w, 0, point, 0, de, 0);
        Arrays.fill(de, 0);
        byte[] encapsulation = new byte[G1_LENGTH];
        encapsulation[0] = 0x04;
        System.arraycopy(c, off + len - 64, encapsulation, 1, 64);
        kdf(encapsulation, w, id, key);
        Arrays.fill(w, 0);
    }

    /** out = KDF(C.x || C.y || w || id) over the whole of out, C given as 04 || x || y. */
    static void kdf(byte[] c, long[] w, byte[] id, byte[] out) {
        byte[] z = new byte[64 + GT_LENGTH + id.length];
        System.arraycopy(c, 1, z, 0, 64);
        Tower.encode12(w, 0, z, 64);
        System.arraycopy(id, 0, z, 64 + GT_LENGTH, id.length);
        new Sm3Kdf().derive(z, 0, z.length, out, 0, out.length);
        Arrays.fill(z, (byte) 0);
    }
}
