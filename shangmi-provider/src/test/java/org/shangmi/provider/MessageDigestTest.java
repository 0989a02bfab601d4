package org.shangmi.provider;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.ByteBuffer;
import java.security.DigestException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.Provider;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.shangmi.core.testing.Chunks;
import org.shangmi.core.testing.Vectors;

class MessageDigestTest {

    static List<ShangMiProvider> providers() {
        return Providers.serving("SM3");
    }

    static List<Arguments> providersAndVectors() {
        return Providers.withVectors("SM3", "SM3");
    }

    @ParameterizedTest(name = "{0} {2}")
    @MethodSource("providersAndVectors")
    void knownAnswersThroughEveryInputPath(Backend backend, Provider provider, Vectors.Record record) throws Exception {
        byte[] message = record.message();
        byte[] expected = record.hex("expected");
        MessageDigest md = MessageDigest.getInstance("SM3", provider);

        assertArrayEquals(expected, md.digest(message), "one shot");

        long seed = System.nanoTime();
        Chunks.feed(new Random(seed), message.length, 100, (off, len) -> md.update(message, off, len));
        assertArrayEquals(expected, md.digest(), "uneven chunks, seed " + seed);

        md.update(ByteBuffer.wrap(message));
        assertArrayEquals(expected, md.digest(), "heap ByteBuffer");

        ByteBuffer direct = ByteBuffer.allocateDirect(message.length + 7);
        direct.position(7);
        direct.put(message).position(7);
        md.update(direct);
        assertArrayEquals(expected, md.digest(), "direct ByteBuffer at an offset");

        for (byte b : message) {
            md.update(b);
        }
        byte[] out = new byte[50];
        assertEquals(32, md.digest(out, 9, 41));
        assertArrayEquals(expected, Arrays.copyOfRange(out, 9, 41), "byte by byte, into a larger buffer");
    }

    @ParameterizedTest
    @MethodSource("providers")
    void randomMessagesEqualBouncyCastle(Provider provider) throws Exception {
        long seed = System.nanoTime();
        Random random = new Random(seed);
        MessageDigest md = MessageDigest.getInstance("SM3", provider);
        MessageDigest reference = MessageDigest.getInstance("SM3", Providers.bouncyCastle());
        for (int i = 0; i < 200; i++) {
            byte[] message = new byte[random.nextInt(10_001)];
            random.nextBytes(message);
            Chunks.feed(random, message.length, 1 + random.nextInt(2000), (off, len) -> md.update(message, off, len));
            assertArrayEquals(reference.digest(message), md.digest(), "length " + message.length + ", seed " + seed);
        }
    }

    @Test
    void everyBackendGivesTheSameDigests() throws Exception {
        Random random = new Random(99);
        List<ShangMiProvider> providers = Providers.serving("SM3");
        for (int length : new int[] {0, 1, 63, 64, 65, 1000, 70_000}) {
            byte[] message = new byte[length];
            random.nextBytes(message);
            byte[] first = MessageDigest.getInstance("SM3", providers.get(0)).digest(message);
            for (ShangMiProvider provider : providers) {
                assertArrayEquals(first, MessageDigest.getInstance("SM3", provider).digest(message),
                        provider.backendFor("SM3") + ", length " + length);
            }
        }
    }

    @ParameterizedTest
    @MethodSource("providers")
    void cloneInMidStreamIsIndependent(Provider provider) throws Exception {
        byte[] message = new byte[1000];
        new Random(1).nextBytes(message);
        MessageDigest md = MessageDigest.getInstance("SM3", provider);
        md.update(message, 0, 333);
        MessageDigest copy = (MessageDigest) md.clone();
        md.update(message, 333, 667);
        copy.update(message, 333, 100);
        assertArrayEquals(bouncyCastle(message, 1000), md.digest());
        assertArrayEquals(bouncyCastle(message, 433), copy.digest());
    }

    @ParameterizedTest
    @MethodSource("providers")
    void resetForgetsInput(Provider provider) throws Exception {
        MessageDigest md = MessageDigest.getInstance("SM3", provider);
        md.update(new byte[777]);
        md.reset();
        assertArrayEquals(bouncyCastle(new byte[0], 0), md.digest());
    }

    @ParameterizedTest
    @MethodSource("providers")
    void digestIntoABufferChecksLengthAndKeepsStateOnFailure(Provider provider) throws Exception {
        byte[] abc = {'a', 'b', 'c'};
        MessageDigest md = MessageDigest.getInstance("SM3", provider);
        assertEquals(32, md.getDigestLength());
        md.update(abc);
        assertThrows(DigestException.class, () -> md.digest(new byte[64], 0, 31), "len below the digest length");
        assertThrows(IllegalArgumentException.class, () -> md.digest(new byte[40], 10, 32), "buffer too short");
        assertThrows(IllegalArgumentException.class, () -> md.digest(null, 0, 32));

        byte[] exact = new byte[32];
        assertEquals(32, md.digest(exact, 0, 32));
        assertArrayEquals(bouncyCastle(abc, 3), exact, "the failed calls left the input in place");

        md.update(abc);
        byte[] large = new byte[100];
        assertEquals(32, md.digest(large, 68, 32));
        assertArrayEquals(bouncyCastle(abc, 3), Arrays.copyOfRange(large, 68, 100));
    }

    @ParameterizedTest
    @MethodSource("providers")
    void updateRejectsBadRanges(Provider provider) throws Exception {
        MessageDigest md = MessageDigest.getInstance("SM3", provider);
        assertThrows(IllegalArgumentException.class, () -> md.update(new byte[10], 5, 6));
        // like the JDK's own digests: MessageDigest leaves a negative offset to the engine
        assertThrows(IndexOutOfBoundsException.class, () -> md.update(new byte[10], -1, 2));
        assertThrows(IllegalArgumentException.class, () -> md.update(null, 0, 1));
        assertArrayEquals(bouncyCastle(new byte[0], 0), md.digest());
    }

    private static byte[] bouncyCastle(byte[] message, int length) throws NoSuchAlgorithmException {
        MessageDigest reference = MessageDigest.getInstance("SM3", Providers.bouncyCastle());
        reference.update(message, 0, length);
        return reference.digest();
    }
}
