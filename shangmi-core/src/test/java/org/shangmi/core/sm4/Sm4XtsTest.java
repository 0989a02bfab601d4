package org.shangmi.core.sm4;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.shangmi.core.testing.Vectors;

/** SM4-XTS in both tweak conventions: GB/T 17964-2021's and IEEE 1619's vectors (with stealing), round trips, refusals. */
class Sm4XtsTest {

    @Test
    void knownAnswersInBothConventions() {
        int count = 0;
        for (Vectors.Record record : Vectors.all("SM4-XTS")) {
            boolean ieee = record.text("xts_standard").startsWith("IEEE");
            Sm4Xts xts = new Sm4Xts(record.hex("key"), ieee);
            byte[] plaintext = record.hex("msg");
            byte[] expected = record.hex("ct");
            byte[] out = new byte[plaintext.length];
            xts.encrypt(record.hex("iv"), plaintext, 0, plaintext.length, out, 0);
            assertArrayEquals(expected, out, record.id());
            xts.decrypt(record.hex("iv"), expected, 0, expected.length, out, 0);
            assertArrayEquals(plaintext, out, record.id() + " decrypt");
            byte[] inPlace = plaintext.clone();
            xts.encrypt(record.hex("iv"), inPlace, 0, inPlace.length, inPlace, 0);
            assertArrayEquals(expected, inPlace, record.id() + " in place");
            count++;
        }
        org.junit.jupiter.api.Assertions.assertEquals(4, count, "GB and IEEE records, with and without stealing");
    }

    /** Every length from 16 to 1,100 bytes (the bitsliced batches and every stealing size), both conventions. */
    @Test
    void roundTripsAtEveryLength() {
        long seed = System.nanoTime();
        Random random = new Random(seed);
        for (boolean ieee : new boolean[] {false, true}) {
            byte[] key = new byte[32];
            random.nextBytes(key);
            Sm4Xts xts = new Sm4Xts(key, ieee);
            byte[] tweak = new byte[16];
            random.nextBytes(tweak);
            for (int length = 16; length <= 1100; length++) {
                byte[] plaintext = new byte[length];
                random.nextBytes(plaintext);
                byte[] ciphertext = new byte[length];
                xts.encrypt(tweak, plaintext, 0, length, ciphertext, 0);
                byte[] back = ciphertext.clone();
                xts.decrypt(tweak, back, 0, length, back, 0);
                assertArrayEquals(plaintext, back, length + " bytes, ieee " + ieee + ", seed " + seed);
                if (length % 16 == 0 && length >= 32) {
                    // whole blocks are independent given their tweaks: a prefix encrypts to a prefix
                    byte[] prefix = new byte[length - 16];
                    xts.encrypt(tweak, plaintext, 0, length - 16, prefix, 0);
                    assertArrayEquals(Arrays.copyOf(ciphertext, length - 16), prefix);
                }
            }
        }
    }

    @Test
    void refusals() {
        byte[] equalHalves = new byte[32];
        assertThrows(IllegalArgumentException.class, () -> new Sm4Xts(equalHalves, false));
        assertThrows(IllegalArgumentException.class, () -> new Sm4Xts(new byte[16], false));
        byte[] key = new byte[32];
        key[31] = 1;
        Sm4Xts xts = new Sm4Xts(key, true);
        assertThrows(IllegalArgumentException.class, () -> xts.encrypt(new byte[16], new byte[15], 0, 15, new byte[15], 0));
        assertThrows(IllegalArgumentException.class, () -> xts.encrypt(new byte[12], new byte[16], 0, 16, new byte[16], 0));
        assertThrows(IndexOutOfBoundsException.class, () -> xts.encrypt(new byte[16], new byte[16], 0, 32, new byte[32], 0));
    }
}
