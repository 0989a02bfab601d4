package org.shangmi.openssl.ffm;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.ref.Reference;
import java.util.Objects;
import org.shangmi.openssl.ffm.LibCrypto.PkeyOperation;

/**
 * One public-key operation context (EVP_PKEY_CTX). It lives for one operation and is closed in a
 * {@code finally}, so it carries no Cleaner. Buffers are checked here before any C call.
 */
final class EvpPkeyCtx extends NativeObject {

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
        // copies in native memory, wiped afterwards (plaintexts among them): these calls may block
        // on OpenSSL's random generator or run long, so they must not pin the Java arrays
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment input = arena.allocate(Math.max(1, inLen));
            MemorySegment output = arena.allocate(Math.max(1, capacity));
            MemorySegment written = arena.allocate(ValueLayout.JAVA_LONG);
            try {
                MemorySegment.copy(in, inOff, input, ValueLayout.JAVA_BYTE, 0, inLen);
                written.set(ValueLayout.JAVA_LONG, 0, capacity);
                OpenSslException.check(LibCrypto.evpPkeyTransform(operation, pointer(), output.asSlice(0, capacity), written,
                        input.asSlice(0, inLen), inLen), operation.function());
                long length = written.get(ValueLayout.JAVA_LONG, 0);
                if (length < 0 || length > capacity) {
                    throw new OpenSslException(operation.function() + " reported " + length + " bytes for room of " + capacity);
                }
                MemorySegment.copy(output, ValueLayout.JAVA_BYTE, 0, out, outOff, (int) length);
                return (int) length;
            } finally {
                input.fill((byte) 0);
                output.fill((byte) 0);
            }
        } finally {
            Reference.reachabilityFence(this);
        }
    }

    /** 1 if the signature verifies, 0 if not, negative on an error (the queue is left to the caller). */
    int verify(byte[] signature, int signatureLength, byte[] digest) {
        Objects.checkFromIndexSize(0, signatureLength, signature.length);
        return LibCrypto.evpPkeyVerify(pointer(), MemorySegment.ofArray(signature).asSlice(0, signatureLength),
                signatureLength, MemorySegment.ofArray(digest), digest.length);
    }
}
