package org.shangmi.provider.spec;

import java.util.Objects;
import javax.crypto.spec.IvParameterSpec;

/**
 * The tweak of an SM4-XTS data unit (16 bytes) and the convention for advancing it from block
 * to block. A plain {@link IvParameterSpec} means {@link Standard#GB_T_17964}, as in OpenSSL.
 */
public final class Sm4XtsParameterSpec extends IvParameterSpec {

    /** How the tweak is multiplied by α between blocks. */
    public enum Standard {
        /** GB/T 17964-2021: the tweak's bits read from the first byte's most significant bit. */
        GB_T_17964,
        /** IEEE 1619: the tweak read as a little-endian integer. */
        IEEE_1619
    }

    private final Standard standard;

    /**
     * @throws IllegalArgumentException if the tweak is not 16 bytes
     */
    public Sm4XtsParameterSpec(byte[] tweak, Standard standard) {
        super(checked(tweak));
        this.standard = Objects.requireNonNull(standard, "standard");
    }

    public Standard getStandard() {
        return standard;
    }

    private static byte[] checked(byte[] tweak) {
        Objects.requireNonNull(tweak, "tweak");
        if (tweak.length != 16) {
            throw new IllegalArgumentException("an SM4-XTS tweak is 16 bytes, got " + tweak.length);
        }
        return tweak;
    }
}
