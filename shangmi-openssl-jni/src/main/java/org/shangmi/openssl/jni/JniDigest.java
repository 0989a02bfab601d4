package org.shangmi.openssl.jni;

import org.shangmi.core.libcrypto.LibcryptoDigest;

/**
 * One libcrypto digest through JNI: the C calls of {@link LibcryptoDigest}, which checks every
 * argument first. Each call holds the context ({@link NativeHandle#acquire}), so that misuse from
 * several threads cannot make C use freed memory.
 */
final class JniDigest implements LibcryptoDigest.Calls<NativeHandle> {

    private final long md;
    private final int length;

    /** The digest as {@code EVP_MD_fetch} gave it (fetched once, never freed). */
    JniDigest(long md) {
        this.md = md;
        this.length = NativeCrypto.mdSize(md);
    }

    @Override
    public int digestLength() {
        return length;
    }

    @Override
    public NativeHandle newContext() {
        return new NativeHandle(NativeCrypto.mdCtxNew(md), NativeCrypto::mdCtxFree);
    }

    @Override
    public void update(NativeHandle ctx, byte[] input, int off, int len) {
        NativeCrypto.checkChunk(input, off, len);
        long pointer = ctx.acquire();
        try {
            NativeCrypto.mdUpdate(pointer, input, off, len);
        } finally {
            ctx.release();
        }
    }

    @Override
    public void finish(NativeHandle ctx, byte[] out, int off) {
        NativeCrypto.checkChunk(out, off, length);
        long pointer = ctx.acquire();
        try {
            NativeCrypto.mdFinal(pointer, md, out, off);
        } finally {
            ctx.release();
        }
    }

    @Override
    public void reset(NativeHandle ctx) {
        long pointer = ctx.acquire();
        try {
            NativeCrypto.mdInit(pointer, md);
        } finally {
            ctx.release();
        }
    }

    @Override
    public NativeHandle copy(NativeHandle ctx) {
        long pointer = ctx.acquire();
        try {
            return new NativeHandle(NativeCrypto.mdCtxCopy(pointer), NativeCrypto::mdCtxFree);
        } finally {
            ctx.release();
        }
    }
}
