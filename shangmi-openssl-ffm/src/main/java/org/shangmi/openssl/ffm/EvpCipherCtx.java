package org.shangmi.openssl.ffm;

import java.lang.foreign.MemorySegment;
import java.lang.ref.Reference;
import org.shangmi.core.libcrypto.LibcryptoBackend;

/**
 * One cipher context (EVP_CIPHER_CTX) for one key and direction, padding off: the provider pads.
 * Lengths, offsets, the key and the IV are checked here before any C call; an update takes at
 * most {@link LibcryptoBackend#CHUNK} bytes. Freeing the context makes OpenSSL clear its key
 * schedule. Each call holds the context ({@link #acquire}), so that closing it from another thread
 * (a racing {@code destroy()}) frees it only once the call returns, and later calls throw.
 */
final class EvpCipherCtx extends NativeObject {

    private final EvpCipher cipher;
    private final int encrypt;
    private final int[] outLength = new int[1];

    /**
     * A context keyed with {@code key} (16 bytes) and, if not null, {@code iv} (16 bytes).
     *
     * @throws IllegalArgumentException if a length is wrong
     */
    EvpCipherCtx(EvpCipher cipher, boolean encrypt, byte[] key, byte[] iv) {
        super(OpenSslException.checkNotNull(LibCrypto.evpCipherCtxNew(), "EVP_CIPHER_CTX_new"), LibCrypto::evpCipherCtxFree);
        this.cipher = cipher;
        this.encrypt = encrypt ? 1 : 0;
        if (key.length != 16) {
            close();
            throw new IllegalArgumentException("an SM4 key is 16 bytes, got " + key.length);
        }
        try {
            checkIv(iv);
            OpenSslException.check(LibCrypto.evpCipherInitEx2(pointer(), cipher.pointer(), MemorySegment.ofArray(key),
                    iv == null ? MemorySegment.NULL : MemorySegment.ofArray(iv), this.encrypt), "EVP_CipherInit_ex2");
            OpenSslException.check(LibCrypto.evpCipherCtxSetPadding(pointer(), 0), "EVP_CIPHER_CTX_set_padding");
        } catch (RuntimeException e) {
            close();
            throw e;
        } finally {
            Reference.reachabilityFence(this);
            Reference.reachabilityFence(cipher);
        }
    }

    /** Starts over with the same key and {@code iv} (null for ECB). */
    void restart(byte[] iv) {
        checkIv(iv);
        MemorySegment ctx = acquire();
        try {
            OpenSslException.check(LibCrypto.evpCipherInitEx2(ctx, MemorySegment.NULL, MemorySegment.NULL,
                    iv == null ? MemorySegment.NULL : MemorySegment.ofArray(iv), encrypt), "EVP_CipherInit_ex2");
        } finally {
            release();
            Reference.reachabilityFence(this);
        }
    }

    /**
     * Transforms {@code len} bytes (at most a chunk); the whole input must come out at once
     * (padding is off and the caller passes whole blocks to block modes). In and out may be the
     * same range.
     */
    void update(byte[] in, int inOff, int len, byte[] out, int outOff) {
        MemorySegment input = LibCrypto.heapChunk(in, inOff, len);
        MemorySegment output = LibCrypto.heapChunk(out, outOff, len);
        MemorySegment ctx = acquire();
        try {
            outLength[0] = -1;
            int result = LibCrypto.evpCipherUpdate(ctx, output, MemorySegment.ofArray(outLength), input, len);
            if (result != 1) {
                throw OpenSslException.failed("EVP_CipherUpdate(" + cipher.name() + ")"); // named only on failure
            }
            if (outLength[0] != len) {
                throw new OpenSslException("EVP_CipherUpdate(" + cipher.name() + ") wrote " + outLength[0]
                        + " bytes for " + len);
            }
        } finally {
            release();
            Reference.reachabilityFence(this);
        }
    }

    private static void checkIv(byte[] iv) {
        if (iv != null && iv.length != 16) {
            throw new IllegalArgumentException("an SM4 IV is 16 bytes, got " + iv.length);
        }
    }
}
