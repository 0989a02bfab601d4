package org.shangmi.core.backend;

/**
 * A keyed message authentication code as every backend provides it.
 *
 * <p>Engines are not thread-safe. {@link #doFinal} writes the tag and returns the engine to its
 * freshly keyed state, ready for the next message under the same key.
 */
public interface MacEngine {

    /** The standard name, for example {@code "HmacSM3"}. */
    String algorithm();

    /** Tag length in bytes. */
    int macLength();

    /**
     * Keys the engine, replacing any earlier key and discarding pending input. The engine keeps
     * no reference to {@code key}; the caller stays responsible for wiping its own copy.
     *
     * @throws IndexOutOfBoundsException if {@code off} and {@code len} do not lie within {@code key}
     */
    void init(byte[] key, int off, int len);

    /** @throws IllegalStateException if the engine has no key */
    void update(byte input);

    /**
     * @throws IllegalStateException if the engine has no key
     * @throws IndexOutOfBoundsException if {@code off} and {@code len} do not lie within {@code input}
     */
    void update(byte[] input, int off, int len);

    /**
     * Writes the tag to {@code out[off..off+macLength())} and resets to the keyed state.
     *
     * @throws IllegalStateException if the engine has no key
     * @throws IndexOutOfBoundsException if the tag does not fit at {@code off}
     */
    void doFinal(byte[] out, int off);

    /** Discards pending input; the key stays. */
    void reset();

    /** An independent engine with the same key and pending input. */
    MacEngine copy();

    /** Wipes the key material; the engine must be keyed again before use. */
    void destroy();
}
