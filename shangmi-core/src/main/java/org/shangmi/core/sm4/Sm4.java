package org.shangmi.core.sm4;

import java.util.Arrays;
import java.util.Objects;
import org.shangmi.core.util.Bytes;

/**
 * The SM4 block cipher (GB/T 32907-2016) with one expanded key: 128-bit blocks, 32 rounds.
 *
 * <p>This class expands the key and checks every range; the rounds themselves run in an
 * {@link Sm4Rounds}: by default {@link Sm4CircuitRounds} (the boolean circuit of
 * {@link Sm4SBoxCircuit}), or another engine's. The key schedule always uses the circuit.
 *
 * <p>Constant time: nothing here branches on or indexes by the key, the round keys or the data,
 * and every {@link Sm4Rounds} promises the same.
 *
 * <p>Not thread-safe (the rounds keep scratch space). {@link #wipe} clears the round keys.
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

    /** The S-box constants of {@link Sm4SBoxCircuit} in every byte of a word. */
    static final int IN_WORD = Sm4SBoxCircuit.IN * 0x01010101;
    static final int OUT_WORD = Sm4SBoxCircuit.OUT * 0x01010101;

    private final int[] encryptionKeys = new int[ROUNDS];
    private final int[] decryptionKeys = new int[ROUNDS];
    private final Sm4Rounds rounds;
    private boolean wiped;

    /**
     * Expands a 16-byte key; the rounds run through {@link Sm4CircuitRounds}.
     *
     * @throws IllegalArgumentException if the key is not 16 bytes
     */
    public Sm4(byte[] key) {
        this(key, Sm4CircuitRounds::new);
    }

    /**
     * Expands a 16-byte key; the rounds run through what {@code rounds} makes.
     *
     * @throws IllegalArgumentException if the key is not 16 bytes
     */
    public Sm4(byte[] key, Sm4Rounds.Factory rounds) {
        Objects.requireNonNull(rounds, "rounds");
        Objects.requireNonNull(key, "key");
        if (key.length != KEY_SIZE) {
            throw new IllegalArgumentException("an SM4 key is 16 bytes, got " + key.length);
        }
        long[] planes = new long[8];
        int k0 = Bytes.getIntBE(key, 0) ^ FK[0];
        int k1 = Bytes.getIntBE(key, 4) ^ FK[1];
        int k2 = Bytes.getIntBE(key, 8) ^ FK[2];
        int k3 = Bytes.getIntBE(key, 12) ^ FK[3];
        for (int i = 0; i < ROUNDS; i++) {
            int b = Sm4CircuitRounds.substitute(k1 ^ k2 ^ k3 ^ CK[i], planes);
            int next = k0 ^ b ^ Integer.rotateLeft(b, 13) ^ Integer.rotateLeft(b, 23);
            encryptionKeys[i] = next;
            decryptionKeys[ROUNDS - 1 - i] = next;
            k0 = k1;
            k1 = k2;
            k2 = k3;
            k3 = next;
        }
        Arrays.fill(planes, 0);
        this.rounds = Objects.requireNonNull(rounds.create(encryptionKeys, decryptionKeys), "rounds");
    }

    /** Encrypts one block; in and out may be the same range. */
    public void encryptBlock(byte[] in, int inOff, byte[] out, int outOff) {
        checkBlocks(in, inOff, out, outOff, 1);
        rounds.cryptBlock(true, in, inOff, out, outOff);
    }

    /** Decrypts one block; in and out may be the same range. */
    public void decryptBlock(byte[] in, int inOff, byte[] out, int outOff) {
        checkBlocks(in, inOff, out, outOff, 1);
        rounds.cryptBlock(false, in, inOff, out, outOff);
    }

    /**
     * Encrypts {@code count} consecutive blocks (ECB); in and out may be the same range, but
     * must not otherwise overlap.
     */
    public void encryptBlocks(byte[] in, int inOff, byte[] out, int outOff, int count) {
        checkBlocks(in, inOff, out, outOff, count);
        rounds.cryptBlocks(true, in, inOff, out, outOff, count);
    }

    /** Decrypts {@code count} consecutive blocks (ECB); as {@link #encryptBlocks}. */
    public void decryptBlocks(byte[] in, int inOff, byte[] out, int outOff, int count) {
        checkBlocks(in, inOff, out, outOff, count);
        rounds.cryptBlocks(false, in, inOff, out, outOff, count);
    }

    /**
     * Overwrites the round keys and everything derived from them; the instance refuses use
     * afterwards ({@link IllegalStateException}).
     */
    public void wipe() {
        wiped = true;
        Arrays.fill(encryptionKeys, 0);
        Arrays.fill(decryptionKeys, 0);
        rounds.wipe();
    }

    /** Below this many blocks the modes go block by block rather than in batches. */
    static final int BITSLICED_FROM = 4;

    private void checkBlocks(byte[] in, int inOff, byte[] out, int outOff, int count) {
        if (wiped) {
            throw new IllegalStateException("the SM4 key has been destroyed");
        }
        if (count < 0) {
            throw new IllegalArgumentException("negative block count " + count);
        }
        int length = Math.multiplyExact(count, BLOCK_SIZE);
        Objects.checkFromIndexSize(inOff, length, in.length);
        Objects.checkFromIndexSize(outOff, length, out.length);
    }

    /**
     * CTR mode on whole blocks: {@code out = in ^ E(c), E(c + 1), ...} for {@code count} blocks,
     * where the counter c is {@code counter[0] ‖ counter[1]} (big-endian halves) and only its low
     * {@code counterBits} bits count (128, or at most 64), wrapping. Advances the counter past the
     * blocks used. In and out may be the same range, but must not otherwise overlap.
     */
    void cryptCounters(long[] counter, int counterBits, byte[] in, int inOff, byte[] out, int outOff, int count) {
        checkBlocks(in, inOff, out, outOff, count);
        Objects.checkFromIndexSize(0, 2, counter.length);
        if (counterBits != 128 && (counterBits < 1 || counterBits > 64)) {
            throw new IllegalArgumentException("counter bits must be 128 or 1 to 64, got " + counterBits);
        }
        rounds.cryptCounters(counter, counterBits, in, inOff, out, outOff, count);
    }

    /**
     * Adds one to the low {@code counterBits} bits of the counter {@code c[0] ‖ c[1]}, wrapping
     * within them; the counter is public (it comes from the IV), so the carry may branch.
     */
    public static void incrementCounter(long[] c, int counterBits) {
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
}
