package org.shangmi.core.sm4;

import java.util.Arrays;
import org.shangmi.core.util.Bytes;

/**
 * SM4 on up to 64 blocks at once, bitsliced: bit j of word w of every block lives in one
 * {@code long}, block b at bit 63 − b. A round is then 32 plane-wise XORs for the round key, the
 * S-box circuit four times (each call substitutes one byte of all 64 words), and the linear map
 * L as plane index shifts. Blocks enter and leave the sliced form by 64 × 64 bit transposes.
 *
 * <p>Constant time: the same operations run whatever the key and data; a round key bit becomes
 * an all-zeros or all-ones mask arithmetically. Not thread-safe; the state is wiped after every
 * call.
 */
final class Sm4Bitsliced {

    /** Blocks per pass. */
    static final int LANES = 64;

    /** Planes: word w (0..3), bit j (0..31) at 32·w + j; words rotate through the four slots. */
    private final long[] state = new long[4 * 32];
    private final long[] round = new long[32];
    private final long[] rows = new long[LANES];

    /**
     * Runs the 32 rounds with {@code keys} (encryption or decryption order) over
     * {@code count} ≤ 64 blocks; in and out may be the same range.
     */
    void crypt(int[] keys, byte[] in, int inOff, byte[] out, int outOff, int count) {
        for (int pair = 0; pair < 2; pair++) {
            load(in, inOff, count, pair);
        }
        for (int i = 0; i < Sm4.ROUNDS; i++) {
            int x1 = 32 * ((i + 1) & 3);
            int x2 = 32 * ((i + 2) & 3);
            int x3 = 32 * ((i + 3) & 3);
            int key = keys[i];
            for (int j = 0; j < 32; j++) {
                long keyBit = (long) (key << (31 - j)) >> 63; // bit j of the round key, as all zeros or all ones
                round[j] = state[x1 + j] ^ state[x2 + j] ^ state[x3 + j] ^ keyBit;
            }
            for (int k = 0; k < 4; k++) {
                Sm4SBoxCircuit.apply(round, 8 * k);
            }
            linear(round, state, 32 * (i & 3));
        }
        // the result is X35, X34, X33, X32: slots 3, 2, 1, 0
        for (int pair = 0; pair < 2; pair++) {
            store(out, outOff, count, pair);
        }
        wipe();
    }

    /**
     * x[off..off+32) ^= L(b), L(B) = B ^ B<<<2 ^ B<<<10 ^ B<<<18 ^ B<<<24, on planes: bit j of
     * B<<<r is bit j − r of B. Written out so that every index is a constant.
     */
    private static void linear(long[] b, long[] x, int off) {
        java.util.Objects.checkFromIndexSize(off, 32, x.length);
        x[off + 0] ^= b[0] ^ b[30] ^ b[22] ^ b[14] ^ b[8];
        x[off + 1] ^= b[1] ^ b[31] ^ b[23] ^ b[15] ^ b[9];
        x[off + 2] ^= b[2] ^ b[0] ^ b[24] ^ b[16] ^ b[10];
        x[off + 3] ^= b[3] ^ b[1] ^ b[25] ^ b[17] ^ b[11];
        x[off + 4] ^= b[4] ^ b[2] ^ b[26] ^ b[18] ^ b[12];
        x[off + 5] ^= b[5] ^ b[3] ^ b[27] ^ b[19] ^ b[13];
        x[off + 6] ^= b[6] ^ b[4] ^ b[28] ^ b[20] ^ b[14];
        x[off + 7] ^= b[7] ^ b[5] ^ b[29] ^ b[21] ^ b[15];
        x[off + 8] ^= b[8] ^ b[6] ^ b[30] ^ b[22] ^ b[16];
        x[off + 9] ^= b[9] ^ b[7] ^ b[31] ^ b[23] ^ b[17];
        x[off + 10] ^= b[10] ^ b[8] ^ b[0] ^ b[24] ^ b[18];
        x[off + 11] ^= b[11] ^ b[9] ^ b[1] ^ b[25] ^ b[19];
        x[off + 12] ^= b[12] ^ b[10] ^ b[2] ^ b[26] ^ b[20];
        x[off + 13] ^= b[13] ^ b[11] ^ b[3] ^ b[27] ^ b[21];
        x[off + 14] ^= b[14] ^ b[12] ^ b[4] ^ b[28] ^ b[22];
        x[off + 15] ^= b[15] ^ b[13] ^ b[5] ^ b[29] ^ b[23];
        x[off + 16] ^= b[16] ^ b[14] ^ b[6] ^ b[30] ^ b[24];
        x[off + 17] ^= b[17] ^ b[15] ^ b[7] ^ b[31] ^ b[25];
        x[off + 18] ^= b[18] ^ b[16] ^ b[8] ^ b[0] ^ b[26];
        x[off + 19] ^= b[19] ^ b[17] ^ b[9] ^ b[1] ^ b[27];
        x[off + 20] ^= b[20] ^ b[18] ^ b[10] ^ b[2] ^ b[28];
        x[off + 21] ^= b[21] ^ b[19] ^ b[11] ^ b[3] ^ b[29];
        x[off + 22] ^= b[22] ^ b[20] ^ b[12] ^ b[4] ^ b[30];
        x[off + 23] ^= b[23] ^ b[21] ^ b[13] ^ b[5] ^ b[31];
        x[off + 24] ^= b[24] ^ b[22] ^ b[14] ^ b[6] ^ b[0];
        x[off + 25] ^= b[25] ^ b[23] ^ b[15] ^ b[7] ^ b[1];
        x[off + 26] ^= b[26] ^ b[24] ^ b[16] ^ b[8] ^ b[2];
        x[off + 27] ^= b[27] ^ b[25] ^ b[17] ^ b[9] ^ b[3];
        x[off + 28] ^= b[28] ^ b[26] ^ b[18] ^ b[10] ^ b[4];
        x[off + 29] ^= b[29] ^ b[27] ^ b[19] ^ b[11] ^ b[5];
        x[off + 30] ^= b[30] ^ b[28] ^ b[20] ^ b[12] ^ b[6];
        x[off + 31] ^= b[31] ^ b[29] ^ b[21] ^ b[13] ^ b[7];
    }

    /** Slices words 2·pair and 2·pair + 1 of the blocks into their planes. */
    private void load(byte[] in, int off, int count, int pair) {
        for (int b = 0; b < LANES; b++) {
            rows[b] = b < count ? Bytes.getLongBE(in, off + b * Sm4.BLOCK_SIZE + 8 * pair) : 0;
        }
        transpose(rows);
        // rows[c] bit 63 − b now holds bit 63 − c of block b's 64-bit half: words 2·pair, 2·pair + 1
        for (int j = 0; j < 32; j++) {
            state[32 * (2 * pair) + j] = rows[31 - j];
            state[32 * (2 * pair + 1) + j] = rows[63 - j];
        }
    }

    /** Writes output words 2·pair and 2·pair + 1 (slots 3 − 2·pair and 2 − 2·pair) of the blocks. */
    private void store(byte[] out, int off, int count, int pair) {
        int high = 32 * (3 - 2 * pair);
        int low = 32 * (2 - 2 * pair);
        for (int j = 0; j < 32; j++) {
            rows[31 - j] = state[high + j];
            rows[63 - j] = state[low + j];
        }
        transpose(rows);
        for (int b = 0; b < count; b++) {
            Bytes.putLongBE(out, off + b * Sm4.BLOCK_SIZE + 8 * pair, rows[b]);
        }
    }

    /**
     * Transposes a 64 × 64 bit matrix in place, element (r, c) being bit 63 − c of {@code a[r]}:
     * six rounds of swapping ever smaller blocks across the diagonal.
     */
    static void transpose(long[] a) {
        long mask = 0x00000000ffffffffL;
        for (int width = 32; width != 0; width >>>= 1, mask ^= mask << width) {
            for (int k = 0; k < 64; k = ((k | width) + 1) & ~width) {
                long t = (a[k] ^ (a[k | width] >>> width)) & mask;
                a[k] ^= t;
                a[k | width] ^= t << width;
            }
        }
    }

    void wipe() {
        Arrays.fill(state, 0);
        Arrays.fill(round, 0);
        Arrays.fill(rows, 0);
    }
}
