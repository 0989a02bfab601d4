package org.shangmi.core.sm9;

import java.math.BigInteger;

/**
 * The twist E'(Fp2): y² = x³ + 5u of the SM9 curve, whose points of order N form G2 (the twist's
 * cofactor is 2p − N, so membership needs [N]Q = O besides the curve equation).
 */
final class G2Curve extends Curve {

    private final Tower tower;

    G2Curve(Tower tower) {
        super(Tower.FP2, b3());
        this.tower = tower;
    }

    private static long[] b3() {
        long[] b3 = new long[Tower.FP2];
        Mont256.P.setVar(b3, Tower.FP, BigInteger.valueOf(15)); // 15u
        return b3;
    }

    /** Clears the curve's temporaries and the tower's, which its field operations use. */
    @Override
    void wipe() {
        super.wipe();
        tower.wipe();
    }

    @Override
    void fadd(long[] r, int ro, long[] a, int ao, long[] b, int bo) {
        Tower.add2(r, ro, a, ao, b, bo);
    }

    @Override
    void fsub(long[] r, int ro, long[] a, int ao, long[] b, int bo) {
        Tower.sub2(r, ro, a, ao, b, bo);
    }

    @Override
    void fmul(long[] r, int ro, long[] a, int ao, long[] b, int bo) {
        tower.mul2(r, ro, a, ao, b, bo);
    }

    @Override
    void fsqr(long[] r, int ro, long[] a, int ao) {
        tower.sqr2(r, ro, a, ao);
    }

    @Override
    void finv(long[] r, int ro, long[] a, int ao) {
        tower.inv2(r, ro, a, ao);
    }

    @Override
    void fsetOne(long[] r, int ro) {
        Tower.setOne2(r, ro);
    }

    @Override
    long fisZeroMask(long[] a, int ao) {
        return Tower.isZeroMask2(a, ao);
    }
}
