package org.shangmi.core.sm9;

import java.math.BigInteger;

/** The SM9 curve E(Fp): y² = x³ + 5, whose points of order N form G1 (all of E(Fp): the cofactor is 1). */
final class G1Curve extends Curve {

    private static final Mont256 F = Mont256.P;

    G1Curve() {
        super(Tower.FP, b3());
    }

    private static long[] b3() {
        long[] b3 = new long[Tower.FP];
        F.setVar(b3, 0, BigInteger.valueOf(15));
        return b3;
    }

    @Override
    void fadd(long[] r, int ro, long[] a, int ao, long[] b, int bo) {
        F.add(r, ro, a, ao, b, bo);
    }

    @Override
    void fsub(long[] r, int ro, long[] a, int ao, long[] b, int bo) {
        F.sub(r, ro, a, ao, b, bo);
    }

    @Override
    void fmul(long[] r, int ro, long[] a, int ao, long[] b, int bo) {
        F.mul(r, ro, a, ao, b, bo);
    }

    @Override
    void fsqr(long[] r, int ro, long[] a, int ao) {
        F.square(r, ro, a, ao);
    }

    @Override
    void finv(long[] r, int ro, long[] a, int ao) {
        F.invert(r, ro, a, ao);
    }

    @Override
    void fsetOne(long[] r, int ro) {
        F.setOne(r, ro);
    }

    @Override
    long fisZeroMask(long[] a, int ao) {
        return F.isZeroMask(a, ao);
    }
}
