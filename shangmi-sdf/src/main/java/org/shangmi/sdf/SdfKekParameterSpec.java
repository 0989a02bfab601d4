package org.shangmi.sdf;

import java.security.spec.AlgorithmParameterSpec;

/**
 * For {@code KeyGenerator "SM4"} of ShangMiSDF: the device's key-encryption key (by index) that
 * wraps the new session key ({@code SDF_GenerateKeyWithKEK}); {@link SdfSecretKey#wrapped()} gives
 * the wrap to keep.
 */
public final class SdfKekParameterSpec implements AlgorithmParameterSpec {

    private final int kekIndex;

    /** @throws IllegalArgumentException if the index is negative */
    public SdfKekParameterSpec(int kekIndex) {
        if (kekIndex < 0) {
            throw new IllegalArgumentException("a KEK index is not negative");
        }
        this.kekIndex = kekIndex;
    }

    public int kekIndex() {
        return kekIndex;
    }
}
