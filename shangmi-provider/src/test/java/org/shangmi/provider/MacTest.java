package org.shangmi.provider;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.KeyPairGenerator;
import java.security.Provider;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import javax.crypto.Mac;
import javax.crypto.SecretKey;
import javax.crypto.ShortBufferException;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.shangmi.core.testing.Chunks;
import org.shangmi.core.testing.Vectors;

class MacTest {

    static List<ShangMiProvider> providers() {
        return Providers.serving("HmacSM3");
    }

    static List<Arguments> providersAndVectors() {
        return Providers.withVectors("HmacSM3", "HMAC-SM3");
    }

    @ParameterizedTest(name = "{0} {2}")
    @MethodSource("providersAndVectors")
    void knownAnswersThroughEveryInputPath(Backend backend, Provider provider, Vectors.Record record) throws Exception {
        byte[] message = record.message();
        byte[] expected = record.hex("expected");
        Mac mac = Mac.getInstance("HmacSM3", provider);
        mac.init(new SecretKeySpec(record.hex("key"), "HmacSM3"));

        assertArrayEquals(expected, mac.doFinal(message), "one shot");

        long seed = System.nanoTime();
        Chunks.feed(new Random(seed), message.length, 30, (off, len) -> mac.update(message, off, len));
        assertArrayEquals(expected, mac.doFinal(), "uneven chunks, seed " + seed);

        ByteBuffer direct = ByteBuffer.allocateDirect(message.length);
        direct.put(message).flip();
        mac.update(direct);
        byte[] out = new byte[40];
        mac.doFinal(out, 8);
        assertArrayEquals(expected, Arrays.copyOfRange(out, 8, 40), "direct ByteBuffer, tag at an offset");
    }

    @ParameterizedTest
    @MethodSource("providers")
    void randomKeysAndMessagesEqualBouncyCastle(Provider provider) throws Exception {
        long seed = System.nanoTime();
        Random random = new Random(seed);
        Mac mac = Mac.getInstance("HmacSM3", provider);
        Mac reference = Mac.getInstance("HmacSM3", Providers.bouncyCastle());
        for (int keyLength = 1; keyLength <= 200; keyLength++) {
            byte[] key = new byte[keyLength];
            byte[] message = new byte[random.nextInt(2000)];
            random.nextBytes(key);
            random.nextBytes(message);
            SecretKeySpec spec = new SecretKeySpec(key, "HmacSM3");
            mac.init(spec);
            reference.init(spec);
            Chunks.feed(random, message.length, 1 + random.nextInt(300), (off, len) -> mac.update(message, off, len));
            assertArrayEquals(reference.doFinal(message), mac.doFinal(), "key " + keyLength + " bytes, seed " + seed);
        }
    }

    @Test
    void everyBackendGivesTheSameTags() throws Exception {
        SecretKeySpec key = new SecretKeySpec(new byte[] {1, 2, 3, 4, 5}, "HmacSM3");
        byte[] message = new byte[3000];
        new Random(4).nextBytes(message);
        List<ShangMiProvider> providers = Providers.serving("HmacSM3");
        Mac first = Mac.getInstance("HmacSM3", providers.get(0));
        first.init(key);
        byte[] expected = first.doFinal(message);
        for (ShangMiProvider provider : providers) {
            Mac mac = Mac.getInstance("HmacSM3", provider);
            mac.init(key);
            assertArrayEquals(expected, mac.doFinal(message), provider.backendFor("HmacSM3").toString());
        }
    }

    @ParameterizedTest
    @MethodSource("providers")
    void cloneAndResetKeepTheKey(Provider provider) throws Exception {
        SecretKeySpec key = new SecretKeySpec("key".getBytes(), "HmacSM3");
        byte[] message = "the quick brown fox".getBytes();
        Mac mac = Mac.getInstance("HmacSM3", provider);
        mac.init(key);
        mac.update(message, 0, 4);
        Mac copy = (Mac) mac.clone();
        mac.update(message, 4, message.length - 4);
        copy.update(new byte[] {'x'});
        assertArrayEquals(bouncyCastle(key, message), mac.doFinal());
        assertArrayEquals(bouncyCastle(key, "the x".getBytes()), copy.doFinal());

        mac.update(new byte[99]);
        mac.reset();
        assertArrayEquals(bouncyCastle(key, message), mac.doFinal(message));
    }

    @ParameterizedTest
    @MethodSource("providers")
    void refusesBadKeysAndParameters(Provider provider) throws Exception {
        Mac mac = Mac.getInstance("HmacSM3", provider);
        InvalidKeyException empty = assertThrows(InvalidKeyException.class, () -> mac.init(new RawKey(new byte[0])));
        assertTrue(empty.getMessage().contains("empty"), empty.getMessage());
        assertThrows(InvalidKeyException.class, () -> mac.init(null));
        assertThrows(InvalidKeyException.class, () -> mac.init(new RawKey(null)));
        assertThrows(InvalidKeyException.class,
                () -> mac.init(KeyPairGenerator.getInstance("EC").generateKeyPair().getPublic()));
        assertThrows(InvalidAlgorithmParameterException.class,
                () -> mac.init(new SecretKeySpec(new byte[16], "HmacSM3"), new IvParameterSpec(new byte[16])));
        assertThrows(IllegalStateException.class, () -> mac.update((byte) 1), "no key yet");
    }

    @ParameterizedTest
    @MethodSource("providers")
    void tagIntoAShortBufferThrowsAndKeepsState(Provider provider) throws Exception {
        SecretKeySpec key = new SecretKeySpec(new byte[] {7}, "HmacSM3");
        Mac mac = Mac.getInstance("HmacSM3", provider);
        mac.init(key);
        assertEquals(32, mac.getMacLength());
        mac.update(new byte[] {1, 2, 3});
        assertThrows(ShortBufferException.class, () -> mac.doFinal(new byte[40], 9));
        assertArrayEquals(bouncyCastle(key, new byte[] {1, 2, 3}), mac.doFinal());
    }

    private static byte[] bouncyCastle(SecretKey key, byte[] message) throws Exception {
        Mac reference = Mac.getInstance("HmacSM3", Providers.bouncyCastle());
        reference.init(key);
        return reference.doFinal(message);
    }

    /** A RAW secret key with any bytes, which SecretKeySpec cannot hold (it refuses empty keys). */
    private static final class RawKey implements SecretKey {
        private static final long serialVersionUID = 1L;
        private final byte[] bytes;

        RawKey(byte[] bytes) {
            this.bytes = bytes;
        }

        @Override
        public String getAlgorithm() {
            return "HmacSM3";
        }

        @Override
        public String getFormat() {
            return "RAW";
        }

        @Override
        public byte[] getEncoded() {
            return bytes == null ? null : bytes.clone();
        }
    }
}
