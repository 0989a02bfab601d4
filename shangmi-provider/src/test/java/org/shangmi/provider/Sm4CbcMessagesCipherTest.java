package org.shangmi.provider;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.security.InvalidAlgorithmParameterException;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import javax.crypto.Cipher;
import javax.crypto.IllegalBlockSizeException;
import javax.crypto.SecretKey;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.shangmi.core.testing.Chunks;
import org.shangmi.core.testing.Vectors;
import org.shangmi.provider.spec.Sm4CbcMessagesParameterSpec;

/**
 * SM4/CBC/NoPadding with a {@link Sm4CbcMessagesParameterSpec} on every backend: OpenSSL's CBC
 * vectors among other messages, whole, through update in chunks and in place; every message
 * decrypted by another backend's plain CBC and by Bouncy Castle's; the refusals.
 */
class Sm4CbcMessagesCipherTest {

    static List<Arguments> vectors() {
        return Providers.withVectors("SM4", "SM4-CBC");
    }

    @ParameterizedTest
    @MethodSource("vectors")
    void knownAnswersAmongOtherMessagesOnEveryPath(Object backend, ShangMiProvider provider, Vectors.Record record)
            throws Exception {
        long seed = System.nanoTime();
        Random random = new Random(seed);
        SecretKey key = new SecretKeySpec(record.hex("key"), "SM4");
        byte[] message = record.hex("msg");
        for (int count : new int[] {1, 3, 16, 20}) {
            int placed = random.nextInt(count);
            int[] lengths = new int[count];
            for (int i = 0; i < count; i++) {
                lengths[i] = i == placed ? message.length : 16 * random.nextInt(70);
            }
            byte[] ivs = new byte[16 * count];
            random.nextBytes(ivs);
            System.arraycopy(record.hex("iv"), 0, ivs, 16 * placed, 16);
            byte[] plaintext = new byte[Arrays.stream(lengths).sum()];
            random.nextBytes(plaintext);
            int at = Arrays.stream(lengths, 0, placed).sum();
            System.arraycopy(message, 0, plaintext, at, message.length);
            String where = record.id() + ", message " + placed + " of " + count + ", seed " + seed;

            Cipher cipher = Cipher.getInstance("SM4/CBC/NoPadding", provider);
            cipher.init(Cipher.ENCRYPT_MODE, key, new Sm4CbcMessagesParameterSpec(ivs, lengths));
            assertNull(cipher.getIV(), "no single IV");
            byte[] whole = cipher.doFinal(plaintext);
            assertArrayEquals(record.hex("ct"), Arrays.copyOfRange(whole, at, at + message.length), where);
            assertArrayEquals(bouncyCastle(key, ivs, lengths, plaintext), whole, where);

            Chunks.feed(random, plaintext.length, 700, (off, len) -> {
                byte[] piece = cipher.update(plaintext, off, len);
                assertEquals(0, piece == null ? 0 : piece.length, "update releases nothing");
            });
            assertArrayEquals(whole, cipher.doFinal(), "in chunks, " + where);

            byte[] inPlace = Arrays.copyOf(plaintext, plaintext.length + 5);
            assertEquals(plaintext.length, cipher.doFinal(inPlace, 0, plaintext.length, inPlace, 0));
            assertArrayEquals(whole, Arrays.copyOf(inPlace, plaintext.length), "in place, " + where);
            byte[] shifted = Arrays.copyOf(plaintext, plaintext.length + 5);
            cipher.doFinal(shifted, 0, plaintext.length, shifted, 5);
            assertArrayEquals(whole, Arrays.copyOfRange(shifted, 5, shifted.length), "overlapping, " + where);
        }
    }

    @Test
    void eachMessageDecryptsOnEveryBackend() throws Exception {
        long seed = System.nanoTime();
        Random random = new Random(seed);
        List<ShangMiProvider> providers = Providers.serving("SM4");
        for (ShangMiProvider encryptor : providers) {
            byte[] keyBytes = new byte[16];
            random.nextBytes(keyBytes);
            SecretKey key = new SecretKeySpec(keyBytes, "SM4");
            int count = 1 + random.nextInt(24);
            int[] lengths = new int[count];
            for (int i = 0; i < count; i++) {
                lengths[i] = 16 * random.nextInt(1030);
            }
            byte[] ivs = new byte[16 * count];
            random.nextBytes(ivs);
            byte[] plaintext = new byte[Arrays.stream(lengths).sum()];
            random.nextBytes(plaintext);
            Cipher cipher = Cipher.getInstance("SM4/CBC/NoPadding", encryptor);
            cipher.init(Cipher.ENCRYPT_MODE, key, new Sm4CbcMessagesParameterSpec(ivs, lengths));
            byte[] ciphertext = cipher.doFinal(plaintext);
            for (int i = 0, at = 0; i < count; at += lengths[i], i++) {
                Cipher decryptor = Cipher.getInstance("SM4/CBC/NoPadding", providers.get(random.nextInt(providers.size())));
                decryptor.init(Cipher.DECRYPT_MODE, key, new IvParameterSpec(ivs, 16 * i, 16));
                assertArrayEquals(Arrays.copyOfRange(plaintext, at, at + lengths[i]),
                        decryptor.doFinal(ciphertext, at, lengths[i]),
                        encryptor + " then " + decryptor.getProvider() + ", message " + i + " of " + count + ", seed " + seed);
            }
        }
    }

    @Test
    void refusals() throws Exception {
        SecretKey key = new SecretKeySpec(new byte[16], "SM4");
        Sm4CbcMessagesParameterSpec spec = new Sm4CbcMessagesParameterSpec(new byte[32], new int[] {16, 32});
        for (ShangMiProvider provider : Providers.serving("SM4")) {
            for (String other : new String[] {"SM4/CBC/PKCS5Padding", "SM4/ECB/NoPadding", "SM4/CTR/NoPadding"}) {
                Cipher cipher = Cipher.getInstance(other, provider);
                assertThrows(InvalidAlgorithmParameterException.class, () -> cipher.init(Cipher.ENCRYPT_MODE, key, spec), other);
            }
            Cipher cipher = Cipher.getInstance("SM4/CBC/NoPadding", provider);
            assertThrows(InvalidAlgorithmParameterException.class, () -> cipher.init(Cipher.DECRYPT_MODE, key, spec));
            cipher.init(Cipher.ENCRYPT_MODE, key, spec);
            assertThrows(IllegalBlockSizeException.class, () -> cipher.doFinal(new byte[32]), "short of the total");
            assertThrows(IllegalStateException.class, () -> cipher.update(new byte[64]), "past the total");
            assertEquals(48, cipher.doFinal(new byte[48]).length, "usable after the refusals");
            cipher.init(Cipher.ENCRYPT_MODE, key, new Sm4CbcMessagesParameterSpec(new byte[32], new int[] {0, 0}));
            assertEquals(0, cipher.doFinal().length, "empty messages");
            // the same Cipher, initialised with one IV, is plain CBC again
            cipher.init(Cipher.ENCRYPT_MODE, key, new IvParameterSpec(new byte[16]));
            assertEquals(64, cipher.doFinal(new byte[64]).length);
        }
        assertThrows(IllegalArgumentException.class, () -> new Sm4CbcMessagesParameterSpec(new byte[0], new int[0]));
        assertThrows(IllegalArgumentException.class, () -> new Sm4CbcMessagesParameterSpec(new byte[16], new int[] {8}));
        assertThrows(IllegalArgumentException.class, () -> new Sm4CbcMessagesParameterSpec(new byte[16], new int[] {-16}));
        assertThrows(IllegalArgumentException.class, () -> new Sm4CbcMessagesParameterSpec(new byte[17], new int[] {16}));
        assertThrows(IllegalArgumentException.class,
                () -> new Sm4CbcMessagesParameterSpec(new byte[32], new int[] {Integer.MAX_VALUE - 15, 32}));
    }

    /** The messages' ciphertexts back to back, from Bouncy Castle's provider, one message at a time. */
    private static byte[] bouncyCastle(SecretKey key, byte[] ivs, int[] lengths, byte[] plaintext) throws Exception {
        byte[] out = new byte[plaintext.length];
        Cipher cipher = Cipher.getInstance("SM4/CBC/NoPadding", Providers.bouncyCastle());
        for (int i = 0, at = 0; i < lengths.length; at += lengths[i], i++) {
            cipher.init(Cipher.ENCRYPT_MODE, key, new IvParameterSpec(ivs, 16 * i, 16));
            cipher.doFinal(plaintext, at, lengths[i], out, at);
        }
        return out;
    }
}
