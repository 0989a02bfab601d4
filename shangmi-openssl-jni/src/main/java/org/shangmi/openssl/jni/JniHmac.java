package org.shangmi.openssl.jni;

import java.util.Objects;
import org.shangmi.core.libcrypto.LibcryptoHmac;

/**
 * libcrypto's HMAC over one digest through JNI: the C calls of {@link LibcryptoHmac}, which checks
 * every argument first. The key crosses into C as a private copy that the C side wipes. Each call
 * holds the context ({@link NativeHandle#acquire}), so that a {@code destroy} from another thread
 * cannot free it under the call.
 */
final class JniHmac implements LibcryptoHmac.Calls<NativeHandle> {

    private final long mac;
    private final String digest;

    /** HMAC ({@code mac}, fetched once) over the digest named {@code digest}. */
    JniHmac(long mac, String digest) {
        this.mac = mac;
        this.digest = digest;
    }

    @Override
    public NativeHandle newContext() {
        return new NativeHandle(NativeCrypto.macCtxNew(mac), NativeCrypto::macCtxFree);
    }

    @Override
    public void key(NativeHandle ctx, byte[] key, int off, int len) {
        Objects.checkFromIndexSize(off, len, key.length); // copied, not pinned: any length
        long pointer = ctx.acquire();
        try {
            NativeCrypto.macInit(pointer, key, off, len, digest);
        } finally {
            ctx.release();
        }
    }

    @Override
    public void update(NativeHandle ctx, byte[] input, int off, int len) {
        NativeCrypto.checkChunk(input, off, len);
        long pointer = ctx.acquire();
        try {
            NativeCrypto.macUpdate(pointer, input, off, len);
        } finally {
            ctx.release();
        }
    }

    @Override
    public void finish(NativeHandle ctx, byte[] out, int off, int macLength) {
        NativeCrypto.checkChunk(out, off, macLength);
        long pointer = ctx.acquire();
        try {
            NativeCrypto.macFinal(pointer, out, off, macLength);
        } finally {
            ctx.release();
        }
    }

    @Override
    public void restart(NativeHandle ctx) {
        long pointer = ctx.acquire();
        try {
            NativeCrypto.macRestart(pointer);
        } finally {
            ctx.release();
        }
    }

    @Override
    public NativeHandle duplicate(NativeHandle ctx) {
        long pointer = ctx.acquire();
        try {
            return new NativeHandle(NativeCrypto.macCtxDup(pointer), NativeCrypto::macCtxFree);
        } finally {
            ctx.release();
        }
    }

    @Override
    public void free(NativeHandle ctx) {
        ctx.close();
    }
}
