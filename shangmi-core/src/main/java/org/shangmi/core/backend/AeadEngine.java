package org.shangmi.core.backend;

/**
 * One keyed authenticated-encryption operation (SM4-GCM) as a backend provides it. Encryption
 * streams; decryption takes the whole ciphertext at once, so that no plaintext exists before the
 * tag has been checked. After {@link #finishEncryption} or {@link #decrypt} the engine is back at
 * its start (same key and IV, no associated data).
 */
public interface AeadEngine {

    /** The tag length in bytes. */
    int tagLength();

    /** Adds associated data; only before the first {@link #encrypt}. */
    void updateAad(byte[] in, int off, int len);

    /** Encrypts {@code len} bytes; the ranges may be the same, but must not otherwise overlap. */
    void encrypt(byte[] in, int inOff, int len, byte[] out, int outOff);

    /** Writes the tag ({@link #tagLength()} bytes) over everything so far, and starts over. */
    void finishEncryption(byte[] out, int outOff);

    /**
     * Checks {@code tag} over the associated data and the ciphertext {@code in[inOff..+len)} and,
     * only if it matches, writes the plaintext to {@code out}; starts over either way.
     *
     * @return whether the tag matched (nothing is written if not)
     */
    boolean decrypt(byte[] in, int inOff, int len, byte[] tag, int tagOff, byte[] out, int outOff);

    /**
     * Starts over with the same key and tag length and a new IV, skipping the key schedule.
     *
     * @throws IllegalArgumentException if the IV does not suit the mode
     */
    void reset(byte[] iv);

    /** Overwrites the key material; the engine is unusable afterwards. */
    void destroy();
}
