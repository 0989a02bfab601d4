package org.shangmi.core.hash;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Random;
import org.bouncycastle.crypto.digests.SM3Digest;
import org.bouncycastle.crypto.macs.HMac;
import org.bouncycastle.crypto.params.KeyParameter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.shangmi.core.sm3.Sm3;
import org.shangmi.core.testing.Chunks;
import org.shangmi.core.testing.Vectors;

class HmacTest {

    static List<Vectors.Record> vectors() {
        return Vectors.all("HMAC-SM3");
    }

    private static Hmac hmacSm3() {
        return new Hmac(new Sm3(), "HmacSM3");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("vectors")
    void knownAnswer(Vectors.Record record) {
        byte[] key = record.hex("key");
        byte[] message = record.message();
        Hmac hmac = hmacSm3();
        hmac.init(key, 0, key.length);
        hmac.update(message);
        assertArrayEquals(record.hex("expected"), hmac.doFinal(), "one shot");

        long seed = System.nanoTime();
        Chunks.feed(new Random(seed), message.length, 17, (off, len) -> hmac.update(message, off, len));
        assertArrayEquals(record.hex("expected"), hmac.doFinal(), "chunked after doFinal, seed " + seed);
    }

    @Test
    void randomKeysAndMessagesEqualBouncyCastle() {
        long seed = System.nanoTime();
        Random random = new Random(seed);
        Hmac hmac = hmacSm3();
        HMac reference = new HMac(new SM3Digest());
        for (int i = 0; i < 300; i++) {
            byte[] key = new byte[i <= 200 ? i : random.nextInt(201)];
            byte[] message = new byte[random.nextInt(10_001)];
            random.nextBytes(key);
            random.nextBytes(message);

            hmac.init(key, 0, key.length);
            Chunks.feed(random, message.length, 150, (off, len) -> hmac.update(message, off, len));
            byte[] tag = hmac.doFinal();

            reference.init(new KeyParameter(key));
            reference.update(message, 0, message.length);
            byte[] expected = new byte[32];
            reference.doFinal(expected, 0);
            assertArrayEquals(expected, tag, "key " + key.length + " bytes, message " + message.length + ", seed " + seed);
        }
    }

    @Test
    void copyKeepsKeyAndPendingInput() {
        byte[] key = "a key of some length".getBytes();
        byte[] message = new byte[500];
        new Random(3).nextBytes(message);
        Hmac original = hmacSm3();
        original.init(key, 0, key.length);
        original.update(message, 0, 200);
        Hmac copy = original.copy();
        original.update(message, 200, 300);
        copy.update(message, 200, 1);

        assertArrayEquals(reference(key, message, 500), original.doFinal());
        assertArrayEquals(reference(key, message, 201), copy.doFinal());
    }

    @Test
    void resetKeepsTheKeyAndReinitReplacesIt() {
        byte[] key1 = {1, 2, 3};
        byte[] key2 = {4, 5, 6, 7};
        byte[] message = {'m', 's', 'g'};
        Hmac hmac = hmacSm3();
        hmac.init(key1, 0, key1.length);
        hmac.update(new byte[100]);
        hmac.reset();
        hmac.update(message);
        assertArrayEquals(reference(key1, message, 3), hmac.doFinal());

        hmac.update(new byte[10]);
        hmac.init(key2, 0, key2.length);
        hmac.update(message);
        assertArrayEquals(reference(key2, message, 3), hmac.doFinal());
    }

    @Test
    void destroyedOrUnkeyedEngineRefusesWork() {
        Hmac hmac = hmacSm3();
        assertThrows(IllegalStateException.class, () -> hmac.update((byte) 1));
        byte[] key = {9};
        hmac.init(key, 0, 1);
        hmac.destroy();
        assertThrows(IllegalStateException.class, () -> hmac.update(new byte[1], 0, 1));
        assertThrows(IllegalStateException.class, hmac::doFinal);
    }

    @Test
    void tagIntoTooSmallBufferThrowsAndKeepsState() {
        byte[] key = {1};
        byte[] message = {2, 3};
        Hmac hmac = hmacSm3();
        hmac.init(key, 0, 1);
        hmac.update(message);
        assertThrows(IndexOutOfBoundsException.class, () -> hmac.doFinal(new byte[40], 10));
        assertArrayEquals(reference(key, message, 2), hmac.doFinal());
    }

    private static byte[] reference(byte[] key, byte[] message, int length) {
        HMac reference = new HMac(new SM3Digest());
        reference.init(new KeyParameter(key));
        reference.update(message, 0, length);
        byte[] out = new byte[32];
        reference.doFinal(out, 0);
        return out;
    }
}
