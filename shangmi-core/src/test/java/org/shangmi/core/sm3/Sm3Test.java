package org.shangmi.core.sm3;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.bouncycastle.crypto.digests.SM3Digest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.shangmi.core.testing.Chunks;
import org.shangmi.core.testing.Vectors;

class Sm3Test {

    static List<Vectors.Record> vectors() {
        return Vectors.all("SM3");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("vectors")
    void knownAnswerOneShot(Vectors.Record record) {
        byte[] message = record.message();
        Sm3 sm3 = new Sm3();
        sm3.update(message, 0, message.length);
        assertArrayEquals(record.hex("expected"), sm3.digest());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("vectors")
    void knownAnswerByteByByteThenChunked(Vectors.Record record) {
        byte[] message = record.message();
        Sm3 sm3 = new Sm3();
        for (byte b : message) {
            sm3.update(b);
        }
        assertArrayEquals(record.hex("expected"), sm3.digest(), "byte by byte");

        long seed = System.nanoTime();
        Chunks.feed(new Random(seed), message.length, 200, (off, len) -> sm3.update(message, off, len));
        assertArrayEquals(record.hex("expected"), sm3.digest(), "chunked, seed " + seed);
    }

    @Test
    void randomMessagesInRandomChunksEqualOneShotAndBouncyCastle() {
        long seed = System.nanoTime();
        Random random = new Random(seed);
        Sm3 streamed = new Sm3();
        Sm3 oneShot = new Sm3();
        SM3Digest reference = new SM3Digest();
        int[] edges = {0, 1, 55, 56, 57, 63, 64, 65, 119, 120, 127, 128, 129, 10_000};
        for (int i = 0; i < 400; i++) {
            int length = i < edges.length ? edges[i] : random.nextInt(10_001);
            byte[] message = new byte[length];
            random.nextBytes(message);

            oneShot.update(message, 0, length);
            byte[] expected = oneShot.digest();

            Chunks.feed(random, length, 1 + random.nextInt(300), (off, len) -> streamed.update(message, off, len));
            assertArrayEquals(expected, streamed.digest(), "length " + length + ", seed " + seed);

            byte[] bc = new byte[32];
            reference.update(message, 0, length);
            reference.doFinal(bc, 0);
            assertArrayEquals(bc, expected, "Bouncy Castle, length " + length + ", seed " + seed);
        }
    }

    @Test
    void copyInMidStreamIsIndependent() {
        byte[] message = new byte[300];
        new Random(7).nextBytes(message);
        Sm3 original = new Sm3();
        original.update(message, 0, 100);
        Sm3 copy = original.copy();

        original.update(message, 100, 200);
        copy.update(message, 100, 37);

        assertArrayEquals(digestOf(message, 300), original.digest());
        assertArrayEquals(digestOf(message, 137), copy.digest());
    }

    @Test
    void restoreTakesStateWithoutSharingIt() {
        byte[] message = new byte[150];
        new Random(8).nextBytes(message);
        Sm3 saved = new Sm3();
        saved.update(message, 0, 70);
        Sm3 work = new Sm3();
        work.update(message, 0, 3); // overwritten by restore
        work.restore(saved);
        work.update(message, 70, 80);
        assertArrayEquals(digestOf(message, 150), work.digest());
        saved.update(message, 70, 10);
        assertArrayEquals(digestOf(message, 80), saved.digest());
    }

    @Test
    void resetDiscardsInput() {
        Sm3 sm3 = new Sm3();
        sm3.update(new byte[1000], 0, 1000);
        sm3.reset();
        assertArrayEquals(digestOf(new byte[0], 0), sm3.digest());
    }

    @Test
    void digestWritesAtOffsetAndResets() {
        byte[] abc = {'a', 'b', 'c'};
        Sm3 sm3 = new Sm3();
        sm3.update(abc, 0, 3);
        byte[] out = new byte[40];
        Arrays.fill(out, (byte) 0x5a);
        sm3.digest(out, 5);
        assertArrayEquals(digestOf(abc, 3), Arrays.copyOfRange(out, 5, 37));
        assertEquals(0x5a, out[4]);
        assertEquals(0x5a, out[37]);
        assertArrayEquals(digestOf(new byte[0], 0), sm3.digest(), "digest() resets");
    }

    @Test
    void digestIntoTooSmallBufferThrowsAndKeepsState() {
        byte[] abc = {'a', 'b', 'c'};
        Sm3 sm3 = new Sm3();
        sm3.update(abc, 0, 3);
        assertThrows(IndexOutOfBoundsException.class, () -> sm3.digest(new byte[40], 9));
        assertThrows(IndexOutOfBoundsException.class, () -> sm3.digest(new byte[31], 0));
        assertThrows(IndexOutOfBoundsException.class, () -> sm3.digest(new byte[32], -1));
        assertArrayEquals(digestOf(abc, 3), sm3.digest());
    }

    @Test
    void updateRejectsRangesOutsideTheInput() {
        Sm3 sm3 = new Sm3();
        byte[] input = new byte[10];
        assertThrows(IndexOutOfBoundsException.class, () -> sm3.update(input, -1, 2));
        assertThrows(IndexOutOfBoundsException.class, () -> sm3.update(input, 5, 6));
        assertThrows(IndexOutOfBoundsException.class, () -> sm3.update(input, 0, -1));
        assertThrows(IndexOutOfBoundsException.class, () -> sm3.update(input, Integer.MAX_VALUE, 2));
        assertThrows(NullPointerException.class, () -> sm3.update(null, 0, 0));
        assertArrayEquals(digestOf(new byte[0], 0), sm3.digest(), "rejected input leaves no trace");
    }

    private static byte[] digestOf(byte[] message, int length) {
        SM3Digest reference = new SM3Digest();
        reference.update(message, 0, length);
        byte[] out = new byte[32];
        reference.doFinal(out, 0);
        return out;
    }
}
