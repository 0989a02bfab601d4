package org.shangmi.core.sm4;

import java.util.Objects;
import org.shangmi.core.backend.CipherEngine;
import org.shangmi.core.backend.CipherMode;

/** The Java backend's SM4 mode engines. */
public final class Sm4Modes {

    private Sm4Modes() {
    }

    /**
     * A new engine; see {@link org.shangmi.core.backend.BackendService#newSm4}.
     *
     * @throws IllegalArgumentException if the key is not 16 bytes, or the IV is missing, present
     *         for ECB, or not 16 bytes
     */
    public static CipherEngine create(CipherMode mode, boolean encrypt, byte[] key, byte[] iv) {
        return create(mode, encrypt, key, iv, Sm4CircuitRounds::new);
    }

    /**
     * As {@link #create(CipherMode, boolean, byte[], byte[])}, with the block cipher's rounds from
     * {@code rounds}.
     *
     * @throws IllegalArgumentException if the key is not 16 bytes, or the IV is missing, present
     *         for ECB, or not 16 bytes
     */
    public static CipherEngine create(CipherMode mode, boolean encrypt, byte[] key, byte[] iv, Sm4Rounds.Factory rounds) {
        Objects.requireNonNull(mode, "mode").checkIv(iv);
        Sm4 sm4 = new Sm4(key, rounds);
        return switch (mode) {
            case ECB -> new Sm4Ecb(sm4, encrypt);
            case CBC -> new Sm4Cbc(sm4, encrypt, iv);
            case CTR -> new Sm4Ctr(sm4, iv);
            case CFB -> new Sm4Feedback(sm4, encrypt, true, iv);
            case CFB8 -> new Sm4Cfb8(sm4, encrypt, iv);
            case OFB -> new Sm4Feedback(sm4, encrypt, false, iv);
        };
    }
}
