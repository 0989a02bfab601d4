package org.shangmi.provider;

import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.Key;
import java.util.Arrays;
import javax.crypto.spec.IvParameterSpec;
import org.shangmi.core.zuc.Zuc;
import org.shangmi.provider.spec.Zuc3gppParameterSpec;

/**
 * What the ZUC services share: the two variants, their keys and IVs. Bouncy Castle's names and
 * forms: ZUC-128 takes a 16-byte key and IV; ZUC-256 a 32-byte key and the 25-byte IV of the
 * ZUC-256 paper (IV17..IV24 in the low six bits of bytes 17 to 24; the top two bits are
 * ignored, as Bouncy Castle ignores them). ZUC-256 also takes the packed 23-byte IV that GmSSL
 * and gmsm use.
 */
enum ZucVariant {
    ZUC_128("ZUC-128", "ZUC128", Zuc.KEY_128),
    ZUC_256("ZUC-256", "ZUC256", Zuc.KEY_256);

    final String algorithm;
    /** The algorithm name of generated keys (Bouncy Castle's). */
    final String keyAlgorithm;
    final int keyBytes;

    ZucVariant(String algorithm, String keyAlgorithm, int keyBytes) {
        this.algorithm = algorithm;
        this.keyAlgorithm = keyAlgorithm;
        this.keyBytes = keyBytes;
    }

    /** The IV length generated when none is given. */
    int ivBytes() {
        return this == ZUC_128 ? 16 : Zuc.IV_256;
    }

    /** The key's bytes (the caller wipes them). */
    byte[] rawKey(Key key) throws InvalidKeyException {
        if (key == null) {
            throw new InvalidKeyException("no key");
        }
        if (!"RAW".equalsIgnoreCase(key.getFormat())) {
            throw new InvalidKeyException(algorithm + " needs a secret key in RAW format, got " + key.getFormat());
        }
        byte[] encoded = key.getEncoded();
        if (encoded == null || encoded.length != keyBytes) {
            if (encoded != null) {
                Arrays.fill(encoded, (byte) 0);
            }
            throw new InvalidKeyException("a " + algorithm + " key is " + keyBytes + " bytes, got "
                    + (encoded == null ? "none" : encoded.length + " bytes"));
        }
        return encoded;
    }

    /** Whether {@code length} is an IV length this variant takes. */
    boolean ivLengthValid(int length) {
        return this == ZUC_128 ? length == 16
                : length == Zuc.IV_256 || length == Zuc.IV_256_PACKED;
    }

    String ivLengths() {
        return this == ZUC_128 ? "16 bytes" : "25 bytes (or the packed 23-byte form)";
    }

    /**
     * The IV as the core engine reads it, in one form per keystream: a packed ZUC-256 IV
     * unpacked, and the ignored top two bits of a 25-byte IV's bytes 17 to 24 cleared (so that
     * two IVs that make the same keystream compare equal). A new array.
     */
    byte[] engineIv(byte[] iv) {
        if (iv.length == Zuc.IV_256_PACKED) {
            return Zuc.unpackIv256(iv);
        }
        byte[] copy = iv.clone();
        for (int i = 17; i < copy.length; i++) {
            copy[i] &= 0x3f;
        }
        return copy;
    }

    /** The IV of an IvParameterSpec, checked; or of a 3GPP spec (ZUC-128 only): 128-EEA3's or 128-EIA3's. */
    byte[] iv(Object params, boolean eea3) throws InvalidAlgorithmParameterException {
        if (params instanceof IvParameterSpec spec) {
            byte[] iv = spec.getIV();
            if (!ivLengthValid(iv.length)) {
                throw new InvalidAlgorithmParameterException("a " + algorithm + " IV is " + ivLengths() + ", got " + iv.length);
            }
            return iv;
        }
        if (params instanceof Zuc3gppParameterSpec spec) {
            if (this != ZUC_128) {
                throw new InvalidAlgorithmParameterException("3GPP's COUNT, BEARER and DIRECTION make 128-EEA3 and 128-EIA3: use ZUC-128");
            }
            return eea3 ? Zuc.eea3Iv(spec.getCount(), spec.getBearer(), spec.getDirection())
                    : Zuc.eia3Iv(spec.getCount(), spec.getBearer(), spec.getDirection());
        }
        throw new InvalidAlgorithmParameterException(algorithm + " takes an IvParameterSpec"
                + (this == ZUC_128 ? " or a Zuc3gppParameterSpec" : "") + ", not "
                + (params == null ? "none" : params.getClass().getName()));
    }
}
