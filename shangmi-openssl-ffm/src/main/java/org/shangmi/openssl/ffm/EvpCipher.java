package org.shangmi.openssl.ffm;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/** A fetched cipher (EVP_CIPHER), fetched once and shared by every context that uses it. */
final class EvpCipher extends NativeObject {

    private final String name;

    private EvpCipher(MemorySegment pointer, String name) {
        super(pointer, LibCrypto::evpCipherFree);
        this.name = name;
    }

    /** Fetches {@code name} ("SM4-CBC", ...) from the default library context. */
    static EvpCipher fetch(String name) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment cipher = LibCrypto.evpCipherFetch(arena.allocateFrom(name));
            return new EvpCipher(OpenSslException.checkNotNull(cipher, "EVP_CIPHER_fetch(" + name + ")"), name);
        }
    }

    String name() {
        return name;
    }
}
