package org.shangmi.core.sm4;

import java.util.Arrays;
import org.shangmi.core.util.Bytes;

/**
 * SM4's rounds through the S-box circuit of {@link Sm4SBoxCircuit}, in plain Java (JDK 17).
 *
 * <p>A single block runs the circuit on the four bytes of each round's word side by side in one
 * {@code long} (bit i of byte k at bit 8k + i of plane i). Up to 16 blocks share one circuit
 * evaluation a round (the narrow path: their 64 round-word bytes fill the planes), for about two
 * and a half times the cost of one block; more than 32 go through {@link Sm4Bitsliced}, 64 at a
 * time. Encrypting independent CBC chains side by side ({@link Sm4CbcMessages}) is what the
 * narrow path is for: sixteen chains run at about six times the speed of one.
 *
 * <p>Constant time: the S-box is a circuit, never a table, and nothing branches on or indexes by
 * the round keys or the data. Not thread-safe (scratch space).
 *
 * <p>Public (in a package exported only to the vector backend) so that the vector backend can fall
 * back to it over the same round keys when it can no longer show that its code runs compiled.
 */
public final class Sm4CircuitRounds implements Sm4Rounds {

    /** Bytes 0..3 of a word at bits 0, 8, 16 and 24 of each plane. */
    private static final long LANES = 0x01010101L;

    /**
     * Blocks in one pass of the narrow path: each round's 16 words are 64 bytes, one bit of each
     * in every plane of one circuit evaluation.
     */
    static final int NARROW_LANES = 16;
    /**
     * Up to this many blocks go one at a time: a narrow pass costs about two and a half single
     * blocks (2.4 µs against 0.95 µs on the machine of docs/performance.md), whatever it holds.
     */
    private static final int SINGLE_UP_TO = 2;
    /**
     * Above this many blocks a bitsliced pass of up to 64 is cheaper than narrow passes of 16: it
     * costs about three of them.
     */
    private static final int BITSLICED_ABOVE = 2 * NARROW_LANES;

    /** L of the word whose four bytes are the S-box's output constant (L is linear). */
    private static final int L_OF_OUTPUT_CONSTANT = linear(Sm4.OUT_WORD);

    private final int[] encryptionKeys;
    private final int[] decryptionKeys;
    private final long[] planes = new long[8];
    /** The narrow path's state: word w of block b in slot w at 16·slot + b, the slots rotating. */
    private final int[] narrow = new int[4 * NARROW_LANES];
    private final byte[] counterBlock = new byte[Sm4.BLOCK_SIZE];
    private Sm4Bitsliced bitsliced;
    /** {@link Sm4Bitsliced#keyMasks} of each direction, made on first use. */
    private long[] encryptionMasks;
    private long[] decryptionMasks;

    /** Rounds over these round keys (32 each), as {@link Sm4Rounds.Factory#create} receives them. */
    public Sm4CircuitRounds(int[] encryptionKeys, int[] decryptionKeys) {
        this.encryptionKeys = encryptionKeys;
        this.decryptionKeys = decryptionKeys;
    }

    @Override
    public void cryptBlock(boolean encrypt, byte[] in, int inOff, byte[] out, int outOff) {
        crypt(encrypt ? encryptionKeys : decryptionKeys, in, inOff, out, outOff);
    }

    @Override
    public void cryptBlocks(boolean encrypt, byte[] in, int inOff, byte[] out, int outOff, int count) {
        while (count > BITSLICED_ABOVE) {
            int batch = Math.min(count, Sm4Bitsliced.LANES);
            bitsliced().crypt(masks(encrypt), in, inOff, out, outOff, batch);
            inOff += batch * Sm4.BLOCK_SIZE;
            outOff += batch * Sm4.BLOCK_SIZE;
            count -= batch;
        }
        int[] keys = encrypt ? encryptionKeys : decryptionKeys;
        while (count > SINGLE_UP_TO) {
            int batch = Math.min(count, NARROW_LANES);
            cryptNarrow(keys, in, inOff, out, outOff, batch);
            inOff += batch * Sm4.BLOCK_SIZE;
            outOff += batch * Sm4.BLOCK_SIZE;
            count -= batch;
        }
        for (int i = 0; i < count; i++) {
            crypt(keys, in, inOff + i * Sm4.BLOCK_SIZE, out, outOff + i * Sm4.BLOCK_SIZE);
        }
    }

    @Override
    public void cryptCounters(long[] counter, int counterBits, byte[] in, int inOff, byte[] out, int outOff, int count) {
        while (count >= Sm4.BITSLICED_FROM) {
            int batch = Math.min(count, Sm4Bitsliced.LANES);
            bitsliced().cryptCounters(masks(true), counter, counterBits, in, inOff, out, outOff, batch);
            inOff += batch * Sm4.BLOCK_SIZE;
            outOff += batch * Sm4.BLOCK_SIZE;
            count -= batch;
        }
        for (int i = 0; i < count; i++) {
            Bytes.putLongBE(counterBlock, 0, counter[0]);
            Bytes.putLongBE(counterBlock, 8, counter[1]);
            Sm4.incrementCounter(counter, counterBits);
            crypt(encryptionKeys, counterBlock, 0, counterBlock, 0);
            Bytes.xor(in, inOff + i * Sm4.BLOCK_SIZE, counterBlock, 0, out, outOff + i * Sm4.BLOCK_SIZE, Sm4.BLOCK_SIZE);
        }
        Arrays.fill(counterBlock, (byte) 0);
    }

    @Override
    public void wipe() {
        Arrays.fill(planes, 0);
        Arrays.fill(narrow, 0);
        if (encryptionMasks != null) {
            Arrays.fill(encryptionMasks, 0);
        }
        if (decryptionMasks != null) {
            Arrays.fill(decryptionMasks, 0);
        }
        if (bitsliced != null) {
            bitsliced.wipe();
        }
    }

    private Sm4Bitsliced bitsliced() {
        if (bitsliced == null) {
            bitsliced = new Sm4Bitsliced();
        }
        return bitsliced;
    }

    private long[] masks(boolean encrypt) {
        if (encrypt) {
            if (encryptionMasks == null) {
                encryptionMasks = Sm4Bitsliced.keyMasks(encryptionKeys);
            }
            return encryptionMasks;
        }
        if (decryptionMasks == null) {
            decryptionMasks = Sm4Bitsliced.keyMasks(decryptionKeys);
        }
        return decryptionMasks;
    }

    private void crypt(int[] keys, byte[] in, int inOff, byte[] out, int outOff) {
        int x0 = Bytes.getIntBE(in, inOff);
        int x1 = Bytes.getIntBE(in, inOff + 4);
        int x2 = Bytes.getIntBE(in, inOff + 8);
        int x3 = Bytes.getIntBE(in, inOff + 12);
        for (int i = 0; i < Sm4.ROUNDS; i++) {
            int b = substitute(x1 ^ x2 ^ x3 ^ keys[i], planes);
            int next = x0 ^ b ^ Integer.rotateLeft(b, 2) ^ Integer.rotateLeft(b, 10)
                    ^ Integer.rotateLeft(b, 18) ^ Integer.rotateLeft(b, 24);
            x0 = x1;
            x1 = x2;
            x2 = x3;
            x3 = next;
        }
        Bytes.putIntBE(out, outOff, x3);
        Bytes.putIntBE(out, outOff + 4, x2);
        Bytes.putIntBE(out, outOff + 8, x1);
        Bytes.putIntBE(out, outOff + 12, x0);
    }

    /**
     * Up to {@link #NARROW_LANES} blocks through one circuit evaluation a round: the round words of
     * the blocks, two to a {@code long}, are 64 bytes whose bit planes one 8 × 8 bit transpose per
     * byte position makes ({@link #transposeBytes}), and the same transpose takes the S-box's
     * output back. Lanes past {@code count} run on zeros. In and out may be the same range.
     */
    private void cryptNarrow(int[] keys, byte[] in, int inOff, byte[] out, int outOff, int count) {
        int[] x = narrow;
        long[] p = planes;
        for (int b = 0; b < NARROW_LANES; b++) {
            int at = inOff + b * Sm4.BLOCK_SIZE;
            for (int w = 0; w < 4; w++) {
                x[NARROW_LANES * w + b] = b < count ? Bytes.getIntBE(in, at + 4 * w) : 0;
            }
        }
        for (int i = 0; i < Sm4.ROUNDS; i++) {
            int s0 = NARROW_LANES * (i & 3);
            int s1 = NARROW_LANES * ((i + 1) & 3);
            int s2 = NARROW_LANES * ((i + 2) & 3);
            int s3 = NARROW_LANES * ((i + 3) & 3);
            int key = keys[i] ^ Sm4.IN_WORD;
            for (int c = 0; c < 8; c++) {
                int low = x[s1 + 2 * c] ^ x[s2 + 2 * c] ^ x[s3 + 2 * c] ^ key;
                int high = x[s1 + 2 * c + 1] ^ x[s2 + 2 * c + 1] ^ x[s3 + 2 * c + 1] ^ key;
                p[c] = (low & 0xffffffffL) | ((long) high << 32);
            }
            transposeBytes(p);
            Sm4SBoxCircuit.apply(p, 0);
            transposeBytes(p);
            for (int c = 0; c < 8; c++) {
                x[s0 + 2 * c] ^= linear((int) p[c]) ^ L_OF_OUTPUT_CONSTANT;
                x[s0 + 2 * c + 1] ^= linear((int) (p[c] >>> 32)) ^ L_OF_OUTPUT_CONSTANT;
            }
        }
        // X35, X34, X33 and X32 end in slots 3, 2, 1 and 0
        for (int b = 0; b < count; b++) {
            int at = outOff + b * Sm4.BLOCK_SIZE;
            for (int w = 0; w < 4; w++) {
                Bytes.putIntBE(out, at + 4 * w, x[NARROW_LANES * (3 - w) + b]);
            }
        }
        Arrays.fill(x, 0);
        Arrays.fill(p, 0);
    }

    /** SM4's linear map L. */
    private static int linear(int b) {
        return b ^ Integer.rotateLeft(b, 2) ^ Integer.rotateLeft(b, 10) ^ Integer.rotateLeft(b, 18) ^ Integer.rotateLeft(b, 24);
    }

    /**
     * Transposes, at each of the eight byte positions, the 8 × 8 bit matrix whose row r is that
     * byte of {@code p[r]}: bit i of byte m of {@code p[r]} and bit r of byte m of {@code p[i]}
     * change places. Three rounds of swapping ever smaller blocks across the diagonal; its own
     * inverse.
     */
    static void transposeBytes(long[] p) {
        long p0 = p[0];
        long p1 = p[1];
        long p2 = p[2];
        long p3 = p[3];
        long p4 = p[4];
        long p5 = p[5];
        long p6 = p[6];
        long p7 = p[7];
        long m = 0x0f0f0f0f0f0f0f0fL;
        long t = ((p0 >>> 4) ^ p4) & m;
        p4 ^= t;
        p0 ^= t << 4;
        t = ((p1 >>> 4) ^ p5) & m;
        p5 ^= t;
        p1 ^= t << 4;
        t = ((p2 >>> 4) ^ p6) & m;
        p6 ^= t;
        p2 ^= t << 4;
        t = ((p3 >>> 4) ^ p7) & m;
        p7 ^= t;
        p3 ^= t << 4;
        m = 0x3333333333333333L;
        t = ((p0 >>> 2) ^ p2) & m;
        p2 ^= t;
        p0 ^= t << 2;
        t = ((p1 >>> 2) ^ p3) & m;
        p3 ^= t;
        p1 ^= t << 2;
        t = ((p4 >>> 2) ^ p6) & m;
        p6 ^= t;
        p4 ^= t << 2;
        t = ((p5 >>> 2) ^ p7) & m;
        p7 ^= t;
        p5 ^= t << 2;
        m = 0x5555555555555555L;
        t = ((p0 >>> 1) ^ p1) & m;
        p1 ^= t;
        p0 ^= t << 1;
        t = ((p2 >>> 1) ^ p3) & m;
        p3 ^= t;
        p2 ^= t << 1;
        t = ((p4 >>> 1) ^ p5) & m;
        p5 ^= t;
        p4 ^= t << 1;
        t = ((p6 >>> 1) ^ p7) & m;
        p7 ^= t;
        p6 ^= t << 1;
        p[0] = p0;
        p[1] = p1;
        p[2] = p2;
        p[3] = p3;
        p[4] = p4;
        p[5] = p5;
        p[6] = p6;
        p[7] = p7;
    }

    /**
     * τ: the S-box on each byte of the word, through the circuit with the four bytes as lanes;
     * {@code planes} (8 longs) is scratch space.
     */
    static int substitute(int word, long[] planes) {
        long w = (word ^ Sm4.IN_WORD) & 0xffffffffL;
        for (int i = 0; i < 8; i++) {
            planes[i] = (w >>> i) & LANES;
        }
        Sm4SBoxCircuit.apply(planes, 0);
        long result = 0;
        for (int i = 0; i < 8; i++) {
            result |= planes[i] << i; // XOR and AND only: the unused bits stay zero
        }
        return (int) result ^ Sm4.OUT_WORD;
    }
}
