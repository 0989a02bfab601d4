package org.shangmi.core.sm9;

import java.math.BigInteger;
import java.util.Arrays;

/**
 * The R-ate pairing of GB/T 38635: e(P, Q) for P in G1 and Q in G2, into the order-N subgroup
 * of Fp12*.
 *
 * <p>The Miller loop runs over the bits of a = 6t + 2 with T in projective coordinates on the
 * twist, then adds π(Q) and −π²(Q); each step's line is evaluated at P as the sparse element
 * c0 + c2·w² + c3·w³ (the lines of the standard, scaled by factors in Fp4, which the final
 * exponentiation removes). The twist is y² = x³ + 5u with the untwisting map
 * (x, y) ↦ (x/w², y/w³). The final exponentiation raises to (p¹² − 1)/N exactly: the easy part
 * (p⁶ − 1)(p² + 1) by conjugation, one inversion and a Frobenius map, then the hard part
 * (p⁴ − p² + 1)/N = λ0 + λ1·p + λ2·p² + p³ (λ in terms of t, Scott et al. 2009) from f^t, f^(t²),
 * f^(t³) and Frobenius maps.
 *
 * <p>Constant time: the sequence of operations is fixed by the public t; P and Q may be secret
 * (a user's private key). An instance owns temporaries: not for use by several threads at once.
 */
final class Pairing {

    static final int FP = Tower.FP;
    static final int FP2 = Tower.FP2;
    static final int FP12 = Tower.FP12;

    /** The BN parameter t of the SM9 curve. */
    static final long T = 0x600000000058F98AL;
    /** a = 6t + 2, the Miller loop's length, as a public constant. */
    static final BigInteger LOOP = BigInteger.valueOf(T).multiply(BigInteger.valueOf(6)).add(BigInteger.TWO);

    // the twisted Frobenius maps: π(x, y) = (x̄·X1, ȳ·Y1), π²(x, y) = (x·X2, y·Y2)
    private static final long[] FROBENIUS_TWIST = new long[4 * FP2];

    static {
        Tower t = new Tower();
        BigInteger p = Mont256.P.modulus;
        long[] u = new long[FP2];
        Mont256.P.setOne(u, FP);
        long[] c = new long[FP2];
        BigInteger p2 = p.multiply(p);
        BigInteger[] exponents = {
                p.subtract(BigInteger.ONE).divide(BigInteger.valueOf(3)),
                p.subtract(BigInteger.ONE).divide(BigInteger.TWO),
                p2.subtract(BigInteger.ONE).divide(BigInteger.valueOf(3)),
                p2.subtract(BigInteger.ONE).divide(BigInteger.TWO),
        };
        for (int i = 0; i < 4; i++) {
            t.pow2Var(c, 0, u, 0, exponents[i]);
            t.inv2(FROBENIUS_TWIST, i * FP2, c, 0);
        }
    }

    private final Tower tower = new Tower();
    private final G2Curve twist = new G2Curve(tower);
    private final long[] b3 = new long[FP2];
    private final long[] s = new long[16 * FP2];
    private final long[] e = new long[8 * FP12];

    Pairing() {
        Mont256.P.setVar(b3, FP, BigInteger.valueOf(15)); // 3b' = 15u
    }

    /** Clears every temporary. */
    void wipe() {
        tower.wipe();
        twist.wipe();
        Arrays.fill(s, 0);
        Arrays.fill(e, 0);
    }

    Tower tower() {
        return tower;
    }

    /**
     * f = e(P, Q) for P = (xP, yP) at {@code p[po..]} (affine, Fp, x then y) and Q = (xQ, yQ) at
     * {@code q[qo..]} (affine, Fp2, x then y), both finite points of order N, which callers
     * check.
     */
    void pair(long[] f, int fo, long[] p, int po, long[] q, int qo) {
        long[] m = new long[FP12];
        miller(m, p, po, q, qo);
        finalExponentiation(f, fo, m);
        Arrays.fill(m, 0);
        wipe();
    }

    /** The Miller loop with its two final lines, without the final exponentiation. */
    void miller(long[] f, long[] p, int po, long[] q, int qo) {
        long[] t = new long[3 * FP2];
        long[] qq = new long[2 * FP2];
        twist.fromAffine(t, 0, q, qo, q, qo + FP2);
        Tower.setOne12(f, 0);
        for (int i = LOOP.bitLength() - 2; i >= 0; i--) {
            tower.sqr12(f, 0, f, 0);
            doubleStep(f, t, p, po);
            if (LOOP.testBit(i)) {
                addStep(f, t, q, qo, p, po);
            }
        }
        // Q1 = π(Q), then −Q2 = −π²(Q)
        Tower.conj2(qq, 0, q, qo);
        tower.mul2(qq, 0, qq, 0, FROBENIUS_TWIST, 0);
        Tower.conj2(qq, FP2, q, qo + FP2);
        tower.mul2(qq, FP2, qq, FP2, FROBENIUS_TWIST, FP2);
        addStep(f, t, qq, 0, p, po);
        tower.mul2(qq, 0, q, qo, FROBENIUS_TWIST, 2 * FP2);
        tower.mul2(qq, FP2, q, qo + FP2, FROBENIUS_TWIST, 3 * FP2);
        Tower.neg2(qq, FP2, qq, FP2);
        addStep(f, t, qq, 0, p, po);
        Arrays.fill(t, 0);
        Arrays.fill(qq, 0);
    }

    /** T = 2T, f = f·l(P) for the tangent l at T. */
    private void doubleStep(long[] f, long[] t, long[] p, int po) {
        Tower w = tower;
        int x = 0;
        int y = FP2;
        int z = 2 * FP2;
        int a = 0;
        int b = FP2;
        int c = 2 * FP2;
        int ee = 3 * FP2;
        int ff = 4 * FP2;
        int g = 5 * FP2;
        int h = 6 * FP2;
        int c0 = 7 * FP2;
        int c2 = 8 * FP2;
        int c3 = 9 * FP2;
        int u = 10 * FP2;
        w.mul2(s, a, t, x, t, y);
        Mont256.P.half(s, a, s, a);
        Mont256.P.half(s, a + FP, s, a + FP);       // A = XY/2
        w.sqr2(s, b, t, y);                         // B = Y²
        w.sqr2(s, c, t, z);                         // C = Z²
        w.mul2(s, ee, s, c, b3, 0);                 // E = 3b'·C
        Tower.dbl2(s, ff, s, ee);
        Tower.add2(s, ff, s, ff, s, ee);            // F = 3E
        // line: c0 = B − E, c2 = −3X²·xP, c3 = 2YZ·yP
        Tower.sub2(s, c0, s, b, s, ee);
        w.sqr2(s, c2, t, x);
        Tower.dbl2(s, u, s, c2);
        Tower.add2(s, c2, s, c2, s, u);
        Tower.neg2(s, c2, s, c2);
        Tower.mulFp2(s, c2, s, c2, p, po);
        Tower.add2(s, h, t, y, t, z);
        w.sqr2(s, h, s, h);
        Tower.sub2(s, h, s, h, s, b);
        Tower.sub2(s, h, s, h, s, c);               // H = (Y + Z)² − B − C = 2YZ
        Tower.mulFp2(s, c3, s, h, p, po + FP);
        // the new T
        Tower.sub2(s, u, s, b, s, ff);
        w.mul2(t, x, s, a, s, u);                   // X3 = A(B − F)
        Tower.add2(s, g, s, b, s, ff);
        Mont256.P.half(s, g, s, g);
        Mont256.P.half(s, g + FP, s, g + FP);       // G = (B + F)/2
        w.sqr2(s, g, s, g);
        w.sqr2(s, u, s, ee);
        Tower.sub2(s, g, s, g, s, u);
        Tower.sub2(s, g, s, g, s, u);
        Tower.sub2(t, y, s, g, s, u);               // Y3 = G² − 3E²
        w.mul2(t, z, s, b, s, h);                   // Z3 = B·H
        w.mulLine12(f, 0, s, c0, s, c2, s, c3);
    }

    /** T = T + Q, f = f·l(P) for the line l through T and Q (Q affine). */
    private void addStep(long[] f, long[] t, long[] q, int qo, long[] p, int po) {
        Tower w = tower;
        int x = 0;
        int y = FP2;
        int z = 2 * FP2;
        int theta = 0;
        int lambda = FP2;
        int c = 2 * FP2;
        int d = 3 * FP2;
        int ee = 4 * FP2;
        int ff = 5 * FP2;
        int g = 6 * FP2;
        int h = 7 * FP2;
        int c0 = 8 * FP2;
        int c2 = 9 * FP2;
        int c3 = 10 * FP2;
        int u = 11 * FP2;
        w.mul2(s, theta, q, qo + FP2, t, z);
        Tower.sub2(s, theta, t, y, s, theta);       // θ = Y − yQ·Z
        w.mul2(s, lambda, q, qo, t, z);
        Tower.sub2(s, lambda, t, x, s, lambda);     // λ = X − xQ·Z
        // line: c0 = θ·xQ − λ·yQ, c2 = −θ·xP, c3 = λ·yP
        w.mul2(s, c0, s, theta, q, qo);
        w.mul2(s, u, s, lambda, q, qo + FP2);
        Tower.sub2(s, c0, s, c0, s, u);
        Tower.neg2(s, c2, s, theta);
        Tower.mulFp2(s, c2, s, c2, p, po);
        Tower.mulFp2(s, c3, s, lambda, p, po + FP);
        // the new T
        w.sqr2(s, c, s, theta);                     // C = θ²
        w.sqr2(s, d, s, lambda);                    // D = λ²
        w.mul2(s, ee, s, lambda, s, d);             // E = λ³
        w.mul2(s, ff, t, z, s, c);                  // F = Z·C
        w.mul2(s, g, t, x, s, d);                   // G = X·D
        Tower.add2(s, h, s, ee, s, ff);
        Tower.sub2(s, h, s, h, s, g);
        Tower.sub2(s, h, s, h, s, g);               // H = E + F − 2G
        w.mul2(t, x, s, lambda, s, h);              // X3 = λH
        Tower.sub2(s, u, s, g, s, h);
        w.mul2(s, u, s, theta, s, u);
        w.mul2(s, g, t, y, s, ee);
        Tower.sub2(t, y, s, u, s, g);               // Y3 = θ(G − H) − Y·E
        w.mul2(t, z, t, z, s, ee);                  // Z3 = Z·E
        w.mulLine12(f, 0, s, c0, s, c2, s, c3);
    }

    /** r = m^((p¹² − 1)/N). */
    void finalExponentiation(long[] r, int ro, long[] m) {
        Tower w = tower;
        int f = 0;
        int a = FP12;
        int b = 2 * FP12;
        int c = 3 * FP12;
        int y0 = 4 * FP12;
        int t0 = 5 * FP12;
        int t1 = 6 * FP12;
        int y = 7 * FP12;
        // easy part: f = m^((p⁶ − 1)(p² + 1)), after which f is unitary (f⁻¹ = conj f)
        w.inv12(e, a, m, 0);
        Tower.conj12(e, f, m, 0);
        w.mul12(e, f, e, f, e, a);
        w.frobenius12(e, a, e, f, 2);
        w.mul12(e, f, e, f, e, a);
        // hard part
        powT(e, a, e, f);                           // f^t
        powT(e, b, e, a);                           // f^(t²)
        powT(e, c, e, b);                           // f^(t³)
        w.frobenius12(e, y0, e, f, 1);
        w.frobenius12(e, t0, e, f, 2);
        w.mul12(e, y0, e, y0, e, t0);
        w.frobenius12(e, t0, e, f, 3);
        w.mul12(e, y0, e, y0, e, t0);               // y0 = f^p · f^(p²) · f^(p³)
        // y6 = conj(c · c^p) into t0; T0 = y6² · y4 · y5
        w.frobenius12(e, t0, e, c, 1);
        w.mul12(e, t0, e, t0, e, c);
        Tower.conj12(e, t0, e, t0);
        w.sqr12(e, t0, e, t0);
        w.frobenius12(e, y, e, b, 1);               // y4 = conj(a · b^p)
        w.mul12(e, y, e, y, e, a);
        Tower.conj12(e, y, e, y);
        w.mul12(e, t0, e, t0, e, y);
        Tower.conj12(e, y, e, b);                   // y5 = conj(b)
        w.mul12(e, t0, e, t0, e, y);
        // T1 = y3 · y5 · T0, y3 = conj(a^p)
        w.frobenius12(e, t1, e, a, 1);
        Tower.conj12(e, t1, e, t1);
        w.mul12(e, t1, e, t1, e, y);
        w.mul12(e, t1, e, t1, e, t0);
        // T0 = T0 · y2, y2 = b^(p²)
        w.frobenius12(e, y, e, b, 2);
        w.mul12(e, t0, e, t0, e, y);
        // T1 = (T1² · T0)²
        w.sqr12(e, t1, e, t1);
        w.mul12(e, t1, e, t1, e, t0);
        w.sqr12(e, t1, e, t1);
        // T0 = (T1 · y1)², y1 = conj(f); T1 = T1 · y0; result T0 · T1
        Tower.conj12(e, y, e, f);
        w.mul12(e, t0, e, t1, e, y);
        w.mul12(e, t1, e, t1, e, y0);
        w.sqr12(e, t0, e, t0);
        w.mul12(r, ro, e, t0, e, t1);
    }

    /** r = a^t for unitary a (t public: square and multiply over its bits). */
    private void powT(long[] r, int ro, long[] a, int ao) {
        long[] acc = new long[FP12];
        Tower.copy12(acc, 0, a, ao);
        for (int i = 62 - 1; i >= 0; i--) {
            tower.sqr12(acc, 0, acc, 0);
            if (((T >>> i) & 1) != 0) {
                tower.mul12(acc, 0, acc, 0, a, ao);
            }
        }
        Tower.copy12(r, ro, acc, 0);
        Arrays.fill(acc, 0);
    }
}
