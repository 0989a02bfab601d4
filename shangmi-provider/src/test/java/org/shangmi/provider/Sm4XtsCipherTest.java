package org.shangmi.provider;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.security.InvalidKeyException;
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
import org.shangmi.provider.spec.Sm4XtsParameterSpec;

/** Cipher SM4/XTS/NoPadding on every backend: GB/T 17964 and IEEE 1619 vectors on every path, round trips, refusals. */
class Sm4XtsCipherTest {

    static List<Arguments> vectors() {
        return Providers.withVectors("SM4", "SM4-XTS");
    }

    @ParameterizedTest
    @MethodSource("vectors")
    void knownAnswersOnEveryPath(Object backend, ShangMiProvider provider, Vectors.Record record) throws Exception {
        boolean ieee = record.text("xts_standard").startsWith("IEEE");
        IvParameterSpec tweak = ieee
                ? new Sm4XtsParameterSpec(record.hex("iv"), Sm4XtsParameterSpec.Standard.IEEE_1619)
                : new IvParameterSpec(record.hex("iv"));
        SecretKey key = new SecretKeySpec(record.hex("key"), "SM4");
        byte[] plaintext = record.hex("msg");
        byte[] ciphertext = record.hex("ct");
        Random random = new Random(3);
        Cipher cipher = Cipher.getInstance("SM4/XTS/NoPadding", provider);
        cipher.init(Cipher.ENCRYPT_MODE, key, tweak);
        assertArrayEquals(ciphertext, cipher.doFinal(plaintext), record.id());
        Chunks.feed(random, plaintext.length, 9, (off, len) -> {
            byte[] piece = cipher.update(plaintext, off, len);
            assertEquals(0, piece == null ? 0 : piece.length, "update releases nothing");
        });
        assertArrayEquals(ciphertext, cipher.doFinal(), record.id() + " in chunks");
        byte[] inPlace = plaintext.clone();
        cipher.doFinal(inPlace, 0, inPlace.length, inPlace, 0);
        assertArrayEquals(ciphertext, inPlace, record.id() + " in place");
        cipher.init(Cipher.DECRYPT_MODE, key, tweak);
        assertArrayEquals(plaintext, cipher.doFinal(ciphertext), record.id() + " decrypt");
    }

    @Test
    void roundTripsAcrossBackendsInBothConventions() throws Exception {
        long seed = System.nanoTime();
        Random random = new Random(seed);
        List<ShangMiProvider> providers = Providers.serving("SM4");
        for (Sm4XtsParameterSpec.Standard standard : Sm4XtsParameterSpec.Standard.values()) {
            for (int trial = 0; trial < 50; trial++) {
                byte[] keyBytes = new byte[32];
                random.nextBytes(keyBytes);
                byte[] tweak = new byte[16];
                random.nextBytes(tweak);
                byte[] plaintext = new byte[16 + random.nextInt(3000)];
                random.nextBytes(plaintext);
                SecretKey key = new SecretKeySpec(keyBytes, "SM4");
                Sm4XtsParameterSpec spec = new Sm4XtsParameterSpec(tweak, standard);
                Cipher encryptor = Cipher.getInstance("SM4/XTS/NoPadding", providers.get(random.nextInt(providers.size())));
                encryptor.init(Cipher.ENCRYPT_MODE, key, spec);
                byte[] ciphertext = encryptor.doFinal(plaintext);
                assertEquals(plaintext.length, ciphertext.length);
                Cipher decryptor = Cipher.getInstance("SM4/XTS/NoPadding", providers.get(random.nextInt(providers.size())));
                decryptor.init(Cipher.DECRYPT_MODE, key, spec);
                assertArrayEquals(plaintext, decryptor.doFinal(ciphertext), standard + ", " + plaintext.length + " bytes, seed " + seed);
            }
        }
    }

    /**
     * One Cipher re-initialised again and again (it keeps its engine while the key and convention
     * stay) against a fresh Cipher per message: a new tweak, the other convention, another key,
     * and a message left unfinished before the re-init.
     */
    @Test
    void reinitialisingEqualsAFreshCipher() throws Exception {
        Random random = new Random(31);
        byte[][] keys = new byte[2][32];
        random.nextBytes(keys[0]);
        random.nextBytes(keys[1]);
        for (ShangMiProvider provider : Providers.serving("SM4")) {
            Cipher reused = Cipher.getInstance("SM4/XTS/NoPadding", provider);
            for (int step = 0; step < 12; step++) {
                SecretKey key = new SecretKeySpec(keys[step / 6], "SM4");
                byte[] tweak = new byte[16];
                random.nextBytes(tweak);
                Sm4XtsParameterSpec spec = new Sm4XtsParameterSpec(tweak, Sm4XtsParameterSpec.Standard.values()[(step / 3) % 2]);
                byte[] message = new byte[16 + random.nextInt(200)];
                random.nextBytes(message);
                int mode = step % 3 == 0 ? Cipher.DECRYPT_MODE : Cipher.ENCRYPT_MODE;
                Cipher fresh = Cipher.getInstance("SM4/XTS/NoPadding", provider);
                fresh.init(mode, key, spec);
                reused.init(mode, key, spec);
                assertArrayEquals(fresh.doFinal(message), reused.doFinal(message), "step " + step);
                reused.init(mode, key, spec);
                reused.update(message, 0, 7); // left unfinished: the next init must drop it
            }
        }
    }

    @Test
    void refusals() throws Exception {
        for (ShangMiProvider provider : Providers.serving("SM4")) {
            Cipher cipher = Cipher.getInstance("SM4/XTS/NoPadding", provider);
            IvParameterSpec tweak = new IvParameterSpec(new byte[16]);
            assertThrows(InvalidKeyException.class, () -> cipher.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(new byte[32], "SM4"), tweak),
                    "equal key halves");
            assertThrows(InvalidKeyException.class, () -> cipher.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(new byte[16], "SM4"), tweak));
            byte[] key = new byte[32];
            key[0] = 1;
            assertThrows(InvalidKeyException.class, () -> cipher.init(Cipher.DECRYPT_MODE, new SecretKeySpec(key, "SM4")),
                    "decryption needs the tweak");
            assertThrows(IllegalArgumentException.class, () -> new Sm4XtsParameterSpec(new byte[12], Sm4XtsParameterSpec.Standard.IEEE_1619));
            cipher.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(key, "SM4"), tweak);
            assertThrows(IllegalBlockSizeException.class, () -> cipher.doFinal(new byte[15]), "shorter than a block");
            assertEquals(16, cipher.doFinal(new byte[16]).length, "usable after the refusal");
            assertEquals(0, cipher.update(new byte[20]).length, "update releases nothing");
            assertEquals(20, cipher.doFinal().length, "doFinal releases the unit");
        }
    }
}
