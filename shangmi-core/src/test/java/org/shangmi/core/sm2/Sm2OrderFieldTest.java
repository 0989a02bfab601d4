package org.shangmi.core.sm2;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Every operation against BigInteger modulo n, on edge values and random ones. */
class Sm2OrderFieldTest {

    private static final BigInteger N = AffineReference.SM2_N;
    private final Sm2OrderField field = new Sm2OrderField();

    static List<BigInteger> values(long seed) {
        List<BigInteger> values = new ArrayList<>();
        for (long small : new long[] {0, 1, 2}) {
            values.add(BigInteger.valueOf(small));
        }
        values.add(N.subtract(BigInteger.ONE));
        values.add(N.subtract(BigInteger.TWO));
        values.add(N.shiftRight(1));
        values.add(BigInteger.ONE.shiftLeft(52));
        values.add(BigInteger.ONE.shiftLeft(255));
        values.add(BigInteger.ONE.shiftLeft(260).mod(N));
        Random random = new Random(seed);
        while (values.size() < 400) {
            BigInteger x = new BigInteger(256, random);
            if (x.compareTo(N) < 0) {
                values.add(x);
            }
        }
        return values;
    }

    @Test
    void decodeReportsValuesAtOrAboveNAndReducesThem() {
        for (BigInteger x : List.of(N, N.add(BigInteger.ONE), BigInteger.ONE.shiftLeft(256).subtract(BigInteger.ONE))) {
            long[] element = Sm2OrderField.create();
            assertFalse(field.decode(Sm2FieldTest.bytes(x), 0, element), x.toString(16));
            assertEquals(x.mod(N), value(element));
        }
        for (BigInteger x : values(1)) {
            assertEquals(x, value(element(x)));
        }
    }

    @Test
    void arithmeticMatchesBigInteger() {
        long seed = System.nanoTime();
        List<BigInteger> values = values(seed);
        long[] r = Sm2OrderField.create();
        for (int i = 0; i < values.size(); i++) {
            BigInteger a = values.get(i);
            BigInteger b = values.get((i * 7 + 3) % values.size());
            field.add(r, element(a), element(b));
            assertEquals(a.add(b).mod(N), value(r), "add, seed " + seed);
            field.sub(r, element(a), element(b));
            assertEquals(a.subtract(b).mod(N), value(r), "sub, seed " + seed);
            field.mul(r, element(a), element(b));
            assertEquals(a.multiply(b).mod(N), value(r), "mul, seed " + seed);
            assertEquals(a.signum() == 0, Sm2OrderField.isZero(element(a)));
        }
        for (BigInteger a : values.subList(0, 40)) {
            field.invert(r, element(a));
            assertEquals(a.signum() == 0 ? BigInteger.ZERO : a.modInverse(N), value(r), "invert " + a.toString(16));
        }
    }

    @Test
    void resultsMayAliasTheirInputs() {
        BigInteger a = N.subtract(BigInteger.valueOf(12345));
        BigInteger b = BigInteger.ONE.shiftLeft(200).add(BigInteger.TEN);
        long[] x = element(a);
        field.mul(x, x, element(b));
        assertEquals(a.multiply(b).mod(N), value(x));
        field.add(x, x, x);
        assertEquals(a.multiply(b).shiftLeft(1).mod(N), value(x));
        field.sub(x, element(a), x);
        assertEquals(a.subtract(a.multiply(b).shiftLeft(1)).mod(N), value(x));
        field.invert(x, x);
        assertEquals(a.subtract(a.multiply(b).shiftLeft(1)).mod(N).modInverse(N), value(x));
        long[] one = Sm2OrderField.create();
        Sm2OrderField.setOne(one);
        assertEquals(BigInteger.ONE, value(one));
    }

    private long[] element(BigInteger x) {
        long[] element = Sm2OrderField.create();
        assertTrue(field.decode(Sm2FieldTest.bytes(x), 0, element));
        return element;
    }

    private BigInteger value(long[] element) {
        byte[] out = new byte[32];
        field.encode(element, out, 0);
        return new BigInteger(1, out);
    }
}
