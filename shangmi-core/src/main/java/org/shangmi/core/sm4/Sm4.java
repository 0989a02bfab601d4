package org.shangmi.core.sm4;

import java.util.Arrays;
import java.util.Objects;
import org.shangmi.core.util.Bytes;

/**
 * The SM4 block cipher (GB/T 32907-2016) with one expanded key: 128-bit blocks, 32 rounds.
 *
 * <p>Constant time: the S-box is the boolean circuit of {@link Sm4SBoxCircuit}, never a table,
 * and nothing branches on or indexes by the key, the round keys or the data. A single block
 * ({@link #encryptBlock}) runs the circuit on the four bytes of each round's word side by side
 * in one {@code long} (bit i of byte k at bit 8k + i of plane i). Many blocks
 * ({@link #encryptBlocks}) go through {@link Sm4Bitsliced}, 64 at a time, which is far faster
 * per block. The key schedule uses the single-block path.
 *
 * <p>Not thread-safe (it keeps scratch space). {@link #wipe} clears the round keys.
 */
public final class Sm4 {

    /** Bytes per block. */
    public static final int BLOCK_SIZE = 16;
    /** Bytes per key. */
    public static final int KEY_SIZE = 16;

    static final int ROUNDS = 32;

    private static final int[] FK = {0xa3b1bac6, 0x56aa3350, 0x677d9197, 0xb27022dc};

    /** CK_i: byte j of CK_i is (4i + j)·7 mod 256. */
    private static final int[] CK = new int[ROUNDS];

    static {
        for (int i = 0; i < ROUNDS; i++) {
            int ck = 0;
            for (int j = 0; j < 4; j++) {
                ck = (ck << 8) | (((4 * i + j) * 7) & 0xff);
            }
            CK[i] = ck;
        }
    }

    /** Bytes 0..3 of a word at bits 0, 8, 16 and 24 of each plane. */
    private static final long LANES = 0x01010101L;
    /** The S-box constants of {@link Sm4SBoxCircuit} in every byte of a word. */
    static final int IN_WORD = Sm4SBoxCircuit.IN * 0x01010101;
    static final int OUT_WORD = Sm4SBoxCircuit.OUT * 0x01010101;

    private final int[] encryptionKeys = new int[ROUNDS];
    private final int[] decryptionKeys = new int[ROUNDS];
    private final long[] planes = new long[8];
    private final byte[] counterBlock = new byte[BLOCK_SIZE];
    private Sm4Bitsliced bitsliced;
    /** {@link Sm4Bitsliced#keyMasks} of each direction, made on first use. */
    private long[] encryptionMasks;
    private long[] decryptionMasks;

    /**
     * Expands a 16-byte key.
     *
     * @throws IllegalArgumentException if the key is not 16 bytes
     */
    public Sm4(byte[] key) {
        Objects.requireNonNull(key, "key");
        if (key.length != KEY_SIZE) {
            throw new IllegalArgumentException("an SM4 key is 16 bytes, got " + key.length);
        }
        int k0 = Bytes.getIntBE(key, 0) ^ FK[0];
        int k1 = Bytes.getIntBE(key, 4) ^ FK[1];
        int k2 = Bytes.getIntBE(key, 8) ^ FK[2];
        int k3 = Bytes.getIntBE(key, 12) ^ FK[3];
        for (int i = 0; i < ROUNDS; i++) {
            int b = substitute(k1 ^ k2 ^ k3 ^ CK[i]);
            int next = k0 ^ b ^ Integer.rotateLeft(b, 13) ^ Integer.rotateLeft(b, 23);
            encryptionKeys[i] = next;
            decryptionKeys[ROUNDS - 1 - i] = next;
            k0 = k1;
            k1 = k2;
            k2 = k3;
            k3 = next;
        }
        Arrays.fill(planes, 0);
    }

    /** Encrypts one block; in and out may be the same range. */
    public void encryptBlock(byte[] in, int inOff, byte[] out, int outOff) {
        crypt(encryptionKeys, in, inOff, out, outOff);
    }

    /** Decrypts one block; in and out may be the same range. */
    public void decryptBlock(byte[] in, int inOff, byte[] out, int outOff) {
        crypt(decryptionKeys, in, inOff, out, outOff);
    }

    /**
     * Encrypts {@code count} consecutive blocks (ECB); in and out may be the same range, but
     * must not otherwise overlap.
     */
    public void encryptBlocks(byte[] in, int inOff, byte[] out, int outOff, int count) {
        cryptBlocks(encryptionKeys, true, in, inOff, out, outOff, count);
    }

    /** Decrypts {@code count} consecutive blocks (ECB); as {@link #encryptBlocks}. */
    public void decryptBlocks(byte[] in, int inOff, byte[] out, int outOff, int count) {
        cryptBlocks(decryptionKeys, false, in, inOff, out, outOff, count);
    }

    /** Overwrites the round keys and scratch space; the instance is unusable afterwards. */
    public void wipe() {
        Arrays.fill(encryptionKeys, 0);
        Arrays.fill(decryptionKeys, 0);
        Arrays.fill(planes, 0);
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

    /** Below this many blocks the single-block path is cheaper than a 64-lane pass. */
    static final int BITSLICED_FROM = 4;

    private void cryptBlocks(int[] keys, boolean encrypt, byte[] in, int inOff, byte[] out, int outOff, int count) {
        if (count < 0) {
            throw new IllegalArgumentException("negative block count " + count);
        }
        int length = Math.multiplyExact(count, BLOCK_SIZE);
        Objects.checkFromIndexSize(inOff, length, in.length);
        Objects.checkFromIndexSize(outOff, length, out.length);
        while (count >= BITSLICED_FROM) {
            int batch = Math.min(count, Sm4Bitsliced.LANES);
            bitsliced().crypt(masks(encrypt), in, inOff, out, outOff, batch);
            inOff += batch * BLOCK_SIZE;
            outOff += batch * BLOCK_SIZE;
            count -= batch;
        }
        for (int i = 0; i < count; i++) {
            crypt(keys, in, inOff + i * BLOCK_SIZE, out, outOff + i * BLOCK_SIZE);
        }
    }

    /**
     * CTR mode on whole blocks: {@code out = in ^ E(c), E(c + 1), ...} for {@code count} blocks,
     * where the counter c is {@code counter[0] ‖ counter[1]} (big-endian halves) and only its low
     * {@code counterBits} bits count (128, or at most 64), wrapping. Advances the counter past the
     * blocks used. In and out may be the same range, but must not otherwise overlap.
     */
    void cryptCounters(long[] counter, int counterBits, byte[] in, int inOff, byte[] out, int outOff, int count) {
        if (count < 0) {
            throw new IllegalArgumentException("negative block count " + count);
        }
        int length = Math.multiplyExact(count, BLOCK_SIZE);
        Objects.checkFromIndexSize(inOff, length, in.length);
        Objects.checkFromIndexSize(outOff, length, out.length);
        while (count >= BITSLICED_FROM) {
            int batch = Math.min(count, Sm4Bitsliced.LANES);
            bitsliced().cryptCounters(masks(true), counter, counterBits, in, inOff, out, outOff, batch);
            inOff += batch * BLOCK_SIZE;
            outOff += batch * BLOCK_SIZE;
            count -= batch;
        }
        for (int i = 0; i < count; i++) {
            Bytes.putLongBE(counterBlock, 0, counter[0]);
            Bytes.putLongBE(counterBlock, 8, counter[1]);
            incrementCounter(counter, counterBits);
            encryptBlock(counterBlock, 0, counterBlock, 0);
            Bytes.xor(in, inOff + i * BLOCK_SIZE, counterBlock, 0, out, outOff + i * BLOCK_SIZE, BLOCK_SIZE);
        }
        Arrays.fill(counterBlock, (byte) 0);
    }

    /**
     * Adds one to the low {@code counterBits} bits of the counter {@code c[0] ‖ c[1]}, wrapping
     * within them; the counter is public (it comes from the IV), so the carry may branch.
     */
    static void incrementCounter(long[] c, int counterBits) {
        if (counterBits == 128) {
            c[1]++;
            if (c[1] == 0) {
                c[0]++;
            }
        } else {
            long mask = -1L >>> (64 - counterBits);
            c[1] = (c[1] & ~mask) | ((c[1] + 1) & mask);
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
        Objects.checkFromIndexSize(inOff, BLOCK_SIZE, in.length);
        Objects.checkFromIndexSize(outOff, BLOCK_SIZE, out.length);
        int x0 = Bytes.getIntBE(in, inOff);
        int x1 = Bytes.getIntBE(in, inOff + 4);
        int x2 = Bytes.getIntBE(in, inOff + 8);
        int x3 = Bytes.getIntBE(in, inOff + 12);
        for (int i = 0; i < ROUNDS; i++) {
            int b = substitute(x1 ^ x2 ^ x3 ^ keys[i]);
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

    /** τ: the S-box on each byte of the word, through the circuit with the four bytes as lanes. */
    private int substitute(int word) {
        long w = (word ^ IN_WORD) & 0xffffffffL;
        for (int i = 0; i < 8; i++) {
            planes[i] = (w >>> i) & LANES;
        }
        Sm4SBoxCircuit.apply(planes, 0);
        long result = 0;
        for (int i = 0; i < 8; i++) {
            result |= planes[i] << i; // XOR and AND only: the unused bits stay zero
        }
        return (int) result ^ OUT_WORD;
    }
}
