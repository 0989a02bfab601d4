package org.shangmi.core.sm2;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.shangmi.core.sm3.Sm3;
import org.shangmi.core.testing.Vectors;

/** Sm2Curve against the BigInteger reference, and against a published SM2 signature. */
class Sm2CurveTest {

    private static final AffineReference REF = AffineReference.SM2;
    private static final BigInteger[] G = AffineReference.SM2_G;
    private static final BigInteger N = AffineReference.SM2_N;

    private final Sm2Curve curve = new Sm2Curve();

    @Test
    void generatorIsOnTheCurveAndHasOrderN() {
        assertTrue(REF.onCurve(G), "the standard's G satisfies the standard's equation");
        Sm2Point g = new Sm2Point();
        Sm2Curve.setGenerator(g);
        assertArrayEquals(G, affine(g));
        Sm2Point r = new Sm2Point();
        curve.multiply(r, g, scalar(N), 0);
        assertTrue(r.isIdentity(), "n·G is the identity");
    }

    @Test
    void addAndTwiceMatchTheReferenceIncludingEveryExceptionalCase() {
        long seed = System.nanoTime();
        Random random = new Random(seed);
        Sm2Point identity = new Sm2Point();
        Sm2Point r = new Sm2Point();
        for (int i = 0; i < 20; i++) {
            BigInteger[] s = REF.multiply(new BigInteger(256, random), G);
            BigInteger[] t = REF.multiply(new BigInteger(256, random), G);
            Sm2Point sp = point(s);
            Sm2Point tp = point(t);

            curve.add(r, sp, tp);
            assertArrayEquals(REF.add(s, t), affine(r), "s + t, seed " + seed);
            curve.add(r, sp, sp);
            assertArrayEquals(REF.add(s, s), affine(r), "s + s through the addition formula");
            curve.twice(r, sp);
            assertArrayEquals(REF.add(s, s), affine(r), "2s");
            curve.add(r, sp, point(REF.negate(s)));
            assertTrue(r.isIdentity(), "s + (-s)");
            curve.add(r, sp, identity);
            assertArrayEquals(s, affine(r), "s + O");
            curve.add(r, identity, tp);
            assertArrayEquals(t, affine(r), "O + t");
            curve.add(sp, sp, tp);
            assertArrayEquals(REF.add(s, t), affine(sp), "in place");
        }
        curve.add(r, identity, identity);
        assertTrue(r.isIdentity(), "O + O");
        curve.twice(r, identity);
        assertTrue(r.isIdentity(), "2O");
    }

    @Test
    void multiplyMatchesTheReference() {
        long seed = System.nanoTime();
        Random random = new Random(seed);
        BigInteger[] q = REF.multiply(new BigInteger(256, random), G);
        List<BigInteger> scalars = new java.util.ArrayList<>(List.of(BigInteger.ONE, BigInteger.TWO,
                BigInteger.valueOf(15), BigInteger.valueOf(16), BigInteger.valueOf(17), N.subtract(BigInteger.ONE),
                N.add(BigInteger.ONE), BigInteger.ONE.shiftLeft(256).subtract(BigInteger.ONE),
                // unreduced, n + 26 would make the last window add 13·Q to 16·((n + 13)/16)·Q = 13·Q
                N.add(BigInteger.valueOf(26))));
        for (int i = 0; i < 12; i++) {
            scalars.add(new BigInteger(256, random));
        }
        Sm2Point g = new Sm2Point();
        Sm2Curve.setGenerator(g);
        Sm2Point r = new Sm2Point();
        for (BigInteger k : scalars) {
            curve.multiply(r, g, scalar(k), 0);
            assertArrayEquals(REF.multiply(k.mod(N), G), affine(r), "k·G, k = " + k.toString(16) + ", seed " + seed);
            Sm2Point qp = point(q);
            curve.multiply(qp, qp, scalar(k), 0);
            assertArrayEquals(REF.multiply(k.mod(N), q), affine(qp), "k·Q in place, k = " + k.toString(16));
        }
        curve.multiply(r, g, scalar(BigInteger.ZERO), 0);
        assertTrue(r.isIdentity(), "0·G");
    }

    /** Just below n the last signed digit meets ±accumulator (k = n − 6 needs a doubling there). */
    /** toAffineX writes the reference's x, from points whose Z is not 1, and nothing for the identity. */
    @Test
    void affineXMatchesTheReference() {
        long seed = System.nanoTime();
        Random random = new Random(seed);
        Sm2Point g = new Sm2Point();
        Sm2Curve.setGenerator(g);
        Sm2Point r = new Sm2Point();
        byte[] x = new byte[32];
        for (int i = 0; i < 20; i++) {
            BigInteger k = new BigInteger(256, random).mod(N.subtract(BigInteger.ONE)).add(BigInteger.ONE);
            curve.multiply(r, g, scalar(k), 0);
            assertTrue(curve.toAffineX(r, x, 0));
            assertEquals(REF.multiply(k, G)[0], new BigInteger(1, x), "seed " + seed);
        }
        byte[] untouched = new byte[32];
        Arrays.fill(untouched, (byte) 7);
        byte[] out = untouched.clone();
        assertFalse(curve.toAffineX(new Sm2Point(), out, 0), "the identity has no affine form");
        assertArrayEquals(untouched, out);
    }

    @Test
    void multiplyHandlesScalarsJustBelowN() {
        Sm2Point g = new Sm2Point();
        Sm2Curve.setGenerator(g);
        Sm2Point r = new Sm2Point();
        for (int below = 1; below <= 40; below++) {
            BigInteger k = N.subtract(BigInteger.valueOf(below));
            curve.multiply(r, g, scalar(k), 0);
            assertArrayEquals(REF.multiply(k, G), affine(r), "n − " + below);
            curve.multiplyGenerator(r, scalar(k), 0);
            assertArrayEquals(REF.multiply(k, G), affine(r), "table, n − " + below);
        }
    }

    @Test
    void generatorTableGivesTheSameMultiplesAsTheLadder() {
        long seed = System.nanoTime();
        Random random = new Random(seed);
        List<BigInteger> scalars = new java.util.ArrayList<>(List.of(BigInteger.ZERO, BigInteger.ONE,
                BigInteger.valueOf(15), BigInteger.valueOf(16), BigInteger.valueOf(0x100),
                BigInteger.ONE.shiftLeft(252), N.subtract(BigInteger.ONE), N, N.add(BigInteger.valueOf(26)),
                BigInteger.ONE.shiftLeft(256).subtract(BigInteger.ONE),
                // top Booth digits 1 and 2, 2^256 mod n, and digit patterns of all signs and sizes
                BigInteger.ONE.shiftLeft(255), BigInteger.ONE.shiftLeft(255).add(BigInteger.ONE.shiftLeft(254)),
                BigInteger.ONE.shiftLeft(256).subtract(N), new BigInteger("5".repeat(64), 16),
                new BigInteger("a".repeat(64), 16), new BigInteger("84210".repeat(12) + "8421", 16),
                new BigInteger("7bdef".repeat(12) + "7bde", 16)));
        for (int i = 0; i < 40; i++) {
            scalars.add(new BigInteger(256, random));
        }
        Sm2Point g = new Sm2Point();
        Sm2Curve.setGenerator(g);
        Sm2Point ladder = new Sm2Point();
        Sm2Point table = new Sm2Point();
        for (BigInteger k : scalars) {
            curve.multiply(ladder, g, scalar(k), 0);
            curve.multiplyGenerator(table, scalar(k), 0);
            assertArrayEquals(affine(ladder), affine(table), "k = " + k.toString(16) + ", seed " + seed);
        }
        curve.multiplyGenerator(table, scalar(BigInteger.valueOf(0xabcdef)), 0);
        assertArrayEquals(REF.multiply(BigInteger.valueOf(0xabcdef), G), affine(table), "against the reference");
    }

    @Test
    void boothDigitsLieInRangeAndSumToTheScalar() {
        long seed = System.nanoTime();
        Random random = new Random(seed);
        List<BigInteger> scalars = new java.util.ArrayList<>(List.of(BigInteger.ZERO, BigInteger.ONE,
                BigInteger.valueOf(16), BigInteger.valueOf(31), BigInteger.valueOf(32), N,
                BigInteger.ONE.shiftLeft(256).subtract(BigInteger.ONE)));
        for (int i = 0; i < 200; i++) {
            scalars.add(new BigInteger(256, random));
        }
        for (BigInteger k : scalars) {
            BigInteger sum = BigInteger.ZERO;
            for (int i = 0; i < 52; i++) {
                int digit = Sm2Curve.boothDigit(scalar(k), 0, i);
                assertTrue(digit >= -16 && digit <= 16, "digit " + digit);
                sum = sum.add(BigInteger.valueOf(digit).shiftLeft(5 * i));
            }
            assertEquals(k, sum, "k = " + k.toString(16) + ", seed " + seed);
        }
    }

    @Test
    void fromAffineAcceptsOnlyCurvePointsWithReducedCoordinates() {
        Sm2Point r = new Sm2Point();
        assertTrue(curve.fromAffine(r, bytes(G), 0));
        BigInteger[] offCurve = {G[0], G[1].add(BigInteger.ONE)};
        assertFalse(curve.fromAffine(r, bytes(offCurve), 0));
        BigInteger[] xPlusP = {G[0].add(REF.p()), G[1]};
        if (xPlusP[0].bitLength() <= 256) {
            assertFalse(curve.fromAffine(r, bytes(xPlusP), 0), "x + p is the same x mod p, but not a valid encoding");
        }
        BigInteger[] yAboveP = {BigInteger.ZERO, REF.p()};
        assertFalse(curve.fromAffine(r, bytes(yAboveP), 0));
        byte[] out = new byte[64];
        assertFalse(curve.toAffine(new Sm2Point(), out, 0), "the identity has no affine form");
    }

    @Test
    void compressedPointsMatchBouncyCastleAndRoundTrip() {
        long seed = System.nanoTime();
        Random random = new Random(seed);
        org.bouncycastle.math.ec.ECCurve bcCurve = org.bouncycastle.asn1.gm.GMNamedCurves.getByName("sm2p256v1").getCurve();
        for (int i = 0; i < 30; i++) {
            BigInteger[] affine = REF.multiply(new BigInteger(256, random), G);
            Sm2Point point = point(affine);
            byte[] ours = new byte[33];
            assertTrue(curve.toCompressed(point, ours, 0));
            byte[] uncompressed = new byte[65];
            uncompressed[0] = 4;
            System.arraycopy(bytes(affine), 0, uncompressed, 1, 64);
            assertArrayEquals(bcCurve.decodePoint(uncompressed).getEncoded(true), ours, "seed " + seed);
            Sm2Point decoded = new Sm2Point();
            assertTrue(curve.fromCompressed(decoded, ours, 0));
            assertArrayEquals(affine, affine(decoded));
            byte[] xy = new byte[64];
            assertTrue(curve.decompress(ours, 0, xy, 0));
            assertArrayEquals(Arrays.copyOfRange(uncompressed, 1, 65), xy, "seed " + seed);
        }
        byte[] good = new byte[33];
        curve.toCompressed(point(G), good, 0);
        byte[] badPrefix = good.clone();
        badPrefix[0] = 0x04;
        assertFalse(curve.fromCompressed(new Sm2Point(), badPrefix, 0));
        byte[] xAboveP = new byte[33];
        xAboveP[0] = 0x02;
        System.arraycopy(bytes(REF.p().add(BigInteger.ONE)), 0, xAboveP, 1, 32);
        assertFalse(curve.fromCompressed(new Sm2Point(), xAboveP, 0), "x >= p");
        assertFalse(curve.decompress(xAboveP, 0, new byte[64], 0), "x >= p");
        assertFalse(curve.decompress(badPrefix, 0, new byte[64], 0));
        int noPoint = 0;
        for (int x = 1; x < 40; x++) {
            BigInteger rhs = BigInteger.valueOf(x).pow(3).subtract(BigInteger.valueOf(3L * x)).add(REF.b()).mod(REF.p());
            boolean exists = rhs.modPow(REF.p().subtract(BigInteger.ONE).shiftRight(1), REF.p()).equals(BigInteger.ONE);
            byte[] encoded = new byte[33];
            encoded[0] = 0x03;
            System.arraycopy(bytes(BigInteger.valueOf(x)), 0, encoded, 1, 32);
            assertEquals(exists, curve.fromCompressed(new Sm2Point(), encoded, 0), "x = " + x);
            assertEquals(exists, curve.decompress(encoded, 0, new byte[64], 0), "x = " + x);
            noPoint += exists ? 0 : 1;
        }
        assertTrue(noPoint > 0, "some x had no point");
    }

    /**
     * Bouncy Castle's published SM2 signature on sm2p256v1 with a fixed k: r = e + x(k·G) mod n,
     * where e hashes Z_A, which contains d·G. Reproducing r checks both multiplications.
     */
    @Test
    void reproducesThePublishedSignatureValueR() {
        Vectors.Record record = Vectors.load(Vectors.BOUNCY_CASTLE, "SM2-SIGN").stream()
                .filter(v -> v.text("curve").equals("sm2p256v1") && v.text("digest").equals("SM3"))
                .findFirst().orElseThrow();
        Sm2Point g = new Sm2Point();
        Sm2Curve.setGenerator(g);
        Sm2Point publicKey = new Sm2Point();
        curve.multiply(publicKey, g, record.hex("priv"), 0);
        byte[] publicXY = new byte[64];
        assertTrue(curve.toAffine(publicKey, publicXY, 0));

        byte[] id = record.text("id_ascii").getBytes(StandardCharsets.US_ASCII);
        Sm3 sm3 = new Sm3();
        sm3.update((byte) (id.length * 8 >>> 8));
        sm3.update((byte) (id.length * 8));
        sm3.update(id, 0, id.length);
        for (BigInteger constant : List.of(REF.a(), REF.b(), G[0], G[1])) {
            sm3.update(bytes(constant), 0, 32);
        }
        sm3.update(publicXY, 0, 64);
        byte[] za = sm3.digest();
        byte[] message = record.hex("msg");
        sm3.update(za, 0, 32);
        sm3.update(message, 0, message.length);
        BigInteger e = new BigInteger(1, sm3.digest());

        Sm2Point kg = new Sm2Point();
        curve.multiply(kg, g, record.hex("k"), 0);
        BigInteger x1 = affine(kg)[0];
        assertEquals(new BigInteger(record.text("r"), 16), e.add(x1).mod(N));
    }

    static Sm2Point point(BigInteger[] affine) {
        Sm2Point point = new Sm2Point();
        if (affine != null) {
            assertTrue(new Sm2Curve().fromAffine(point, bytes(affine), 0));
        }
        return point;
    }

    static BigInteger[] affine(Sm2Point point) {
        byte[] out = new byte[64];
        if (!new Sm2Curve().toAffine(point, out, 0)) {
            return null;
        }
        return new BigInteger[] {new BigInteger(1, java.util.Arrays.copyOfRange(out, 0, 32)),
            new BigInteger(1, java.util.Arrays.copyOfRange(out, 32, 64))};
    }

    static byte[] bytes(BigInteger[] affine) {
        byte[] out = new byte[64];
        System.arraycopy(bytes(affine[0]), 0, out, 0, 32);
        System.arraycopy(bytes(affine[1]), 0, out, 32, 32);
        return out;
    }

    static byte[] bytes(BigInteger value) {
        return Sm2FieldTest.bytes(value);
    }

    static byte[] scalar(BigInteger k) {
        return bytes(k);
    }
}
