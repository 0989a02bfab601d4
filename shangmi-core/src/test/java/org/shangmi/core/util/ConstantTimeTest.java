package org.shangmi.core.util;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The comparisons and their masks against {@link Arrays#equals}, for a difference in every bit of every byte. */
class ConstantTimeTest {

    @Test
    void everySingleBitDifferenceIsSeen() {
        Random random = new Random(3);
        for (int length : new int[] {0, 1, 16, 32, 33}) {
            byte[] a = new byte[length];
            random.nextBytes(a);
            byte[] b = a.clone();
            assertEquals(-1, ConstantTime.equalsMask(a, 0, b, 0, length));
            assertEquals(true, ConstantTime.equals(a, 0, b, 0, length));
            for (int i = 0; i < length; i++) {
                for (int bit = 0; bit < 8; bit++) {
                    b[i] ^= (byte) (1 << bit);
                    assertEquals(0, ConstantTime.equalsMask(a, 0, b, 0, length), "byte " + i + " bit " + bit);
                    assertEquals(false, ConstantTime.equals(a, 0, b, 0, length));
                    b[i] ^= (byte) (1 << bit);
                }
            }
        }
    }

    @Test
    void zeroIsZeroAndAnyBitIsNot() {
        for (int length : new int[] {0, 1, 32}) {
            byte[] a = new byte[length];
            assertEquals(-1, ConstantTime.isZeroMask(a, 0, length));
            assertEquals(true, ConstantTime.isZero(a, 0, length));
            for (int i = 0; i < length; i++) {
                for (int bit = 0; bit < 8; bit++) {
                    a[i] = (byte) (1 << bit);
                    assertEquals(0, ConstantTime.isZeroMask(a, 0, length), "byte " + i + " bit " + bit);
                    assertEquals(false, ConstantTime.isZero(a, 0, length));
                    a[i] = 0;
                }
            }
        }
    }
}
