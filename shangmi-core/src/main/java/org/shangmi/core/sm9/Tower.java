package org.shangmi.core.sm9;

import java.math.BigInteger;
import java.util.Arrays;

/**
 * Arithmetic in the extension fields of the SM9 pairing, on flat {@code long[]} arrays.
 *
 * <p>The tower: Fp2 = Fp[u]/(u² + 2), Fp6 = Fp2[y]/(y³ − u), Fp12 = Fp6[w]/(w² − y). Since
 * y = w², Fp12 is also Fp2[w]/(w⁶ − u), the field GB/T 38635 builds as Fp4 = Fp2[v]/(v² − u),
 * Fp12 = Fp4[w]/(w³ − v) with v = w³: the two towers hold the same elements, and only
 * {@link #encode12} and {@link #decode12} need the standard's order of coefficients. The
 * cubic-over-quadratic layout is chosen for speed: Karatsuba at each level and the sparse lines
 * of the Miller loop.
 *
 * <p>Layout: an Fp element is 5 limbs ({@link Mont256}); Fp2 is c0 then c1 (c0 + c1·u, 10
 * longs); Fp6 is c0, c1, c2 (c0 + c1·y + c2·y², 30 longs); Fp12 is a, b (a + b·w, 60 longs).
 * Each method takes an array and an offset for every operand; results may alias inputs.
 *
 * <p>An instance owns the temporaries of its methods, so it is not safe for use by several
 * threads at once; {@link #wipe} clears them. Constant time: no branch or index depends on an
 * element's value; methods named {@code Var} take public exponents.
 */
final class Tower {

    static final int FP = Mont256.LIMBS;
    static final int FP2 = 2 * FP;
    static final int FP6 = 3 * FP2;
    static final int FP12 = 2 * FP6;

    private static final Mont256 F = Mont256.P;

    /** The Frobenius constants u^(k·(p^j − 1)/6) for j = 1, 2, 3 and k = 0..5, as Fp2 elements. */
    private static final long[][] FROBENIUS = new long[4][];

    /** The w-power of each Fp2 coefficient of an Fp12 element, in layout order. */
    private static final int[] W_POWER = {0, 2, 4, 1, 3, 5};

    static {
        BigInteger p = F.modulus;
        Tower t = new Tower();
        long[] u = new long[FP2];
        F.setOne(u, FP);
        for (int j = 1; j <= 3; j++) {
            BigInteger e = p.pow(j).subtract(BigInteger.ONE).divide(BigInteger.valueOf(6));
            long[] gamma = new long[6 * FP2];
            for (int k = 0; k < 6; k++) {
                t.pow2Var(gamma, k * FP2, u, 0, e.multiply(BigInteger.valueOf(k)));
            }
            FROBENIUS[j] = gamma;
        }
    }

    // temporaries of each level, kept apart so that a level may call the one below it
    private final long[] t1 = new long[4 * FP];
    private final long[] t2 = new long[6 * FP2];
    private final long[] t6 = new long[6 * FP6];
    private final long[] t12 = new long[4 * FP6];

    /** Clears the temporaries, which may hold secrets. */
    void wipe() {
        Arrays.fill(t1, 0);
        Arrays.fill(t2, 0);
        Arrays.fill(t6, 0);
        Arrays.fill(t12, 0);
    }

    // ---------------------------------------------------------------- Fp2

    static void setOne2(long[] r, int ro) {
        F.setOne(r, ro);
        F.setZero(r, ro + FP);
    }

    static void copy2(long[] r, int ro, long[] a, int ao) {
        System.arraycopy(a, ao, r, ro, FP2);
    }

    static void add2(long[] r, int ro, long[] a, int ao, long[] b, int bo) {
        F.add(r, ro, a, ao, b, bo);
        F.add(r, ro + FP, a, ao + FP, b, bo + FP);
    }

    static void sub2(long[] r, int ro, long[] a, int ao, long[] b, int bo) {
        F.sub(r, ro, a, ao, b, bo);
        F.sub(r, ro + FP, a, ao + FP, b, bo + FP);
    }

    static void neg2(long[] r, int ro, long[] a, int ao) {
        F.neg(r, ro, a, ao);
        F.neg(r, ro + FP, a, ao + FP);
    }

    static void dbl2(long[] r, int ro, long[] a, int ao) {
        F.dbl(r, ro, a, ao);
        F.dbl(r, ro + FP, a, ao + FP);
    }

    /** r = the conjugate of a (a^p): c0 − c1·u. */
    static void conj2(long[] r, int ro, long[] a, int ao) {
        Mont256.copy(r, ro, a, ao);
        F.neg(r, ro + FP, a, ao + FP);
    }

    /** r = a·k for k in Fp. */
    static void mulFp2(long[] r, int ro, long[] a, int ao, long[] k, int ko) {
        F.mul(r, ro, a, ao, k, ko);
        F.mul(r, ro + FP, a, ao + FP, k, ko);
    }

    /** r = a·u = −2·c1 + c0·u. */
    void mulU2(long[] r, int ro, long[] a, int ao) {
        long[] t = t1;
        F.dbl(t, 0, a, ao + FP);
        Mont256.copy(r, ro + FP, a, ao);
        F.neg(r, ro, t, 0);
    }

    /** r = a·b by Karatsuba: three products in Fp. */
    void mul2(long[] r, int ro, long[] a, int ao, long[] b, int bo) {
        long[] t = t1;
        F.mul(t, 0, a, ao, b, bo);                  // a0·b0
        F.mul(t, FP, a, ao + FP, b, bo + FP);       // a1·b1
        Mont256.addLazy(t, 2 * FP, a, ao, a, ao + FP);
        Mont256.addLazy(t, 3 * FP, b, bo, b, bo + FP);
        F.mul(t, 2 * FP, t, 2 * FP, t, 3 * FP);     // (a0 + a1)(b0 + b1)
        F.sub(t, 2 * FP, t, 2 * FP, t, 0);
        F.sub(r, ro + FP, t, 2 * FP, t, FP);        // a0·b1 + a1·b0
        F.dbl(t, FP, t, FP);
        F.sub(r, ro, t, 0, t, FP);                  // a0·b0 − 2·a1·b1
    }

    /** r = a²: c0 = (a0 + a1)(a0 − 2a1) + a0·a1, c1 = 2·a0·a1. */
    void sqr2(long[] r, int ro, long[] a, int ao) {
        long[] t = t1;
        F.mul(t, 0, a, ao, a, ao + FP);             // a0·a1
        Mont256.addLazy(t, FP, a, ao, a, ao + FP);
        F.sub(t, 2 * FP, a, ao, a, ao + FP);
        F.sub(t, 2 * FP, t, 2 * FP, a, ao + FP);    // a0 − 2a1
        F.mul(t, FP, t, FP, t, 2 * FP);
        F.add(r, ro, t, FP, t, 0);
        F.dbl(r, ro + FP, t, 0);
    }

    /** r = a⁻¹ (0 for 0): the conjugate over the norm a0² + 2a1². */
    void inv2(long[] r, int ro, long[] a, int ao) {
        long[] t = t1;
        F.square(t, 0, a, ao);
        F.square(t, FP, a, ao + FP);
        F.dbl(t, FP, t, FP);
        F.add(t, 0, t, 0, t, FP);
        F.invert(t, 0, t, 0);
        F.mul(r, ro, a, ao, t, 0);
        F.neg(t, FP, a, ao + FP);
        F.mul(r, ro + FP, t, FP, t, 0);
    }

    static long isZeroMask2(long[] a, int ao) {
        return F.isZeroMask(a, ao) & F.isZeroMask(a, ao + FP);
    }

    static long equalsMask2(long[] a, int ao, long[] b, int bo) {
        return F.equalsMask(a, ao, b, bo) & F.equalsMask(a, ao + FP, b, bo + FP);
    }

    /** r = a^e for a public exponent e ≥ 0 (square and multiply; the sequence depends on e alone). */
    void pow2Var(long[] r, int ro, long[] a, int ao, BigInteger e) {
        long[] acc = new long[2 * FP2];
        setOne2(acc, 0);
        copy2(acc, FP2, a, ao);
        for (int i = e.bitLength() - 1; i >= 0; i--) {
            sqr2(acc, 0, acc, 0);
            if (e.testBit(i)) {
                mul2(acc, 0, acc, 0, acc, FP2);
            }
        }
        copy2(r, ro, acc, 0);
        Arrays.fill(acc, 0);
    }

    /** Writes a as 64 bytes in the standard's order: the coefficient of u, then the constant. */
    static void encode2(long[] a, int ao, byte[] out, int off) {
        F.encode(a, ao + FP, out, off);
        F.encode(a, ao, out, off + 32);
    }

    /**
     * Reads 64 bytes in the standard's order into r.
     *
     * @return all ones if both coordinates were below p, else 0
     */
    static long decode2(byte[] in, int off, long[] r, int ro) {
        return F.decode(in, off, r, ro + FP) & F.decode(in, off + 32, r, ro);
    }

    // ---------------------------------------------------------------- Fp6

    static void add6(long[] r, int ro, long[] a, int ao, long[] b, int bo) {
        for (int i = 0; i < 3; i++) {
            add2(r, ro + i * FP2, a, ao + i * FP2, b, bo + i * FP2);
        }
    }

    static void sub6(long[] r, int ro, long[] a, int ao, long[] b, int bo) {
        for (int i = 0; i < 3; i++) {
            sub2(r, ro + i * FP2, a, ao + i * FP2, b, bo + i * FP2);
        }
    }

    static void neg6(long[] r, int ro, long[] a, int ao) {
        for (int i = 0; i < 3; i++) {
            neg2(r, ro + i * FP2, a, ao + i * FP2);
        }
    }

    /** r = a·y = u·c2 + c0·y + c1·y². */
    void mulY6(long[] r, int ro, long[] a, int ao) {
        long[] t = t2;
        mulU2(t, 0, a, ao + 2 * FP2);
        copy2(r, ro + 2 * FP2, a, ao + FP2);
        copy2(r, ro + FP2, a, ao);
        copy2(r, ro, t, 0);
    }

    /** r = a·b by Karatsuba: six products in Fp2. */
    void mul6(long[] r, int ro, long[] a, int ao, long[] b, int bo) {
        long[] t = t2;
        int a0 = ao;
        int a1 = ao + FP2;
        int a2 = ao + 2 * FP2;
        int b0 = bo;
        int b1 = bo + FP2;
        int b2 = bo + 2 * FP2;
        int v0 = 0;
        int v1 = FP2;
        int v2 = 2 * FP2;
        int s = 3 * FP2;
        int q = 4 * FP2;
        int c = 5 * FP2;
        mul2(t, v0, a, a0, b, b0);
        mul2(t, v1, a, a1, b, b1);
        mul2(t, v2, a, a2, b, b2);

        // c0 = v0 + u·((a1 + a2)(b1 + b2) − v1 − v2)
        add2(t, s, a, a1, a, a2);
        add2(t, q, b, b1, b, b2);
        mul2(t, s, t, s, t, q);
        sub2(t, s, t, s, t, v1);
        sub2(t, s, t, s, t, v2);
        mulU2(t, s, t, s);
        add2(t, c, t, s, t, v0); // c0 kept aside: r may alias a or b, still needed below

        // c1 = (a0 + a1)(b0 + b1) − v0 − v1 + u·v2
        add2(t, s, a, a0, a, a1);
        add2(t, q, b, b0, b, b1);
        mul2(t, s, t, s, t, q);
        sub2(t, s, t, s, t, v0);
        sub2(t, s, t, s, t, v1);
        mulU2(t, q, t, v2);
        add2(t, s, t, s, t, q);  // c1 in s

        // c2 = (a0 + a2)(b0 + b2) − v0 − v2 + v1
        add2(t, q, a, a0, a, a2);
        add2(r, ro + 2 * FP2, b, b0, b, b2); // b is not read after this
        mul2(t, q, t, q, r, ro + 2 * FP2);
        sub2(t, q, t, q, t, v0);
        sub2(t, q, t, q, t, v2);
        add2(r, ro + 2 * FP2, t, q, t, v1);
        copy2(r, ro + FP2, t, s);
        copy2(r, ro, t, c);
    }

    /**
     * r = a·b for b = b0 + b1·y (b2 = 0), as the lines of the Miller loop are: five products in
     * Fp2.
     */
    void mul6By01(long[] r, int ro, long[] a, int ao, long[] b0, int b0o, long[] b1, int b1o) {
        long[] t = t2;
        int v0 = 0;
        int v1 = FP2;
        int s = 2 * FP2;
        int q = 3 * FP2;
        int c0 = 4 * FP2;
        int c1 = 5 * FP2;
        mul2(t, v0, a, ao, b0, b0o);
        mul2(t, v1, a, ao + FP2, b1, b1o);
        // c0 = v0 + u·a2·b1
        mul2(t, s, a, ao + 2 * FP2, b1, b1o);
        mulU2(t, s, t, s);
        add2(t, c0, t, s, t, v0);
        // c1 = (a0 + a1)(b0 + b1) − v0 − v1
        add2(t, s, a, ao, a, ao + FP2);
        add2(t, q, b0, b0o, b1, b1o);
        mul2(t, s, t, s, t, q);
        sub2(t, s, t, s, t, v0);
        sub2(t, c1, t, s, t, v1);
        // c2 = a2·b0 + v1
        mul2(t, s, a, ao + 2 * FP2, b0, b0o);
        add2(r, ro + 2 * FP2, t, s, t, v1);
        copy2(r, ro + FP2, t, c1);
        copy2(r, ro, t, c0);
    }

    /** r = a·(b1·y): three products in Fp2. */
    void mul6By1(long[] r, int ro, long[] a, int ao, long[] b1, int b1o) {
        long[] t = t2;
        mul2(t, 0, a, ao + 2 * FP2, b1, b1o);
        mulU2(t, 0, t, 0);                       // u·a2·b1
        mul2(t, FP2, a, ao, b1, b1o);            // a0·b1
        mul2(r, ro + 2 * FP2, a, ao + FP2, b1, b1o);
        copy2(r, ro + FP2, t, FP2);
        copy2(r, ro, t, 0);
    }

    /** r = a² (Chung and Hasan's SQR2: two products and three squares in Fp2). */
    void sqr6(long[] r, int ro, long[] a, int ao) {
        long[] t = t2;
        int s0 = 0;
        int s1 = FP2;
        int s2 = 2 * FP2;
        int s3 = 3 * FP2;
        int s4 = 4 * FP2;
        sqr2(t, s0, a, ao);                              // a0²
        mul2(t, s1, a, ao, a, ao + FP2);
        dbl2(t, s1, t, s1);                              // 2·a0·a1
        sub2(t, s2, a, ao, a, ao + FP2);
        add2(t, s2, t, s2, a, ao + 2 * FP2);
        sqr2(t, s2, t, s2);                              // (a0 − a1 + a2)²
        mul2(t, s3, a, ao + FP2, a, ao + 2 * FP2);
        dbl2(t, s3, t, s3);                              // 2·a1·a2
        sqr2(t, s4, a, ao + 2 * FP2);                    // a2²
        // c2 = s1 + s2 + s3 − s0 − s4
        add2(t, 5 * FP2, t, s1, t, s2);
        add2(t, 5 * FP2, t, 5 * FP2, t, s3);
        sub2(t, 5 * FP2, t, 5 * FP2, t, s0);
        sub2(r, ro + 2 * FP2, t, 5 * FP2, t, s4);
        // c1 = s1 + u·s4
        mulU2(t, s4, t, s4);
        add2(r, ro + FP2, t, s1, t, s4);
        // c0 = s0 + u·s3
        mulU2(t, s3, t, s3);
        add2(r, ro, t, s0, t, s3);
    }

    /** r = a⁻¹ (0 for 0). */
    void inv6(long[] r, int ro, long[] a, int ao) {
        long[] t = t6;
        int a0 = ao;
        int a1 = ao + FP2;
        int a2 = ao + 2 * FP2;
        int c0 = 0;
        int c1 = FP2;
        int c2 = 2 * FP2;
        int s = 3 * FP2;
        int n = 4 * FP2;
        // c0 = a0² − u·a1·a2, c1 = u·a2² − a0·a1, c2 = a1² − a0·a2
        sqr2(t, c0, a, a0);
        mul2(t, s, a, a1, a, a2);
        mulU2(t, s, t, s);
        sub2(t, c0, t, c0, t, s);
        sqr2(t, c1, a, a2);
        mulU2(t, c1, t, c1);
        mul2(t, s, a, a0, a, a1);
        sub2(t, c1, t, c1, t, s);
        sqr2(t, c2, a, a1);
        mul2(t, s, a, a0, a, a2);
        sub2(t, c2, t, c2, t, s);
        // norm = a0·c0 + u·(a2·c1 + a1·c2)
        mul2(t, n, a, a2, t, c1);
        mul2(t, s, a, a1, t, c2);
        add2(t, n, t, n, t, s);
        mulU2(t, n, t, n);
        mul2(t, s, a, a0, t, c0);
        add2(t, n, t, n, t, s);
        inv2(t, n, t, n);
        mul2(r, ro, t, c0, t, n);
        mul2(r, ro + FP2, t, c1, t, n);
        mul2(r, ro + 2 * FP2, t, c2, t, n);
    }

    // ---------------------------------------------------------------- Fp12

    static void setOne12(long[] r, int ro) {
        Arrays.fill(r, ro, ro + FP12, 0);
        F.setOne(r, ro);
    }

    static void copy12(long[] r, int ro, long[] a, int ao) {
        System.arraycopy(a, ao, r, ro, FP12);
    }

    /** r = a·b: three products in Fp6. */
    void mul12(long[] r, int ro, long[] a, int ao, long[] b, int bo) {
        long[] t = t12;
        int aa = 0;
        int bb = FP6;
        int s = 2 * FP6;
        int q = 3 * FP6;
        mul6(t, aa, a, ao, b, bo);
        mul6(t, bb, a, ao + FP6, b, bo + FP6);
        add6(t, s, a, ao, a, ao + FP6);
        add6(t, q, b, bo, b, bo + FP6);
        mul6(t, s, t, s, t, q);
        sub6(t, s, t, s, t, aa);
        sub6(r, ro + FP6, t, s, t, bb);
        mulY6(t, bb, t, bb);
        add6(r, ro, t, aa, t, bb);
    }

    /** r = a²: (a0 + a1·w)² = (a0 + a1)(a0 + y·a1) − a0a1 − y·a0a1 + 2·a0a1·w. */
    void sqr12(long[] r, int ro, long[] a, int ao) {
        long[] t = t12;
        int ab = 0;
        int s = FP6;
        int q = 2 * FP6;
        mul6(t, ab, a, ao, a, ao + FP6);
        add6(t, s, a, ao, a, ao + FP6);
        mulY6(t, q, a, ao + FP6);
        add6(t, q, t, q, a, ao);
        mul6(t, s, t, s, t, q);
        sub6(t, s, t, s, t, ab);
        mulY6(t, q, t, ab);
        sub6(r, ro, t, s, t, q);
        add6(r, ro + FP6, t, ab, t, ab);
    }

    /**
     * f = f·l for the line l = c0 + c2·w² + c3·w³ (in this tower: (c0 + c2·y) + (c3·y)·w), the
     * shape of every line of the Miller loop.
     */
    void mulLine12(long[] f, int fo, long[] c0, int c0o, long[] c2, int c2o, long[] c3, int c3o) {
        long[] t = t12;
        int aa = 0;
        int bb = FP6;
        int s = 2 * FP6;
        int q = 3 * FP6;
        mul6By01(t, aa, f, fo, c0, c0o, c2, c2o);
        mul6By1(t, bb, f, fo + FP6, c3, c3o);
        add6(t, s, f, fo, f, fo + FP6);
        add2(t, q, c2, c2o, c3, c3o);
        mul6By01(t, s, t, s, c0, c0o, t, q);
        sub6(t, s, t, s, t, aa);
        sub6(f, fo + FP6, t, s, t, bb);
        mulY6(t, bb, t, bb);
        add6(f, fo, t, aa, t, bb);
    }

    /** r = the conjugate of a over Fp6 (a^(p⁶)): a0 − a1·w, the inverse of a unitary element. */
    static void conj12(long[] r, int ro, long[] a, int ao) {
        System.arraycopy(a, ao, r, ro, FP6);
        neg6(r, ro + FP6, a, ao + FP6);
    }

    /** r = a⁻¹ (0 for 0): (a0 − a1·w) / (a0² − y·a1²). */
    void inv12(long[] r, int ro, long[] a, int ao) {
        long[] t = t12;
        sqr6(t, 0, a, ao);
        sqr6(t, FP6, a, ao + FP6);
        mulY6(t, FP6, t, FP6);
        sub6(t, 0, t, 0, t, FP6);
        inv6(t, 0, t, 0);
        mul6(r, ro, a, ao, t, 0);
        mul6(r, ro + FP6, a, ao + FP6, t, 0);
        neg6(r, ro + FP6, r, ro + FP6);
    }

    /** r = a^(p^j) for j = 1, 2 or 3: each coefficient of w^k conjugated j times, times u^(k(p^j − 1)/6). */
    void frobenius12(long[] r, int ro, long[] a, int ao, int j) {
        long[] gamma = FROBENIUS[j];
        for (int i = 0; i < 6; i++) {
            int at = i * FP2;
            if ((j & 1) == 1) {
                conj2(r, ro + at, a, ao + at);
                mul2(r, ro + at, r, ro + at, gamma, W_POWER[i] * FP2);
            } else {
                mul2(r, ro + at, a, ao + at, gamma, W_POWER[i] * FP2);
            }
        }
    }

    static long isOneMask12(long[] a, int ao) {
        long[] one = new long[FP12];
        setOne12(one, 0);
        return equalsMask12(a, ao, one, 0);
    }

    static long equalsMask12(long[] a, int ao, long[] b, int bo) {
        long mask = -1;
        for (int i = 0; i < 6; i++) {
            mask &= equalsMask2(a, ao + i * FP2, b, bo + i * FP2);
        }
        return mask;
    }

    /** r = a where {@code mask} is all ones, unchanged where it is 0. */
    static void select12(long[] r, int ro, long[] a, int ao, long mask) {
        for (int i = 0; i < FP12; i++) {
            r[ro + i] ^= (r[ro + i] ^ a[ao + i]) & mask;
        }
    }

    /**
     * r = a^e for a public exponent e ≥ 0, a unitary (a⁻¹ = its conjugate, as every pairing
     * value is): square and multiply, the sequence depending on e alone.
     */
    void pow12Var(long[] r, int ro, long[] a, int ao, BigInteger e) {
        long[] acc = new long[2 * FP12];
        setOne12(acc, 0);
        copy12(acc, FP12, a, ao);
        for (int i = e.bitLength() - 1; i >= 0; i--) {
            sqr12(acc, 0, acc, 0);
            if (e.testBit(i)) {
                mul12(acc, 0, acc, 0, acc, FP12);
            }
        }
        copy12(r, ro, acc, 0);
        Arrays.fill(acc, 0);
    }

    /**
     * r = a^k for a secret 32-byte big-endian exponent k, in time independent of a and k: 4-bit
     * windows from the top, each table entry read by a masked scan of the whole table.
     */
    void pow12(long[] r, int ro, long[] a, int ao, byte[] k) {
        if (k.length != 32) {
            throw new IllegalArgumentException("exponent must be 32 bytes");
        }
        long[] table = new long[16 * FP12];
        setOne12(table, 0);
        copy12(table, FP12, a, ao);
        for (int i = 2; i < 16; i++) {
            mul12(table, i * FP12, table, (i - 1) * FP12, a, ao);
        }
        long[] acc = new long[2 * FP12];
        setOne12(acc, 0);
        for (int i = 0; i < 64; i++) {
            if (i > 0) {
                for (int j = 0; j < 4; j++) {
                    sqr12(acc, 0, acc, 0);
                }
            }
            int window = (k[i / 2] >>> (4 * (1 - (i & 1)))) & 0xf;
            Arrays.fill(acc, FP12, 2 * FP12, 0);
            for (int entry = 0; entry < 16; entry++) {
                long mask = ((long) ((entry ^ window) - 1)) >> 63; // all ones for entry == window
                select12(acc, FP12, table, entry * FP12, mask);
            }
            mul12(acc, 0, acc, 0, acc, FP12);
        }
        copy12(r, ro, acc, 0);
        Arrays.fill(table, 0);
        Arrays.fill(acc, 0);
    }

    /** The offsets of an Fp12 element's Fp2 coefficients in the order GB/T 38635 writes them. */
    private static final int[] STANDARD_ORDER = {5, 2, 4, 1, 3, 0};

    /**
     * Writes a as 384 bytes as GB/T 38635 converts an Fp12 element to a byte string: with
     * a = (a0 + a1·w + a2·w²) over Fp4, from a2 down to a0, each Fp4 element's coefficient of v
     * before its constant, each Fp2 element's coefficient of u first. In w-powers: w⁵, w², w⁴,
     * w¹, w³, w⁰.
     */
    static void encode12(long[] a, int ao, byte[] out, int off) {
        for (int i = 0; i < 6; i++) {
            encode2(a, ao + layoutOffset(STANDARD_ORDER[i]), out, off + 64 * i);
        }
    }

    /**
     * Reads 384 bytes in the order of {@link #encode12}.
     *
     * @return all ones if every coordinate was below p, else 0
     */
    static long decode12(byte[] in, int off, long[] r, int ro) {
        long valid = -1;
        for (int i = 0; i < 6; i++) {
            valid &= decode2(in, off + 64 * i, r, ro + layoutOffset(STANDARD_ORDER[i]));
        }
        return valid;
    }

    /** Where the coefficient of w^k lies in the layout. */
    private static int layoutOffset(int k) {
        return (k % 2) * FP6 + (k / 2) * FP2;
    }
}
