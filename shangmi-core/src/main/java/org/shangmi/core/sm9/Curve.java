package org.shangmi.core.sm9;

import java.util.Arrays;

/**
 * Points of a curve y² = x³ + b (the SM9 curve over Fp, G1, and its twist over Fp2, G2) in
 * projective coordinates (X : Y : Z), x = X/Z, y = Y/Z, the point at infinity being (0 : 1 : 0),
 * on flat {@code long[]} arrays of three field elements.
 *
 * <p>Addition and doubling use the complete formulas of Renes, Costello and Batina (2016,
 * algorithms 7 and 9, for a = 0): one sequence of field operations for every pair of points,
 * infinity and equal points included, so scalar multiplication has no exceptional case and no
 * branch. {@link #mul} reads its table by a masked scan. Constant time except where a method
 * name ends in {@code Var}.
 *
 * <p>An instance owns temporaries: not for use by several threads at once.
 */
abstract class Curve {

    /** Longs per field element. */
    final int e;
    /** Longs per point. */
    final int size;
    private final long[] t;
    private final long[] b3;

    Curve(int elementSize, long[] b3) {
        this.e = elementSize;
        this.size = 3 * elementSize;
        this.t = new long[8 * elementSize];
        this.b3 = b3;
    }

    abstract void fadd(long[] r, int ro, long[] a, int ao, long[] b, int bo);

    abstract void fsub(long[] r, int ro, long[] a, int ao, long[] b, int bo);

    abstract void fmul(long[] r, int ro, long[] a, int ao, long[] b, int bo);

    abstract void fsqr(long[] r, int ro, long[] a, int ao);

    abstract void finv(long[] r, int ro, long[] a, int ao);

    abstract void fsetOne(long[] r, int ro);

    abstract long fisZeroMask(long[] a, int ao);

    /** Clears the temporaries. */
    void wipe() {
        Arrays.fill(t, 0);
    }

    void setInfinity(long[] r, int ro) {
        Arrays.fill(r, ro, ro + size, 0);
        fsetOne(r, ro + e);
    }

    /** r = (x, y) as a projective point with Z = 1. */
    void fromAffine(long[] r, int ro, long[] x, int xo, long[] y, int yo) {
        System.arraycopy(x, xo, r, ro, e);
        System.arraycopy(y, yo, r, ro + e, e);
        fsetOne(r, ro + 2 * e);
    }

    /** All ones if a is the point at infinity (Z = 0), else 0. */
    long isInfinityMask(long[] a, int ao) {
        return fisZeroMask(a, ao + 2 * e);
    }

    /** Writes the affine x and y of a finite point a (of infinity: zeros). */
    void toAffine(long[] x, int xo, long[] y, int yo, long[] a, int ao) {
        long[] z = new long[e];
        finv(z, 0, a, ao + 2 * e);
        fmul(x, xo, a, ao, z, 0);
        fmul(y, yo, a, ao + e, z, 0);
        Arrays.fill(z, 0);
        wipe();
    }

    /** All ones if (x, y) satisfies y² = x³ + b, else 0. */
    long isOnCurveMask(long[] x, int xo, long[] y, int yo) {
        // 3(x³ − y²) + 3b = 0 exactly when y² = x³ + b, and 3b is the constant at hand
        long[] s = new long[3 * e];
        fsqr(s, 0, x, xo);
        fmul(s, 0, s, 0, x, xo);        // x³
        fsqr(s, e, y, yo);
        fsub(s, 0, s, 0, s, e);         // x³ − y²
        fadd(s, e, s, 0, s, 0);
        fadd(s, 0, s, e, s, 0);         // 3(x³ − y²)
        fsetOne(s, 2 * e);
        fmul(s, 2 * e, s, 2 * e, b3, 0);
        fadd(s, 0, s, 0, s, 2 * e);
        long mask = fisZeroMask(s, 0);
        Arrays.fill(s, 0);
        return mask;
    }

    /** All ones if a and b are the same point (projective coordinates compared crosswise). */
    long equalsMask(long[] a, int ao, long[] b, int bo) {
        long[] s = new long[2 * e];
        fmul(s, 0, a, ao, b, bo + 2 * e);
        fmul(s, e, b, bo, a, ao + 2 * e);
        fsub(s, 0, s, 0, s, e);
        long mask = fisZeroMask(s, 0);
        fmul(s, 0, a, ao + e, b, bo + 2 * e);
        fmul(s, e, b, bo + e, a, ao + 2 * e);
        fsub(s, 0, s, 0, s, e);
        mask &= fisZeroMask(s, 0);
        long infA = isInfinityMask(a, ao);
        long infB = isInfinityMask(b, bo);
        Arrays.fill(s, 0);
        // the crosswise products already tell a finite point (Z ≠ 0) from infinity; said outright
        return mask & ~(infA ^ infB);
    }

    /** r = a + b (complete: any points, equal or infinite). */
    void add(long[] r, int ro, long[] a, int ao, long[] b, int bo) {
        int x1 = ao;
        int y1 = ao + e;
        int z1 = ao + 2 * e;
        int x2 = bo;
        int y2 = bo + e;
        int z2 = bo + 2 * e;
        int t0 = 0;
        int t1 = e;
        int t2 = 2 * e;
        int t3 = 3 * e;
        int t4 = 4 * e;
        int x3 = 5 * e;
        int y3 = 6 * e;
        int z3 = 7 * e;
        long[] s = t;
        fmul(s, t0, a, x1, b, x2);
        fmul(s, t1, a, y1, b, y2);
        fmul(s, t2, a, z1, b, z2);
        fadd(s, t3, a, x1, a, y1);
        fadd(s, t4, b, x2, b, y2);
        fmul(s, t3, s, t3, s, t4);
        fadd(s, t4, s, t0, s, t1);
        fsub(s, t3, s, t3, s, t4);      // X1Y2 + X2Y1
        fadd(s, t4, a, y1, a, z1);
        fadd(s, x3, b, y2, b, z2);
        fmul(s, t4, s, t4, s, x3);
        fadd(s, x3, s, t1, s, t2);
        fsub(s, t4, s, t4, s, x3);      // Y1Z2 + Y2Z1
        fadd(s, x3, a, x1, a, z1);
        fadd(s, y3, b, x2, b, z2);
        fmul(s, x3, s, x3, s, y3);
        fadd(s, y3, s, t0, s, t2);
        fsub(s, y3, s, x3, s, y3);      // X1Z2 + X2Z1
        fadd(s, x3, s, t0, s, t0);
        fadd(s, t0, s, x3, s, t0);      // 3X1X2
        fmul(s, t2, s, t2, b3, 0);      // 3b·Z1Z2
        fadd(s, z3, s, t1, s, t2);
        fsub(s, t1, s, t1, s, t2);
        fmul(s, y3, s, y3, b3, 0);
        fmul(s, x3, s, t4, s, y3);
        fmul(s, t2, s, t3, s, t1);
        fsub(s, x3, s, t2, s, x3);
        fmul(s, y3, s, y3, s, t0);
        fmul(s, t1, s, t1, s, z3);
        fadd(s, y3, s, t1, s, y3);
        fmul(s, t0, s, t0, s, t3);
        fmul(s, z3, s, z3, s, t4);
        fadd(s, z3, s, z3, s, t0);
        System.arraycopy(s, x3, r, ro, 3 * e);
    }

    /** r = 2a (complete). */
    void dbl(long[] r, int ro, long[] a, int ao) {
        int x = ao;
        int y = ao + e;
        int z = ao + 2 * e;
        int t0 = 0;
        int t1 = e;
        int t2 = 2 * e;
        int x3 = 3 * e;
        int y3 = 4 * e;
        int z3 = 5 * e;
        long[] s = t;
        fsqr(s, t0, a, y);
        fadd(s, z3, s, t0, s, t0);
        fadd(s, z3, s, z3, s, z3);
        fadd(s, z3, s, z3, s, z3);      // 8Y²
        fmul(s, t1, a, y, a, z);
        fsqr(s, t2, a, z);
        fmul(s, t2, s, t2, b3, 0);      // 3bZ²
        fmul(s, x3, s, t2, s, z3);
        fadd(s, y3, s, t0, s, t2);
        fmul(s, z3, s, t1, s, z3);
        fadd(s, t1, s, t2, s, t2);
        fadd(s, t2, s, t1, s, t2);
        fsub(s, t0, s, t0, s, t2);
        fmul(s, y3, s, t0, s, y3);
        fadd(s, y3, s, x3, s, y3);
        fmul(s, t1, a, x, a, y);
        fmul(s, x3, s, t0, s, t1);
        fadd(s, x3, s, x3, s, x3);
        System.arraycopy(s, x3, r, ro, 3 * e);
    }

    /**
     * r = [k]a for a 32-byte big-endian scalar k (any value below 2^256), in time independent
     * of a and k: 4-bit windows from the top, the table read by a masked scan.
     */
    void mul(long[] r, int ro, long[] a, int ao, byte[] k) {
        if (k.length != 32) {
            throw new IllegalArgumentException("scalar must be 32 bytes");
        }
        long[] table = new long[16 * size];
        setInfinity(table, 0);
        System.arraycopy(a, ao, table, size, size);
        for (int i = 2; i < 16; i++) {
            add(table, i * size, table, (i - 1) * size, a, ao);
        }
        long[] acc = new long[2 * size];
        setInfinity(acc, 0);
        for (int i = 0; i < 64; i++) {
            for (int j = 0; j < 4 && i > 0; j++) {
                dbl(acc, 0, acc, 0);
            }
            int window = (k[i / 2] >>> (4 * (1 - (i & 1)))) & 0xf;
            Arrays.fill(acc, size, 2 * size, 0);
            for (int entry = 0; entry < 16; entry++) {
                long mask = ((long) ((entry ^ window) - 1)) >> 63;
                for (int l = 0; l < size; l++) {
                    acc[size + l] ^= (acc[size + l] ^ table[entry * size + l]) & mask;
                }
            }
            add(acc, 0, acc, 0, acc, size);
        }
        System.arraycopy(acc, 0, r, ro, size);
        Arrays.fill(table, 0);
        Arrays.fill(acc, 0);
        wipe();
    }
}
