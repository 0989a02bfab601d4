package org.shangmi.core.sm2;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.shangmi.core.sm2.Sm2Ciphertext.Format;
import org.shangmi.core.testing.Vectors;
import org.shangmi.core.util.Der;

/** Layout conversions: OpenSSL's DER ciphertexts, all four layouts round trip, compressed C1, refusals. */
class Sm2CiphertextTest {

    @Test
    void opensslDerCiphertextsConvertToRawAndBackUnchanged() throws Exception {
        List<Vectors.Record> records = Vectors.load(Vectors.OPENSSL_EVP, "SM2-DECRYPT");
        for (Vectors.Record record : records) {
            byte[] der = record.hex("ct_der");
            byte[] raw = Sm2Ciphertext.toRaw(der, 0, der.length, Format.DER);
            assertEquals(0x04, raw[0], record.id());
            assertArrayEquals(der, Sm2Ciphertext.fromRaw(raw, 0, raw.length, Format.DER), record.id());
        }
    }

    @Test
    void everyLayoutRoundTripsAndKeepsItsParts() throws Exception {
        Random random = new Random(7);
        for (int length : new int[] {0, 1, 31, 200, 1000}) {
            byte[] raw = validRaw(random, length);
            for (Format to : Format.values()) {
                byte[] converted = Sm2Ciphertext.fromRaw(raw, 0, raw.length, to);
                assertArrayEquals(raw, Sm2Ciphertext.toRaw(converted, 0, converted.length, to), to + " of " + length);
                for (Format other : Format.values()) {
                    byte[] there = Sm2Ciphertext.convert(converted, to, other);
                    assertArrayEquals(raw, Sm2Ciphertext.convert(there, other, Format.C1C3C2), to + " -> " + other);
                }
            }
            byte[] c1c2c3 = Sm2Ciphertext.fromRaw(raw, 0, raw.length, Format.C1C2C3);
            assertArrayEquals(Arrays.copyOfRange(raw, 65, 97), Arrays.copyOfRange(c1c2c3, 65 + length, 97 + length));
        }
    }

    @Test
    void compressedC1IsExpanded() throws Exception {
        byte[] raw = validRaw(new Random(3), 20);
        byte[] compressed = new byte[raw.length - 32];
        compressed[0] = (byte) (0x02 | (raw[64] & 1));
        System.arraycopy(raw, 1, compressed, 1, 32);
        System.arraycopy(raw, 65, compressed, 33, raw.length - 65);
        assertArrayEquals(raw, Sm2Ciphertext.toRaw(compressed, 0, compressed.length, Format.C1C3C2));
        compressed[0] ^= 1; // the other root: a different, still valid point
        byte[] other = Sm2Ciphertext.toRaw(compressed, 0, compressed.length, Format.C1C3C2);
        assertArrayEquals(Arrays.copyOfRange(raw, 0, 33), Arrays.copyOfRange(other, 0, 33));
    }

    @Test
    void malformedInputsAreRefused() throws Exception {
        byte[] raw = validRaw(new Random(5), 10);
        byte[] der = Sm2Ciphertext.fromRaw(raw, 0, raw.length, Format.DER);
        List<byte[]> badDer = List.of(new byte[0], Arrays.copyOf(der, der.length - 1), Arrays.copyOf(der, der.length + 1),
                new Der.Writer().unsignedInteger(raw, 1, 32).unsignedInteger(raw, 33, 32)
                        .element(Der.OCTET_STRING, raw, 65, 31).element(Der.OCTET_STRING, raw, 97, 10).wrap(Der.SEQUENCE));
        for (byte[] bad : badDer) {
            assertThrows(Der.MalformedException.class, () -> Sm2Ciphertext.toRaw(bad, 0, bad.length, Format.DER));
        }
        byte[] badPrefix = raw.clone();
        badPrefix[0] = 0x05;
        for (byte[] bad : List.of(badPrefix, Arrays.copyOf(raw, 96), new byte[0])) {
            assertThrows(Der.MalformedException.class, () -> Sm2Ciphertext.toRaw(bad, 0, bad.length, Format.C1C3C2));
            assertThrows(Der.MalformedException.class, () -> Sm2Ciphertext.toRaw(bad, 0, bad.length, Format.C1C2C3));
        }
        // x = p (unreduced) and the smallest x whose x³ − 3x + b is not a square (Euler's criterion)
        BigInteger p = AffineReference.SM2.p();
        BigInteger x = BigInteger.ONE;
        while (rightSide(x).modPow(p.shiftRight(1), p).equals(BigInteger.ONE)) {
            x = x.add(BigInteger.ONE);
        }
        for (BigInteger bad : List.of(p, x)) {
            byte[] offCurve = new byte[33 + 32];
            offCurve[0] = 0x02;
            System.arraycopy(Sm2FieldTest.bytes(bad), 0, offCurve, 1, 32);
            assertThrows(Der.MalformedException.class, () -> Sm2Ciphertext.toRaw(offCurve, 0, offCurve.length, Format.C1C3C2),
                    bad.toString(16));
        }
    }

    private static BigInteger rightSide(BigInteger x) {
        AffineReference curve = AffineReference.SM2;
        return x.pow(3).add(curve.a().multiply(x)).add(curve.b()).mod(curve.p());
    }

    /** A raw ciphertext with a real curve point as C1 (the layout code does not check it, decrypt does). */
    private static byte[] validRaw(Random random, int length) {
        byte[] raw = new byte[97 + length];
        random.nextBytes(raw);
        raw[0] = 0x04;
        byte[] scalar = new byte[32];
        random.nextBytes(scalar);
        scalar[0] &= 0x7f;
        Sm2Curve curve = new Sm2Curve();
        Sm2Point point = new Sm2Point();
        curve.multiplyGenerator(point, scalar, 0);
        curve.toAffine(point, raw, 1);
        return raw;
    }

    /** The allocation-free conversion honours offsets, refuses a short buffer, and matches the allocating one. */
    @Test
    void toRawIntoABufferMatchesTheAllocatingConversion() throws Exception {
        byte[] raw = new byte[Sm2Encryptor.OVERHEAD + 40];
        new java.util.Random(5).nextBytes(raw);
        Sm2Curve curve = new Sm2Curve();
        Sm2Point g = new Sm2Point();
        Sm2Curve.setGenerator(g);
        raw[0] = 0x04;
        curve.toAffine(g, raw, 1);
        for (Format format : Format.values()) {
            byte[] in = Sm2Ciphertext.fromRaw(raw, 0, raw.length, format);
            byte[] out = new byte[3 + in.length + Sm2Ciphertext.MAX_RAW_GROWTH];
            int length = Sm2Ciphertext.toRaw(in, 0, in.length, format, out, 3);
            assertArrayEquals(raw, java.util.Arrays.copyOfRange(out, 3, 3 + length), format.toString());
            assertArrayEquals(raw, Sm2Ciphertext.toRaw(in, 0, in.length, format), format.toString());
            assertThrows(IndexOutOfBoundsException.class,
                    () -> Sm2Ciphertext.toRaw(in, 0, in.length, format, new byte[in.length + Sm2Ciphertext.MAX_RAW_GROWTH - 1], 0));
        }
    }
}
