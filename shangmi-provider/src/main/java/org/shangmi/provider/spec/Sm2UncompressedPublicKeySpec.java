package org.shangmi.provider.spec;

import java.security.spec.EncodedKeySpec;

/**
 * An SM2 key in one of the bare forms {@code KeyFactory} "SM2" reads and writes: a public key as an uncompressed point, 04 || x || y (65 bytes).
 * The bytes are copied in and out.
 */
public final class Sm2UncompressedPublicKeySpec extends EncodedKeySpec {

    public Sm2UncompressedPublicKeySpec(byte[] encoded) {
        super(encoded);
    }

    /** {@code "UNCOMPRESSED"}. */
    @Override
    public String getFormat() {
        return "UNCOMPRESSED";
    }
}
