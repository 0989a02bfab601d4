package org.shangmi.core.sm9;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.Objects;

/**
 * Arithmetic modulo an odd 256-bit modulus m (2^255 &lt; m &lt; 2^256), in Montgomery form with
 * R = 2^260: the base field of the SM9 curve ({@link #P}) and its group order ({@link #N}).
 *
 * <p>An element is five 52-bit limbs, least significant first, at an offset in a {@code long[]}
 * (so that extension-field elements and points are flat arrays), holding x·R mod m plus 0 or m:
 * each limb below 2^52 and the value below 2m. Sums and differences are brought back below 2m by
 * one subtraction of 2m selected by a mask; a Montgomery product of factors below 4m is below 2m
 * because 16m &lt; R, so products need no final subtraction, and factors may be the sum of two
 * elements ({@link #addLazy}). Only {@link #encode}, {@link #isZeroMask} and {@link #equalsMask}
 * need the unique residue. Results may alias inputs.
 *
 * <p>Constant time: no branch or array index depends on an element's value. Exponents passed to
 * {@link #powVar} are public: its running time depends on them (never on the base).
 */
final class Mont256 {

    static final int LIMBS = 5;
    private static final int BITS = 52;
    private static final long MASK = (1L << BITS) - 1;

    /** The prime of the SM9 curve (GB/T 38635.1 / GM/T 0044). */
    static final Mont256 P = new Mont256("b640000002a3a6f1d603ab4ff58ec74521f2934b1a7aeedbe56f9b27e351457d");
    /** The order N of the SM9 groups. */
    static final Mont256 N = new Mont256("b640000002a3a6f1d603ab4ff58ec74449f2934b18ea8beee56ee19cd69ecf25");

    final BigInteger modulus;
    private final long m0;
    private final long m1;
    private final long m2;
    private final long m3;
    private final long m4;
    /** −m⁻¹ mod 2^52. */
    private final long minv;
    /** 2m, in 52-bit limbs. */
    private final long d0;
    private final long d1;
    private final long d2;
    private final long d3;
    private final long d4;
    private final long[] rSquared;
    private final long[] one;
    private final long[] plainOne = {1, 0, 0, 0, 0};

    private Mont256(String hex) {
        modulus = new BigInteger(hex, 16);
        if (modulus.bitLength() != 256 || !modulus.testBit(0)) {
            throw new IllegalArgumentException("not an odd 256-bit modulus");
        }
        long[] m = limbsOf(modulus);
        m0 = m[0];
        m1 = m[1];
        m2 = m[2];
        m3 = m[3];
        m4 = m[4];
        long[] d = limbsOf(modulus.shiftLeft(1));
        d0 = d[0];
        d1 = d[1];
        d2 = d[2];
        d3 = d[3];
        d4 = d[4];
        long inverse = 1; // Newton's iteration: each step doubles the bits of m⁻¹ mod 2^64 that are right
        for (int i = 0; i < 6; i++) {
            inverse *= 2 - m0 * inverse;
        }
        minv = -inverse & MASK;
        rSquared = limbsOf(BigInteger.ONE.shiftLeft(2 * LIMBS * BITS).mod(modulus));
        one = limbsOf(BigInteger.ONE.shiftLeft(LIMBS * BITS).mod(modulus));
    }

    private static long[] limbsOf(BigInteger value) {
        long[] limbs = new long[LIMBS];
        for (int i = 0; i < LIMBS; i++) {
            limbs[i] = value.shiftRight(BITS * i).longValue() & MASK;
        }
        limbs[LIMBS - 1] = value.shiftRight(BITS * (LIMBS - 1)).longValueExact();
        return limbs;
    }

    /** r = 0. */
    void setZero(long[] r, int ro) {
        Arrays.fill(r, ro, ro + LIMBS, 0);
    }

    /** r = 1. */
    void setOne(long[] r, int ro) {
        System.arraycopy(one, 0, r, ro, LIMBS);
    }

    /** r = a. */
    static void copy(long[] r, int ro, long[] a, int ao) {
        System.arraycopy(a, ao, r, ro, LIMBS);
    }

    /**
     * Reads a 32-byte big-endian integer into {@code r} in Montgomery form.
     *
     * @return all ones if the integer was below m, else 0 (and {@code r} holds it reduced mod m,
     *         which callers validating an encoding must refuse); computed without branching
     */
    long decode(byte[] in, int off, long[] r, int ro) {
        Objects.checkFromIndexSize(off, 32, in.length);
        long[] plain = new long[LIMBS];
        for (int i = 0; i < 32; i++) {
            int bit = 8 * (31 - i);
            long value = in[off + i] & 0xffL;
            plain[bit / BITS] |= (value << (bit % BITS)) & MASK;
            if (bit % BITS > BITS - 8) {
                plain[bit / BITS + 1] |= value >>> (BITS - bit % BITS);
            }
        }
        long below = subtractIfNotBelow(plain, m0, m1, m2, m3, m4); // 2^256 < 2m
        mul(r, ro, plain, 0, rSquared, 0);
        Arrays.fill(plain, 0);
        return below;
    }

    /** Writes a as a 32-byte big-endian integer in [0, m). */
    void encode(long[] a, int ao, byte[] out, int off) {
        Objects.checkFromIndexSize(off, 32, out.length);
        long[] plain = new long[LIMBS];
        mul(plain, 0, a, ao, plainOne, 0); // at most m
        subtractIfNotBelow(plain, m0, m1, m2, m3, m4);
        for (int i = 0; i < 32; i++) {
            int bit = 8 * (31 - i);
            int limb = bit / BITS;
            int shift = bit % BITS;
            long value = plain[limb] >>> shift;
            if (shift > BITS - 8 && limb + 1 < LIMBS) {
                value |= plain[limb + 1] << (BITS - shift);
            }
            out[off + i] = (byte) value;
        }
        Arrays.fill(plain, 0);
    }

    /** Sets r to the element for a public non-negative integer below m. */
    void setVar(long[] r, int ro, BigInteger value) {
        if (value.signum() < 0 || value.compareTo(modulus) >= 0) {
            throw new IllegalArgumentException("value out of range");
        }
        long[] plain = limbsOf(value);
        mul(r, ro, plain, 0, rSquared, 0);
    }

    /** The integer a stands for, for public values (tests, constants). */
    BigInteger toBigIntegerVar(long[] a, int ao) {
        byte[] out = new byte[32];
        encode(a, ao, out, 0);
        return new BigInteger(1, out);
    }

    /** r = a + b, below 2m. */
    void add(long[] r, int ro, long[] a, int ao, long[] b, int bo) {
        reduce(r, ro, a[ao] + b[bo], a[ao + 1] + b[bo + 1], a[ao + 2] + b[bo + 2],
                a[ao + 3] + b[bo + 3], a[ao + 4] + b[bo + 4]);
    }

    /**
     * r = a + b with the limbs merely added (each below 2^53, the value below 4m): only for a
     * factor of {@link #mul} or {@link #square}, which accept that.
     */
    static void addLazy(long[] r, int ro, long[] a, int ao, long[] b, int bo) {
        r[ro] = a[ao] + b[bo];
        r[ro + 1] = a[ao + 1] + b[bo + 1];
        r[ro + 2] = a[ao + 2] + b[bo + 2];
        r[ro + 3] = a[ao + 3] + b[bo + 3];
        r[ro + 4] = a[ao + 4] + b[bo + 4];
    }

    /** r = a − b. */
    void sub(long[] r, int ro, long[] a, int ao, long[] b, int bo) {
        // a − b + 2m lies in (0, 4m)
        reduce(r, ro, a[ao] - b[bo] + d0, a[ao + 1] - b[bo + 1] + d1, a[ao + 2] - b[bo + 2] + d2,
                a[ao + 3] - b[bo + 3] + d3, a[ao + 4] - b[bo + 4] + d4);
    }

    /** r = −a. */
    void neg(long[] r, int ro, long[] a, int ao) {
        reduce(r, ro, d0 - a[ao], d1 - a[ao + 1], d2 - a[ao + 2], d3 - a[ao + 3], d4 - a[ao + 4]);
    }

    /** r = 2a. */
    void dbl(long[] r, int ro, long[] a, int ao) {
        add(r, ro, a, ao, a, ao);
    }

    /** r = a/2. */
    void half(long[] r, int ro, long[] a, int ao) {
        // a + m·(a mod 2) is even and below 3m; halving it gives a value below 2m
        long odd = -(a[ao] & 1);
        long t0 = a[ao] + (m0 & odd);
        long t1 = a[ao + 1] + (m1 & odd) + (t0 >> BITS);
        long t2 = a[ao + 2] + (m2 & odd) + (t1 >> BITS);
        long t3 = a[ao + 3] + (m3 & odd) + (t2 >> BITS);
        long t4 = a[ao + 4] + (m4 & odd) + (t3 >> BITS);
        r[ro] = ((t0 & MASK) >>> 1) | ((t1 & 1) << (BITS - 1));
        r[ro + 1] = ((t1 & MASK) >>> 1) | ((t2 & 1) << (BITS - 1));
        r[ro + 2] = ((t2 & MASK) >>> 1) | ((t3 & 1) << (BITS - 1));
        r[ro + 3] = ((t3 & MASK) >>> 1) | ((t4 & 1) << (BITS - 1));
        r[ro + 4] = t4 >>> 1;
    }

    /** r = a·b, for factors below 4m with limbs below 2^53. */
    void mul(long[] r, int ro, long[] a, int ao, long[] b, int bo) {
        long a0 = a[ao];
        long a1 = a[ao + 1];
        long a2 = a[ao + 2];
        long a3 = a[ao + 3];
        long a4 = a[ao + 4];
        long b0 = b[bo];
        long b1 = b[bo + 1];
        long b2 = b[bo + 2];
        long b3 = b[bo + 3];
        long b4 = b[bo + 4];
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

        // schoolbook: each partial product splits into its low 52 bits and the rest
        c0 += (a0 * b0) & MASK; c1 += high(a0, b0);
        c1 += (a0 * b1) & MASK; c2 += high(a0, b1);
        c2 += (a0 * b2) & MASK; c3 += high(a0, b2);
        c3 += (a0 * b3) & MASK; c4 += high(a0, b3);
        c4 += (a0 * b4) & MASK; c5 += high(a0, b4);

        c1 += (a1 * b0) & MASK; c2 += high(a1, b0);
        c2 += (a1 * b1) & MASK; c3 += high(a1, b1);
        c3 += (a1 * b2) & MASK; c4 += high(a1, b2);
        c4 += (a1 * b3) & MASK; c5 += high(a1, b3);
        c5 += (a1 * b4) & MASK; c6 += high(a1, b4);

        c2 += (a2 * b0) & MASK; c3 += high(a2, b0);
        c3 += (a2 * b1) & MASK; c4 += high(a2, b1);
        c4 += (a2 * b2) & MASK; c5 += high(a2, b2);
        c5 += (a2 * b3) & MASK; c6 += high(a2, b3);
        c6 += (a2 * b4) & MASK; c7 += high(a2, b4);

        c3 += (a3 * b0) & MASK; c4 += high(a3, b0);
        c4 += (a3 * b1) & MASK; c5 += high(a3, b1);
        c5 += (a3 * b2) & MASK; c6 += high(a3, b2);
        c6 += (a3 * b3) & MASK; c7 += high(a3, b3);
        c7 += (a3 * b4) & MASK; c8 += high(a3, b4);

        c4 += (a4 * b0) & MASK; c5 += high(a4, b0);
        c5 += (a4 * b1) & MASK; c6 += high(a4, b1);
        c6 += (a4 * b2) & MASK; c7 += high(a4, b2);
        c7 += (a4 * b3) & MASK; c8 += high(a4, b3);
        c8 += (a4 * b4) & MASK; c9 += high(a4, b4);

        montgomeryReduce(r, ro, c0, c1, c2, c3, c4, c5, c6, c7, c8, c9);
    }

    /** r = a², for a below 4m with limbs below 2^53: the fifteen distinct products, cross terms doubled. */
    void square(long[] r, int ro, long[] a, int ao) {
        long a0 = a[ao];
        long a1 = a[ao + 1];
        long a2 = a[ao + 2];
        long a3 = a[ao + 3];
        long a4 = a[ao + 4];
        long e0 = 2 * a0;
        long e1 = 2 * a1;
        long e2 = 2 * a2;
        long e3 = 2 * a3;
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

        c0 += (a0 * a0) & MASK; c1 += high(a0, a0);
        c1 += (e0 * a1) & MASK; c2 += high(e0, a1);
        c2 += (e0 * a2) & MASK; c3 += high(e0, a2);
        c3 += (e0 * a3) & MASK; c4 += high(e0, a3);
        c4 += (e0 * a4) & MASK; c5 += high(e0, a4);

        c2 += (a1 * a1) & MASK; c3 += high(a1, a1);
        c3 += (e1 * a2) & MASK; c4 += high(e1, a2);
        c4 += (e1 * a3) & MASK; c5 += high(e1, a3);
        c5 += (e1 * a4) & MASK; c6 += high(e1, a4);

        c4 += (a2 * a2) & MASK; c5 += high(a2, a2);
        c5 += (e2 * a3) & MASK; c6 += high(e2, a3);
        c6 += (e2 * a4) & MASK; c7 += high(e2, a4);

        c6 += (a3 * a3) & MASK; c7 += high(a3, a3);
        c7 += (e3 * a4) & MASK; c8 += high(e3, a4);

        c8 += (a4 * a4) & MASK; c9 += high(a4, a4);

        montgomeryReduce(r, ro, c0, c1, c2, c3, c4, c5, c6, c7, c8, c9);
    }

    /**
     * r = c·R⁻¹ for the ten-column product c (column i counting 2^(52i)): below 2m for a
     * product below 16m², since 16m &lt; R. One limb at a time, adds u·m with
     * u = c_i·(−m⁻¹) mod 2^52, which clears column i.
     */
    private void montgomeryReduce(long[] r, int ro, long c0, long c1, long c2, long c3, long c4,
            long c5, long c6, long c7, long c8, long c9) {
        long u;
        u = (c0 * minv) & MASK;
        c0 += (u * m0) & MASK; c1 += high(u, m0) + (c0 >> BITS);
        c1 += (u * m1) & MASK; c2 += high(u, m1);
        c2 += (u * m2) & MASK; c3 += high(u, m2);
        c3 += (u * m3) & MASK; c4 += high(u, m3);
        c4 += (u * m4) & MASK; c5 += high(u, m4);

        u = (c1 * minv) & MASK;
        c1 += (u * m0) & MASK; c2 += high(u, m0) + (c1 >> BITS);
        c2 += (u * m1) & MASK; c3 += high(u, m1);
        c3 += (u * m2) & MASK; c4 += high(u, m2);
        c4 += (u * m3) & MASK; c5 += high(u, m3);
        c5 += (u * m4) & MASK; c6 += high(u, m4);

        u = (c2 * minv) & MASK;
        c2 += (u * m0) & MASK; c3 += high(u, m0) + (c2 >> BITS);
        c3 += (u * m1) & MASK; c4 += high(u, m1);
        c4 += (u * m2) & MASK; c5 += high(u, m2);
        c5 += (u * m3) & MASK; c6 += high(u, m3);
        c6 += (u * m4) & MASK; c7 += high(u, m4);

        u = (c3 * minv) & MASK;
        c3 += (u * m0) & MASK; c4 += high(u, m0) + (c3 >> BITS);
        c4 += (u * m1) & MASK; c5 += high(u, m1);
        c5 += (u * m2) & MASK; c6 += high(u, m2);
        c6 += (u * m3) & MASK; c7 += high(u, m3);
        c7 += (u * m4) & MASK; c8 += high(u, m4);

        u = (c4 * minv) & MASK;
        c4 += (u * m0) & MASK; c5 += high(u, m0) + (c4 >> BITS);
        c5 += (u * m1) & MASK; c6 += high(u, m1);
        c6 += (u * m2) & MASK; c7 += high(u, m2);
        c7 += (u * m3) & MASK; c8 += high(u, m3);
        c8 += (u * m4) & MASK; c9 += high(u, m4);

        c6 += c5 >> BITS;
        c7 += c6 >> BITS;
        c8 += c7 >> BITS;
        c9 += c8 >> BITS;
        r[ro] = c5 & MASK;
        r[ro + 1] = c6 & MASK;
        r[ro + 2] = c7 & MASK;
        r[ro + 3] = c8 & MASK;
        r[ro + 4] = c9;
    }

    /**
     * ⌊x·y / 2^52⌋ for 0 ≤ x, y &lt; 2^57: the high 64 bits of (2^6·x)·(2^6·y), both factors
     * below 2^63, so the signed high product is exact.
     */
    private static long high(long x, long y) {
        return Math.multiplyHigh(x << 6, y << 6);
    }

    /**
     * Writes to r the value of the signed limbs (0 ≤ value &lt; 4m), carried into 52-bit limbs and
     * less 2m if it was at least 2m (selected by a mask).
     */
    private void reduce(long[] r, int ro, long t0, long t1, long t2, long t3, long t4) {
        carryAndSubtract(r, ro, t0, t1, t2, t3, t4, d0, d1, d2, d3, d4);
    }

    /**
     * Carries the limbs of {@code v} (value below 2·(q0..q4)) and subtracts q = (q0..q4) if the
     * value is at least q, by a mask.
     *
     * @return all ones if the value was below q, else 0
     */
    private static long subtractIfNotBelow(long[] v, long q0, long q1, long q2, long q3, long q4) {
        return carryAndSubtract(v, 0, v[0], v[1], v[2], v[3], v[4], q0, q1, q2, q3, q4);
    }

    /**
     * Writes to r the value t of the signed limbs t0..t4 (0 ≤ t &lt; 2q), carried into 52-bit
     * limbs, less q if t ≥ q; the choice is a mask, not a branch.
     *
     * @return all ones if t was below q, else 0
     */
    private static long carryAndSubtract(long[] r, int ro, long t0, long t1, long t2, long t3, long t4,
            long q0, long q1, long q2, long q3, long q4) {
        t1 += t0 >> BITS;
        t0 &= MASK;
        t2 += t1 >> BITS;
        t1 &= MASK;
        t3 += t2 >> BITS;
        t2 &= MASK;
        t4 += t3 >> BITS;
        t3 &= MASK;
        long s0 = t0 - q0;
        long s1 = t1 - q1 + (s0 >> BITS);
        s0 &= MASK;
        long s2 = t2 - q2 + (s1 >> BITS);
        s1 &= MASK;
        long s3 = t3 - q3 + (s2 >> BITS);
        s2 &= MASK;
        long s4 = t4 - q4 + (s3 >> BITS);
        s3 &= MASK;
        long keep = s4 >> 63; // all ones when t was below q
        r[ro] = (t0 & keep) | (s0 & ~keep);
        r[ro + 1] = (t1 & keep) | (s1 & ~keep);
        r[ro + 2] = (t2 & keep) | (s2 & ~keep);
        r[ro + 3] = (t3 & keep) | (s3 & ~keep);
        r[ro + 4] = (t4 & keep) | (s4 & ~keep);
        return keep;
    }

    /** All ones if a ≡ 0 (held as 0 or m), else 0, without branching. */
    long isZeroMask(long[] a, int ao) {
        long zero = a[ao] | a[ao + 1] | a[ao + 2] | a[ao + 3] | a[ao + 4];
        long isM = (a[ao] ^ m0) | (a[ao + 1] ^ m1) | (a[ao + 2] ^ m2) | (a[ao + 3] ^ m3) | (a[ao + 4] ^ m4);
        return ((zero - 1) | (isM - 1)) >> 63; // limbs are non-negative, so only 0 goes negative
    }

    /** All ones if a ≡ b, else 0, without branching. */
    long equalsMask(long[] a, int ao, long[] b, int bo) {
        long[] difference = new long[LIMBS];
        sub(difference, 0, a, ao, b, bo);
        long mask = isZeroMask(difference, 0);
        Arrays.fill(difference, 0);
        return mask;
    }

    /**
     * r = a^e for a public exponent e ≥ 0 (4-bit windows; the sequence of operations depends on
     * e alone). Temporaries are wiped.
     */
    void powVar(long[] r, int ro, long[] a, int ao, BigInteger e) {
        long[] table = new long[16 * LIMBS];
        setOne(table, 0);
        copy(table, LIMBS, a, ao);
        for (int i = 2; i < 16; i++) {
            mul(table, i * LIMBS, table, (i - 1) * LIMBS, a, ao);
        }
        long[] acc = new long[LIMBS];
        setOne(acc, 0);
        for (int i = (e.bitLength() + 3) / 4 - 1; i >= 0; i--) {
            for (int j = 0; j < 4; j++) {
                square(acc, 0, acc, 0);
            }
            int window = 0;
            for (int j = 3; j >= 0; j--) {
                window = (window << 1) | (e.testBit(4 * i + j) ? 1 : 0);
            }
            if (window != 0) {
                mul(acc, 0, acc, 0, table, window * LIMBS);
            }
        }
        copy(r, ro, acc, 0);
        Arrays.fill(table, 0);
        Arrays.fill(acc, 0);
    }

    /** r = a⁻¹ (0 for a = 0), by Fermat: a^(m−2), in time independent of a. */
    void invert(long[] r, int ro, long[] a, int ao) {
        powVar(r, ro, a, ao, modulus.subtract(BigInteger.TWO));
    }
}
