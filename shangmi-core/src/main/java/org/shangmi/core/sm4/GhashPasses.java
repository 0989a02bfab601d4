package org.shangmi.core.sm4;

/**
 * GHASH over many blocks at a time, computed an engine's own way: the part of {@link Sm4Gcm}'s
 * hash that a backend may take over for long runs of blocks. A pass of {@code n} blocks
 * X1..Xn turns Y into (Y ⊕ X1)·H^n ⊕ X2·H^(n−1) ⊕ ... ⊕ Xn·H, the same value as n steps of
 * Y ← (Y ⊕ X)·H, so the products of a pass are independent and only their sum is reduced.
 *
 * <p>Implementations hold H and its powers, which are secret (H is the key's encryption of the
 * zero block), and see the data: they must be constant time, with no branch or memory index
 * that depends on either. They need not be thread-safe.
 */
public interface GhashPasses {

    /**
     * Absorbs whole passes from the front of the {@code blocks} 16-byte blocks at
     * {@code in[off..]}, as many as fit, and returns how many blocks that was (0 if this engine
     * cannot serve now: the caller hashes them itself). {@code y} is Y as two big-endian 64-bit
     * words, read and updated. The range has been checked.
     */
    int absorb(long[] y, byte[] in, int off, int blocks);

    /** Clears H, its powers and every temporary; the instance is unusable afterwards. */
    void wipe();

    /** Makes the passes for one key's H. */
    interface Factory {

        /** The most blocks a pass takes, at least 2: how many powers of H {@link #create} is given. */
        int maxPassBlocks();

        /**
         * The engine for one H, given H, H², ..., H^{@link #maxPassBlocks} as pairs of big-endian
         * 64-bit words (H^k at {@code powers[2k − 2]}, {@code powers[2k − 1]}), which it may keep
         * but not change; the caller wipes them after {@link GhashPasses#wipe}.
         */
        GhashPasses create(long[] powers);
    }
}
