package org.shangmi.provider.spec;

import java.security.spec.EncodedKeySpec;

/**
 * An SM2 key in one of the bare forms {@code KeyFactory} "SM2" reads and writes: a private key as its 32-byte big-endian scalar d.
 * The bytes are copied in and out.
 */
public final class Sm2RawPrivateKeySpec extends EncodedKeySpec {

    public Sm2RawPrivateKeySpec(byte[] encoded) {
        super(encoded);
    }

    /** {@code "RAW"}. */
    @Override
    public String getFormat() {
        return "RAW";
    }
}
