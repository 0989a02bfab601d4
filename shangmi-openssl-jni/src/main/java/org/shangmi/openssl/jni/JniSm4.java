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
        checkKeyAndIv(key, iv);
        return new NativeHandle(NativeCrypto.cipherCtxNew(cipher, encrypt, key, iv), NativeCrypto::cipherCtxFree);
    }

    @Override
    public int update(NativeHandle ctx, byte[] in, int inOff, int len, byte[] out, int outOff) {
        NativeCrypto.checkChunk(in, inOff, len);
        NativeCrypto.checkChunk(out, outOff, len);
        long pointer = ctx.acquire();
        try {
            return NativeCrypto.cipherUpdate(pointer, in, inOff, len, out, outOff);
        } finally {
            ctx.release();
        }
    }

    @Override
    public void restart(NativeHandle ctx, boolean encrypt, byte[] iv) {
        if (iv != null && iv.length != 16) {
            throw new IllegalArgumentException("an SM4 IV is 16 bytes, got " + iv.length);
        }
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

    /** The C side reads 16 bytes of each: a 16-byte key and, but for ECB, a 16-byte IV. */
    private static void checkKeyAndIv(byte[] key, byte[] iv) {
        if (key.length != 16 || (iv != null && iv.length != 16)) {
            throw new IllegalArgumentException("an SM4 key and IV are 16 bytes, got " + key.length
                    + (iv == null ? "" : " and " + iv.length));
        }
    }
}
