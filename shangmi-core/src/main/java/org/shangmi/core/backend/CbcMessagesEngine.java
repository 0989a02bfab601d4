package org.shangmi.core.backend;

/**
 * SM4-CBC encryption of several independent messages under one key, each with its own IV, as a
 * backend provides it: the messages' chains advance side by side, so that an engine that does
 * many blocks at once for the price of a few does one block of every message in one pass. A TLS
 * 1.1-style record layer (TLCP's CBC suites) seals several records this way, each record being
 * its own chain.
 */
public interface CbcMessagesEngine {

    /**
     * Encrypts {@code count} messages lying back to back from {@code in[inOff]}, message i being
     * {@code lengths[i]} bytes (whole 16-byte blocks, possibly none) under the IV
     * {@code ivs[16·i, 16·i + 16)}, and writes their ciphertexts back to back from
     * {@code out[outOff]}. In and out may be the same range, but must not otherwise overlap.
     *
     * @throws IllegalArgumentException if a length is negative or not whole blocks, or the IVs
     *         are too few
     * @throws IndexOutOfBoundsException if a range falls outside its array
     * @throws IllegalStateException after {@link #destroy}
     */
    void encrypt(byte[] ivs, int[] lengths, int count, byte[] in, int inOff, byte[] out, int outOff);

    /** Overwrites the key material; the engine is unusable afterwards. */
    void destroy();
}
