package org.shangmi.core.sm2;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.shangmi.core.sm2.Sm2CurveTest.affine;
import static org.shangmi.core.sm2.Sm2CurveTest.bytes;
import static org.shangmi.core.sm2.Sm2CurveTest.point;
import static org.shangmi.core.sm2.Sm2CurveTest.scalar;

import java.math.BigInteger;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Sm2CurveVar, the verification arithmetic, against the BigInteger reference. */
class Sm2CurveVarTest {

    private static final AffineReference REF = AffineReference.SM2;
    private static final BigInteger[] G = AffineReference.SM2_G;
    private static final BigInteger N = AffineReference.SM2_N;

    private final Sm2CurveVar curveVar = new Sm2CurveVar();

    /**
     * s·G + t·Q by interleaved wNAFs and by comb tables, against the reference, with the edge
     * scalars of both widths.
     */
    @Test
    void multiplyAddVarMatchesTheReference() {
        long seed = System.nanoTime();
        Random random = new Random(seed);
        BigInteger[] q = REF.multiply(new BigInteger(256, random), G);
        List<BigInteger> scalars = new java.util.ArrayList<>(List.of(BigInteger.ZERO, BigInteger.ONE, BigInteger.valueOf(15),
                BigInteger.valueOf(16), BigInteger.valueOf(63), BigInteger.valueOf(64), BigInteger.valueOf(65),
                BigInteger.valueOf(127), BigInteger.valueOf(128), BigInteger.valueOf(129), BigInteger.ONE.shiftLeft(252).subtract(BigInteger.ONE),
                N.subtract(BigInteger.ONE), N, BigInteger.ONE.shiftLeft(255), BigInteger.ONE.shiftLeft(256).subtract(BigInteger.ONE)));
        for (int i = 0; i < 6; i++) {
            scalars.add(new BigInteger(256, random));
        }
        Sm2Point r = new Sm2Point();
        long[] qTable = Sm2CurveVar.combTable(point(q));
        for (BigInteger s : scalars) {
            for (BigInteger t : scalars) {
                Sm2Point qp = point(q);
                curveVar.multiplyAddVar(qp, scalar(s), 0, scalar(t), 0, qp);
                curveVar.multiplyAddTablesVar(r, scalar(s), 0, scalar(t), 0, qTable);
                BigInteger[] expected = REF.add(REF.multiply(s.mod(N), G), REF.multiply(t.mod(N), q));
                String context = "s = " + s.toString(16) + ", t = " + t.toString(16) + ", seed " + seed;
                if (expected == null) {
                    assertTrue(qp.isIdentity(), context);
                    assertTrue(r.isIdentity(), "tables: " + context);
                } else {
                    assertArrayEquals(expected, affine(qp), context);
                    assertArrayEquals(expected, affine(r), "tables: " + context);
                }
            }
        }
        // Q = G and Q = -G: the two chains meet the same points
        Sm2Point g = new Sm2Point();
        Sm2Curve.setGenerator(g);
        BigInteger k = new BigInteger(256, random);
        curveVar.multiplyAddVar(r, scalar(k), 0, scalar(N.subtract(k.mod(N))), 0, g);
        assertTrue(r.isIdentity(), "k·G + (n - k)·G");
        curveVar.multiplyAddVar(r, scalar(k), 0, scalar(k), 0, g);
        assertArrayEquals(REF.multiply(k.shiftLeft(1).mod(N), G), affine(r), "k·G + k·G");
    }

    /**
     * Signed radix-2^w digits of widths 5 (as the constant-time recoding gives them) and 7 (G's
     * wide comb) sum back to the scalar and stay within ±2^(w−1), for edge and random scalars.
     */
    @Test
    void boothDigitsSumToTheScalar() {
        long seed = System.nanoTime();
        Random random = new Random(seed);
        List<BigInteger> scalars = new java.util.ArrayList<>(List.of(BigInteger.ZERO, BigInteger.ONE, N.subtract(BigInteger.ONE),
                BigInteger.ONE.shiftLeft(255), BigInteger.ONE.shiftLeft(256).subtract(BigInteger.ONE)));
        for (int i = 0; i < 200; i++) {
            scalars.add(new BigInteger(256, random));
        }
        for (BigInteger k : scalars) {
            byte[] bytes = scalar(k);
            for (int window : new int[] {5, 7}) {
                BigInteger sum = BigInteger.ZERO;
                int rows = (256 + window) / window;
                for (int i = 0; i < rows; i++) {
                    int digit = Sm2CurveVar.boothDigitVar(bytes, 0, i, window);
                    assertTrue(Math.abs(digit) <= 1 << (window - 1), "digit " + digit + ", seed " + seed);
                    if (window == 5) {
                        org.junit.jupiter.api.Assertions.assertEquals(Sm2Curve.boothDigit(bytes, 0, i), digit, "seed " + seed);
                    }
                    sum = sum.add(BigInteger.valueOf(digit).shiftLeft(window * i));
                }
                org.junit.jupiter.api.Assertions.assertEquals(k, sum, "width " + window + ", seed " + seed);
            }
        }
    }

    /** The verification check x mod n = v, without inversion, on both of its branches. */
    @Test
    void affineXModOrderMatchesTheReference() {
        long seed = System.nanoTime();
        Random random = new Random(seed);
        for (int i = 0; i < 20; i++) {
            BigInteger[] q = REF.multiply(new BigInteger(256, random), G);
            Sm2Point jacobian = scaled(q, new BigInteger(256, random).mod(REF.p()));
            assertTrue(curveVar.affineXModOrderEqualsVar(jacobian, scalar(q[0].mod(N)), 0), "seed " + seed);
            assertFalse(curveVar.affineXModOrderEqualsVar(jacobian, scalar(q[0].add(BigInteger.ONE).mod(N)), 0));
        }
        // points with n <= x < p, where x mod n = x - n: the first x from n up, and the last below p
        for (BigInteger[] xAndStep : new BigInteger[][] {{N, BigInteger.ONE}, {REF.p().subtract(BigInteger.ONE), BigInteger.ONE.negate()}}) {
            BigInteger x = xAndStep[0];
            BigInteger y;
            while (true) {
                BigInteger rhs = x.pow(3).add(REF.a().multiply(x)).add(REF.b()).mod(REF.p());
                y = rhs.modPow(REF.p().add(BigInteger.ONE).shiftRight(2), REF.p());
                if (y.pow(2).mod(REF.p()).equals(rhs)) {
                    break;
                }
                x = x.add(xAndStep[1]);
            }
            Sm2Point high = scaled(new BigInteger[] {x, y}, BigInteger.valueOf(12345));
            assertTrue(curveVar.affineXModOrderEqualsVar(high, scalar(x.subtract(N)), 0), "x = v + n, x = " + x.toString(16));
            assertFalse(curveVar.affineXModOrderEqualsVar(high, scalar(x.subtract(N).add(BigInteger.ONE)), 0));
        }
        assertFalse(curveVar.affineXModOrderEqualsVar(new Sm2Point(), scalar(BigInteger.ZERO), 0), "the identity");
    }

    /** The affine point as the Jacobian (λ²x, λ³y, λ). */
    private Sm2Point scaled(BigInteger[] affine, BigInteger lambda) {
        BigInteger p = REF.p();
        Sm2Point point = new Sm2Point();
        assertTrue(Sm2Field.decode(bytes(affine[0].multiply(lambda.pow(2)).mod(p)), 0, point.x));
        assertTrue(Sm2Field.decode(bytes(affine[1].multiply(lambda.pow(3)).mod(p)), 0, point.y));
        assertTrue(Sm2Field.decode(bytes(lambda), 0, point.z));
        assertArrayEquals(affine, affine(point));
        return point;
    }
}
