package org.shangmi.openssl.jni;

import org.shangmi.core.libcrypto.LibcryptoSm4;

/**
 * libcrypto's SM4 in one mode through JNI: the C calls of {@link LibcryptoSm4}, which checks every
 * argument first. Each call holds the context ({@link NativeHandle#acquire}); freeing it makes
 * OpenSSL clear its key schedule.
 */
final class JniSm4 implements LibcryptoSm4.Calls<NativeHandle> {

    private final long cipher;

    /** SM4 in one mode, as {@code EVP_CIPHER_fetch} gave it (fetched once, never freed). */
    JniSm4(long cipher) {
        this.cipher = cipher;
    }

    @Override
    public NativeHandle newContext(boolean encrypt, byte[] key, byte[] iv) {
        return new NativeHandle(NativeCrypto.cipherCtxNew(cipher, encrypt, key, iv), NativeCrypto::cipherCtxFree);
    }

    @Override
    public int update(NativeHandle ctx, byte[] in, int inOff, int len, byte[] out, int outOff) {
        long pointer = ctx.acquire();
        try {
            return NativeCrypto.cipherUpdate(pointer, in, inOff, len, out, outOff);
        } finally {
            ctx.release();
        }
    }

    @Override
    public void restart(NativeHandle ctx, boolean encrypt, byte[] iv) {
        long pointer = ctx.acquire();
        try {
            NativeCrypto.cipherRestart(pointer, encrypt, iv);
        } finally {
            ctx.release();
        }
    }

    @Override
    public void free(NativeHandle ctx) {
        ctx.close();
    }
}
