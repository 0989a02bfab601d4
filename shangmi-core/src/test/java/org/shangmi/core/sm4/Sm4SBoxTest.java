package org.shangmi.core.sm4;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;
import org.junit.jupiter.api.Test;
import org.shangmi.core.testing.Sm4Standard;

/**
 * The S-box circuit with its constants, S(x) = G(x ^ IN) ^ OUT, against the table of GB/T
 * 32907-2016, on every input and in every lane.
 */
class Sm4SBoxTest {


    @Test
    void circuitEqualsTheTableOnAll256Inputs() {
        for (int x = 0; x < 256; x++) {
            assertEquals(Sm4Standard.SBOX[x], substitute(x ^ Sm4SBoxCircuit.IN, 0) ^ Sm4SBoxCircuit.OUT, "S(" + x + ")");
        }
    }

    /** Every one of the 64 bit positions is an independent lane, whatever the other lanes hold. */
    @Test
    void everyLaneIsIndependent() {
        long seed = System.nanoTime();
        Random random = new Random(seed);
        for (int trial = 0; trial < 200; trial++) {
            int[] inputs = new int[64];
            long[] planes = new long[8];
            for (int lane = 0; lane < 64; lane++) {
                inputs[lane] = random.nextInt(256);
                for (int bit = 0; bit < 8; bit++) {
                    planes[bit] |= (long) (((inputs[lane] ^ Sm4SBoxCircuit.IN) >>> bit) & 1) << lane;
                }
            }
            Sm4SBoxCircuit.apply(planes, 0);
            for (int lane = 0; lane < 64; lane++) {
                int output = 0;
                for (int bit = 0; bit < 8; bit++) {
                    output |= (int) ((planes[bit] >>> lane) & 1) << bit;
                }
                assertEquals(Sm4Standard.SBOX[inputs[lane]], output ^ Sm4SBoxCircuit.OUT, "lane " + lane + ", seed " + seed);
            }
        }
    }

    @Test
    void offsetsAreHonoured() {
        long[] planes = new long[11];
        for (int bit = 0; bit < 8; bit++) {
            planes[3 + bit] = -(((0x5a ^ Sm4SBoxCircuit.IN) >>> bit) & 1L);
        }
        planes[0] = 7;
        Sm4SBoxCircuit.apply(planes, 3);
        assertEquals(7, planes[0]);
        for (int bit = 0; bit < 8; bit++) {
            assertEquals(-(((Sm4Standard.SBOX[0x5a] ^ Sm4SBoxCircuit.OUT) >>> bit) & 1L), planes[3 + bit]);
        }
    }

    private static int substitute(int x, int lane) {
        long[] planes = new long[8];
        for (int bit = 0; bit < 8; bit++) {
            planes[bit] = (long) ((x >>> bit) & 1) << lane;
        }
        Sm4SBoxCircuit.apply(planes, 0);
        int output = 0;
        for (int bit = 0; bit < 8; bit++) {
            output |= (int) ((planes[bit] >>> lane) & 1) << bit;
        }
        return output;
    }
}
