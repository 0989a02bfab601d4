package org.shangmi.core.sm2;

import java.util.Arrays;

/**
 * Conversion between 32-byte big-endian integers and the five 52-bit limbs (least significant
 * first) that {@link Sm2Field} and {@link Sm2OrderField} compute with. Branches and indices
 * depend only on positions, never on values.
 */
final class Limbs52 {

    static final int LIMBS = 5;
    static final int BITS = 52;
    static final long MASK = (1L << BITS) - 1;

    private Limbs52() {
    }

    /** Sets {@code limbs} to the integer in {@code in[off..off+32)}. */
    static void fromBytes(byte[] in, int off, long[] limbs) {
        Arrays.fill(limbs, 0, LIMBS, 0);
        for (int i = 0; i < 32; i++) {
            int bit = 8 * (31 - i);
            long value = in[off + i] & 0xffL;
            limbs[bit / BITS] |= (value << (bit % BITS)) & MASK;
            if (bit % BITS > BITS - 8) {
                limbs[bit / BITS + 1] |= value >>> (BITS - bit % BITS);
            }
        }
    }

    /** Writes the integer in {@code limbs} (below 2^256, limbs in 52-bit form) to {@code out[off..off+32)}. */
    static void toBytes(long[] limbs, byte[] out, int off) {
        for (int i = 0; i < 32; i++) {
            int bit = 8 * (31 - i);
            int limb = bit / BITS;
            int shift = bit % BITS;
            long value = limbs[limb] >>> shift;
            if (shift > BITS - 8 && limb + 1 < LIMBS) {
                value |= limbs[limb + 1] << (BITS - shift);
            }
            out[off + i] = (byte) value;
        }
    }
}
