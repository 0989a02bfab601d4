package org.shangmi.provider.spec;

import java.security.spec.AlgorithmParameterSpec;
import java.util.Objects;
import javax.crypto.BadPaddingException;
import org.shangmi.core.sm2.Sm2Ciphertext;
import org.shangmi.core.util.Der;

/**
 * The layouts of an SM2 ciphertext. A {@code Cipher} "SM2" writes and reads one of them, chosen
 * by transformation ({@code "SM2/C1C3C2/NoPadding"}) or by passing the constant itself as the
 * parameter spec of {@code Cipher.init}; {@link #convert} moves a ciphertext between any two.
 * Raw layouts may carry a compressed C1 (02/03 || x) on input; output C1 is uncompressed.
 */
public enum Sm2CiphertextFormat implements AlgorithmParameterSpec {
    /** GM/T 0009: {@code SEQUENCE {x, y INTEGER, C3, C2 OCTET STRING}}. The default; what OpenSSL and Kona write. */
    DER,
    /** {@code SEQUENCE {x, y, C2, C3}}, the DER form with C2 first that some older libraries write. */
    DER_C1C2C3,
    /** Raw C1 || C3 || C2, the order of GB/T 32918.4-2016. */
    C1C3C2,
    /** Raw C1 || C2 || C3, Bouncy Castle's default. */
    C1C2C3;

    /** The engines' name for this layout (the constants have the same names). */
    private Sm2Ciphertext.Format layout() {
        return Sm2Ciphertext.Format.valueOf(name());
    }

    /**
     * Converts a ciphertext from one layout to another.
     *
     * @throws BadPaddingException if {@code ciphertext} is not a ciphertext in layout {@code from}
     */
    public static byte[] convert(byte[] ciphertext, Sm2CiphertextFormat from, Sm2CiphertextFormat to)
            throws BadPaddingException {
        Objects.requireNonNull(ciphertext, "ciphertext");
        try {
            return Sm2Ciphertext.convert(ciphertext, from.layout(), to.layout());
        } catch (Der.MalformedException e) {
            throw new BadPaddingException("not an SM2 ciphertext in " + from + " layout: " + e.getMessage());
        }
    }
}
