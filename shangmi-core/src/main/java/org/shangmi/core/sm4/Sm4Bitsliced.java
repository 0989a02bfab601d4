package org.shangmi.core.sm4;

import java.util.Arrays;
import java.util.Objects;
import org.shangmi.core.util.Bytes;

/**
 * SM4 on up to 64 blocks at once, bitsliced: bit j of word w of every block lives in one
 * {@code long}, block b at bit b. A round is then 32 plane-wise XORs for the round key, the S-box
 * circuit four times (each call substitutes one byte of all 64 words), and the linear map L as
 * plane index shifts. Blocks enter and leave the sliced form by 64 × 64 bit transposes.
 *
 * <p>The plane loops run over contiguous ranges with constant offsets, so that the JIT can
 * vectorise them; that is why L reads a doubled copy of the S-box output instead of wrapping its
 * indices.
 *
 * <p>Constant time: the same operations run whatever the key and data; round key bits enter as
 * all-zeros or all-ones masks ({@link #keyMasks}). Not thread-safe; the state is wiped after every
 * call.
 */
final class Sm4Bitsliced {

    /** Blocks per pass. */
    static final int LANES = 64;

    /** Masks per round: one per round key bit. */
    private static final int MASKS = 32;

    /**
     * Planes: word w (0..3) bit j at 32·w + j, and the four 32-plane slots rotate through the
     * words. Slots 0 and 1 hold the first halves of the blocks, slots 2 and 3 the second halves.
     */
    private final long[] state = new long[4 * 32];
    /** The S-box output twice over, so that every rotation of it is a contiguous range. */
    private final long[] round = new long[2 * 32];

    /**
     * The S-box's output constant carried through L: plane j is all ones if bit j of
     * L(OUT ‖ OUT ‖ OUT ‖ OUT) is set. Each round adds it with L's output.
     */
    private static final long[] OUTPUT_CONSTANT = new long[32];

    static {
        int c = Sm4.OUT_WORD;
        int l = c ^ Integer.rotateLeft(c, 2) ^ Integer.rotateLeft(c, 10) ^ Integer.rotateLeft(c, 18) ^ Integer.rotateLeft(c, 24);
        for (int j = 0; j < 32; j++) {
            OUTPUT_CONSTANT[j] = -(long) ((l >>> j) & 1);
        }
    }

    /**
     * The round keys as masks, with the S-box's input constant added: element 32·i + j is all
     * ones if bit j of round key i ^ IN is set, else zero (computed arithmetically, without a
     * branch).
     */
    static long[] keyMasks(int[] keys) {
        long[] masks = new long[Sm4.ROUNDS * MASKS];
        for (int i = 0; i < Sm4.ROUNDS; i++) {
            for (int j = 0; j < MASKS; j++) {
                masks[MASKS * i + j] = (long) ((keys[i] ^ Sm4.IN_WORD) << (31 - j)) >> 63;
            }
        }
        return masks;
    }

    /**
     * Runs the 32 rounds with the key masks of {@link #keyMasks} (encryption or decryption order)
     * over {@code count} ≤ 64 blocks; in and out may be the same range.
     */
    void crypt(long[] keyMasks, byte[] in, int inOff, byte[] out, int outOff, int count) {
        load(in, inOff, count);
        rounds(keyMasks);
        store(null, 0, out, outOff, count);
        wipe();
    }

    private void rounds(long[] keyMasks) {
        Objects.checkFromIndexSize(0, Sm4.ROUNDS * MASKS, keyMasks.length);
        long[] s = state;
        long[] r = round;
        for (int i = 0; i < Sm4.ROUNDS; i++) {
            int x1 = 32 * ((i + 1) & 3);
            int x2 = 32 * ((i + 2) & 3);
            int x3 = 32 * ((i + 3) & 3);
            int k = MASKS * i;
            for (int j = 0; j < 32; j++) {
                r[32 + j] = s[x1 + j] ^ s[x2 + j] ^ s[x3 + j] ^ keyMasks[k + j];
            }
            for (int b = 0; b < 4; b++) {
                Sm4SBoxCircuit.apply(r, 32 + 8 * b);
            }
            System.arraycopy(r, 32, r, 0, 32);
            // L(B) = B ^ B<<<2 ^ B<<<10 ^ B<<<18 ^ B<<<24, and plane j of B<<<n is plane j − n of B
            int x0 = 32 * (i & 3);
            for (int j = 0; j < 32; j++) {
                s[x0 + j] ^= r[32 + j] ^ r[30 + j] ^ r[22 + j] ^ r[14 + j] ^ r[8 + j] ^ OUTPUT_CONSTANT[j];
            }
        }
    }

    /**
     * CTR key stream applied to data: {@code out = in ^ E(c), E(c + 1), ...} for {@code count} ≤ 64
     * blocks, c being the counter ({@link Sm4#incrementCounter}), which is advanced past them. The
     * counter blocks go into the sliced form straight from their two halves, never as bytes.
     */
    void cryptCounters(long[] keyMasks, long[] counter, int counterBits, byte[] in, int inOff, byte[] out, int outOff,
            int count) {
        long[] s = state;
        for (int b = 0; b < LANES; b++) {
            s[b] = b < count ? Long.rotateLeft(counter[0], 32) : 0;
            s[LANES + b] = b < count ? Long.rotateLeft(counter[1], 32) : 0;
            if (b < count) {
                Sm4.incrementCounter(counter, counterBits);
            }
        }
        transpose(s, 0);
        transpose(s, LANES);
        rounds(keyMasks);
        store(in, inOff, out, outOff, count);
        wipe();
    }

    /**
     * Slices the blocks: row b of the first matrix holds words 0 (low half) and 1 (high half) of
     * block b, row b of the second words 2 and 3; transposed, they are the planes of slots 0..3.
     */
    private void load(byte[] in, int off, int count) {
        long[] s = state;
        for (int b = 0; b < LANES; b++) {
            int at = off + b * Sm4.BLOCK_SIZE;
            s[b] = b < count ? Long.rotateLeft(Bytes.getLongBE(in, at), 32) : 0;
            s[LANES + b] = b < count ? Long.rotateLeft(Bytes.getLongBE(in, at + 8), 32) : 0;
        }
        transpose(s, 0);
        transpose(s, LANES);
    }

    /**
     * Unslices the result X35, X34, X33, X32, which sits in slots 3, 2, 1, 0: transposed, slots 2
     * and 3 give rows X35 ‖ X34 (high half first, as the bytes are written), slots 0 and 1 give
     * X33 ‖ X32. With {@code in}, writes {@code in ^ result} instead.
     */
    private void store(byte[] in, int inOff, byte[] out, int off, int count) {
        long[] s = state;
        transpose(s, 0);
        transpose(s, LANES);
        for (int b = 0; b < count; b++) {
            int at = off + b * Sm4.BLOCK_SIZE;
            long high = s[LANES + b];
            long low = s[b];
            if (in != null) {
                int from = inOff + b * Sm4.BLOCK_SIZE;
                high ^= Bytes.getLongBE(in, from);
                low ^= Bytes.getLongBE(in, from + 8);
            }
            Bytes.putLongBE(out, at, high);
            Bytes.putLongBE(out, at + 8, low);
        }
    }

    /**
     * Transposes the 64 × 64 bit matrix {@code a[off..off+64)} in place, element (r, c) being bit
     * c of {@code a[off + r]}: six rounds of swapping ever smaller blocks across the diagonal.
     * Written stage by stage with constant widths, which the JIT compiles to far better code than
     * one loop over the widths.
     */
    static void transpose(long[] a, int off) {
        Objects.checkFromIndexSize(off, 64, a.length);
        for (int k = off; k < off + 32; k++) {
            swap(a, k, 32, 0x00000000ffffffffL);
        }
        for (int base = off; base < off + 64; base += 32) {
            for (int k = base; k < base + 16; k++) {
                swap(a, k, 16, 0x0000ffff0000ffffL);
            }
        }
        for (int base = off; base < off + 64; base += 16) {
            for (int k = base; k < base + 8; k++) {
                swap(a, k, 8, 0x00ff00ff00ff00ffL);
            }
        }
        for (int base = off; base < off + 64; base += 8) {
            for (int k = base; k < base + 4; k++) {
                swap(a, k, 4, 0x0f0f0f0f0f0f0f0fL);
            }
        }
        for (int k = off; k < off + 64; k += 4) {
            swap(a, k, 2, 0x3333333333333333L);
            swap(a, k + 1, 2, 0x3333333333333333L);
        }
        for (int k = off; k < off + 64; k += 2) {
            swap(a, k, 1, 0x5555555555555555L);
        }
    }

    /** Swaps the high {@code width} bits of each 2·width group of a[k] with the low ones of a[k + width]. */
    static void swap(long[] a, int k, int width, long mask) {
        long t = ((a[k] >>> width) ^ a[k + width]) & mask;
        a[k + width] ^= t;
        a[k] ^= t << width;
    }

    void wipe() {
        Arrays.fill(state, 0);
        Arrays.fill(round, 0);
    }
}
