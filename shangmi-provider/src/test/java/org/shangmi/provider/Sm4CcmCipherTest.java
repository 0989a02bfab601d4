package org.shangmi.provider;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.security.InvalidAlgorithmParameterException;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import javax.crypto.AEADBadTagException;
import javax.crypto.Cipher;
import javax.crypto.IllegalBlockSizeException;
import javax.crypto.SecretKey;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.shangmi.core.testing.Chunks;
import org.shangmi.core.testing.Vectors;

/** Cipher SM4/CCM/NoPadding on every backend: OpenSSL's vector on every path, Bouncy Castle both ways, refusals. */
class Sm4CcmCipherTest {

    static List<Arguments> vectors() {
        return Providers.withVectors("SM4", "SM4-CCM");
    }

    @ParameterizedTest
    @MethodSource("vectors")
    void knownAnswersOnEveryPath(Object backend, ShangMiProvider provider, Vectors.Record record) throws Exception {
        SecretKey key = new SecretKeySpec(record.hex("key"), "SM4");
        byte[] aad = record.hex("aad");
        byte[] plaintext = record.hex("msg");
        byte[] tag = record.hex("tag");
        byte[] sealed = Arrays.copyOf(record.hex("ct"), plaintext.length + tag.length);
        System.arraycopy(tag, 0, sealed, plaintext.length, tag.length);
        GCMParameterSpec spec = new GCMParameterSpec(8 * tag.length, record.hex("iv"));
        Random random = new Random(8);

        Cipher encryptor = Cipher.getInstance("SM4/CCM/NoPadding", provider);
        encryptor.init(Cipher.ENCRYPT_MODE, key, spec);
        Chunks.feed(random, aad.length, 7, (off, len) -> encryptor.updateAAD(aad, off, len));
        Chunks.feed(random, plaintext.length, 30, (off, len) -> {
            byte[] piece = encryptor.update(plaintext, off, len);
            assertEquals(0, piece == null ? 0 : piece.length, "CCM releases nothing before doFinal");
        });
        assertArrayEquals(sealed, encryptor.doFinal(), record.id());

        Cipher decryptor = Cipher.getInstance("SM4/CCM/NoPadding", provider);
        decryptor.init(Cipher.DECRYPT_MODE, key, spec);
        decryptor.updateAAD(aad);
        byte[] inPlace = sealed.clone();
        assertEquals(plaintext.length, decryptor.doFinal(inPlace, 0, inPlace.length, inPlace, 0));
        assertArrayEquals(plaintext, Arrays.copyOf(inPlace, plaintext.length), record.id() + " in place");
    }

    @Test
    void interoperatesWithBouncyCastleBothWays() throws Exception {
        long seed = System.nanoTime();
        Random random = new Random(seed);
        for (ShangMiProvider provider : Providers.serving("SM4")) {
            for (int trial = 0; trial < 40; trial++) {
                SecretKey key = new SecretKeySpec(bytes(random, 16), "SM4");
                GCMParameterSpec spec = new GCMParameterSpec(32 + 16 * random.nextInt(7), bytes(random, 7 + random.nextInt(7)));
                byte[] aad = bytes(random, random.nextInt(60));
                byte[] plaintext = bytes(random, random.nextInt(2000));
                String context = "nonce " + spec.getIV().length + ", tag " + spec.getTLen() + ", seed " + seed;
                Cipher ours = Cipher.getInstance("SM4/CCM/NoPadding", provider);
                ours.init(Cipher.ENCRYPT_MODE, key, spec);
                ours.updateAAD(aad);
                byte[] sealed = ours.doFinal(plaintext);
                Cipher theirs = Cipher.getInstance("SM4/CCM/NoPadding", Providers.bouncyCastle());
                theirs.init(Cipher.DECRYPT_MODE, key, spec);
                theirs.updateAAD(aad);
                assertArrayEquals(plaintext, theirs.doFinal(sealed), "BC opens ours, " + context);
                GCMParameterSpec other = new GCMParameterSpec(spec.getTLen(), bytes(random, spec.getIV().length));
                theirs.init(Cipher.ENCRYPT_MODE, key, other);
                theirs.updateAAD(aad);
                byte[] fromBc = theirs.doFinal(plaintext);
                ours.init(Cipher.DECRYPT_MODE, key, other);
                ours.updateAAD(aad);
                assertArrayEquals(plaintext, ours.doFinal(fromBc), "we open BC's, " + context);
            }
        }
    }

    /**
     * One Cipher re-initialised for every message (it keeps its engine while the key stays)
     * against a fresh Cipher per message, across nonce lengths, tag lengths, AAD, both
     * directions, a change of key, and a message left unfinished before the re-init.
     */
    @Test
    void reinitialisingEqualsAFreshCipher() throws Exception {
        Random random = new Random(32);
        byte[][] keys = new byte[2][16];
        random.nextBytes(keys[0]);
        random.nextBytes(keys[1]);
        for (ShangMiProvider provider : Providers.serving("SM4")) {
            Cipher reused = Cipher.getInstance("SM4/CCM/NoPadding", provider);
            for (int step = 0; step < 14; step++) {
                SecretKey key = new SecretKeySpec(keys[step / 7], "SM4");
                byte[] nonce = new byte[7 + step % 7];
                random.nextBytes(nonce);
                GCMParameterSpec spec = new GCMParameterSpec(32 + 16 * (step % 7), nonce);
                byte[] aad = new byte[random.nextInt(40)];
                random.nextBytes(aad);
                byte[] message = new byte[random.nextInt(300)];
                random.nextBytes(message);
                Cipher sealer = Cipher.getInstance("SM4/CCM/NoPadding", provider);
                sealer.init(Cipher.ENCRYPT_MODE, key, spec);
                sealer.updateAAD(aad);
                byte[] sealed = sealer.doFinal(message);
                boolean encrypt = step % 2 == 0;
                reused.init(encrypt ? Cipher.ENCRYPT_MODE : Cipher.DECRYPT_MODE, key, spec);
                reused.updateAAD(aad);
                assertArrayEquals(encrypt ? sealed : message, reused.doFinal(encrypt ? message : sealed), "step " + step);
                byte[] otherNonce = nonce.clone();
                otherNonce[0] ^= 1;
                reused.init(Cipher.ENCRYPT_MODE, key, new GCMParameterSpec(128, otherNonce));
                reused.updateAAD(aad);
                reused.update(message); // left unfinished: the next init must drop it and its AAD
            }
        }
    }

    @Test
    void refusalsAndTampering() throws Exception {
        for (ShangMiProvider provider : Providers.serving("SM4")) {
            SecretKey key = new SecretKeySpec(new byte[16], "SM4");
            GCMParameterSpec spec = new GCMParameterSpec(96, new byte[11]);
            Cipher cipher = Cipher.getInstance("SM4/CCM/NoPadding", provider);
            cipher.init(Cipher.ENCRYPT_MODE, key, spec);
            byte[] sealed = cipher.doFinal(new byte[50]);
            assertEquals(62, sealed.length);
            assertThrows(IllegalStateException.class, () -> cipher.doFinal(new byte[1]), "spent after doFinal");
            assertThrows(InvalidAlgorithmParameterException.class, () -> cipher.init(Cipher.ENCRYPT_MODE, key, spec), "nonce reuse");
            assertThrows(InvalidAlgorithmParameterException.class,
                    () -> cipher.init(Cipher.ENCRYPT_MODE, key, new GCMParameterSpec(96, new byte[6])));
            assertThrows(InvalidAlgorithmParameterException.class,
                    () -> cipher.init(Cipher.ENCRYPT_MODE, key, new GCMParameterSpec(96, new byte[14])));
            assertThrows(InvalidAlgorithmParameterException.class,
                    () -> cipher.init(Cipher.ENCRYPT_MODE, key, new GCMParameterSpec(40, new byte[12])));

            Cipher decryptor = Cipher.getInstance("SM4/CCM/NoPadding", provider);
            decryptor.init(Cipher.DECRYPT_MODE, key, spec);
            for (int position : new int[] {0, 49, 50, 61}) {
                byte[] tampered = sealed.clone();
                tampered[position] ^= 2;
                byte[] output = new byte[62];
                Arrays.fill(output, (byte) 5);
                assertThrows(AEADBadTagException.class, () -> decryptor.doFinal(tampered, 0, tampered.length, output, 0));
                byte[] untouched = new byte[62];
                Arrays.fill(untouched, (byte) 5);
                assertArrayEquals(untouched, output, "nothing written, byte " + position);
            }
            decryptor.updateAAD(new byte[] {1});
            assertThrows(AEADBadTagException.class, () -> decryptor.doFinal(sealed), "associated data it was not sealed with");
            assertArrayEquals(new byte[50], decryptor.doFinal(sealed), "usable after failures");

            // a 13-byte nonce leaves 2 bytes for the length: messages below 64 KiB
            Cipher longMessage = Cipher.getInstance("SM4/CCM/NoPadding", provider);
            longMessage.init(Cipher.ENCRYPT_MODE, key, new GCMParameterSpec(128, new byte[13]));
            longMessage.update(new byte[40_000]);
            IllegalBlockSizeException tooLong = assertThrows(IllegalBlockSizeException.class,
                    () -> longMessage.doFinal(new byte[30_000]));
            assertTrue(tooLong.getMessage().contains("13-byte CCM nonce"), tooLong.getMessage());
        }
    }

    private static byte[] bytes(Random random, int length) {
        byte[] out = new byte[length];
        random.nextBytes(out);
        return out;
    }
}
