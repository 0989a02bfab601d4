package org.shangmi.core.sm9;

import java.util.Arrays;

/**
 * A KGC's master public key: Ppub-s = [ks]P2 in G2 for signatures, or Ppub-e = [ke]P1 in G1 for
 * encryption, key encapsulation and key exchange; immutable and safe to share between threads.
 *
 * <p>Each keeps the fixed pairing value of its schemes, computed once on first use: for
 * signatures g = e(P1, Ppub-s), for the others g = e(Ppub-e, P2). Every signature, verification,
 * encapsulation and exchange needs it, so precomputing it saves one pairing each.
 */
public final class Sm9MasterPoint {

    /** Which schemes a master key serves. */
    public enum Kind {
        /** A signature master key (Ppub-s in G2). */
        SIGN,
        /** An encryption master key (Ppub-e in G1), also used for key encapsulation and exchange. */
        ENCRYPT
    }

    private final Kind kind;
    private final byte[] encoded;
    private final long[] point; // affine: x then y
    private volatile long[] pairingValue;

    private Sm9MasterPoint(Kind kind, byte[] encoded, long[] point) {
        this.kind = kind;
        this.encoded = encoded;
        this.point = point;
    }

    /**
     * Reads a master public key: for {@link Kind#SIGN} a G2 point of 129 bytes (04 || x || y) or
     * 128, for {@link Kind#ENCRYPT} a G1 point of 65 or 64 bytes; checked fully (curve, subgroup).
     *
     * @throws IllegalArgumentException if the bytes are not such a point
     */
    public static Sm9MasterPoint decode(Kind kind, byte[] in) {
        long[] point = kind == Kind.SIGN
                ? Sm9Points.decodeG2(in, 0, in.length, "master public key")
                : Sm9Points.decodeG1(in, 0, in.length, "master public key");
        byte[] canonical = in.length % 2 == 1 ? in.clone() : prefixed(in);
        return new Sm9MasterPoint(kind, canonical, point);
    }

    static Sm9MasterPoint ofPoint(Kind kind, byte[] encoded, long[] affine) {
        return new Sm9MasterPoint(kind, encoded, affine);
    }

    private static byte[] prefixed(byte[] in) {
        byte[] out = new byte[in.length + 1];
        out[0] = 0x04;
        System.arraycopy(in, 0, out, 1, in.length);
        return out;
    }

    public Kind kind() {
        return kind;
    }

    /** The point as 04 || x || y: 129 bytes for a signature master key, 65 for an encryption one. */
    public byte[] encoded() {
        return encoded.clone();
    }

    /** The point, affine (x then y), shared: callers must not modify it. */
    long[] point() {
        return point;
    }

    /** g = e(P1, Ppub-s) or e(Ppub-e, P2), computed on first use; shared: callers must not modify it. */
    long[] pairingValue() {
        long[] g = pairingValue;
        if (g == null) {
            g = new long[Tower.FP12];
            Pairing pairing = new Pairing();
            if (kind == Kind.SIGN) {
                pairing.pair(g, 0, Sm9Points.p1Affine(), 0, point, 0);
            } else {
                pairing.pair(g, 0, point, 0, Sm9Points.p2Affine(), 0);
            }
            pairingValue = g; // idempotent: a race computes the same value twice
        }
        return g;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Sm9MasterPoint other && other.kind == kind && Arrays.equals(other.encoded, encoded);
    }

    @Override
    public int hashCode() {
        return 31 * kind.hashCode() + Arrays.hashCode(encoded);
    }
}
