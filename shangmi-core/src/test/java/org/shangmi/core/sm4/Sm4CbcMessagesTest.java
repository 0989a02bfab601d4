package org.shangmi.core.sm4;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.bouncycastle.crypto.BufferedBlockCipher;
import org.bouncycastle.crypto.engines.SM4Engine;
import org.bouncycastle.crypto.modes.CBCBlockCipher;
import org.bouncycastle.crypto.params.KeyParameter;
import org.bouncycastle.crypto.params.ParametersWithIV;
import org.junit.jupiter.api.Test;
import org.shangmi.core.testing.Vectors;

/**
 * Several CBC messages side by side: OpenSSL's SM4-CBC vectors placed among other messages, every
 * message checked against Bouncy Castle's CBC, for counts that take every path of the rounds
 * (one block at a time, the narrow path, the bitsliced one), in place and not.
 */
class Sm4CbcMessagesTest {

    @Test
    void knownAnswersAmongOtherMessages() {
        List<Vectors.Record> vectors = Vectors.all("SM4-CBC");
        long seed = System.nanoTime();
        Random random = new Random(seed);
        for (Vectors.Record vector : vectors) {
            byte[] key = vector.hex("key");
            for (int count : new int[] {1, 2, 3, 5, 16, 17, 40}) {
                int[] lengths = new int[count];
                byte[] ivs = new byte[16 * count];
                random.nextBytes(ivs);
                for (int i = 0; i < count; i++) {
                    lengths[i] = 16 * random.nextInt(6);
                }
                int placed = random.nextInt(count);
                lengths[placed] = vector.hex("msg").length;
                System.arraycopy(vector.hex("iv"), 0, ivs, 16 * placed, 16);
                byte[] plaintext = new byte[Arrays.stream(lengths).sum()];
                random.nextBytes(plaintext);
                System.arraycopy(vector.hex("msg"), 0, plaintext, offset(lengths, placed), lengths[placed]);

                Sm4CbcMessages engine = new Sm4CbcMessages(key);
                byte[] out = new byte[plaintext.length + 7];
                engine.encrypt(ivs, lengths, count, plaintext, 0, out, 7);
                String where = vector.id() + ", message " + placed + " of " + count + ", seed " + seed;
                assertArrayEquals(vector.hex("ct"), Arrays.copyOfRange(out, 7 + offset(lengths, placed),
                        7 + offset(lengths, placed) + lengths[placed]), where);
                byte[] expected = bouncyCastle(key, ivs, lengths, count, plaintext);
                assertArrayEquals(expected, Arrays.copyOfRange(out, 7, out.length), where);

                byte[] inPlace = plaintext.clone();
                engine.encrypt(ivs, lengths, count, inPlace, 0, inPlace, 0);
                assertArrayEquals(expected, inPlace, "in place, " + where);
            }
        }
    }

    @Test
    void manyRecordsOfMixedLengthsOnBothEngines() {
        long seed = System.nanoTime();
        Random random = new Random(seed);
        byte[] key = new byte[16];
        random.nextBytes(key);
        for (int count : new int[] {0, 1, 4, 8, 15, 16, 32, 33, 64, 70}) {
            int[] lengths = new int[count + 2]; // the two past count are not messages
            byte[] ivs = new byte[16 * count];
            random.nextBytes(ivs);
            for (int i = 0; i < lengths.length; i++) {
                lengths[i] = i < count && random.nextInt(4) == 0 ? 16 * 1027 : 16 * random.nextInt(40);
            }
            int total = Arrays.stream(lengths, 0, count).sum();
            byte[] plaintext = new byte[total];
            random.nextBytes(plaintext);
            byte[] expected = bouncyCastle(key, ivs, lengths, count, plaintext);
            byte[] out = new byte[total];
            new Sm4CbcMessages(key).encrypt(ivs, lengths, count, plaintext, 0, out, 0);
            assertArrayEquals(expected, out, count + " messages, seed " + seed);
        }
    }

    @Test
    void refusesBadArguments() {
        Sm4CbcMessages engine = new Sm4CbcMessages(new byte[16]);
        byte[] data = new byte[64];
        assertThrows(IllegalArgumentException.class, () -> engine.encrypt(new byte[32], new int[] {16, 15}, 2, data, 0, data, 0));
        assertThrows(IllegalArgumentException.class, () -> engine.encrypt(new byte[32], new int[] {16, -16}, 2, data, 0, data, 0));
        assertThrows(IllegalArgumentException.class, () -> engine.encrypt(new byte[31], new int[] {16, 16}, 2, data, 0, data, 0));
        assertThrows(IndexOutOfBoundsException.class, () -> engine.encrypt(new byte[32], new int[] {16}, 2, data, 0, data, 0));
        assertThrows(IndexOutOfBoundsException.class, () -> engine.encrypt(new byte[32], new int[] {32, 32}, 2, data, 1, data, 0));
        assertThrows(IndexOutOfBoundsException.class, () -> engine.encrypt(new byte[32], new int[] {32, 32}, 2, data, 0, new byte[63], 0));
        byte[] untouched = new byte[64];
        assertArrayEquals(untouched, data, "nothing written by a refused call");
        engine.destroy();
        assertThrows(IllegalStateException.class, () -> engine.encrypt(new byte[32], new int[] {16, 16}, 2, data, 0, data, 0));
    }

    private static int offset(int[] lengths, int message) {
        return Arrays.stream(lengths, 0, message).sum();
    }

    /** The messages' CBC ciphertexts back to back, one Bouncy Castle CBC cipher each. */
    private static byte[] bouncyCastle(byte[] key, byte[] ivs, int[] lengths, int count, byte[] plaintext) {
        byte[] out = new byte[plaintext.length];
        for (int i = 0, at = 0; i < count; at += lengths[i], i++) {
            BufferedBlockCipher cbc = new BufferedBlockCipher(CBCBlockCipher.newInstance(new SM4Engine()));
            cbc.init(true, new ParametersWithIV(new KeyParameter(key), ivs, 16 * i, 16));
            cbc.processBytes(plaintext, at, lengths[i], out, at);
        }
        return out;
    }
}
