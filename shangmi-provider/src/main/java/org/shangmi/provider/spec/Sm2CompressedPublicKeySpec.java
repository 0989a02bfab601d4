package org.shangmi.provider.spec;

import java.security.spec.EncodedKeySpec;

/**
 * An SM2 key in one of the bare forms {@code KeyFactory} "SM2" reads and writes: a public key as a compressed point, 02/03 || x (33 bytes).
 * The bytes are copied in and out.
 */
public final class Sm2CompressedPublicKeySpec extends EncodedKeySpec {

    public Sm2CompressedPublicKeySpec(byte[] encoded) {
        super(encoded);
    }

    /** {@code "COMPRESSED"}. */
    @Override
    public String getFormat() {
        return "COMPRESSED";
    }
}
