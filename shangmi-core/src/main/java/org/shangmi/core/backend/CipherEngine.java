package org.shangmi.core.backend;

/**
 * One keyed block-cipher mode in one direction, as a backend provides it: bytes in, the same
 * number of bytes out. Buffering of partial blocks, padding and the JCA's rules live in the
 * provider; an engine only ever sees whole units.
 */
public interface CipherEngine {

    /**
     * The unit {@link #update} takes: the block size for block modes (ECB, CBC), 1 for modes
     * that encrypt any number of bytes (CTR).
     */
    int unit();

    /**
     * Transforms {@code len} bytes (a multiple of {@link #unit()}) from {@code in} into
     * {@code out}. The ranges may be the same; they must not otherwise overlap.
     */
    void update(byte[] in, int inOff, int len, byte[] out, int outOff);

    /** Returns to the state right after keying: the same key and the initial IV or counter. */
    void reset();

    /**
     * Returns to the start with the same key and a new IV (null for ECB), so that a Cipher
     * re-initialised with an unchanged key skips the key schedule.
     *
     * @throws IllegalArgumentException if the IV does not suit the mode
     */
    void reset(byte[] iv);

    /** Overwrites the key material; the engine is unusable afterwards. */
    void destroy();
}
