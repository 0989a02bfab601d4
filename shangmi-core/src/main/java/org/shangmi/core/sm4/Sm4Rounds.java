package org.shangmi.core.sm4;

/**
 * The 32 rounds of SM4 over one key's round keys: the part of {@link Sm4} that an engine may
 * compute its own way. {@link Sm4} expands the key, checks every range and count, and then calls
 * one of these; the modes see only {@link Sm4}.
 *
 * <p>Implementations hold secrets (the round keys they were made with, and whatever they derive
 * from them) and must be constant time: no branch or memory index that depends on the keys or
 * the data. They need not be thread-safe.
 */
public interface Sm4Rounds {

    /**
     * One block with the encryption or the decryption round keys. In and out may be the same
     * range. The ranges have been checked.
     */
    void cryptBlock(boolean encrypt, byte[] in, int inOff, byte[] out, int outOff);

    /**
     * {@code count} consecutive blocks (ECB). In and out are the same range or do not overlap.
     * The ranges have been checked.
     */
    void cryptBlocks(boolean encrypt, byte[] in, int inOff, byte[] out, int outOff, int count);

    /**
     * CTR on {@code count} whole blocks: {@code out = in ^ E(c), E(c + 1), ...} where the counter
     * c is {@code counter[0] ‖ counter[1]} (big-endian halves) and only its low
     * {@code counterBits} bits count (128, or 1 to 64), wrapping as
     * {@link Sm4#incrementCounter} does; leaves the counter past the blocks used. In and out are
     * the same range or do not overlap. The ranges and the counter width have been checked.
     */
    void cryptCounters(long[] counter, int counterBits, byte[] in, int inOff, byte[] out, int outOff, int count);

    /** Clears everything derived from the round keys; the instance is unusable afterwards. */
    void wipe();

    /** Makes the rounds for one key. */
    @FunctionalInterface
    interface Factory {
        /**
         * Rounds over these round keys (32 each). The arrays belong to {@link Sm4}, which wipes
         * them; the rounds read them and may keep references.
         */
        Sm4Rounds create(int[] encryptionKeys, int[] decryptionKeys);
    }
}
