package org.shangmi.openssl.ffm;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.ref.Reference;

/**
 * One SM2 key (EVP_PKEY), built from raw bytes or generated. Read-only once built, so one object
 * may serve many threads (each operation makes its own {@link EvpPkeyCtx}). Freeing it makes
 * OpenSSL clear the private scalar.
 */
final class EvpPkey extends NativeObject {

    private static final String SM2 = "SM2";

    private EvpPkey(MemorySegment pointer, boolean kept) {
        super(pointer, LibCrypto::evpPkeyFree, kept);
    }

    /**
     * Parameters for importing SM2 keys, made once per engine and refilled for each key: group
     * "SM2" with a private scalar, and with a public point. Not thread-safe, like the engine.
     */
    static final class Importer {
        private final OsslParams privateKey = new OsslParams(Arena.ofAuto(), 2)
                .utf8("group", SM2).unsignedInteger("priv", new byte[32]);
        private final OsslParams publicKey = new OsslParams(Arena.ofAuto(), 2)
                .utf8("group", SM2).octets("pub", new byte[65]);
        private final byte[] point = new byte[65];

        /**
         * The private key d (32 bytes, big-endian, already range-checked by the caller). A key
         * {@code kept} beyond the current operation gets a Cleaner as safety net; one used for a
         * single operation is closed by its caller in a {@code finally}.
         */
        EvpPkey sm2Private(byte[] d, boolean kept) {
            privateKey.setUnsignedInteger(1, d);
            try {
                return fromdata(privateKey, LibCrypto.EVP_PKEY_PRIVATE_KEY, kept);
            } finally {
                privateKey.wipe();
            }
        }

        /**
         * The public key x || y (64 bytes); {@code kept} as for {@link #sm2Private}.
         *
         * @throws IllegalArgumentException if it is not a point of the curve
         */
        EvpPkey sm2Public(byte[] xy, boolean kept) {
            if (xy.length != 64) {
                throw new IllegalArgumentException("an SM2 public key is 64 bytes (x || y), got " + xy.length);
            }
            point[0] = 4;
            System.arraycopy(xy, 0, point, 1, 64);
            publicKey.setOctets(1, point);
            try {
                return fromdata(publicKey, LibCrypto.EVP_PKEY_PUBLIC_KEY, kept);
            } catch (OpenSslException e) {
                throw new IllegalArgumentException("not a point of sm2p256v1: " + e.getMessage(), e);
            }
        }
    }

    /** A new key pair from OpenSSL's own random generator, for its caller to export and close. */
    static EvpPkey generate() {
        try (Arena arena = Arena.ofConfined();
                EvpPkeyCtx ctx = EvpPkeyCtx.forAlgorithm(SM2)) {
            OpenSslException.check(LibCrypto.evpPkeyKeygenInit(ctx.pointer()), "EVP_PKEY_keygen_init");
            ctx.setParams(new OsslParams(arena, 1).utf8("group", SM2).segment());
            MemorySegment result = arena.allocate(ValueLayout.ADDRESS);
            OpenSslException.check(LibCrypto.evpPkeyGenerate(ctx.pointer(), result), "EVP_PKEY_generate");
            return new EvpPkey(result.get(ValueLayout.ADDRESS, 0), false);
        }
    }

    private static EvpPkey fromdata(OsslParams params, int selection, boolean kept) {
        long[] result = new long[1];
        try (EvpPkeyCtx ctx = EvpPkeyCtx.forAlgorithm(SM2)) {
            OpenSslException.check(LibCrypto.evpPkeyFromdataInit(ctx.pointer()), "EVP_PKEY_fromdata_init");
            OpenSslException.check(LibCrypto.evpPkeyFromdata(ctx.pointer(), MemorySegment.ofArray(result), selection,
                    params.segment()), "EVP_PKEY_fromdata");
            return new EvpPkey(MemorySegment.ofAddress(result[0]), kept);
        }
    }

    /** Writes the private scalar, 32 bytes big-endian, to {@code out[0..32)}. */
    void privateKey(byte[] out) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment result = arena.allocate(ValueLayout.ADDRESS);
            OpenSslException.check(LibCrypto.evpPkeyGetBnParam(pointer(), OsslParams.cString("priv"), result),
                    "EVP_PKEY_get_bn_param(priv)");
            MemorySegment bn = result.get(ValueLayout.ADDRESS, 0);
            try {
                if (LibCrypto.bnBn2binpad(bn, MemorySegment.ofArray(out).asSlice(0, 32), 32) != 32) {
                    throw OpenSslException.failed("BN_bn2binpad");
                }
            } finally {
                LibCrypto.bnClearFree(bn);
            }
        } finally {
            Reference.reachabilityFence(this);
        }
    }

    /** Writes the public key x || y to {@code out[off..off+64)}. */
    void publicKey(byte[] out, int off) {
        byte[] point = new byte[65];
        long[] length = new long[1];
        try {
            OpenSslException.check(LibCrypto.evpPkeyGetOctetStringParam(pointer(), OsslParams.cString("pub"),
                    MemorySegment.ofArray(point), point.length, MemorySegment.ofArray(length)), "EVP_PKEY_get_octet_string_param(pub)");
        } finally {
            Reference.reachabilityFence(this);
        }
        if (length[0] != 65 || point[0] != 4) {
            throw new OpenSslException("EVP_PKEY_get_octet_string_param(pub) gave " + length[0] + " bytes, not an uncompressed point");
        }
        System.arraycopy(point, 1, out, off, 64);
    }
}
