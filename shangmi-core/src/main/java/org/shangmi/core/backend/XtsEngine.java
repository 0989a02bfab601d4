package org.shangmi.core.backend;

/**
 * A keyed XTS engine (SM4-XTS) as a backend provides it: each call en- or deciphers one data unit
 * of at least 16 bytes under a 16-byte tweak, stealing ciphertext for a partial last block.
 */
public interface XtsEngine {

    /** Encrypts one data unit; the ranges may be the same, but must not otherwise overlap. */
    void encrypt(byte[] tweak, byte[] in, int inOff, int len, byte[] out, int outOff);

    /** Decrypts one data unit; as {@link #encrypt}. */
    void decrypt(byte[] tweak, byte[] in, int inOff, int len, byte[] out, int outOff);

    /** Overwrites the key material; the engine is unusable afterwards. */
    void destroy();
}
