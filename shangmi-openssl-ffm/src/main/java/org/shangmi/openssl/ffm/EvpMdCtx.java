package org.shangmi.openssl.ffm;

import java.lang.foreign.MemorySegment;
import java.lang.ref.Reference;
import java.util.Objects;
import org.shangmi.core.libcrypto.LibcryptoBackend;

/**
 * One digest context (EVP_MD_CTX), reused from message to message. Array arguments are checked
 * here, before any C call; an update takes at most {@link LibcryptoBackend#CHUNK} bytes. Each
 * call holds the context ({@link #acquire}), so that closing it from another thread cannot free it
 * under the call.
 */
final class EvpMdCtx extends NativeObject {

    private final EvpMd md;
    private final NativeScratch scratch = new NativeScratch();

    /** A context initialised for {@code md}. */
    EvpMdCtx(EvpMd md) {
        super(OpenSslException.checkNotNull(LibCrypto.evpMdCtxNew(), "EVP_MD_CTX_new"), LibCrypto::evpMdCtxFree);
        this.md = md;
        if (md.size() > NativeScratch.SIZE) {
            close();
            throw new IllegalArgumentException("a digest of " + md.size() + " bytes is longer than the output buffer");
        }
        init();
    }

    /** Starts a new message. */
    void init() {
        MemorySegment ctx = acquire();
        try {
            OpenSslException.check(LibCrypto.evpDigestInitEx2(ctx, md.pointer()), "EVP_DigestInit_ex2");
        } finally {
            release();
            Reference.reachabilityFence(this);
            Reference.reachabilityFence(md);
        }
    }

    void update(byte[] input, int off, int len) {
        MemorySegment ctx = acquire();
        try {
            MemorySegment data = scratch.input(input, off, len);
            OpenSslException.check(LibCrypto.evpDigestUpdate(ctx, data, len), "EVP_DigestUpdate");
        } finally {
            scratch.wipeInput(len);
            release();
            Reference.reachabilityFence(this);
        }
    }

    /** Writes the digest ({@link EvpMd#size()} bytes) to {@code out[off..]} and starts a new message. */
    void finish(byte[] out, int off) {
        int length = md.size();
        Objects.checkFromIndexSize(off, length, out.length);
        MemorySegment ctx = acquire();
        try {
            OpenSslException.check(LibCrypto.evpDigestFinalEx(ctx, scratch.out()), "EVP_DigestFinal_ex");
            scratch.copyOut(out, off, length);
        } finally {
            scratch.wipe(length);
            release();
            Reference.reachabilityFence(this);
        }
        init();
    }

    /** A new context in the same state as this one. */
    EvpMdCtx copy() {
        MemorySegment ctx = acquire();
        EvpMdCtx copy = null;
        try {
            copy = new EvpMdCtx(md);
            OpenSslException.check(LibCrypto.evpMdCtxCopyEx(copy.pointer(), ctx), "EVP_MD_CTX_copy_ex");
            return copy;
        } catch (RuntimeException e) {
            if (copy != null) {
                copy.close();
            }
            throw e;
        } finally {
            release();
            Reference.reachabilityFence(this);
            Reference.reachabilityFence(copy);
        }
    }
}
