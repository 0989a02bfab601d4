package org.shangmi.core.sm4;

import java.util.Arrays;
import java.util.Objects;
import org.shangmi.core.backend.CbcMessagesEngine;
import org.shangmi.core.util.Bytes;

/**
 * SM4-CBC encryption of several messages side by side ({@link CbcMessagesEngine}): step j gathers
 * block j of every message that has one, each XORed with its chain's previous ciphertext block
 * (or its IV), encrypts them together through {@link Sm4#encryptBlocks}, and scatters the results.
 * One message alone is plain CBC, one block at a time; sixteen messages cost the Java engine
 * about one and a half single blocks a step ({@link Sm4Sliced16}), and the vector engine's
 * many-block path about two.
 *
 * <p>Constant time: which blocks are gathered depends only on the lengths, which are public; the
 * data only flows through XORs and the rounds. Not thread-safe (scratch space, wiped after each
 * call).
 */
public final class Sm4CbcMessages implements CbcMessagesEngine {

    private final Sm4 sm4;
    /** Where each message starts, and the gathered blocks of one step. */
    private int[] offsets = new int[0];
    private byte[] step = new byte[0];

    /** Expands a 16-byte key; the rounds run through what {@code rounds} makes. */
    public Sm4CbcMessages(byte[] key, Sm4Rounds.Factory rounds) {
        this.sm4 = new Sm4(key, rounds);
    }

    /** Expands a 16-byte key for the Java engine's rounds. */
    public Sm4CbcMessages(byte[] key) {
        this(key, Sm4CircuitRounds::new);
    }

    @Override
    public void encrypt(byte[] ivs, int[] lengths, int count, byte[] in, int inOff, byte[] out, int outOff) {
        Objects.checkFromIndexSize(0, count, lengths.length);
        Objects.requireNonNull(in, "in");
        Objects.requireNonNull(out, "out");
        if (ivs.length / Sm4.BLOCK_SIZE < count) {
            throw new IllegalArgumentException(count + " messages need " + count + " IVs of 16 bytes, got "
                    + ivs.length + " bytes");
        }
        long total = 0;
        int maxBlocks = 0;
        for (int i = 0; i < count; i++) {
            Sm4Cbc.checkWholeBlocks(lengths[i]);
            total += lengths[i];
            maxBlocks = Math.max(maxBlocks, lengths[i] / Sm4.BLOCK_SIZE);
        }
        if (total > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("the messages total more than 2^31 - 1 bytes");
        }
        Objects.checkFromIndexSize(inOff, (int) total, in.length);
        Objects.checkFromIndexSize(outOff, (int) total, out.length);
        sm4.encryptBlocks(step, 0, step, 0, 0); // refuses a wiped key before anything is written
        if (offsets.length < count) {
            offsets = new int[count];
            step = new byte[count * Sm4.BLOCK_SIZE];
        }
        for (int i = 0, at = 0; i < count; at += lengths[i], i++) {
            offsets[i] = at;
        }
        try {
            for (int j = 0; j < maxBlocks; j++) {
                // the messages with a block j, in order (their lengths are public)
                int active = 0;
                for (int message = 0; message < count; message++) {
                    if (lengths[message] / Sm4.BLOCK_SIZE > j) {
                        int at = offsets[message] + j * Sm4.BLOCK_SIZE;
                        byte[] chain = j == 0 ? ivs : out;
                        int chainAt = j == 0 ? message * Sm4.BLOCK_SIZE : outOff + at - Sm4.BLOCK_SIZE;
                        Bytes.xor(in, inOff + at, chain, chainAt, step, active * Sm4.BLOCK_SIZE, Sm4.BLOCK_SIZE);
                        active++;
                    }
                }
                sm4.encryptBlocks(step, 0, step, 0, active);
                for (int message = 0, m = 0; message < count; message++) {
                    if (lengths[message] / Sm4.BLOCK_SIZE > j) {
                        int at = offsets[message] + j * Sm4.BLOCK_SIZE;
                        System.arraycopy(step, m++ * Sm4.BLOCK_SIZE, out, outOff + at, Sm4.BLOCK_SIZE);
                    }
                }
            }
        } finally {
            Arrays.fill(step, (byte) 0);
        }
    }

    @Override
    public void destroy() {
        sm4.wipe();
        Arrays.fill(step, (byte) 0);
    }
}
