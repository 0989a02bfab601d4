package org.shangmi.core.backend;

import java.security.SecureRandom;

/**
 * SM2 on sm2p256v1 as every backend provides it: key generation, signatures over a digest e,
 * and public-key encryption in the raw C1 || C3 || C2 layout. Keys cross this interface as
 * bytes: a private key is a 32-byte big-endian scalar, a public key its affine x || y (64 bytes).
 *
 * <p>Engines are not thread-safe; {@link SigningKey}s are, and are meant to be cached with the
 * key they were prepared from.
 */
public interface Sm2Engine {

    /** Bytes of a private key, a digest e, and each of r and s. */
    int SCALAR_BYTES = 32;
    /** Bytes of a public key, affine x || y. */
    int PUBLIC_KEY_BYTES = 64;
    /** Bytes a raw ciphertext adds to its plaintext: C1 (04 || x || y) and C3. */
    int CIPHERTEXT_OVERHEAD = 65 + 32;

    /**
     * A private key prepared for signing and decryption (validated, with whatever the engine
     * precomputes per key).
     * Safe to share between threads; {@link #destroy} wipes it.
     */
    interface SigningKey {
        void destroy();
    }

    /**
     * A public key prepared for many verifications (precomputed multiples). Safe to share
     * between threads; worth its cost only for a key that verifies repeatedly.
     */
    interface VerifyingKey {
    }

    /** Picks a private key uniformly in [1, n − 2] and writes it and its public key. */
    void generateKeyPair(SecureRandom random, byte[] privateKey, byte[] publicKey);

    /**
     * Writes the public key d·G of {@code privateKey} to {@code out[off..off+64)}.
     *
     * @throws IllegalArgumentException if d is not in [1, n − 2]
     */
    void publicKey(byte[] privateKey, byte[] out, int off);

    /** @throws IllegalArgumentException if d is not in [1, n − 2] */
    SigningKey signingKey(byte[] privateKey);

    /**
     * Signs the 32-byte digest e, writing r || s (64 bytes) to {@code out[off..)}.
     *
     * @throws IllegalArgumentException if the key was prepared by another engine or destroyed
     */
    void sign(SigningKey key, byte[] digest, SecureRandom random, byte[] out, int off);

    /**
     * Whether r || s at {@code signature[off..off+64)} is a valid signature of the digest e
     * under the public key. Never throws on bad values; anything malformed is false.
     */
    boolean verify(byte[] publicKey, byte[] digest, byte[] signature, int off);

    /** @throws IllegalArgumentException if the public key is not a point of the curve */
    VerifyingKey verifyingKey(byte[] publicKey);

    /**
     * As {@link #verify(byte[], byte[], byte[], int)} with a prepared key.
     *
     * @throws IllegalArgumentException if the key was prepared by another engine
     */
    boolean verify(VerifyingKey key, byte[] digest, byte[] signature, int off);

    /**
     * Encrypts {@code in[off..off+len)}, writing C1 || C3 || C2 ({@link #CIPHERTEXT_OVERHEAD} + len bytes).
     *
     * @return the number of bytes written
     * @throws IllegalArgumentException if the public key is not a point of the curve
     */
    int encrypt(byte[] publicKey, byte[] in, int off, int len, SecureRandom random, byte[] out, int outOff);

    /**
     * Decrypts the raw C1 || C3 || C2 at {@code in[off..off+len)}, writing the plaintext.
     *
     * @return the plaintext length, or −1 if the ciphertext is malformed or does not
     *         authenticate; the output range then holds zeros
     * @throws IllegalArgumentException if the private key is not in [1, n − 1]
     */
    int decrypt(byte[] privateKey, byte[] in, int off, int len, byte[] out, int outOff);

    /**
     * As {@link #decrypt(byte[], byte[], int, int, byte[], int)} with a key prepared by
     * {@link #signingKey}, which a private key object caches (no import per message).
     *
     * @throws IllegalArgumentException if the key was prepared by another engine or destroyed
     */
    int decrypt(SigningKey key, byte[] in, int off, int len, byte[] out, int outOff);
}
