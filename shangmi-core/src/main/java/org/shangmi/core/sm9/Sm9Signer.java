package org.shangmi.core.sm9;

import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Objects;
import org.shangmi.core.sm2.HedgedNonces;
import org.shangmi.core.sm3.Sm3;
import org.shangmi.core.util.ConstantTime;

/**
 * SM9 signatures (GB/T 38635.2 clause 6): the message streams through {@link #update}, then
 * {@link #sign} or {@link #verify}; a signature is h (32 bytes) and S (a G1 point).
 *
 * <p>H2 hashes 0x02 || M || w || counter: the running SM3 state of 0x02 || M is kept and copied
 * for each counter, so messages of any length need no buffer.
 *
 * <p>Signing: w = g^r with g = e(P1, Ppub-s) (kept in the master public key), h = H2(M || w),
 * l = r − h mod N, S = [l]ds. r is hedged: an HMAC-DRBG ({@link HedgedNonces}) seeded with 32
 * fresh random bytes, the signing key and SM3(0x02 || M), so a random source that repeats itself
 * still gives different messages different r. Constant time in ds, r and l.
 *
 * <p>Verification: h in [1, N − 1], S in G1, then t = g^h, P = [H1(ID || hid)]P2 + Ppub-s,
 * w' = e(S, P)·t and h = H2(M || w'), compared in constant time. Not thread-safe.
 */
public final class Sm9Signer {

    /** Bytes of h. */
    public static final int H_LENGTH = Sm9.SCALAR_LENGTH;

    private static final byte[] NONE = new byte[0];

    private final Sm3 message = new Sm3();

    /** A signer or verifier with an empty message. */
    public Sm9Signer() {
        reset();
    }

    /** Starts a new message. */
    public void reset() {
        message.reset();
        message.update((byte) 0x02);
    }

    public void update(byte b) {
        message.update(b);
    }

    public void update(byte[] in, int off, int len) {
        Objects.checkFromIndexSize(off, len, in.length);
        message.update(in, off, len);
    }

    /** The result of {@link #sign}: h (32 bytes) and S (65 bytes, 04 || x || y). */
    public record Signature(byte[] h, byte[] s) {
    }

    /**
     * Signs the message so far with the user key ds (a G1 point, 65 or 64 bytes) issued under
     * {@code master}, then starts a new message.
     *
     * @throws IllegalArgumentException if ds is not a point of G1 or the master key is not a
     *                                  signature master key
     */
    public Signature sign(byte[] userKey, Sm9MasterPoint master, SecureRandom random) {
        Sm9.requireKind(master, Sm9MasterPoint.Kind.SIGN);
        long[] ds = Sm9Points.decodeG1(userKey, 0, userKey.length, "signing key ds");
        HedgedNonces nonces = new HedgedNonces();
        byte[] r = new byte[Sm9.SCALAR_LENGTH];
        try {
            byte[] fresh = new byte[32];
            random.nextBytes(fresh);
            nonces.seed(userKey, message.copy().digest(), fresh, NONE);
            Arrays.fill(fresh, (byte) 0);
            while (true) {
                do {
                    nonces.next(r);
                } while (!Sm9.isScalar(r));
                Signature signature = signWith(ds, master, r);
                if (signature != null) {
                    return signature;
                }
            }
        } finally {
            nonces.wipe();
            Arrays.fill(ds, 0);
            Arrays.fill(r, (byte) 0);
            reset();
        }
    }

    /**
     * Signs the message so far with a given r in [1, N − 1], then starts a new message: for the
     * standard's worked example, whose r is printed.
     */
    Signature signWithKnownNonce(byte[] userKey, Sm9MasterPoint master, byte[] r) {
        long[] ds = Sm9Points.decodeG1(userKey, 0, userKey.length, "signing key ds");
        try {
            return signWith(ds, master, r);
        } finally {
            Arrays.fill(ds, 0);
            reset();
        }
    }

    /** One attempt: (h, S) for r, or null when l = r − h = 0 mod N, when the standard draws r again. */
    private Signature signWith(long[] ds, Sm9MasterPoint master, byte[] r) {
        G1Curve curve = new G1Curve();
        Tower tower = new Tower();
        long[] w = new long[Tower.FP12];
        long[] scalars = new long[2 * Tower.FP];
        byte[] l = new byte[Sm9.SCALAR_LENGTH];
        long[] dsPoint = Sm9Points.projective(curve, ds);
        try {
            tower.pow12(w, 0, master.pairingValue(), 0, r);
            byte[] h = h2(w);
            Mont256 n = Mont256.N;
            n.decode(r, 0, scalars, 0);
            n.decode(h, 0, scalars, Tower.FP);
            n.sub(scalars, 0, scalars, 0, scalars, Tower.FP);
            if (n.isZeroMask(scalars, 0) != 0) {
                return null;
            }
            n.encode(scalars, 0, l, 0);
            long[] s = new long[curve.size];
            curve.mul(s, 0, dsPoint, 0, l);
            return new Signature(h, Sm9Points.encodeG1(curve, s));
        } finally {
            tower.wipe();
            curve.wipe();
            Arrays.fill(w, 0);
            Arrays.fill(scalars, 0);
            Arrays.fill(l, (byte) 0);
            Arrays.fill(dsPoint, 0);
        }
    }

    /**
     * Verifies (h, S) over the message so far for the signer {@code id}, then starts a new
     * message. A malformed h or S verifies as false.
     */
    public boolean verify(Sm9MasterPoint master, byte[] id, byte hid, byte[] h, byte[] s) {
        try {
            Sm9.requireKind(master, Sm9MasterPoint.Kind.SIGN);
            Objects.requireNonNull(id, "id");
            if (h == null || s == null || !Sm9.isScalar(h)) {
                return false;
            }
            long[] sPoint;
            try {
                sPoint = Sm9Points.decodeG1(s, 0, s.length, "S");
            } catch (IllegalArgumentException notAPoint) {
                return false;
            }
            Tower tower = new Tower();
            long[] t = new long[Tower.FP12];
            tower.pow12Var(t, 0, master.pairingValue(), 0, new java.math.BigInteger(1, h));
            G2Curve twist = new G2Curve(tower);
            long[] p = new long[twist.size];
            twist.mul(p, 0, Sm9Points.p2(), 0, Sm9.h1(id, hid));
            twist.add(p, 0, p, 0, Sm9Points.projective(twist, master.point()), 0);
            if (twist.isInfinityMask(p, 0) != 0) {
                return false; // e(S, O) = 1: only a forger could arrange H1(ID) = −ks
            }
            long[] pAffine = new long[2 * Tower.FP2];
            twist.toAffine(pAffine, 0, pAffine, Tower.FP2, p, 0);
            long[] u = new long[Tower.FP12];
            new Pairing().pair(u, 0, sPoint, 0, pAffine, 0);
            tower.mul12(u, 0, u, 0, t, 0);
            byte[] expected = h2(u);
            return ConstantTime.equals(expected, 0, h, 0, H_LENGTH);
        } finally {
            reset();
        }
    }

    /** H2(M || w, N) with the message state so far. */
    private byte[] h2(long[] w) {
        byte[] encoded = new byte[Sm9.GT_LENGTH];
        Tower.encode12(w, 0, encoded, 0);
        Sm3 prefix = message.copy();
        prefix.update(encoded, 0, encoded.length);
        Arrays.fill(encoded, (byte) 0);
        return Sm9.hashToRange(prefix);
    }
}
