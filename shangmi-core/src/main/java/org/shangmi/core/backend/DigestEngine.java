package org.shangmi.core.backend;

/**
 * A message digest as every backend provides it: streaming input, fixed-length output.
 *
 * <p>Engines are not thread-safe. {@link #digest} finishes the hash, writes it, and leaves the
 * engine reset for the next message.
 */
public interface DigestEngine {

    /** The standard name, for example {@code "SM3"}. */
    String algorithm();

    /** Output length in bytes. */
    int digestLength();

    /** Input block length in bytes (HMAC pads keys to it). */
    int blockLength();

    void update(byte input);

    /** @throws IndexOutOfBoundsException if {@code off} and {@code len} do not lie within {@code input} */
    void update(byte[] input, int off, int len);

    /**
     * Writes the digest of everything fed since the last reset to {@code out[off..off+digestLength())}
     * and resets the engine.
     *
     * @throws IndexOutOfBoundsException if the digest does not fit at {@code off}
     */
    void digest(byte[] out, int off);

    /** Forgets all input, returning to the initial state. */
    void reset();

    /** An independent engine in the same state; updating one never affects the other. */
    DigestEngine copy();
}
