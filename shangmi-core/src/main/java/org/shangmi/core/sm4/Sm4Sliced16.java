package org.shangmi.core.sm4;

import java.util.Arrays;
import java.util.Objects;
import org.shangmi.core.util.Bytes;

/**
 * SM4 on up to 16 blocks at once in plane form: word w of the state is eight {@code long}
 * planes, plane i holding bit i of each of the word's four bytes for all 16 blocks (byte b,
 * counted from the least significant, of block k at bit 16·b + k). A round is then one S-box
 * circuit evaluation on eight planes (64 bytes: every byte of 16 round words), and SM4's linear
 * map L is rotations of whole planes: rotating a word by 8 bits moves each byte's 16 lanes to the
 * next group (a 16-bit rotation of the plane), and by 2 bits moves plane i to plane i + 2 (the
 * top two planes wrapping into the next byte's group). Blocks enter and leave through one 64 × 64
 * bit transpose (rows: word w of block k at row 16·w + k) and a 4 × 4 transpose of 16-bit groups
 * per plane.
 *
 * <p>Sixteen blocks cost about what one and a half single blocks do through the circuit
 * ({@link Sm4CircuitRounds}: 165-177 MB/s against 17.7 on the machine of docs/performance.md, JDK
 * 17 and 25), so that independent CBC chains side by side
 * ({@link Sm4CbcMessages}) and short batches of the parallel modes run several times faster than
 * one block at a time; past 32 blocks the 64-lane {@link Sm4Bitsliced} is cheaper per block.
 *
 * <p>Constant time: the same operations run whatever the key and data; round key bits enter as
 * masks ({@link #keyPlanes}). Not thread-safe; the state is wiped after every call.
 */
final class Sm4Sliced16 {

    /** Blocks per pass. */
    static final int LANES = 16;

    /** L of the S-box's output constant in every byte, as planes (see {@link #planesOf}). */
    private static final long[] OUTPUT_CONSTANT = new long[8];

    static {
        planesOf(linear(Sm4.OUT_WORD), OUTPUT_CONSTANT, 0);
    }

    /**
     * The transpose's rows: word w of block k is row 16·w + k of a 64 × 64 matrix, rows m and
     * 32 + m sharing {@code rows[m]} (low and high half).
     */
    private final long[] rows = new long[32];
    /** Slot w (the four slots rotating through the words) at 8·w, plane i at 8·w + i. */
    private final long[] state = new long[32];
    private final long[] sbox = new long[8];

    /**
     * The round keys as planes, the S-box's input constant added: element 8·r + i is the planes
     * of round key r ^ IN ({@link #planesOf}), made arithmetically, without a branch.
     */
    static long[] keyPlanes(int[] keys) {
        long[] planes = new long[Sm4.ROUNDS * 8];
        for (int r = 0; r < Sm4.ROUNDS; r++) {
            planesOf(keys[r] ^ Sm4.IN_WORD, planes, 8 * r);
        }
        return planes;
    }

    /**
     * A word the same in all 16 lanes, as eight planes from {@code planes[off]}: bit 8·b + i of the
     * word fills group b of plane i.
     */
    private static void planesOf(int word, long[] planes, int off) {
        for (int i = 0; i < 8; i++) {
            long plane = 0;
            for (int b = 0; b < 4; b++) {
                plane |= (-(long) ((word >>> (8 * b + i)) & 1) & 0xffffL) << (16 * b);
            }
            planes[off + i] = plane;
        }
    }

    private static int linear(int b) {
        return b ^ Integer.rotateLeft(b, 2) ^ Integer.rotateLeft(b, 10) ^ Integer.rotateLeft(b, 18) ^ Integer.rotateLeft(b, 24);
    }

    /**
     * Runs the 32 rounds with the key planes of {@link #keyPlanes} (encryption or decryption
     * order) over {@code count} ≤ 16 blocks; in and out may be the same range.
     */
    void crypt(long[] keyPlanes, byte[] in, int inOff, byte[] out, int outOff, int count) {
        Objects.checkFromIndexSize(0, Sm4.ROUNDS * 8, keyPlanes.length);
        long[] r = rows;
        // rows m and 32 + m of the 64 × 64 matrix (words 0, 1 and 2, 3) share a long: its first
        // stage of the transpose done, and its lower 32 rows stay zero through the rest
        for (int k = 0; k < LANES; k++) {
            int at = inOff + Sm4.BLOCK_SIZE * k;
            long w0 = k < count ? Bytes.getIntBE(in, at) & 0xffffffffL : 0;
            long w1 = k < count ? Bytes.getIntBE(in, at + 4) & 0xffffffffL : 0;
            long w2 = k < count ? Bytes.getIntBE(in, at + 8) : 0;
            long w3 = k < count ? Bytes.getIntBE(in, at + 12) : 0;
            r[k] = w0 | (w2 << 32);
            r[LANES + k] = w1 | (w3 << 32);
        }
        transposeUpperHalf(r);
        // row 8·b + i now holds bit i of byte b of word w of block k at 16·w + k: regroup by word
        for (int i = 0; i < 8; i++) {
            transposeGroups(r, i);
            for (int w = 0; w < 4; w++) {
                state[8 * w + i] = r[8 * w + i];
            }
        }
        rounds(keyPlanes);
        // X35, X34, X33 and X32 (slots 3, 2, 1 and 0) are words 0 to 3 of the output
        for (int i = 0; i < 8; i++) {
            for (int w = 0; w < 4; w++) {
                r[8 * w + i] = state[8 * (3 - w) + i];
            }
            transposeGroups(r, i);
        }
        transposeUpperHalf(r);
        for (int k = 0; k < count; k++) {
            int at = outOff + Sm4.BLOCK_SIZE * k;
            Bytes.putIntBE(out, at, (int) r[k]);
            Bytes.putIntBE(out, at + 4, (int) r[LANES + k]);
            Bytes.putIntBE(out, at + 8, (int) (r[k] >>> 32));
            Bytes.putIntBE(out, at + 12, (int) (r[LANES + k] >>> 32));
        }
        wipe();
    }

    /**
     * The 64 × 64 bit transpose of {@link Sm4Bitsliced#transpose} on a matrix whose rows 32..63
     * are zero, the first stage (swapping 32-bit halves between rows m and 32 + m) already done:
     * the other five stages, on rows 0..31 only (the swap stages commute, so this serves both
     * ways). Element (r, c) of the result for r &lt; 32 is bit c of {@code a[r]}.
     */
    static void transposeUpperHalf(long[] a) {
        for (int k = 0; k < 16; k++) {
            Sm4Bitsliced.swap(a, k, 16, 0x0000ffff0000ffffL);
        }
        for (int base = 0; base < 32; base += 16) {
            for (int k = base; k < base + 8; k++) {
                Sm4Bitsliced.swap(a, k, 8, 0x00ff00ff00ff00ffL);
            }
        }
        for (int base = 0; base < 32; base += 8) {
            for (int k = base; k < base + 4; k++) {
                Sm4Bitsliced.swap(a, k, 4, 0x0f0f0f0f0f0f0f0fL);
            }
        }
        for (int k = 0; k < 32; k += 4) {
            Sm4Bitsliced.swap(a, k, 2, 0x3333333333333333L);
            Sm4Bitsliced.swap(a, k + 1, 2, 0x3333333333333333L);
        }
        for (int k = 0; k < 32; k += 2) {
            Sm4Bitsliced.swap(a, k, 1, 0x5555555555555555L);
        }
    }

    /**
     * Transposes the 4 × 4 matrix of 16-bit groups held by rows i, 8 + i, 16 + i and 24 + i (row
     * 8·a + i, group c at bits 16·c): group c of row a and group a of row c change places.
     */
    private static void transposeGroups(long[] r, int i) {
        long a0 = r[i];
        long a1 = r[8 + i];
        long a2 = r[16 + i];
        long a3 = r[24 + i];
        long t = ((a0 >>> 32) ^ a2) & 0xffffffffL;
        a2 ^= t;
        a0 ^= t << 32;
        t = ((a1 >>> 32) ^ a3) & 0xffffffffL;
        a3 ^= t;
        a1 ^= t << 32;
        t = ((a0 >>> 16) ^ a1) & 0x0000ffff0000ffffL;
        a1 ^= t;
        a0 ^= t << 16;
        t = ((a2 >>> 16) ^ a3) & 0x0000ffff0000ffffL;
        a3 ^= t;
        a2 ^= t << 16;
        r[i] = a0;
        r[8 + i] = a1;
        r[16 + i] = a2;
        r[24 + i] = a3;
    }

    private void rounds(long[] keyPlanes) {
        long[] s = state;
        long[] t = sbox;
        long[] c = OUTPUT_CONSTANT;
        for (int round = 0; round < Sm4.ROUNDS; round++) {
            int x0 = 8 * (round & 3);
            int x1 = 8 * ((round + 1) & 3);
            int x2 = 8 * ((round + 2) & 3);
            int x3 = 8 * ((round + 3) & 3);
            int k = 8 * round;
            for (int i = 0; i < 8; i++) {
                t[i] = s[x1 + i] ^ s[x2 + i] ^ s[x3 + i] ^ keyPlanes[k + i];
            }
            Sm4SBoxCircuit.apply(t, 0);
            // L(B) = B ^ B<<<2 ^ B<<<10 ^ B<<<18 ^ B<<<24; with Q = B<<<2, the rest is Q, Q and B
            // moved by one, two and three byte groups
            long b0 = t[0];
            long b1 = t[1];
            long b2 = t[2];
            long b3 = t[3];
            long b4 = t[4];
            long b5 = t[5];
            long b6 = t[6];
            long b7 = t[7];
            long q0 = Long.rotateLeft(b6, 16);
            long q1 = Long.rotateLeft(b7, 16);
            s[x0] ^= b0 ^ Long.rotateLeft(b0, 48) ^ q0 ^ Long.rotateLeft(q0, 16) ^ Long.rotateLeft(q0, 32) ^ c[0];
            s[x0 + 1] ^= b1 ^ Long.rotateLeft(b1, 48) ^ q1 ^ Long.rotateLeft(q1, 16) ^ Long.rotateLeft(q1, 32) ^ c[1];
            s[x0 + 2] ^= b2 ^ Long.rotateLeft(b2, 48) ^ b0 ^ Long.rotateLeft(b0, 16) ^ Long.rotateLeft(b0, 32) ^ c[2];
            s[x0 + 3] ^= b3 ^ Long.rotateLeft(b3, 48) ^ b1 ^ Long.rotateLeft(b1, 16) ^ Long.rotateLeft(b1, 32) ^ c[3];
            s[x0 + 4] ^= b4 ^ Long.rotateLeft(b4, 48) ^ b2 ^ Long.rotateLeft(b2, 16) ^ Long.rotateLeft(b2, 32) ^ c[4];
            s[x0 + 5] ^= b5 ^ Long.rotateLeft(b5, 48) ^ b3 ^ Long.rotateLeft(b3, 16) ^ Long.rotateLeft(b3, 32) ^ c[5];
            s[x0 + 6] ^= b6 ^ Long.rotateLeft(b6, 48) ^ b4 ^ Long.rotateLeft(b4, 16) ^ Long.rotateLeft(b4, 32) ^ c[6];
            s[x0 + 7] ^= b7 ^ Long.rotateLeft(b7, 48) ^ b5 ^ Long.rotateLeft(b5, 16) ^ Long.rotateLeft(b5, 32) ^ c[7];
        }
    }

    void wipe() {
        Arrays.fill(rows, 0);
        Arrays.fill(state, 0);
        Arrays.fill(sbox, 0);
    }
}
