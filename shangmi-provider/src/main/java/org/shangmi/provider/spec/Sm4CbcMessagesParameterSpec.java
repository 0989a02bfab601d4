package org.shangmi.provider.spec;

import java.security.spec.AlgorithmParameterSpec;
import java.util.Objects;

/**
 * Several messages for one SM4-CBC encryption, each with its own IV: initialised with this spec,
 * {@code Cipher "SM4/CBC/NoPadding"} of the ShangMi provider (encryption only) takes the messages
 * back to back in one operation and returns their ciphertexts back to back, message i being
 * {@code lengths[i]} bytes (whole 16-byte blocks) encrypted in CBC under IV i. The result is
 * exactly that of one CBC encryption per message; the messages' chains advance side by side, so
 * that many blocks go through the cipher at once, several times faster than one chain when the
 * messages are many (a TLS 1.1-style record layer seals records this way, each with its own IV).
 * Input passed to {@code update} is kept until {@code doFinal}, whose total must be the sum of the
 * lengths; after {@code doFinal} the Cipher is ready for the same messages' lengths and IVs again.
 */
public final class Sm4CbcMessagesParameterSpec implements AlgorithmParameterSpec {

    private final byte[] ivs;
    private final int[] lengths;

    /**
     * @param ivs the messages' IVs back to back: 16 bytes for each length
     * @param lengths each message's length, a multiple of 16 (0 allowed)
     * @throws IllegalArgumentException if there are no messages, a length is negative or not whole
     *         blocks, the lengths total more than 2^31 - 1 bytes, or the IVs are not 16 bytes each
     */
    public Sm4CbcMessagesParameterSpec(byte[] ivs, int[] lengths) {
        Objects.requireNonNull(ivs, "ivs");
        Objects.requireNonNull(lengths, "lengths");
        if (lengths.length == 0) {
            throw new IllegalArgumentException("no messages");
        }
        if (ivs.length != 16L * lengths.length) {
            throw new IllegalArgumentException(lengths.length + " messages take " + 16L * lengths.length
                    + " bytes of IVs, got " + ivs.length);
        }
        long total = 0;
        for (int length : lengths) {
            if (length < 0 || length % 16 != 0) {
                throw new IllegalArgumentException("a message is whole 16-byte blocks, got " + length + " bytes");
            }
            total += length;
        }
        if (total > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("the messages total more than 2^31 - 1 bytes");
        }
        this.ivs = ivs.clone();
        this.lengths = lengths.clone();
    }

    /** The IVs back to back (a copy). */
    public byte[] getIvs() {
        return ivs.clone();
    }

    /** The messages' lengths (a copy). */
    public int[] getLengths() {
        return lengths.clone();
    }

    /** The number of messages. */
    public int count() {
        return lengths.length;
    }

    /** The messages' total length. */
    public int totalLength() {
        int total = 0;
        for (int length : lengths) {
            total += length;
        }
        return total;
    }
}
