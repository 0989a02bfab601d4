package org.shangmi.bench.binding;

import java.util.Objects;

/**
 * One way of calling the same C functions from Java, for the binding study: OpenSSL_version_num
 * (a call that does nothing), EVP_Digest with SM3 (libcrypto), and libsodium's sealed boxes
 * (crypto_box_seal, crypto_box_seal_open). Implementations check lengths in Java before calling,
 * as a library must; they are not thread-safe (the copying ones keep native buffers).
 */
public interface NativeBinding extends AutoCloseable {

    /** libcrypto, by its soname. */
    String LIBCRYPTO = "libcrypto.so.3";
    /** libsodium, by its soname (Debian's libsodium23). */
    String LIBSODIUM = "libsodium.so.23";
    /** crypto_box_PUBLICKEYBYTES and crypto_box_SECRETKEYBYTES. */
    int KEY_BYTES = 32;
    /** crypto_box_SEALBYTES: what a sealed box adds to its message. */
    int SEAL_OVERHEAD = 48;
    /** The SM3 digest length. */
    int DIGEST_BYTES = 32;
    /** The largest message the bindings take (their native buffers are sized for it). */
    int MAX_MESSAGE = 1 << 16;

    /** The name in the benchmark's parameter and the report. */
    String name();

    /** OpenSSL_version_num(): the cost of a call and nothing else. */
    long versionNumber();

    /** SM3 of {@code in[0..length)} into {@code out[0..32)} by EVP_Digest. */
    void sm3(byte[] in, int length, byte[] out);

    /** crypto_box_keypair() into the two 32-byte arrays. */
    void keyPair(byte[] publicKey, byte[] secretKey);

    /** crypto_box_seal(): {@code ciphertext[0..length+48)} from {@code message[0..length)}. */
    void seal(byte[] ciphertext, byte[] message, int length, byte[] publicKey);

    /** crypto_box_seal_open() of {@code ciphertext[0..length)}: whether it opened, the message in {@code message[0..length-48)}. */
    boolean open(byte[] message, byte[] ciphertext, int length, byte[] publicKey, byte[] secretKey);

    @Override
    default void close() {
    }

    /** Checks what every implementation checks before a native call. */
    static void checkSm3(byte[] in, int length, byte[] out) {
        Objects.checkFromIndexSize(0, length, Math.min(in.length, MAX_MESSAGE));
        Objects.checkFromIndexSize(0, DIGEST_BYTES, out.length);
    }

    static void checkSeal(byte[] ciphertext, byte[] message, int length, byte[] publicKey) {
        Objects.checkFromIndexSize(0, length, Math.min(message.length, MAX_MESSAGE));
        Objects.checkFromIndexSize(0, length + SEAL_OVERHEAD, ciphertext.length);
        Objects.checkFromIndexSize(0, KEY_BYTES, publicKey.length);
    }

    static void checkOpen(byte[] message, byte[] ciphertext, int length, byte[] publicKey, byte[] secretKey) {
        Objects.checkFromIndexSize(SEAL_OVERHEAD, length - SEAL_OVERHEAD, Math.min(ciphertext.length, MAX_MESSAGE + SEAL_OVERHEAD));
        Objects.checkFromIndexSize(0, length - SEAL_OVERHEAD, message.length);
        Objects.checkFromIndexSize(0, KEY_BYTES, publicKey.length);
        Objects.checkFromIndexSize(0, KEY_BYTES, secretKey.length);
    }
}
