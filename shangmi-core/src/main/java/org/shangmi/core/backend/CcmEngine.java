package org.shangmi.core.backend;

/**
 * A keyed CCM engine (SM4-CCM) as a backend provides it. CCM puts the message length in its
 * first authenticated block, so each call seals or opens a whole message.
 */
public interface CcmEngine {

    /**
     * Writes ciphertext || tag ({@code len + tagLength} bytes) to {@code out}.
     *
     * @throws IllegalArgumentException if the nonce is not 7 to 13 bytes, the tag length not an
     *         even number from 4 to 16, or the message too long for the nonce's length field
     */
    void seal(byte[] nonce, int tagLength, byte[] aad, int aadOff, int aadLen,
            byte[] in, int inOff, int len, byte[] out, int outOff);

    /**
     * Checks the tag at the end of {@code in[inOff..inOff+len)} and, only if it matches, writes
     * the {@code len - tagLength} plaintext bytes to {@code out}.
     *
     * @return whether the tag matched (nothing is written if not)
     */
    boolean open(byte[] nonce, int tagLength, byte[] aad, int aadOff, int aadLen,
            byte[] in, int inOff, int len, byte[] out, int outOff);

    /** Overwrites the key material; the engine is unusable afterwards. */
    void destroy();
}
