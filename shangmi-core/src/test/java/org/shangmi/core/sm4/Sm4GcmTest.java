package org.shangmi.core.sm4;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.security.ProviderException;
import java.util.Arrays;
import java.util.Random;
import org.bouncycastle.crypto.engines.SM4Engine;
import org.bouncycastle.crypto.modes.GCMBlockCipher;
import org.bouncycastle.crypto.params.AEADParameters;
import org.bouncycastle.crypto.params.KeyParameter;
import org.junit.jupiter.api.Test;
import org.shangmi.core.testing.Chunks;
import org.shangmi.core.testing.Vectors;

/** SM4-GCM and its GHASH: RFC 8998's vector, Bouncy Castle on random data, tampering, the carry-less product. */
class Sm4GcmTest {

    @Test
    void knownAnswers() {
        for (Vectors.Record record : Vectors.all("SM4-GCM")) {
            byte[] plaintext = record.hex("msg");
            byte[] tag = record.hex("tag");
            Sm4Gcm gcm = new Sm4Gcm(record.hex("key"), record.hex("iv"), tag.length);
            byte[] aad = record.hex("aad");
            gcm.updateAad(aad, 0, aad.length);
            byte[] ciphertext = new byte[plaintext.length];
            gcm.encrypt(plaintext, 0, plaintext.length, ciphertext, 0);
            byte[] ourTag = new byte[tag.length];
            gcm.finishEncryption(ourTag, 0);
            assertArrayEquals(record.hex("ct"), ciphertext, record.id());
            assertArrayEquals(tag, ourTag, record.id() + " tag");

            gcm.updateAad(aad, 0, aad.length);
            byte[] decrypted = new byte[plaintext.length];
            assertTrue(gcm.decrypt(ciphertext, 0, ciphertext.length, tag, 0, decrypted, 0));
            assertArrayEquals(plaintext, decrypted);
        }
    }

    /** Random keys, IVs of 1..40 bytes, AAD and data of random sizes fed in random pieces, every tag length: equal to Bouncy Castle. */
    @Test
    void equalsBouncyCastleOnRandomInput() throws Exception {
        long seed = System.nanoTime();
        Random random = new Random(seed);
        for (int trial = 0; trial < 300; trial++) {
            byte[] key = bytes(random, 16);
            byte[] iv = bytes(random, trial % 3 == 0 ? 12 : 1 + random.nextInt(40));
            int tagLength = new int[] {16, 15, 14, 13, 12, 8, 4}[random.nextInt(7)];
            byte[] aad = bytes(random, random.nextInt(3) == 0 ? 0 : random.nextInt(100));
            byte[] plaintext = bytes(random, random.nextInt(2000));
            String context = "iv " + iv.length + ", aad " + aad.length + ", data " + plaintext.length + ", tag " + tagLength + ", seed " + seed;

            Sm4Gcm gcm = new Sm4Gcm(key, iv, tagLength);
            Chunks.feed(random, aad.length, 37, (off, len) -> gcm.updateAad(aad, off, len));
            byte[] ours = new byte[plaintext.length + tagLength];
            Chunks.feed(random, plaintext.length, 70, (off, len) -> gcm.encrypt(plaintext, off, len, ours, off));
            gcm.finishEncryption(ours, plaintext.length);

            GCMBlockCipher bc = (GCMBlockCipher) GCMBlockCipher.newInstance(new SM4Engine());
            bc.init(true, new AEADParameters(new KeyParameter(key), 8 * tagLength, iv, aad));
            byte[] theirs = new byte[bc.getOutputSize(plaintext.length)];
            int n = bc.processBytes(plaintext, 0, plaintext.length, theirs, 0);
            bc.doFinal(theirs, n);
            assertArrayEquals(theirs, ours, context);

            gcm.updateAad(aad, 0, aad.length);
            byte[] decrypted = new byte[plaintext.length];
            assertTrue(gcm.decrypt(ours, 0, plaintext.length, ours, plaintext.length, decrypted, 0), context);
            assertArrayEquals(plaintext, decrypted, context);
        }
    }

    @Test
    void aWrongTagReleasesNothing() {
        Random random = new Random(4);
        byte[] key = bytes(random, 16);
        byte[] iv = bytes(random, 12);
        byte[] plaintext = bytes(random, 100);
        Sm4Gcm gcm = new Sm4Gcm(key, iv, 16);
        byte[] sealed = new byte[116];
        gcm.encrypt(plaintext, 0, 100, sealed, 0);
        gcm.finishEncryption(sealed, 100);
        for (int position : new int[] {0, 50, 99, 100, 115}) {
            byte[] tampered = sealed.clone();
            tampered[position] ^= 0x10;
            byte[] out = new byte[100];
            Arrays.fill(out, (byte) 0x33);
            assertFalse(gcm.decrypt(tampered, 0, 100, tampered, 100, out, 0), "changed byte " + position);
            for (byte b : out) {
                assertEquals(0x33, b, "nothing written");
            }
        }
        byte[] aad = {1};
        gcm.updateAad(aad, 0, 1);
        assertFalse(gcm.decrypt(sealed, 0, 100, sealed, 100, new byte[100], 0), "associated data it was not sealed with");
        byte[] out = new byte[100];
        assertTrue(gcm.decrypt(sealed, 0, 100, sealed, 100, out, 0), "and the engine starts over after a failure");
        assertArrayEquals(plaintext, out);
    }

    /** A new IV under the same engine gives what a fresh engine gives, whatever state the old message left. */
    @Test
    void resetWithANewIvEqualsAFreshEngine() {
        Random random = new Random(21);
        byte[] key = bytes(random, 16);
        Sm4Gcm reused = new Sm4Gcm(key, bytes(random, 12), 16);
        reused.updateAad(new byte[5], 0, 5);
        reused.encrypt(new byte[40], 0, 40, new byte[40], 0); // a message left unfinished
        for (int trial = 0; trial < 20; trial++) {
            byte[] iv = bytes(random, trial % 2 == 0 ? 12 : 1 + random.nextInt(30));
            byte[] aad = bytes(random, random.nextInt(40));
            byte[] plaintext = bytes(random, random.nextInt(300));
            reused.reset(iv);
            Sm4Gcm fresh = new Sm4Gcm(key, iv, 16);
            byte[] ours = new byte[plaintext.length + 16];
            byte[] theirs = new byte[plaintext.length + 16];
            for (Sm4Gcm gcm : new Sm4Gcm[] {reused, fresh}) {
                byte[] out = gcm == reused ? ours : theirs;
                gcm.updateAad(aad, 0, aad.length);
                gcm.encrypt(plaintext, 0, plaintext.length, out, 0);
                gcm.finishEncryption(out, plaintext.length);
            }
            assertArrayEquals(theirs, ours, "trial " + trial);
        }
    }

    @Test
    void refusals() {
        assertThrows(IllegalArgumentException.class, () -> new Sm4Gcm(new byte[16], new byte[0], 16));
        assertThrows(IllegalArgumentException.class, () -> new Sm4Gcm(new byte[16], new byte[12], 17));
        assertThrows(IllegalArgumentException.class, () -> new Sm4Gcm(new byte[16], new byte[12], 3));
        assertThrows(IllegalArgumentException.class, () -> new Sm4Gcm(new byte[15], new byte[12], 16));
        Sm4Gcm gcm = new Sm4Gcm(new byte[16], new byte[12], 16);
        gcm.encrypt(new byte[1], 0, 1, new byte[1], 0);
        assertThrows(IllegalStateException.class, () -> gcm.updateAad(new byte[1], 0, 1));
    }

    /** The carry-less product against the shift-and-xor definition, all ones included. */
    @Test
    void carryLessProductMatchesItsDefinition() {
        long seed = System.nanoTime();
        Random random = new Random(seed);
        for (int trial = 0; trial < 20000; trial++) {
            long x = trial == 0 ? -1 : random.nextLong();
            long y = trial == 0 ? -1 : random.nextLong();
            long low = 0;
            long high = 0;
            for (int i = 0; i < 64; i++) {
                if (((y >>> i) & 1) != 0) {
                    low ^= x << i;
                    high ^= i == 0 ? 0 : x >>> (64 - i);
                }
            }
            assertEquals(low, Ghash.clmulLow(x, y), "seed " + seed);
            assertEquals(high, Ghash.clmulHigh(x, y), "seed " + seed);
        }
    }

    private static byte[] bytes(Random random, int length) {
        byte[] out = new byte[length];
        random.nextBytes(out);
        return out;
    }

    /** One message stops at 2^36 − 32 bytes (NIST SP 800-38D), before the 32-bit counter wraps. */
    @Test
    void oneMessageStopsBeforeTheCounterWraps() {
        long max = 68_719_476_704L; // 2^36 - 32
        assertEquals(max, Sm4Gcm.checkedDataLength(max - 16, 16));
        assertEquals(max, Sm4Gcm.checkedDataLength(0, max));
        ProviderException e = assertThrows(ProviderException.class, () -> Sm4Gcm.checkedDataLength(max - 16, 17));
        assertTrue(e.getMessage().contains("at most 2^36 - 32 bytes"), e.getMessage());
        assertThrows(ProviderException.class, () -> Sm4Gcm.checkedDataLength(max, 1));
        assertThrows(ProviderException.class, () -> Sm4Gcm.checkedDataLength(max - 1, Integer.MAX_VALUE));
    }
}
