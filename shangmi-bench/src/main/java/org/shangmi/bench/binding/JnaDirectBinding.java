package org.shangmi.bench.binding;

import com.sun.jna.Native;
import com.sun.jna.NativeLibrary;
import com.sun.jna.Pointer;

/**
 * JNA's direct mapping: static native methods bound with {@link Native#register}, which JNA calls
 * without reflection or proxies. Arrays are still copied to native memory and back on every call.
 */
final class JnaDirectBinding implements NativeBinding {

    /** libcrypto's functions, bound to the class by JNA. */
    static final class Crypto {
        static {
            Native.register(NativeLibrary.getInstance(LIBCRYPTO));
        }

        private Crypto() {
        }

        static native long OpenSSL_version_num();

        static native Pointer EVP_MD_fetch(Pointer libraryContext, String algorithm, String properties);

        static native int EVP_Digest(byte[] data, long count, byte[] md, Pointer size, Pointer type, Pointer engine);
    }

    /** libsodium's functions. */
    static final class Sodium {
        static {
            Native.register(NativeLibrary.getInstance(LIBSODIUM));
        }

        private Sodium() {
        }

        static native int sodium_init();

        static native int crypto_box_keypair(byte[] publicKey, byte[] secretKey);

        static native int crypto_box_seal(byte[] ciphertext, byte[] message, long length, byte[] publicKey);

        static native int crypto_box_seal_open(byte[] message, byte[] ciphertext, long length, byte[] publicKey,
                byte[] secretKey);
    }

    private final Pointer sm3;

    JnaDirectBinding() {
        sm3 = Crypto.EVP_MD_fetch(null, "SM3", null);
        if (sm3 == null || Sodium.sodium_init() < 0) {
            throw new IllegalStateException("EVP_MD_fetch(SM3) or sodium_init failed");
        }
    }

    @Override
    public String name() {
        return "JNA-direct";
    }

    @Override
    public long versionNumber() {
        return Crypto.OpenSSL_version_num();
    }

    @Override
    public void sm3(byte[] in, int length, byte[] out) {
        NativeBinding.checkSm3(in, length, out);
        if (Crypto.EVP_Digest(in, length, out, null, sm3, null) != 1) {
            throw new IllegalStateException("EVP_Digest failed");
        }
    }

    @Override
    public void keyPair(byte[] publicKey, byte[] secretKey) {
        if (publicKey.length < KEY_BYTES || secretKey.length < KEY_BYTES || Sodium.crypto_box_keypair(publicKey, secretKey) != 0) {
            throw new IllegalStateException("crypto_box_keypair failed");
        }
    }

    @Override
    public void seal(byte[] ciphertext, byte[] message, int length, byte[] publicKey) {
        NativeBinding.checkSeal(ciphertext, message, length, publicKey);
        if (Sodium.crypto_box_seal(ciphertext, message, length, publicKey) != 0) {
            throw new IllegalStateException("crypto_box_seal failed");
        }
    }

    @Override
    public boolean open(byte[] message, byte[] ciphertext, int length, byte[] publicKey, byte[] secretKey) {
        NativeBinding.checkOpen(message, ciphertext, length, publicKey, secretKey);
        return Sodium.crypto_box_seal_open(message, ciphertext, length, publicKey, secretKey) == 0;
    }
}
