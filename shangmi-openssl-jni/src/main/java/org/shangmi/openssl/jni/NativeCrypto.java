package org.shangmi.openssl.jni;

import java.util.Objects;
import org.shangmi.core.libcrypto.LibcryptoBackend;

/**
 * The C functions of libshangmi-jni, one per EVP call. The only class that declares native
 * methods. Handles are the C pointers as {@code long}s, owned by one Java object each; callers
 * check every length, offset and handle before calling, since the C side trusts its arguments.
 */
final class NativeCrypto {

    private NativeCrypto() {
    }

    /**
     * Checks {@code array[off..off+len)} for a call that pins the array: inside the array, and at
     * most {@link LibcryptoBackend#CHUNK} bytes. The engines of the libcrypto layer keep to both;
     * checking again here keeps the C side safe from any caller, for a fraction of the JNI call.
     */
    static void checkChunk(byte[] array, int off, int len) {
        Objects.checkFromIndexSize(off, len, array.length);
        if (len > LibcryptoBackend.CHUNK) {
            throw new IllegalArgumentException(len + " bytes for one native call, over " + LibcryptoBackend.CHUNK);
        }
    }

    /** dlopen()s libcrypto by soname or checked absolute path; null, or the reason it failed. */
    static native String open(String path);

    /** OpenSSL_version_num(). */
    static native long versionNumber();

    /** ERR_peek_error(): the oldest error queued on this thread, 0 if none. */
    static native long pendingError();

    /** OpenSSL_version(OPENSSL_VERSION). */
    static native String versionText();

    /** The path of the libcrypto file the dynamic linker mapped, or null if it cannot tell. */
    static native String libraryFile();

    /** EVP_MD_fetch(NULL, name, NULL); the EVP_MD is kept for the life of the process. */
    static native long mdFetch(String name);

    /** EVP_MD_get_size(). */
    static native int mdSize(long md);

    /** EVP_MD_CTX_new() and EVP_DigestInit_ex2(). */
    static native long mdCtxNew(long md);

    static native void mdCtxFree(long ctx);

    /** A new EVP_MD_CTX in the state of {@code ctx} (EVP_MD_CTX_copy_ex). */
    static native long mdCtxCopy(long ctx);

    static native void mdInit(long ctx, long md);

    /** EVP_DigestUpdate on {@code input[offset..offset+length)}, the array pinned meanwhile. */
    static native void mdUpdate(long ctx, byte[] input, int offset, int length);

    /** EVP_DigestFinal_ex into {@code output[offset..)}, then EVP_DigestInit_ex2 again. */
    static native void mdFinal(long ctx, long md, byte[] output, int offset);

    /** EVP_MAC_fetch(NULL, name, NULL); kept for the life of the process. */
    static native long macFetch(String name);

    static native long macCtxNew(long mac);

    static native void macCtxFree(long ctx);

    /** EVP_MAC_CTX_dup(): a new context with the same key and pending input. */
    static native long macCtxDup(long ctx);

    /** EVP_MAC_init with a private copy of {@code key[offset..offset+length)}, wiped after, and the digest named. */
    static native void macInit(long ctx, byte[] key, int offset, int length, String digest);

    /** EVP_MAC_init with the key already set: a new message. */
    static native void macRestart(long ctx);

    /** EVP_MAC_update on {@code input[offset..offset+length)}, the array pinned meanwhile. */
    static native void macUpdate(long ctx, byte[] input, int offset, int length);

    /** EVP_MAC_final into {@code output[offset..offset+length)}, then a new message under the same key. */
    static native void macFinal(long ctx, byte[] output, int offset, int length);

    /** EVP_CIPHER_fetch(NULL, name, NULL); kept for the life of the process. */
    static native long cipherFetch(String name);

    /** EVP_CIPHER_CTX_new() and EVP_CipherInit_ex2 with the 16-byte key and IV (null for none), padding off. */
    static native long cipherCtxNew(long cipher, boolean encrypt, byte[] key, byte[] iv);

    static native void cipherCtxFree(long ctx);

    /** EVP_CipherInit_ex2 with the key already set and the 16-byte {@code iv} (null for none). */
    static native void cipherRestart(long ctx, boolean encrypt, byte[] iv);

    /**
     * EVP_CipherUpdate from {@code input[inOffset..inOffset+length)} to {@code output[outOffset..)},
     * both pinned meanwhile (the same array for in-place work); returns the bytes written.
     */
    static native int cipherUpdate(long ctx, byte[] input, int inOffset, int length, byte[] output, int outOffset);

    /** An SM2 EVP_PKEY from the private key d (32 bytes big-endian, range-checked by the caller). */
    static native long pkeyPrivate(byte[] d);

    /** An SM2 EVP_PKEY from the public key x || y (64 bytes); throws if it is not a point of the curve. */
    static native long pkeyPublic(byte[] xy);

    static native void pkeyFree(long pkey);

    /** A key pair from OpenSSL's generator, written as d (32 bytes) and x || y (64 bytes). */
    static native void pkeyGenerate(byte[] d, byte[] xy);

    /** Signs the 32-byte digest; writes a DER signature to {@code der} (room for 72 bytes) and returns its length. */
    static native int pkeySign(long pkey, byte[] digest, byte[] der);

    /** 1 if {@code der[0..length)} is a valid signature of the 32-byte digest, else 0; the error queue is left empty. */
    static native int pkeyVerify(long pkey, byte[] der, int length, byte[] digest);

    /** Encrypts {@code input[offset..offset+length)} (not empty); writes GM/T 0009 DER to {@code der} and returns its length. */
    static native int pkeyEncrypt(long pkey, byte[] input, int offset, int length, byte[] der);

    /**
     * Decrypts the DER ciphertext {@code der[0..length)} into {@code output[outOffset..outOffset+capacity)};
     * the plaintext length, or −1 if libcrypto refuses it (the error queue left empty).
     */
    static native int pkeyDecrypt(long pkey, byte[] der, int length, byte[] output, int outOffset, int capacity);
}
