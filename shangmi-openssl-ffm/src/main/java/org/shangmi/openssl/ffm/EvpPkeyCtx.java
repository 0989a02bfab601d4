package org.shangmi.openssl.ffm;

import java.lang.foreign.MemorySegment;
import java.lang.ref.Reference;
import java.util.Objects;
import org.shangmi.openssl.ffm.LibCrypto.PkeyOperation;

/**
 * One public-key operation context (EVP_PKEY_CTX). It lives for one operation and is closed in a
 * {@code finally}, so it carries no Cleaner. Buffers are checked here before any C call.
 */
final class EvpPkeyCtx extends NativeObject {

    private final long[] outLength = new long[1];

    private EvpPkeyCtx(MemorySegment pointer) {
        super(pointer, LibCrypto::evpPkeyCtxFree, false);
    }

    /** A context for key generation or import of {@code algorithm} (a constant name). */
    static EvpPkeyCtx forAlgorithm(String algorithm) {
        MemorySegment ctx = LibCrypto.evpPkeyCtxNewFromName(OsslParams.cString(algorithm));
        return new EvpPkeyCtx(OpenSslException.checkNotNull(ctx, "EVP_PKEY_CTX_new_from_name(" + algorithm + ")"));
    }

    /** A context for {@code operation} with {@code key}. */
    static EvpPkeyCtx forOperation(EvpPkey key, PkeyOperation operation) {
        try {
            MemorySegment pointer = OpenSslException.checkNotNull(LibCrypto.evpPkeyCtxNewFromPkey(key.pointer()),
                    "EVP_PKEY_CTX_new_from_pkey");
            EvpPkeyCtx ctx = new EvpPkeyCtx(pointer);
            try {
                OpenSslException.check(LibCrypto.evpPkeyOperationInit(operation, pointer),
                        operation.initFunction());
                return ctx;
            } catch (RuntimeException e) {
                ctx.close();
                throw e;
            }
        } finally {
            Reference.reachabilityFence(key);
        }
    }

    void setParams(MemorySegment params) {
        OpenSslException.check(LibCrypto.evpPkeyCtxSetParams(pointer(), params), "EVP_PKEY_CTX_set_params");
    }

    /**
     * Signs, encrypts or decrypts {@code in[inOff..+inLen)} into {@code out[outOff..]}, which has
     * room for {@code capacity} bytes; returns the length written.
     */
    int transform(PkeyOperation operation, byte[] in, int inOff, int inLen, byte[] out, int outOff, int capacity) {
        Objects.checkFromIndexSize(inOff, inLen, in.length);
        Objects.checkFromIndexSize(outOff, capacity, out.length);
        outLength[0] = capacity;
        OpenSslException.check(LibCrypto.evpPkeyTransform(operation, pointer(),
                MemorySegment.ofArray(out).asSlice(outOff, capacity), MemorySegment.ofArray(outLength),
                MemorySegment.ofArray(in).asSlice(inOff, inLen), inLen), operation.function());
        if (outLength[0] < 0 || outLength[0] > capacity) {
            throw new OpenSslException(operation.function() + " reported " + outLength[0] + " bytes for room of " + capacity);
        }
        return (int) outLength[0];
    }

    /** 1 if the signature verifies, 0 if not, negative on an error (the queue is left to the caller). */
    int verify(byte[] signature, int signatureLength, byte[] digest) {
        Objects.checkFromIndexSize(0, signatureLength, signature.length);
        return LibCrypto.evpPkeyVerify(pointer(), MemorySegment.ofArray(signature).asSlice(0, signatureLength),
                signatureLength, MemorySegment.ofArray(digest), digest.length);
    }
}
