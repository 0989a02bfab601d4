package org.shangmi.openssl.ffm;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.ref.Reference;
import java.util.Objects;
import org.shangmi.core.libcrypto.LibcryptoBackend;

/**
 * One MAC context (EVP_MAC_CTX) of HMAC over a fixed digest, reused from message to message
 * under one key. Array arguments are checked here, before any C call; an update takes at most
 * {@link LibcryptoBackend#CHUNK} bytes. OpenSSL keeps its own copy of the key, which it clears
 * when the context is freed. Each call holds the context ({@link #acquire}), so that closing it from
 * another thread cannot free it under the call.
 */
final class EvpMacCtx extends NativeObject {

    private final EvpMac mac;
    private final MemorySegment params;
    private final int macLength;
    private final NativeScratch scratch = new NativeScratch();

    /** A context for {@code mac} whose digest is given by the OSSL_PARAM array {@code params}. */
    private EvpMacCtx(MemorySegment pointer, EvpMac mac, MemorySegment params, int macLength) {
        super(pointer, LibCrypto::evpMacCtxFree);
        if (macLength <= 0 || macLength > NativeScratch.SIZE) {
            close();
            throw new IllegalArgumentException("a tag of " + macLength + " bytes does not fit the output buffer");
        }
        this.mac = mac;
        this.params = params;
        this.macLength = macLength;
    }

    /** A new, unkeyed context for HMAC over {@code digest}, whose output is {@code macLength} bytes. */
    static EvpMacCtx hmac(EvpMac mac, MemorySegment params, int macLength) {
        try {
            MemorySegment ctx = LibCrypto.evpMacCtxNew(mac.pointer());
            return new EvpMacCtx(OpenSslException.checkNotNull(ctx, "EVP_MAC_CTX_new"), mac, params, macLength);
        } finally {
            Reference.reachabilityFence(mac);
        }
    }

    /**
     * The parameters {@code {"digest": digest}} in memory that lives as long as {@code arena}; built
     * once per backend, since OpenSSL reads them only during the call.
     */
    static MemorySegment digestParams(Arena arena, String digest) {
        return new OsslParams(arena, 1).utf8("digest", digest).segment();
    }

    /** Keys the context (any length, empty included) and starts a message. */
    void init(byte[] key, int off, int len) {
        Objects.checkFromIndexSize(off, len, key.length);
        MemorySegment ctx = acquire();
        try {
            // a NULL key would mean "keep the old key", so an empty key is passed as a zero-length array
            MemorySegment keySegment = MemorySegment.ofArray(key).asSlice(off, len);
            OpenSslException.check(LibCrypto.evpMacInit(ctx, keySegment, len, params), "EVP_MAC_init");
        } finally {
            release();
            Reference.reachabilityFence(this);
        }
    }

    /** Starts a new message under the key already set. */
    void restart() {
        MemorySegment ctx = acquire();
        try {
            OpenSslException.check(LibCrypto.evpMacInit(ctx, MemorySegment.NULL, 0, MemorySegment.NULL),
                    "EVP_MAC_init");
        } finally {
            release();
            Reference.reachabilityFence(this);
        }
    }

    void update(byte[] input, int off, int len) {
        MemorySegment ctx = acquire();
        try {
            MemorySegment data = scratch.input(input, off, len);
            OpenSslException.check(LibCrypto.evpMacUpdate(ctx, data, len), "EVP_MAC_update");
        } finally {
            scratch.wipeInput(len);
            release();
            Reference.reachabilityFence(this);
        }
    }

    /** Writes the tag ({@code macLength} bytes) to {@code out[off..]} and starts a new message under the same key. */
    void finish(byte[] out, int off) {
        Objects.checkFromIndexSize(off, macLength, out.length);
        MemorySegment ctx = acquire();
        try {
            OpenSslException.check(LibCrypto.evpMacFinal(ctx, scratch.out(), scratch.length(), macLength),
                    "EVP_MAC_final");
            long written = scratch.lengthValue();
            if (written != macLength) {
                throw new OpenSslException("EVP_MAC_final wrote " + written + " bytes, not " + macLength);
            }
            scratch.copyOut(out, off, macLength);
        } finally {
            scratch.wipe(macLength);
            release();
            Reference.reachabilityFence(this);
        }
        restart();
    }

    /** A new context with the same key and pending input. */
    EvpMacCtx copy() {
        MemorySegment ctx = acquire();
        try {
            MemorySegment dup = OpenSslException.checkNotNull(LibCrypto.evpMacCtxDup(ctx), "EVP_MAC_CTX_dup");
            return new EvpMacCtx(dup, mac, params, macLength);
        } finally {
            release();
            Reference.reachabilityFence(this);
        }
    }
}
