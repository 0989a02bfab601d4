package org.shangmi.core.sm9;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The layers under the SM9 schemes: Fp and Fp mod N against BigInteger, the extension fields
 * against their defining relations, both curves against affine BigInteger formulas, and the
 * pairing against the values GB/T 38635's examples print (as GmSSL's tests/sm9test.c carries
 * them) and against bilinearity.
 */
class Sm9ArithmeticTest {

    /** The curve's parameters as GB/T 38635.1 prints them (not derived from the code under test). */
    static final BigInteger P = new BigInteger("B640000002A3A6F1D603AB4FF58EC74521F2934B1A7AEEDBE56F9B27E351457D", 16);
    static final BigInteger N = new BigInteger("B640000002A3A6F1D603AB4FF58EC74449F2934B18EA8BEEE56EE19CD69ECF25", 16);
    static final BigInteger T = new BigInteger("600000000058F98A", 16);
    static final String P1 = "93DE051D62BF718FF5ED0704487D01D6E1E4086909DC3280E8C4E4817C66DDDD"
            + "21FE8DDA4F21E607631065125C395BBC1C1C00CBFA6024350C464CD70A3EA616";
    static final String P2 = "85AEF3D078640C98597B6027B441A01FF1DD2C190F5E93C454806C11D8806141"
            + "3722755292130B08D2AAB97FD34EC120EE265948D19C17ABF9B7213BAF82D65B"
            + "17509B092E845C1266BA0D262CBEE6ED0736A96FA347C8BD856DC76B84EBEB96"
            + "A7CF28D519BE3DA65F3170153D278FF247EFBA98A71A08116215BBA5C999A7C7";

    /** The signature example's master key ks and Ppub-s = [ks]P2. */
    static final String KS = "000130E78459D78545CB54C587E02CF480CE0B66340F319F348A1D5B1F2DC5F4";
    static final String PPUB_S = "9F64080B3084F733E48AFF4B41B565011CE0711C5E392CFB0AB1B6791B94C408"
            + "29DBA116152D1F786CE843ED24A3B573414D2177386A92DD8F14D65696EA5E32"
            + "69850938ABEA0112B57329F447E3A0CBAD3E2FDB1A77F335E89E1408D0EF1C25"
            + "41E00A53DDA532DA1A7CE027B7A46F741006E85F5CDFF0730E75C05FB4E3216D";
    /** g = e(P1, Ppub-s) of the signature example, in the standard's order of coefficients. */
    static final String G_SIGN = "4e378fb5561cd0668f906b731ac58fee25738edf09cadc7a29c0abc0177aea6d"
            + "28b3404a61908f5d6198815c99af1990c8af38655930058c28c21bb539ce0000"
            + "38bffe40a22d529a0c66124b2c308dac9229912656f62b4facfced408e02380f"
            + "a01f2c8bee81769609462c69c96aa923fd863e209d3ce26dd889b55e2e3873db"
            + "67e0e0c2eed7a6993dce28fe9aa2ef56834307860839677f96685f2b44d0911f"
            + "5a1ae172102efd95df7338dbc577c66d8d6c15e0a0158c7507228efb078f42a6"
            + "1604a3fcfa9783e667ce9fcb1062c2a5c6685c316dda62de0548baa6ba30038b"
            + "93634f44fa13af76169f3cc8fbea880adaff8475d5fd28a75deb83c44362b439"
            + "b3129a75d31d17194675a1bc56947920898fbf390a5bf5d931ce6cbb3340f66d"
            + "4c744e69c4a2e1c8ed72f796d151a17ce2325b943260fc460b9f73cb57c9014b"
            + "84b87422330d7936eaba1109fa5a7a7181ee16f2438b0aeb2f38fd5f7554e57a"
            + "aab9f06a4eeba4323a7833db202e4e35639d93fa3305af73f0f071d7d284fcfb";

    private static final int FP = Tower.FP;
    private static final int FP2 = Tower.FP2;
    private static final int FP12 = Tower.FP12;
    private static final HexFormat HEX = HexFormat.of();

    private final Random random = new Random(38635);

    private BigInteger below(BigInteger bound) {
        BigInteger v;
        do {
            v = new BigInteger(bound.bitLength(), random);
        } while (v.compareTo(bound) >= 0);
        return v;
    }

    private static List<BigInteger> edges(BigInteger m) {
        List<BigInteger> values = new ArrayList<>(List.of(BigInteger.ZERO, BigInteger.ONE, BigInteger.TWO,
                m.subtract(BigInteger.ONE), m.subtract(BigInteger.TWO), m.shiftRight(1),
                BigInteger.ONE.shiftLeft(52), BigInteger.ONE.shiftLeft(52).subtract(BigInteger.ONE),
                BigInteger.ONE.shiftLeft(208), BigInteger.ONE.shiftLeft(255),
                BigInteger.ONE.shiftLeft(260).mod(m), BigInteger.ONE.shiftLeft(256).subtract(BigInteger.ONE).mod(m)));
        return values;
    }

    @Test
    void theCurveParametersFollowFromT() {
        BigInteger t2 = T.multiply(T);
        BigInteger t3 = t2.multiply(T);
        BigInteger t4 = t3.multiply(T);
        BigInteger common = t4.multiply(BigInteger.valueOf(36)).add(t3.multiply(BigInteger.valueOf(36)))
                .add(T.multiply(BigInteger.valueOf(6))).add(BigInteger.ONE);
        assertEquals(P, common.add(t2.multiply(BigInteger.valueOf(24))));
        assertEquals(N, common.add(t2.multiply(BigInteger.valueOf(18))));
        assertEquals(P, Mont256.P.modulus);
        assertEquals(N, Mont256.N.modulus);
        assertEquals(T.longValueExact(), Pairing.T);
        // the hard part of the final exponentiation: λ0 + λ1·p + λ2·p² + p³ = (p⁴ − p² + 1)/N
        BigInteger l0 = t3.multiply(BigInteger.valueOf(-36)).subtract(t2.multiply(BigInteger.valueOf(30)))
                .subtract(T.multiply(BigInteger.valueOf(18))).subtract(BigInteger.TWO);
        BigInteger l1 = t3.multiply(BigInteger.valueOf(-36)).subtract(t2.multiply(BigInteger.valueOf(18)))
                .subtract(T.multiply(BigInteger.valueOf(12))).add(BigInteger.ONE);
        BigInteger l2 = t2.multiply(BigInteger.valueOf(6)).add(BigInteger.ONE);
        BigInteger hard = P.pow(4).subtract(P.pow(2)).add(BigInteger.ONE);
        assertEquals(BigInteger.ZERO, hard.mod(N));
        assertEquals(hard.divide(N), l0.add(l1.multiply(P)).add(l2.multiply(P.pow(2))).add(P.pow(3)));
    }

    @Test
    void bothModuliAgreeWithBigInteger() {
        for (Mont256 f : new Mont256[] {Mont256.P, Mont256.N}) {
            BigInteger m = f.modulus;
            List<BigInteger> values = edges(m);
            for (int i = 0; i < 200; i++) {
                values.add(below(m));
            }
            long[] a = new long[FP];
            long[] b = new long[FP];
            long[] r = new long[FP];
            for (int i = 0; i < values.size(); i++) {
                BigInteger x = values.get(i);
                BigInteger y = values.get((i * 7 + 3) % values.size());
                f.setVar(a, 0, x);
                f.setVar(b, 0, y);
                f.add(r, 0, a, 0, b, 0);
                assertEquals(x.add(y).mod(m), f.toBigIntegerVar(r, 0));
                f.sub(r, 0, a, 0, b, 0);
                assertEquals(x.subtract(y).mod(m), f.toBigIntegerVar(r, 0));
                f.neg(r, 0, a, 0);
                assertEquals(x.negate().mod(m), f.toBigIntegerVar(r, 0));
                f.mul(r, 0, a, 0, b, 0);
                assertEquals(x.multiply(y).mod(m), f.toBigIntegerVar(r, 0));
                f.square(r, 0, a, 0);
                assertEquals(x.multiply(x).mod(m), f.toBigIntegerVar(r, 0));
                f.half(r, 0, a, 0);
                assertEquals(x.multiply(BigInteger.TWO.modInverse(m)).mod(m), f.toBigIntegerVar(r, 0));
                long[] lazy = new long[FP];
                Mont256.addLazy(lazy, 0, a, 0, b, 0);
                f.mul(r, 0, lazy, 0, lazy, 0);
                assertEquals(x.add(y).pow(2).mod(m), f.toBigIntegerVar(r, 0));
                assertEquals(x.signum() == 0 ? -1L : 0L, f.isZeroMask(a, 0));
                if (i % 20 == 0) {
                    f.invert(r, 0, a, 0);
                    assertEquals(x.signum() == 0 ? BigInteger.ZERO : x.modInverse(m), f.toBigIntegerVar(r, 0));
                }
                byte[] encoded = new byte[32];
                f.encode(a, 0, encoded, 0);
                assertEquals(x, new BigInteger(1, encoded));
                assertEquals(-1L, f.decode(encoded, 0, r, 0));
                assertEquals(-1L, f.equalsMask(r, 0, a, 0));
            }
            byte[] tooLarge = HEX.parseHex(m.toString(16));
            assertEquals(0L, f.decode(tooLarge, 0, a, 0));
        }
    }

    /** An Fp2 element from two BigIntegers (c0 + c1·u). */
    private static long[] fp2(BigInteger c0, BigInteger c1) {
        long[] r = new long[FP2];
        Mont256.P.setVar(r, 0, c0);
        Mont256.P.setVar(r, FP, c1);
        return r;
    }

    private static BigInteger[] big2(long[] a, int ao) {
        return new BigInteger[] {Mont256.P.toBigIntegerVar(a, ao), Mont256.P.toBigIntegerVar(a, ao + FP)};
    }

    @Test
    void fp2AgreesWithItsDefinition() {
        Tower t = new Tower();
        for (int i = 0; i < 100; i++) {
            BigInteger a0 = below(P);
            BigInteger a1 = i == 0 ? BigInteger.ZERO : below(P);
            BigInteger b0 = below(P);
            BigInteger b1 = below(P);
            long[] a = fp2(a0, a1);
            long[] b = fp2(b0, b1);
            long[] r = new long[FP2];
            t.mul2(r, 0, a, 0, b, 0);
            // (a0 + a1·u)(b0 + b1·u) with u² = −2
            assertEquals(a0.multiply(b0).subtract(a1.multiply(b1).shiftLeft(1)).mod(P), big2(r, 0)[0]);
            assertEquals(a0.multiply(b1).add(a1.multiply(b0)).mod(P), big2(r, 0)[1]);
            long[] s = new long[FP2];
            t.sqr2(s, 0, a, 0);
            t.mul2(r, 0, a, 0, a, 0);
            assertEquals(-1L, Tower.equalsMask2(r, 0, s, 0));
            t.inv2(s, 0, a, 0);
            t.mul2(r, 0, s, 0, a, 0);
            assertEquals(BigInteger.ONE, big2(r, 0)[0]);
            assertEquals(BigInteger.ZERO, big2(r, 0)[1]);
            t.mulU2(r, 0, a, 0);
            assertEquals(a1.shiftLeft(1).negate().mod(P), big2(r, 0)[0]);
            assertEquals(a0, big2(r, 0)[1]);
        }
    }

    private long[] randomFp12() {
        long[] r = new long[FP12];
        for (int i = 0; i < 12; i++) {
            Mont256.P.setVar(r, i * FP, below(P));
        }
        return r;
    }

    @Test
    void fp12FieldLaws() {
        Tower t = new Tower();
        for (int i = 0; i < 10; i++) {
            long[] a = randomFp12();
            long[] b = randomFp12();
            long[] c = randomFp12();
            long[] x = new long[FP12];
            long[] y = new long[FP12];
            // (a·b)·c = a·(b·c), a² = a·a, a·a⁻¹ = 1
            t.mul12(x, 0, a, 0, b, 0);
            t.mul12(x, 0, x, 0, c, 0);
            t.mul12(y, 0, b, 0, c, 0);
            t.mul12(y, 0, a, 0, y, 0);
            assertEquals(-1L, Tower.equalsMask12(x, 0, y, 0));
            t.sqr12(x, 0, a, 0);
            t.mul12(y, 0, a, 0, a, 0);
            assertEquals(-1L, Tower.equalsMask12(x, 0, y, 0));
            t.inv12(x, 0, a, 0);
            t.mul12(x, 0, x, 0, a, 0);
            assertEquals(-1L, Tower.isOneMask12(x, 0));
            // the Frobenius map is a^p: check against the generic power (p is public)
            t.frobenius12(x, 0, a, 0, 1);
            t.pow12Var(y, 0, a, 0, P);
            assertEquals(-1L, Tower.equalsMask12(x, 0, y, 0));
            t.frobenius12(x, 0, a, 0, 1);
            t.frobenius12(x, 0, x, 0, 1);
            t.frobenius12(y, 0, a, 0, 2);
            assertEquals(-1L, Tower.equalsMask12(x, 0, y, 0));
            t.frobenius12(x, 0, x, 0, 1);
            t.frobenius12(y, 0, a, 0, 3);
            assertEquals(-1L, Tower.equalsMask12(x, 0, y, 0));
            // the sparse line product equals the full product
            long[] line = new long[FP12];
            System.arraycopy(a, 0, line, 0, FP2);              // c0 at w⁰
            System.arraycopy(b, 0, line, FP2, FP2);            // c2 at w²
            System.arraycopy(c, 0, line, Tower.FP6 + FP2, FP2); // c3 at w³
            t.mul12(x, 0, a, 0, line, 0);
            System.arraycopy(a, 0, y, 0, FP12);
            t.mulLine12(y, 0, a, 0, b, 0, c, 0);
            assertEquals(-1L, Tower.equalsMask12(x, 0, y, 0));
            // the secret-exponent power equals the public one
            BigInteger k = below(N);
            byte[] kb = new byte[32];
            Mont256.N.encode(nOf(k), 0, kb, 0);
            t.pow12(x, 0, a, 0, kb);
            t.pow12Var(y, 0, a, 0, k);
            assertEquals(-1L, Tower.equalsMask12(x, 0, y, 0));
            // encode and decode
            byte[] bytes = new byte[384];
            Tower.encode12(a, 0, bytes, 0);
            assertEquals(-1L, Tower.decode12(bytes, 0, x, 0));
            assertEquals(-1L, Tower.equalsMask12(x, 0, a, 0));
        }
    }

    private static long[] nOf(BigInteger k) {
        long[] r = new long[FP];
        Mont256.N.setVar(r, 0, k);
        return r;
    }

    private static byte[] scalar(BigInteger k) {
        byte[] out = new byte[32];
        byte[] raw = k.toByteArray();
        int n = Math.min(raw.length, 32);
        System.arraycopy(raw, raw.length - n, out, 32 - n, n);
        return out;
    }

    /** Reads a G1 point (x ‖ y, 64 bytes) as projective with Z = 1. */
    static long[] g1(String hex) {
        byte[] b = HEX.parseHex(hex);
        long[] r = new long[3 * FP];
        assertEquals(-1L, Mont256.P.decode(b, 0, r, 0));
        assertEquals(-1L, Mont256.P.decode(b, 32, r, FP));
        Mont256.P.setOne(r, 2 * FP);
        return r;
    }

    /** Reads a G2 point (x ‖ y, 128 bytes, each Fp2 coordinate u-part first) as projective with Z = 1. */
    static long[] g2(String hex) {
        byte[] b = HEX.parseHex(hex);
        long[] r = new long[3 * FP2];
        assertEquals(-1L, Tower.decode2(b, 0, r, 0));
        assertEquals(-1L, Tower.decode2(b, 64, r, FP2));
        Tower.setOne2(r, 2 * FP2);
        return r;
    }

    @Test
    void theGeneratorsLieOnTheirCurves() {
        G1Curve c1 = new G1Curve();
        long[] p1 = g1(P1);
        assertEquals(-1L, c1.isOnCurveMask(p1, 0, p1, FP));
        G2Curve c2 = new G2Curve(new Tower());
        long[] p2 = g2(P2);
        assertEquals(-1L, c2.isOnCurveMask(p2, 0, p2, FP2));
        long[] bad = p2.clone();
        Mont256.P.add(bad, 0, bad, 0, bad, 0);
        assertEquals(0L, c2.isOnCurveMask(bad, 0, bad, FP2));
        // [N]P = O on both curves
        long[] r1 = new long[3 * FP];
        c1.mul(r1, 0, p1, 0, scalar(N));
        assertEquals(-1L, c1.isInfinityMask(r1, 0));
        long[] r2 = new long[3 * FP2];
        c2.mul(r2, 0, p2, 0, scalar(N));
        assertEquals(-1L, c2.isInfinityMask(r2, 0));
    }

    /** Affine addition over BigInteger on y² = x³ + 5 (G1), the reference for the complete formulas. */
    private static BigInteger[] affineAdd(BigInteger[] a, BigInteger[] b) {
        if (a == null) {
            return b;
        }
        if (b == null) {
            return a;
        }
        BigInteger lambda;
        if (a[0].equals(b[0])) {
            if (a[1].add(b[1]).mod(P).signum() == 0) {
                return null;
            }
            lambda = a[0].pow(2).multiply(BigInteger.valueOf(3)).multiply(a[1].shiftLeft(1).modInverse(P)).mod(P);
        } else {
            lambda = b[1].subtract(a[1]).multiply(b[0].subtract(a[0]).modInverse(P)).mod(P);
        }
        BigInteger x = lambda.pow(2).subtract(a[0]).subtract(b[0]).mod(P);
        return new BigInteger[] {x, lambda.multiply(a[0].subtract(x)).subtract(a[1]).mod(P)};
    }

    @Test
    void g1ScalarMultiplicationMatchesAffineArithmetic() {
        G1Curve c = new G1Curve();
        long[] p1 = g1(P1);
        BigInteger[] base = {new BigInteger(P1.substring(0, 64), 16), new BigInteger(P1.substring(64), 16)};
        for (BigInteger k : List.of(BigInteger.ZERO, BigInteger.ONE, BigInteger.TWO, BigInteger.valueOf(15),
                BigInteger.valueOf(16), BigInteger.valueOf(17), N.subtract(BigInteger.ONE), below(N), below(N))) {
            BigInteger[] expected = null;
            BigInteger[] addend = base;
            for (int i = 0; i < k.bitLength(); i++) {
                if (k.testBit(i)) {
                    expected = affineAdd(expected, addend);
                }
                addend = affineAdd(addend, addend);
            }
            long[] r = new long[3 * FP];
            c.mul(r, 0, p1, 0, scalar(k));
            if (expected == null) {
                assertEquals(-1L, c.isInfinityMask(r, 0));
                continue;
            }
            long[] x = new long[FP];
            long[] y = new long[FP];
            c.toAffine(x, 0, y, 0, r, 0);
            assertEquals(expected[0], Mont256.P.toBigIntegerVar(x, 0), "x of [" + k + "]P1");
            assertEquals(expected[1], Mont256.P.toBigIntegerVar(y, 0), "y of [" + k + "]P1");
        }
    }

    private static long[] affine2(G2Curve c, long[] point) {
        long[] a = new long[2 * FP2];
        c.toAffine(a, 0, a, FP2, point, 0);
        return a;
    }

    private static long[] affine1(G1Curve c, long[] point) {
        long[] a = new long[2 * FP];
        c.toAffine(a, 0, a, FP, point, 0);
        return a;
    }

    private static String hex12(long[] f) {
        byte[] out = new byte[384];
        Tower.encode12(f, 0, out, 0);
        return HEX.formatHex(out);
    }

    @Test
    void theSignatureExamplesPairingValue() {
        G2Curve c2 = new G2Curve(new Tower());
        long[] ppub = new long[3 * FP2];
        c2.mul(ppub, 0, g2(P2), 0, HEX.parseHex(KS));
        assertEquals(-1L, c2.equalsMask(ppub, 0, g2(PPUB_S), 0), "Ppub-s = [ks]P2");
        Pairing pairing = new Pairing();
        long[] g = new long[FP12];
        pairing.pair(g, 0, affine1(new G1Curve(), g1(P1)), 0, affine2(c2, ppub), 0);
        assertEquals(G_SIGN, hex12(g));
    }

    @Test
    void thePairingIsBilinearAndNotDegenerate() {
        G1Curve c1 = new G1Curve();
        G2Curve c2 = new G2Curve(new Tower());
        Pairing pairing = new Pairing();
        Tower t = pairing.tower();
        long[] p1 = affine1(c1, g1(P1));
        long[] p2 = affine2(c2, g2(P2));
        long[] base = new long[FP12];
        pairing.pair(base, 0, p1, 0, p2, 0);
        assertEquals(0L, Tower.isOneMask12(base, 0));
        long[] x = new long[FP12];
        t.pow12Var(x, 0, base, 0, N);
        assertEquals(-1L, Tower.isOneMask12(x, 0), "e(P1, P2) has order N");
        BigInteger a = below(N);
        BigInteger b = below(N);
        long[] ap = new long[3 * FP];
        c1.mul(ap, 0, g1(P1), 0, scalar(a));
        long[] bq = new long[3 * FP2];
        c2.mul(bq, 0, g2(P2), 0, scalar(b));
        long[] lhs = new long[FP12];
        pairing.pair(lhs, 0, affine1(c1, ap), 0, affine2(c2, bq), 0);
        long[] rhs = new long[FP12];
        t.pow12Var(rhs, 0, base, 0, a.multiply(b).mod(N));
        assertEquals(hex12(rhs), hex12(lhs), "e([a]P1, [b]P2) = e(P1, P2)^(ab)");
        assertNotEquals(hex12(base), hex12(lhs));
        assertTrue(a.signum() > 0);
    }
}
