package org.shangmi.openssl;

import java.lang.foreign.MemorySegment;
import java.lang.ref.Reference;
import java.util.Objects;

/**
 * One digest context (EVP_MD_CTX), reused from message to message. Array arguments are checked
 * here, before any C call, and long inputs go to C in chunks of {@link LibCrypto#CHUNK} bytes.
 */
final class EvpMdCtx extends NativeObject {

    private final EvpMd md;

    /** A context initialised for {@code md}. */
    EvpMdCtx(EvpMd md) {
        super(OpenSslException.checkNotNull(LibCrypto.evpMdCtxNew(), "EVP_MD_CTX_new"), LibCrypto::evpMdCtxFree);
        this.md = md;
        init();
    }

    /** Starts a new message. */
    void init() {
        try {
            OpenSslException.check(LibCrypto.evpDigestInitEx2(pointer(), md.pointer()), "EVP_DigestInit_ex2");
        } finally {
            Reference.reachabilityFence(this);
            Reference.reachabilityFence(md);
        }
    }

    void update(byte[] input, int off, int len) {
        Objects.checkFromIndexSize(off, len, input.length);
        try {
            LibCrypto.updateInChunks(LibCrypto::evpDigestUpdate, "EVP_DigestUpdate", pointer(), input, off, len);
        } finally {
            Reference.reachabilityFence(this);
        }
    }

    /** Writes the digest ({@link EvpMd#size()} bytes) to {@code out[off..]} and starts a new message. */
    void finish(byte[] out, int off) {
        int length = md.size();
        Objects.checkFromIndexSize(off, length, out.length);
        try {
            OpenSslException.check(LibCrypto.evpDigestFinalEx(pointer(), MemorySegment.ofArray(out).asSlice(off, length)),
                    "EVP_DigestFinal_ex");
        } finally {
            Reference.reachabilityFence(this);
        }
        init();
    }

    /** A new context in the same state as this one. */
    EvpMdCtx copy() {
        EvpMdCtx copy = new EvpMdCtx(md);
        try {
            OpenSslException.check(LibCrypto.evpMdCtxCopyEx(copy.pointer(), pointer()), "EVP_MD_CTX_copy_ex");
            return copy;
        } catch (RuntimeException e) {
            copy.close();
            throw e;
        } finally {
            Reference.reachabilityFence(this);
            Reference.reachabilityFence(copy);
        }
    }
}
