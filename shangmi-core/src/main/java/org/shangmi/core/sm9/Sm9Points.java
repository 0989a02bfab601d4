package org.shangmi.core.sm9;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.HexFormat;

/**
 * The SM9 generators and the byte forms of points: a G1 point as {@code 04 || x || y} (65 bytes)
 * or {@code x || y} (64), a G2 point as {@code 04 || x || y} (129 bytes) or {@code x || y}
 * (128) with each Fp2 coordinate written u-part first, as GB/T 38635 prints them and GmSSL and
 * gmsm encode them. The point at infinity has no encoding.
 *
 * <p>Decoding checks everything before use: the prefix, each coordinate below p, the curve
 * equation, and for G2 membership of the order-N subgroup (the twist has a cofactor); a point
 * failing any check is refused with an {@link IllegalArgumentException} that says which.
 */
final class Sm9Points {

    static final int FP = Tower.FP;
    static final int FP2 = Tower.FP2;
    static final int G1_ENCODED = 65;
    static final int G2_ENCODED = 129;

    private static final HexFormat HEX = HexFormat.of();

    /** P1, affine (x then y). */
    private static final long[] P1 = affine1(
            "93DE051D62BF718FF5ED0704487D01D6E1E4086909DC3280E8C4E4817C66DDDD"
            + "21FE8DDA4F21E607631065125C395BBC1C1C00CBFA6024350C464CD70A3EA616");
    /** P2, affine (x then y). */
    private static final long[] P2 = affine2(
            "85AEF3D078640C98597B6027B441A01FF1DD2C190F5E93C454806C11D8806141"
            + "3722755292130B08D2AAB97FD34EC120EE265948D19C17ABF9B7213BAF82D65B"
            + "17509B092E845C1266BA0D262CBEE6ED0736A96FA347C8BD856DC76B84EBEB96"
            + "A7CF28D519BE3DA65F3170153D278FF247EFBA98A71A08116215BBA5C999A7C7");

    /** N as a 32-byte scalar, for the subgroup check. */
    private static final byte[] ORDER = HEX.parseHex(Mont256.N.modulus.toString(16));

    private Sm9Points() {
    }

    private static long[] affine1(String hex) {
        byte[] b = HEX.parseHex(hex);
        long[] r = new long[2 * FP];
        Mont256.P.decode(b, 0, r, 0);
        Mont256.P.decode(b, 32, r, FP);
        return r;
    }

    private static long[] affine2(String hex) {
        byte[] b = HEX.parseHex(hex);
        long[] r = new long[2 * FP2];
        Tower.decode2(b, 0, r, 0);
        Tower.decode2(b, 64, r, FP2);
        return r;
    }

    /** P1 as a projective point. */
    static long[] p1() {
        long[] r = new long[3 * FP];
        System.arraycopy(P1, 0, r, 0, 2 * FP);
        Mont256.P.setOne(r, 2 * FP);
        return r;
    }

    /** P2 as a projective point. */
    static long[] p2() {
        long[] r = new long[3 * FP2];
        System.arraycopy(P2, 0, r, 0, 2 * FP2);
        Tower.setOne2(r, 2 * FP2);
        return r;
    }

    /** P2 affine (x then y), for the pairing. */
    static long[] p2Affine() {
        return P2.clone();
    }

    /** P1 affine (x then y), for the pairing. */
    static long[] p1Affine() {
        return P1.clone();
    }

    /**
     * Reads a G1 point from {@code in[off..off+len)}: 65 bytes with the 04 prefix, or 64 bytes
     * without it. Returns it affine (x then y).
     */
    static long[] decodeG1(byte[] in, int off, int len, String what) {
        int at = coordinatesAt(in, off, len, 64, what);
        long[] r = new long[2 * FP];
        long valid = Mont256.P.decode(in, at, r, 0) & Mont256.P.decode(in, at + 32, r, FP);
        if (valid == 0) {
            throw new IllegalArgumentException(what + ": a coordinate is not below p");
        }
        if (new G1Curve().isOnCurveMask(r, 0, r, FP) == 0) {
            throw new IllegalArgumentException(what + ": not a point of the SM9 curve");
        }
        return r; // the cofactor of E(Fp) is 1: every finite point is in G1
    }

    /**
     * Reads a G2 point from {@code in[off..off+len)}: 129 bytes with the 04 prefix, or 128
     * without it; checks the twist equation and [N]Q = O. Returns it affine (x then y).
     */
    static long[] decodeG2(byte[] in, int off, int len, String what) {
        int at = coordinatesAt(in, off, len, 128, what);
        long[] r = new long[2 * FP2];
        long valid = Tower.decode2(in, at, r, 0) & Tower.decode2(in, at + 64, r, FP2);
        if (valid == 0) {
            throw new IllegalArgumentException(what + ": a coordinate is not below p");
        }
        G2Curve twist = new G2Curve(new Tower());
        if (twist.isOnCurveMask(r, 0, r, FP2) == 0) {
            throw new IllegalArgumentException(what + ": not a point of the SM9 twist curve");
        }
        long[] q = new long[3 * FP2];
        twist.fromAffine(q, 0, r, 0, r, FP2);
        twist.mul(q, 0, q, 0, ORDER);
        long infinity = twist.isInfinityMask(q, 0);
        Arrays.fill(q, 0);
        twist.wipe();
        if (infinity == 0) {
            throw new IllegalArgumentException(what + ": not in the order-N subgroup G2");
        }
        return r;
    }

    private static int coordinatesAt(byte[] in, int off, int len, int bare, String what) {
        java.util.Objects.checkFromIndexSize(off, len, in.length);
        if (len == bare + 1) {
            if (in[off] != 0x04) {
                throw new IllegalArgumentException(what + ": only uncompressed points (04) are supported");
            }
            return off + 1;
        }
        if (len != bare) {
            throw new IllegalArgumentException(what + ": " + len + " bytes; a point takes " + (bare + 1)
                    + " (04 || x || y) or " + bare);
        }
        return off;
    }

    /** 04 || x || y of a finite projective G1 point. */
    static byte[] encodeG1(G1Curve curve, long[] point) {
        if (curve.isInfinityMask(point, 0) != 0) {
            throw new IllegalStateException("the point at infinity has no encoding");
        }
        long[] a = new long[2 * FP];
        curve.toAffine(a, 0, a, FP, point, 0);
        byte[] out = new byte[G1_ENCODED];
        out[0] = 0x04;
        Mont256.P.encode(a, 0, out, 1);
        Mont256.P.encode(a, FP, out, 33);
        Arrays.fill(a, 0);
        return out;
    }

    /** 04 || x || y of a finite projective G2 point. */
    static byte[] encodeG2(G2Curve curve, long[] point) {
        if (curve.isInfinityMask(point, 0) != 0) {
            throw new IllegalStateException("the point at infinity has no encoding");
        }
        long[] a = new long[2 * FP2];
        curve.toAffine(a, 0, a, FP2, point, 0);
        byte[] out = new byte[G2_ENCODED];
        out[0] = 0x04;
        Tower.encode2(a, 0, out, 1);
        Tower.encode2(a, FP2, out, 65);
        Arrays.fill(a, 0);
        return out;
    }

    /** An affine point (x then y) as projective, Z = 1. */
    static long[] projective(Curve curve, long[] affine) {
        long[] r = new long[curve.size];
        curve.fromAffine(r, 0, affine, 0, affine, curve.e);
        return r;
    }

    /** A 32-byte scalar from a public integer in [0, 2^256). */
    static byte[] scalarVar(BigInteger k) {
        byte[] raw = k.toByteArray();
        byte[] out = new byte[32];
        int n = Math.min(raw.length, 32);
        System.arraycopy(raw, raw.length - n, out, 32 - n, n);
        return out;
    }
}
