package org.shangmi.openssl.ffm;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/** A fetched digest algorithm (EVP_MD), fetched once and shared by every context that uses it. */
final class EvpMd extends NativeObject {

    private final String name;
    private final int size;

    private EvpMd(MemorySegment pointer, String name) {
        super(pointer, LibCrypto::evpMdFree);
        this.name = name;
        this.size = LibCrypto.evpMdGetSize(pointer);
        if (size <= 0 || size > 64) {
            close();
            throw new OpenSslException("EVP_MD_get_size(" + name + ") gave " + size);
        }
    }

    /** Fetches {@code name} from the default library context. */
    static EvpMd fetch(String name) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment md = LibCrypto.evpMdFetch(arena.allocateFrom(name));
            return new EvpMd(OpenSslException.checkNotNull(md, "EVP_MD_fetch(" + name + ")"), name);
        }
    }

    String name() {
        return name;
    }

    /** The digest length in bytes. */
    int size() {
        return size;
    }
}
