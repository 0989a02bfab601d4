package org.shangmi.core.sm2;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.BinaryOperator;
import org.junit.jupiter.api.Test;

/** Every operation against BigInteger modulo p, on edge values and random ones. */
class Sm2FieldTest {

    /** p of GB/T 32918.5, written from the standard's hex, not derived from the code under test. */
    static final BigInteger P = new BigInteger("FFFFFFFEFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF00000000FFFFFFFFFFFFFFFF", 16);

    private static final BigInteger TWO_256 = BigInteger.ONE.shiftLeft(256);

    /** Values where carries, borrows and reductions turn: limb edges, p's neighbours, R. */
    static List<BigInteger> edges() {
        List<BigInteger> values = new ArrayList<>();
        for (long small : new long[] {0, 1, 2, 3}) {
            values.add(BigInteger.valueOf(small));
        }
        values.add(P.subtract(BigInteger.ONE));
        values.add(P.subtract(BigInteger.TWO));
        values.add(P.shiftRight(1));
        values.add(BigInteger.ONE.shiftLeft(52).subtract(BigInteger.ONE));
        values.add(BigInteger.ONE.shiftLeft(52));
        values.add(BigInteger.ONE.shiftLeft(104));
        values.add(BigInteger.ONE.shiftLeft(208).subtract(BigInteger.ONE));
        values.add(BigInteger.ONE.shiftLeft(255));
        values.add(BigInteger.ONE.shiftLeft(255).subtract(BigInteger.ONE));
        values.add(BigInteger.ONE.shiftLeft(260).mod(P)); // R mod p: Montgomery one
        values.add(TWO_256.subtract(BigInteger.ONE).mod(P));
        values.add(new BigInteger("FFFFFFFEFFFFFFFFFFFFFFFFFFFFFFFF00000000000000000000000000000000", 16));
        return values;
    }

    static List<BigInteger> randoms(Random random, int count) {
        List<BigInteger> values = new ArrayList<>();
        while (values.size() < count) {
            BigInteger x = new BigInteger(256, random);
            if (x.compareTo(P) < 0) {
                values.add(x);
            }
        }
        return values;
    }

    @Test
    void decodeEncodeRoundTripsBelowPAndReportsValuesAtOrAboveP() {
        long seed = System.nanoTime();
        List<BigInteger> values = new ArrayList<>(edges());
        values.addAll(randoms(new Random(seed), 1000));
        for (BigInteger x : values) {
            long[] element = Sm2Field.create();
            assertTrue(Sm2Field.decode(bytes(x), 0, element), x.toString(16));
            assertEquals(x, value(element), "seed " + seed);
        }
        for (BigInteger x : List.of(P, P.add(BigInteger.ONE), P.add(BigInteger.TEN), TWO_256.subtract(BigInteger.ONE))) {
            long[] element = Sm2Field.create();
            assertFalse(Sm2Field.decode(bytes(x), 0, element), x.toString(16));
            assertEquals(x.mod(P), value(element), "reduced, as documented");
        }
    }

    @Test
    void decodeAndEncodeHonourOffsetsAndRejectShortBuffers() {
        BigInteger x = new BigInteger("123456789abcdef0fedcba9876543210aa55aa55aa55aa55aa55aa55aa55aa55", 16);
        byte[] framed = new byte[40];
        System.arraycopy(bytes(x), 0, framed, 5, 32);
        long[] element = Sm2Field.create();
        assertTrue(Sm2Field.decode(framed, 5, element));
        byte[] out = new byte[40];
        Sm2Field.encode(element, out, 3);
        assertArrayEquals(bytes(x), java.util.Arrays.copyOfRange(out, 3, 35));
        assertThrows(IndexOutOfBoundsException.class, () -> Sm2Field.decode(new byte[40], 9, element));
        assertThrows(IndexOutOfBoundsException.class, () -> Sm2Field.encode(element, new byte[31], 0));
    }

    @Test
    void addSubMulMatchBigIntegerOnEdgePairs() {
        List<BigInteger> edges = edges();
        for (BigInteger a : edges) {
            for (BigInteger b : edges) {
                checkBinary(a, b);
            }
        }
    }

    @Test
    void addSubMulMatchBigIntegerOnRandomPairs() {
        long seed = System.nanoTime();
        Random random = new Random(seed);
        List<BigInteger> as = randoms(random, 2000);
        List<BigInteger> bs = randoms(random, 2000);
        for (int i = 0; i < as.size(); i++) {
            checkBinary(as.get(i), bs.get(i));
        }
    }

    @Test
    void unaryOperationsMatchBigInteger() {
        long seed = System.nanoTime();
        List<BigInteger> values = new ArrayList<>(edges());
        values.addAll(randoms(new Random(seed), 300));
        for (BigInteger a : values) {
            for (long[] x : List.of(element(a), otherForm(element(a)))) {
                long[] r = Sm2Field.create();
                Sm2Field.neg(r, x);
                assertInRange(r, "neg");
                assertEquals(a.negate().mod(P), value(r), "neg " + a.toString(16));
                Sm2Field.square(r, x);
                assertEquals(a.multiply(a).mod(P), value(r), "square " + a.toString(16));
                assertInRange(r, "square");
                Sm2Field.invert(r, x);
                BigInteger expected = a.signum() == 0 ? BigInteger.ZERO : a.modInverse(P);
                assertEquals(expected, value(r), "invert " + a.toString(16) + ", seed " + seed);
                assertEquals(a.signum() == 0, Sm2Field.isZero(x));
            }
        }
    }

    @Test
    void mulSmallMatchesBigIntegerForEveryFactor() {
        long seed = System.nanoTime();
        List<BigInteger> values = new ArrayList<>(edges());
        values.addAll(randoms(new Random(seed), 100));
        for (BigInteger a : values) {
            for (long[] x : List.of(element(a), otherForm(element(a)))) {
                for (int c = 0; c <= 16; c++) {
                    long[] r = Sm2Field.create();
                    Sm2Field.mulSmall(r, x, c);
                    String call = c + "·" + a.toString(16) + ", seed " + seed;
                    assertEquals(a.multiply(BigInteger.valueOf(c)).mod(P), value(r), call);
                    assertInRange(r, call);
                }
            }
        }
        assertThrows(IllegalArgumentException.class, () -> Sm2Field.mulSmall(Sm2Field.create(), Sm2Field.create(), 17));
        assertThrows(IllegalArgumentException.class, () -> Sm2Field.mulSmall(Sm2Field.create(), Sm2Field.create(), -1));
    }

    @Test
    void sqrtFindsRootsExactlyForSquares() {
        long seed = System.nanoTime();
        BigInteger halfOrder = P.subtract(BigInteger.ONE).shiftRight(1);
        List<BigInteger> values = new ArrayList<>(edges());
        values.addAll(randoms(new Random(seed), 200));
        int squares = 0;
        for (BigInteger a : values) {
            boolean square = a.signum() == 0 || a.modPow(halfOrder, P).equals(BigInteger.ONE); // Euler's criterion
            long[] root = Sm2Field.create();
            assertEquals(square, Sm2Field.sqrt(root, element(a)), a.toString(16) + ", seed " + seed);
            if (square) {
                squares++;
                assertEquals(a, value(root).pow(2).mod(P), "root of " + a.toString(16));
            }
        }
        assertTrue(squares > 50 && squares < values.size() - 50, "both kinds were tried: " + squares);
    }

    @Test
    void resultsMayAliasTheirInputs() {
        Random random = new Random(3);
        for (BigInteger a : randoms(random, 50)) {
            BigInteger b = randoms(random, 1).get(0);
            long[] x = element(a);
            Sm2Field.mul(x, x, element(b));
            assertEquals(a.multiply(b).mod(P), value(x));
            long[] y = element(b);
            Sm2Field.sub(y, element(a), y);
            assertEquals(a.subtract(b).mod(P), value(y));
            long[] z = element(a);
            Sm2Field.add(z, z, z);
            assertEquals(a.shiftLeft(1).mod(P), value(z));
            Sm2Field.invert(z, z);
            assertEquals(a.shiftLeft(1).mod(P).modInverse(P), value(z));
        }
    }

    @Test
    void smallValuesAndConditionalCopy() {
        long[] r = Sm2Field.create();
        for (long small : new long[] {0, 1, 7, (1L << 52) - 1}) {
            Sm2Field.setSmall(r, small);
            assertEquals(BigInteger.valueOf(small), value(r));
        }
        Sm2Field.setOne(r);
        assertEquals(BigInteger.ONE, value(r));
        Sm2Field.setZero(r);
        assertEquals(BigInteger.ZERO, value(r));
        assertThrows(IllegalArgumentException.class, () -> Sm2Field.setSmall(r, -1));
        assertThrows(IllegalArgumentException.class, () -> Sm2Field.setSmall(r, 1L << 52));

        long[] a = element(BigInteger.valueOf(5));
        long[] b = element(P.subtract(BigInteger.ONE));
        Sm2Field.conditionalCopy(a, b, 0);
        assertEquals(BigInteger.valueOf(5), value(a));
        Sm2Field.conditionalCopy(a, b, 1);
        assertEquals(P.subtract(BigInteger.ONE), value(a));
    }

    private static void checkBinary(BigInteger a, BigInteger b) {
        check("add", a, b, Sm2Field::add, (x, y) -> x.add(y).mod(P));
        check("sub", a, b, Sm2Field::sub, (x, y) -> x.subtract(y).mod(P));
        check("mul", a, b, Sm2Field::mul, (x, y) -> x.multiply(y).mod(P));
    }

    private interface FieldOp {
        void apply(long[] r, long[] a, long[] b);
    }

    /** Checks op on every pairing of the two representations of each operand (below p, and p above). */
    private static void check(String name, BigInteger a, BigInteger b, FieldOp op, BinaryOperator<BigInteger> expected) {
        for (int form = 0; form < 4; form++) {
            long[] x = (form & 1) == 0 ? element(a) : otherForm(element(a));
            long[] y = (form & 2) == 0 ? element(b) : otherForm(element(b));
            long[] r = Sm2Field.create();
            op.apply(r, x, y);
            String call = name + "(" + a.toString(16) + ", " + b.toString(16) + "), form " + form;
            assertEquals(expected.apply(a, b), value(r), call);
            assertInRange(r, call);
        }
    }

    /** Every result must be a valid element: limbs below 2^52, value below 2p. */
    static void assertInRange(long[] element, String what) {
        for (long limb : element) {
            assertTrue(limb >= 0 && limb < (1L << 52), what + " left a limb out of range: " + Long.toHexString(limb));
        }
        assertTrue(raw(element).compareTo(P.shiftLeft(1)) < 0, what + " left a value of 2p or more");
    }

    /** The limbs' integer, whatever residue it stands for. */
    static BigInteger raw(long[] element) {
        BigInteger value = BigInteger.ZERO;
        for (int i = element.length - 1; i >= 0; i--) {
            value = value.shiftLeft(52).add(BigInteger.valueOf(element[i]));
        }
        return value;
    }

    /** The same element held in its other form: its Montgomery residue plus p, or minus p. */
    static long[] otherForm(long[] element) {
        BigInteger raw = raw(element);
        BigInteger value = raw.compareTo(P) < 0 ? raw.add(P) : raw.subtract(P);
        long[] limbs = new long[element.length];
        for (int i = 0; i < limbs.length; i++) {
            limbs[i] = value.shiftRight(52 * i).longValue() & ((1L << 52) - 1);
        }
        return limbs;
    }

    static long[] element(BigInteger x) {
        long[] element = Sm2Field.create();
        assertTrue(Sm2Field.decode(bytes(x), 0, element));
        return element;
    }

    static BigInteger value(long[] element) {
        byte[] out = new byte[32];
        Sm2Field.encode(element, out, 0);
        return new BigInteger(1, out);
    }

    static byte[] bytes(BigInteger x) {
        byte[] raw = x.toByteArray();
        byte[] out = new byte[32];
        int length = Math.min(raw.length, 32);
        System.arraycopy(raw, raw.length - length, out, 32 - length, length);
        return out;
    }
}
