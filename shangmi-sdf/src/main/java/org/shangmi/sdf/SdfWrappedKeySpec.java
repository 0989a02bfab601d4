package org.shangmi.sdf;

import java.security.spec.KeySpec;
import java.util.Objects;

/**
 * For {@code SecretKeyFactory "SM4"} of ShangMiSDF: a session key wrapped under the device's
 * key-encryption key {@code kekIndex} (as {@link SdfSecretKey#wrapped()} gave it), imported into
 * the device ({@code SDF_ImportKeyWithKEK}); the key is unwrapped inside it.
 */
public final class SdfWrappedKeySpec implements KeySpec {

    private final int kekIndex;
    private final byte[] wrapped;

    /** @throws IllegalArgumentException if the index is negative or the wrap empty */
    public SdfWrappedKeySpec(int kekIndex, byte[] wrapped) {
        if (kekIndex < 0) {
            throw new IllegalArgumentException("a KEK index is not negative");
        }
        if (Objects.requireNonNull(wrapped, "wrapped").length == 0) {
            throw new IllegalArgumentException("the wrapped key is empty");
        }
        this.kekIndex = kekIndex;
        this.wrapped = wrapped.clone();
    }

    public int kekIndex() {
        return kekIndex;
    }

    public byte[] wrapped() {
        return wrapped.clone();
    }
}
