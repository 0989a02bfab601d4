package org.shangmi.core.sm2;

import java.util.Arrays;
import java.util.HexFormat;
import java.util.Objects;

/**
 * Arithmetic modulo the SM2 prime p = 2^256 - 2^224 - 2^96 + 2^64 - 1 (GB/T 32918.5,
 * curve sm2p256v1), in Montgomery form with R = 2^260.
 *
 * <p>An element is a {@code long[5]} of 52-bit limbs, least significant first, holding
 * x·R mod p, possibly plus p: each limb is below 2^52 and the value below 2p. Skipping the final
 * subtraction of p in multiplication is sound because a Montgomery product of factors below 2p
 * is itself below 2p; addition and subtraction fold the bits above 2^256 back in instead of
 * comparing with 2p; only {@link #encode} and {@link #isZero} need the unique residue. Every
 * operation takes and returns elements in that form; results may alias inputs. {@code add}, {@code sub},
 * {@code neg}, {@code mul} and {@code square} allocate nothing; the conversions,
 * {@code invert} and {@code sqrt} use small temporaries, which they wipe.
 *
 * <p>Because p ≡ −1 (mod 2^52), the Montgomery factor −p⁻¹ mod 2^52 is 1, and the limbs
 * p0 = p2 = p3 = 2^52 − 1 turn three of the five products of each reduction step into a shift.
 *
 * <p>Constant time: no branch or array index depends on an element's value; the conditional
 * subtraction of p when encoding is selected by a mask. {@link #decode} and {@link #isZero} compute their
 * answer the same way, though the answer itself is returned to the caller.
 */
public final class Sm2Field {

    /** Limbs per element. */
    public static final int LIMBS = Limbs52.LIMBS;

    private static final int BITS = Limbs52.BITS;
    private static final long MASK = Limbs52.MASK;

    private static final long P0 = MASK;
    private static final long P1 = 0xff00000000fffL;
    private static final long P2 = MASK;
    private static final long P3 = MASK;
    private static final long P4 = 0xfffffffeffffL;

    // 2p, the bound every result stays below
    private static final long Q0 = 0xffffffffffffeL;
    private static final long Q1 = 0xfe00000001fffL;
    private static final long Q2 = MASK;
    private static final long Q3 = MASK;
    private static final long Q4 = 0x1fffffffdffffL;

    /** R² mod p in plain limbs: multiplying by it enters Montgomery form. */
    private static final long[] R_SQUARED =
            limbsOf(HexFormat.of().parseHex("00000400000002000000010000000100000002ffffffff000000020000000300"), 0);

    /** R mod p: the element 1 in Montgomery form. */
    private static final long[] ONE =
            limbsOf(HexFormat.of().parseHex("000000100000000000000000000000000000000ffffffff00000000000000010"), 0);

    /** The plain integer 1: multiplying by it leaves Montgomery form. */
    private static final long[] PLAIN_ONE = {1, 0, 0, 0, 0};

    private Sm2Field() {
    }

    /** A new element, zero. */
    public static long[] create() {
        return new long[LIMBS];
    }

    /** r = 0. */
    public static void setZero(long[] r) {
        Arrays.fill(r, 0, LIMBS, 0);
    }

    /** r = 1. */
    public static void setOne(long[] r) {
        System.arraycopy(ONE, 0, r, 0, LIMBS);
    }

    /** Sets {@code r} to the element for the integer {@code value} (0 ≤ value &lt; 2^52). */
    public static void setSmall(long[] r, long value) {
        if (value < 0 || value > MASK) {
            throw new IllegalArgumentException("small value out of range: " + value);
        }
        r[0] = value;
        r[1] = 0;
        r[2] = 0;
        r[3] = 0;
        r[4] = 0;
        mul(r, r, R_SQUARED);
    }

    /**
     * Reads a 32-byte big-endian integer into {@code r} (in Montgomery form).
     *
     * @return whether the integer was below p; if not, {@code r} holds it reduced mod p, which
     *         callers validating coordinates must refuse
     */
    public static boolean decode(byte[] in, int off, long[] r) {
        Objects.checkFromIndexSize(off, 32, in.length);
        long[] plain = limbsOf(in, off);
        long below = reduceBelowP(plain); // 2^256 < 2p
        mul(r, plain, R_SQUARED);
        Arrays.fill(plain, 0);
        return below != 0;
    }

    /** Writes {@code a} as a 32-byte big-endian integer in [0, p). */
    public static void encode(long[] a, byte[] out, int off) {
        encode(a, out, off, new long[LIMBS]);
    }

    /**
     * {@link #encode(long[], byte[], int)} with a caller-owned temporary {@code plain} (not
     * {@code a}), which it wipes: for hot paths that allocate nothing.
     */
    public static void encode(long[] a, byte[] out, int off, long[] plain) {
        Objects.checkFromIndexSize(off, 32, out.length);
        mul(plain, a, PLAIN_ONE); // at most p, since a < 2p
        reduceBelowP(plain);
        Limbs52.toBytes(plain, out, off);
        Arrays.fill(plain, 0);
    }

    /** r = a + b. */
    public static void add(long[] r, long[] a, long[] b) {
        long r0 = a[0] + b[0];
        long r1 = a[1] + b[1];
        long r2 = a[2] + b[2];
        long r3 = a[3] + b[3];
        long r4 = a[4] + b[4];
        fold(r, r0, r1, r2, r3, r4);
    }

    /** r = a − b. */
    public static void sub(long[] r, long[] a, long[] b) {
        // a - b + 2p lies in (0, 4p)
        long r0 = a[0] - b[0] + Q0;
        long r1 = a[1] - b[1] + Q1;
        long r2 = a[2] - b[2] + Q2;
        long r3 = a[3] - b[3] + Q3;
        long r4 = a[4] - b[4] + Q4;
        fold(r, r0, r1, r2, r3, r4);
    }

    /** r = −a. */
    public static void neg(long[] r, long[] a) {
        // 2p - a lies in (0, 2p]
        fold(r, Q0 - a[0], Q1 - a[1], Q2 - a[2], Q3 - a[3], Q4 - a[4]);
    }

    /** r = c·a for a public small integer 0 ≤ c ≤ 16: cheaper than repeated addition. */
    public static void mulSmall(long[] r, long[] a, int c) {
        if (c < 0 || c > 16) {
            throw new IllegalArgumentException("small factor out of range: " + c);
        }
        fold(r, a[0] * c, a[1] * c, a[2] * c, a[3] * c, a[4] * c); // below 32p < 2^261
    }

    /** r = a·b. */
    public static void mul(long[] r, long[] a, long[] b) {
        long a0 = a[0];
        long a1 = a[1];
        long a2 = a[2];
        long a3 = a[3];
        long a4 = a[4];
        long b0 = b[0];
        long b1 = b[1];
        long b2 = b[2];
        long b3 = b[3];
        long b4 = b[4];

        // schoolbook product: each 104-bit partial product splits into a low and a high 52-bit half
        long c0 = 0;
        long c1 = 0;
        long c2 = 0;
        long c3 = 0;
        long c4 = 0;
        long c5 = 0;
        long c6 = 0;
        long c7 = 0;
        long c8 = 0;
        long c9 = 0;
        long lo;

        lo = a0 * b0; c0 += lo & MASK; c1 += high(a0, b0);
        lo = a0 * b1; c1 += lo & MASK; c2 += high(a0, b1);
        lo = a0 * b2; c2 += lo & MASK; c3 += high(a0, b2);
        lo = a0 * b3; c3 += lo & MASK; c4 += high(a0, b3);
        lo = a0 * b4; c4 += lo & MASK; c5 += high(a0, b4);

        lo = a1 * b0; c1 += lo & MASK; c2 += high(a1, b0);
        lo = a1 * b1; c2 += lo & MASK; c3 += high(a1, b1);
        lo = a1 * b2; c3 += lo & MASK; c4 += high(a1, b2);
        lo = a1 * b3; c4 += lo & MASK; c5 += high(a1, b3);
        lo = a1 * b4; c5 += lo & MASK; c6 += high(a1, b4);

        lo = a2 * b0; c2 += lo & MASK; c3 += high(a2, b0);
        lo = a2 * b1; c3 += lo & MASK; c4 += high(a2, b1);
        lo = a2 * b2; c4 += lo & MASK; c5 += high(a2, b2);
        lo = a2 * b3; c5 += lo & MASK; c6 += high(a2, b3);
        lo = a2 * b4; c6 += lo & MASK; c7 += high(a2, b4);

        lo = a3 * b0; c3 += lo & MASK; c4 += high(a3, b0);
        lo = a3 * b1; c4 += lo & MASK; c5 += high(a3, b1);
        lo = a3 * b2; c5 += lo & MASK; c6 += high(a3, b2);
        lo = a3 * b3; c6 += lo & MASK; c7 += high(a3, b3);
        lo = a3 * b4; c7 += lo & MASK; c8 += high(a3, b4);

        lo = a4 * b0; c4 += lo & MASK; c5 += high(a4, b0);
        lo = a4 * b1; c5 += lo & MASK; c6 += high(a4, b1);
        lo = a4 * b2; c6 += lo & MASK; c7 += high(a4, b2);
        lo = a4 * b3; c7 += lo & MASK; c8 += high(a4, b3);
        lo = a4 * b4; c8 += lo & MASK; c9 += high(a4, b4);

        montgomeryReduce(r, c0, c1, c2, c3, c4, c5, c6, c7, c8, c9);
    }

    /** r = a², with the fifteen distinct limb products (the cross terms doubled). */
    public static void square(long[] r, long[] a) {
        long a0 = a[0];
        long a1 = a[1];
        long a2 = a[2];
        long a3 = a[3];
        long a4 = a[4];
        long d0 = 2 * a0;
        long d1 = 2 * a1;
        long d2 = 2 * a2;
        long d3 = 2 * a3;
        long c0 = 0;
        long c1 = 0;
        long c2 = 0;
        long c3 = 0;
        long c4 = 0;
        long c5 = 0;
        long c6 = 0;
        long c7 = 0;
        long c8 = 0;
        long c9 = 0;
        long lo;

        lo = a0 * a0; c0 += lo & MASK; c1 += high(a0, a0);
        lo = d0 * a1; c1 += lo & MASK; c2 += high(d0, a1);
        lo = d0 * a2; c2 += lo & MASK; c3 += high(d0, a2);
        lo = d0 * a3; c3 += lo & MASK; c4 += high(d0, a3);
        lo = d0 * a4; c4 += lo & MASK; c5 += high(d0, a4);

        lo = a1 * a1; c2 += lo & MASK; c3 += high(a1, a1);
        lo = d1 * a2; c3 += lo & MASK; c4 += high(d1, a2);
        lo = d1 * a3; c4 += lo & MASK; c5 += high(d1, a3);
        lo = d1 * a4; c5 += lo & MASK; c6 += high(d1, a4);

        lo = a2 * a2; c4 += lo & MASK; c5 += high(a2, a2);
        lo = d2 * a3; c5 += lo & MASK; c6 += high(d2, a3);
        lo = d2 * a4; c6 += lo & MASK; c7 += high(d2, a4);

        lo = a3 * a3; c6 += lo & MASK; c7 += high(a3, a3);
        lo = d3 * a4; c7 += lo & MASK; c8 += high(d3, a4);

        lo = a4 * a4; c8 += lo & MASK; c9 += high(a4, a4);

        montgomeryReduce(r, c0, c1, c2, c3, c4, c5, c6, c7, c8, c9);
    }

    /**
     * r = c·R⁻¹ for the ten-column product c (column i counting 2^(52i)), in [0, 2p) when the
     * product is below R·p, as it is for factors below 4p.
     */
    private static void montgomeryReduce(long[] r, long c0, long c1, long c2, long c3, long c4,
            long c5, long c6, long c7, long c8, long c9) {
        long lo;
        // Montgomery reduction, one limb at a time: add m·p, m = c_i mod 2^52, which clears c_i.
        // m·p0 = m·2^52 − m folds into the carry; m·p2 and m·p3 (both 2^52 − 1) net to −m at
        // i+2 and +m at i+4; only m·p1 and m·p4 need multiplying.
        long m;
        m = c0 & MASK;
        c1 += (c0 >> BITS) + m;
        lo = m * P1; c1 += lo & MASK; c2 += high(m, P1) - m;
        lo = m * P4; c4 += (lo & MASK) + m; c5 += high(m, P4);

        m = c1 & MASK;
        c2 += (c1 >> BITS) + m;
        lo = m * P1; c2 += lo & MASK; c3 += high(m, P1) - m;
        lo = m * P4; c5 += (lo & MASK) + m; c6 += high(m, P4);

        m = c2 & MASK;
        c3 += (c2 >> BITS) + m;
        lo = m * P1; c3 += lo & MASK; c4 += high(m, P1) - m;
        lo = m * P4; c6 += (lo & MASK) + m; c7 += high(m, P4);

        m = c3 & MASK;
        c4 += (c3 >> BITS) + m;
        lo = m * P1; c4 += lo & MASK; c5 += high(m, P1) - m;
        lo = m * P4; c7 += (lo & MASK) + m; c8 += high(m, P4);

        m = c4 & MASK;
        c5 += (c4 >> BITS) + m;
        lo = m * P1; c5 += lo & MASK; c6 += high(m, P1) - m;
        lo = m * P4; c8 += (lo & MASK) + m; c9 += high(m, P4);

        // the result, below 2p, is in c5..c9: carry it into 52-bit limbs
        c6 += c5 >> BITS;
        c7 += c6 >> BITS;
        c8 += c7 >> BITS;
        c9 += c8 >> BITS;
        r[0] = c5 & MASK;
        r[1] = c6 & MASK;
        r[2] = c7 & MASK;
        r[3] = c8 & MASK;
        r[4] = c9;
    }


    /**
     * r = a⁻¹ (and 0 for a = 0), by Fermat: a^(p−2), with a fixed sequence of operations.
     *
     * <p>p − 2 is, from the top, 31 ones, a zero, 128 ones, 32 zeros, 62 ones, a zero and a one.
     * The chain builds a^(2^k − 1) for k = 1, 2, 3, 6, 12, 24, 30, 31 and then appends the runs
     * of ones 31 bits at a time: 255 squarings and 16 multiplications.
     */
    public static void invert(long[] r, long[] a) {
        long[][] scratch = inversionScratch();
        invert(r, a, scratch);
    }

    /** Temporaries for {@link #invert(long[], long[], long[][])}, so that repeated inversions allocate nothing. */
    public static long[][] inversionScratch() {
        return new long[4][LIMBS];
    }

    /** {@link #invert(long[], long[])} with caller-owned temporaries, which it wipes. r may be a. */
    public static void invert(long[] r, long[] a, long[][] scratch) {
        long[] x3 = scratch[0];
        long[] x6 = scratch[1];
        long[] x31 = scratch[2];
        long[] t = scratch[3];
        // a is read to the end and r written last, so r may alias a
        square(t, a);
        mul(t, t, a);             // x2
        square(x3, t);
        mul(x3, x3, a);           // x3
        squareTimes(t, x3, 3);
        mul(x6, t, x3);           // x6
        squareTimes(t, x6, 6);
        mul(t, t, x6);            // x12
        System.arraycopy(t, 0, x31, 0, LIMBS); // x31 holds x12 for a moment
        squareTimes(t, t, 12);
        mul(t, t, x31);           // x24
        squareTimes(t, t, 6);
        mul(t, t, x6);            // x30
        square(t, t);
        mul(x31, t, a);           // x31: the top 31 ones

        squareTimes(t, x31, 1);   // the zero
        for (int i = 0; i < 4; i++) { // 124 of the 128 ones
            squareTimes(t, t, 31);
            mul(t, t, x31);
        }
        squareTimes(t, t, 3);
        mul(t, t, x3);
        square(t, t);
        mul(t, t, a);             // the last 4 of the 128
        squareTimes(t, t, 32);    // 32 zeros
        for (int i = 0; i < 2; i++) { // 62 ones
            squareTimes(t, t, 31);
            mul(t, t, x31);
        }
        squareTimes(t, t, 2);     // the zero, then the final one
        mul(r, t, a);
        for (long[] secret : scratch) {
            Arrays.fill(secret, 0);
        }
    }

    /** r = a^(2^count), count ≥ 1. */
    private static void squareTimes(long[] r, long[] a, int count) {
        square(r, a);
        for (int i = 1; i < count; i++) {
            square(r, r);
        }
    }

    /**
     * r = a square root of a, if a has one.
     *
     * @return whether a is a square; if not, r holds a value whose square is not a
     */
    public static boolean sqrt(long[] r, long[] a) {
        // p ≡ 3 (mod 4), so a root is a^((p+1)/4), and (p+1)/4 = (2^32 − 1)(2^160 − 1)·2^62:
        // 252 squarings and 13 multiplications, against 160 multiplications bit by bit
        long[] u = new long[LIMBS];
        long[] ones32 = new long[LIMBS];
        long[] acc = new long[LIMBS];
        long[] t = new long[LIMBS];
        runOfOnes(u, a, 1, 32, t);                    // u = a^(2^32 − 1)
        runOfOnes(ones32, u, 1, 32, t);               // u^(2^32 − 1)
        runOfOnes(acc, ones32, 32, 128, t);           // u^(2^128 − 1)
        squareTimes(t, acc, 32);
        mul(acc, t, ones32);                          // u^(2^160 − 1)
        squareTimes(t, acc, 62);
        long[] check = new long[LIMBS];
        square(check, t);
        sub(check, check, a);
        System.arraycopy(t, 0, r, 0, LIMBS);
        Arrays.fill(u, 0);
        Arrays.fill(ones32, 0);
        Arrays.fill(acc, 0);
        Arrays.fill(t, 0);
        return isZero(check);
    }

    /**
     * r = b^(2^to − 1) from b^(2^from − 1) = {@code base}, doubling the run of ones each step
     * ({@code to / from} a power of two); {@code t} is scratch. r must not alias base or t.
     */
    private static void runOfOnes(long[] r, long[] base, int from, int to, long[] t) {
        System.arraycopy(base, 0, r, 0, LIMBS);
        for (int ones = from; ones < to; ones *= 2) {
            squareTimes(t, r, ones);
            mul(r, t, r);
        }
    }

    /** Whether a = 0 (held as 0 or as p). */
    public static boolean isZero(long[] a) {
        return zeroBit(a) != 0;
    }

    /** 1 if a = 0 (held as 0 or as p), else 0, computed without branching. */
    public static int zeroBit(long[] a) {
        long zero = a[0] | a[1] | a[2] | a[3] | a[4];
        long p = (a[0] ^ P0) | (a[1] ^ P1) | (a[2] ^ P2) | (a[3] ^ P3) | (a[4] ^ P4);
        return (int) (((zero - 1) | (p - 1)) >>> 63); // limbs are non-negative, so only 0 goes negative
    }

    /** r = a if {@code choose} is 1, unchanged if 0; {@code choose} must be 0 or 1. */
    public static void conditionalCopy(long[] r, long[] a, int choose) {
        long mask = -(long) choose;
        for (int i = 0; i < LIMBS; i++) {
            r[i] ^= (r[i] ^ a[i]) & mask;
        }
    }

    /**
     * ⌊x·y / 2^52⌋ for 0 ≤ x &lt; 2^62 and 0 ≤ y &lt; 2^52: the high 64 bits of (2x)·(2^11·y), both
     * factors below 2^63, so the signed high product is exact (and the shifts of a limb are
     * shared by the compiler across its products).
     */
    private static long high(long x, long y) {
        return Math.multiplyHigh(x << 1, y << (63 - BITS));
    }

    /**
     * Writes to {@code r} an element (below 2p) congruent to the value V of the signed limbs,
     * for 0 ≤ V &lt; 2^261: carries into 52-bit form, then folds the part from 2^256 up back in
     * by 2^256 ≡ δ = 2^224 + 2^96 − 2^64 + 1 (mod p). With q = ⌊V / 2^256⌋ &lt; 32 the result
     * V mod 2^256 + q·δ is below 2^256 + 32δ &lt; 2p, so no comparison is needed.
     */
    private static void fold(long[] r, long r0, long r1, long r2, long r3, long r4) {
        r1 += r0 >> BITS;
        r0 &= MASK;
        r2 += r1 >> BITS;
        r1 &= MASK;
        r3 += r2 >> BITS;
        r2 &= MASK;
        r4 += r3 >> BITS;
        r3 &= MASK;
        long q = r4 >> 48; // limb 4 starts at bit 208: bit 48 of it is 2^256
        r4 &= (1L << 48) - 1;
        r0 += q;                        // + q
        r1 += (q << 44) - (q << 12);    // + q·2^96 − q·2^64 (limb 1 starts at bit 52)
        r4 += q << 16;                  // + q·2^224
        r1 += r0 >> BITS;
        r2 += r1 >> BITS;
        r3 += r2 >> BITS;
        r[0] = r0 & MASK;
        r[1] = r1 & MASK;
        r[2] = r2 & MASK;
        r[3] = r3 & MASK;
        r[4] = r4 + (r3 >> BITS);
    }

    /**
     * Reduces {@code r} in place from [0, 2p) (limbs possibly uncarried) to [0, p): carries into
     * 52-bit form, then subtracts p, keeping the difference by a mask if it did not go negative.
     *
     * @return all ones if the value was already below p, else 0
     */
    private static long reduceBelowP(long[] r) {
        long r0 = r[0];
        long r1 = r[1] + (r0 >> BITS);
        r0 &= MASK;
        long r2 = r[2] + (r1 >> BITS);
        r1 &= MASK;
        long r3 = r[3] + (r2 >> BITS);
        r2 &= MASK;
        long r4 = r[4] + (r3 >> BITS);
        r3 &= MASK;

        long t0 = r0 - P0;
        long t1 = r1 - P1 + (t0 >> BITS);
        t0 &= MASK;
        long t2 = r2 - P2 + (t1 >> BITS);
        t1 &= MASK;
        long t3 = r3 - P3 + (t2 >> BITS);
        t2 &= MASK;
        long t4 = r4 - P4 + (t3 >> BITS);
        t3 &= MASK;
        long keep = t4 >> 63; // all ones when the value was below p
        r[0] = (r0 & keep) | (t0 & ~keep);
        r[1] = (r1 & keep) | (t1 & ~keep);
        r[2] = (r2 & keep) | (t2 & ~keep);
        r[3] = (r3 & keep) | (t3 & ~keep);
        r[4] = (r4 & keep) | (t4 & ~keep);
        return keep;
    }

    private static long[] limbsOf(byte[] in, int off) {
        long[] limbs = new long[LIMBS];
        Limbs52.fromBytes(in, off, limbs);
        return limbs;
    }
}
