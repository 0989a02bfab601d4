package org.shangmi.jni;

import java.lang.ref.Reference;
import org.shangmi.core.backend.LibcryptoHmac;

/**
 * HMAC over one reused EVP_MAC_CTX through JNI: the C calls of {@link LibcryptoHmac}. The key
 * crosses into C as a private copy that the C side wipes; long inputs go in chunks, since the
 * array is pinned during a call. Each call holds the context ({@link NativeHandle#acquire}), so
 * that a {@link #destroy} from another thread cannot free it under the call, and keeps the engine,
 * the owner of the context's handle, reachable until it returns. Not thread-safe.
 */
final class JniMac extends LibcryptoHmac<NativeHandle> {

    private final long mac;
    private final String digest;

    /** HMAC ({@code mac}, fetched once) over the digest named {@code digest}, whose output is {@code macLength} bytes. */
    JniMac(String algorithm, long mac, String digest, int macLength) {
        super(algorithm, macLength);
        this.mac = mac;
        this.digest = digest;
    }

    @Override
    protected NativeHandle newContext() {
        return new NativeHandle(this, NativeCrypto.macCtxNew(mac), NativeCrypto::macCtxFree);
    }

    @Override
    protected void key(NativeHandle ctx, byte[] key, int off, int len) {
        long pointer = ctx.acquire();
        try {
            NativeCrypto.macInit(pointer, key, off, len, digest);
        } finally {
            ctx.release();
            Reference.reachabilityFence(this);
        }
    }

    @Override
    protected void update(NativeHandle ctx, byte[] input, int off, int len) {
        long pointer = ctx.acquire();
        try {
            for (int done = 0; done < len; done += JniDigest.CHUNK) {
                NativeCrypto.macUpdate(pointer, input, off + done, Math.min(JniDigest.CHUNK, len - done));
            }
        } finally {
            ctx.release();
            Reference.reachabilityFence(this);
        }
    }

    @Override
    protected void finish(NativeHandle ctx, byte[] out, int off) {
        long pointer = ctx.acquire();
        try {
            NativeCrypto.macFinal(pointer, out, off, macLength());
        } finally {
            ctx.release();
            Reference.reachabilityFence(this);
        }
    }

    @Override
    protected void restart(NativeHandle ctx) {
        long pointer = ctx.acquire();
        try {
            NativeCrypto.macRestart(pointer);
        } finally {
            ctx.release();
            Reference.reachabilityFence(this);
        }
    }

    @Override
    protected NativeHandle duplicate(NativeHandle ctx, LibcryptoHmac<NativeHandle> owner) {
        long pointer = ctx.acquire();
        try {
            return new NativeHandle(owner, NativeCrypto.macCtxDup(pointer), NativeCrypto::macCtxFree);
        } finally {
            ctx.release();
            Reference.reachabilityFence(this);
        }
    }

    @Override
    protected void free(NativeHandle ctx) {
        ctx.close();
    }

    @Override
    protected LibcryptoHmac<NativeHandle> newEngine() {
        return new JniMac(algorithm(), mac, digest, macLength());
    }
}
