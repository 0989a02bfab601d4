package org.shangmi.core.sm4;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Random;
import org.bouncycastle.crypto.engines.SM4Engine;
import org.bouncycastle.crypto.modes.CCMBlockCipher;
import org.bouncycastle.crypto.params.AEADParameters;
import org.bouncycastle.crypto.params.KeyParameter;
import org.junit.jupiter.api.Test;
import org.shangmi.core.testing.Vectors;

/** SM4-CCM: OpenSSL's vector, Bouncy Castle on random nonces, tags, AAD (both length prefixes) and messages, tampering. */
class Sm4CcmTest {

    @Test
    void knownAnswers() {
        for (Vectors.Record record : Vectors.all("SM4-CCM")) {
            Sm4Ccm ccm = new Sm4Ccm(record.hex("key"));
            byte[] nonce = record.hex("iv");
            byte[] aad = record.hex("aad");
            byte[] plaintext = record.hex("msg");
            byte[] tag = record.hex("tag");
            byte[] sealed = new byte[plaintext.length + tag.length];
            ccm.seal(nonce, tag.length, aad, 0, aad.length, plaintext, 0, plaintext.length, sealed, 0);
            assertArrayEquals(record.hex("ct"), Arrays.copyOf(sealed, plaintext.length), record.id());
            assertArrayEquals(tag, Arrays.copyOfRange(sealed, plaintext.length, sealed.length), record.id() + " tag");
            byte[] opened = new byte[plaintext.length];
            assertTrue(ccm.open(nonce, tag.length, aad, 0, aad.length, sealed, 0, sealed.length, opened, 0));
            assertArrayEquals(plaintext, opened);
        }
    }

    @Test
    void equalsBouncyCastleOnRandomInput() throws Exception {
        long seed = System.nanoTime();
        Random random = new Random(seed);
        for (int trial = 0; trial < 200; trial++) {
            byte[] key = bytes(random, 16);
            byte[] nonce = bytes(random, 7 + random.nextInt(7));
            int tagLength = 4 + 2 * random.nextInt(7);
            byte[] aad = bytes(random, trial == 0 ? 70000 : random.nextInt(3) == 0 ? 0 : random.nextInt(300));
            byte[] plaintext = bytes(random, random.nextInt(nonce.length == 13 ? 2000 : 5000));
            Sm4Ccm ccm = new Sm4Ccm(key);
            byte[] ours = new byte[plaintext.length + tagLength];
            ccm.seal(nonce, tagLength, aad, 0, aad.length, plaintext, 0, plaintext.length, ours, 0);
            CCMBlockCipher bc = (CCMBlockCipher) CCMBlockCipher.newInstance(new SM4Engine());
            bc.init(true, new AEADParameters(new KeyParameter(key), 8 * tagLength, nonce, aad));
            byte[] theirs = new byte[bc.getOutputSize(plaintext.length)];
            int n = bc.processBytes(plaintext, 0, plaintext.length, theirs, 0);
            bc.doFinal(theirs, n);
            String context = "nonce " + nonce.length + ", tag " + tagLength + ", aad " + aad.length + ", seed " + seed;
            assertArrayEquals(theirs, ours, context);
            byte[] opened = new byte[plaintext.length];
            assertTrue(ccm.open(nonce, tagLength, aad, 0, aad.length, ours, 0, ours.length, opened, 0), context);
            assertArrayEquals(plaintext, opened, context);
        }
    }

    @Test
    void tamperingReleasesNothingAndLimitsAreChecked() {
        Sm4Ccm ccm = new Sm4Ccm(new byte[16]);
        byte[] nonce = new byte[12];
        byte[] sealed = new byte[40];
        ccm.seal(nonce, 8, new byte[0], 0, 0, new byte[32], 0, 32, sealed, 0);
        for (int position : new int[] {0, 31, 32, 39}) {
            byte[] tampered = sealed.clone();
            tampered[position] ^= 4;
            byte[] out = new byte[32];
            Arrays.fill(out, (byte) 9);
            assertFalse(ccm.open(nonce, 8, new byte[0], 0, 0, tampered, 0, 40, out, 0), "byte " + position);
            for (byte b : out) {
                assertEquals(9, b, "nothing written");
            }
        }
        assertFalse(ccm.open(nonce, 8, new byte[0], 0, 0, sealed, 0, 7, new byte[0], 0), "shorter than the tag");
        assertThrows(IllegalArgumentException.class, () -> ccm.seal(new byte[6], 8, new byte[0], 0, 0, new byte[1], 0, 1, new byte[9], 0));
        assertThrows(IllegalArgumentException.class, () -> ccm.seal(new byte[14], 8, new byte[0], 0, 0, new byte[1], 0, 1, new byte[9], 0));
        assertThrows(IllegalArgumentException.class, () -> ccm.seal(nonce, 7, new byte[0], 0, 0, new byte[1], 0, 1, new byte[9], 0));
        assertThrows(IllegalArgumentException.class, () -> ccm.seal(nonce, 18, new byte[0], 0, 0, new byte[1], 0, 1, new byte[19], 0));
        byte[] big = new byte[1 << 16];
        assertThrows(IllegalArgumentException.class,
                () -> ccm.seal(new byte[13], 4, new byte[0], 0, 0, big, 0, big.length, new byte[big.length + 4], 0),
                "a 13-byte nonce leaves two length bytes");
    }

    private static byte[] bytes(Random random, int length) {
        byte[] out = new byte[length];
        random.nextBytes(out);
        return out;
    }
}
