package org.shangmi.openssl.ffm;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/** A fetched MAC algorithm (EVP_MAC), fetched once and shared by every context that uses it. */
final class EvpMac extends NativeObject {

    private EvpMac(MemorySegment pointer) {
        super(pointer, LibCrypto::evpMacFree);
    }

    /** Fetches {@code name} ("HMAC", ...) from the default library context. */
    static EvpMac fetch(String name) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment mac = LibCrypto.evpMacFetch(arena.allocateFrom(name));
            return new EvpMac(OpenSslException.checkNotNull(mac, "EVP_MAC_fetch(" + name + ")"));
        }
    }
}
