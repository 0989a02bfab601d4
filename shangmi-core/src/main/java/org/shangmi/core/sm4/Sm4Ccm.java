package org.shangmi.core.sm4;

import java.util.Arrays;
import java.util.Objects;
import org.shangmi.core.backend.CcmEngine;
import org.shangmi.core.util.ConstantTime;

/**
 * SM4-CCM (NIST SP 800-38C, RFC 3610 formatting): a CBC-MAC over B0 (flags, nonce, message
 * length), the associated data with its length prefix and the message, each zero-padded; then
 * CTR from counter 1 for the message and counter 0 for the tag mask. The counter field is the
 * 15 − n bytes after the nonce.
 *
 * <p>Constant time, including the tag comparison; the CBC-MAC is sequential, so it runs the
 * single-block path. Opening deciphers into scratch space and releases the plaintext only once
 * the tag matches.
 */
public final class Sm4Ccm implements CcmEngine {

    private final Sm4 sm4;
    private final byte[] mac = new byte[Sm4.BLOCK_SIZE];
    private final byte[] block = new byte[Sm4.BLOCK_SIZE];
    /** The CTR engine of the last message, kept for the next one with a nonce of the same length. */
    private Sm4Ctr ctr;

    /**
     * @throws IllegalArgumentException if the key is not 16 bytes
     */
    public Sm4Ccm(byte[] key) {
        this(key, Sm4CircuitRounds::new);
    }

    /**
     * As {@link #Sm4Ccm(byte[])}, with the block cipher's rounds from {@code rounds}.
     *
     * @throws IllegalArgumentException if the key is not 16 bytes
     */
    public Sm4Ccm(byte[] key, Sm4Rounds.Factory rounds) {
        this.sm4 = new Sm4(key, rounds);
    }

    @Override
    public void seal(byte[] nonce, int tagLength, byte[] aad, int aadOff, int aadLen,
            byte[] in, int inOff, int len, byte[] out, int outOff) {
        check(nonce, tagLength, len);
        Objects.checkFromIndexSize(aadOff, aadLen, aad.length);
        Objects.checkFromIndexSize(inOff, len, in.length);
        Objects.checkFromIndexSize(outOff, len + tagLength, out.length);
        try {
            authenticate(nonce, tagLength, aad, aadOff, aadLen, in, inOff, len);
            byte[] tag = Arrays.copyOf(mac, tagLength);
            Sm4Ctr ctr = counterMode(nonce);
            ctr.update(in, inOff, len, out, outOff);
            maskTag(nonce, tag);
            System.arraycopy(tag, 0, out, outOff + len, tagLength);
            Arrays.fill(tag, (byte) 0);
            ctr.wipeState();
        } finally {
            Arrays.fill(mac, (byte) 0);
            Arrays.fill(block, (byte) 0);
        }
    }

    @Override
    public boolean open(byte[] nonce, int tagLength, byte[] aad, int aadOff, int aadLen,
            byte[] in, int inOff, int len, byte[] out, int outOff) {
        int dataLength = len - tagLength;
        if (dataLength < 0) {
            return false;
        }
        check(nonce, tagLength, dataLength);
        Objects.checkFromIndexSize(aadOff, aadLen, aad.length);
        Objects.checkFromIndexSize(inOff, len, in.length);
        Objects.checkFromIndexSize(outOff, dataLength, out.length);
        byte[] plain = new byte[dataLength];
        byte[] tag = Arrays.copyOfRange(in, inOff + dataLength, inOff + len);
        try {
            Sm4Ctr ctr = counterMode(nonce);
            ctr.update(in, inOff, dataLength, plain, 0);
            ctr.wipeState();
            authenticate(nonce, tagLength, aad, aadOff, aadLen, plain, 0, dataLength);
            maskTag(nonce, tag); // unmask the received tag, to compare with the MAC
            if (!ConstantTime.equals(tag, 0, mac, 0, tagLength)) {
                return false;
            }
            System.arraycopy(plain, 0, out, outOff, dataLength);
            return true;
        } finally {
            Arrays.fill(plain, (byte) 0);
            Arrays.fill(tag, (byte) 0);
            Arrays.fill(mac, (byte) 0);
            Arrays.fill(block, (byte) 0);
        }
    }

    @Override
    public void destroy() {
        sm4.wipe();
        Arrays.fill(mac, (byte) 0);
        Arrays.fill(block, (byte) 0);
    }

    private static void check(byte[] nonce, int tagLength, int len) {
        Objects.requireNonNull(nonce, "nonce");
        if (nonce.length < 7 || nonce.length > 13) {
            throw new IllegalArgumentException("a CCM nonce is 7 to 13 bytes, got " + nonce.length);
        }
        if (tagLength < 4 || tagLength > 16 || (tagLength & 1) != 0) {
            throw new IllegalArgumentException("a CCM tag is 4, 6, ..., 16 bytes, not " + tagLength);
        }
        int lengthBytes = 15 - nonce.length;
        if (lengthBytes < 4 && (len >>> (8 * lengthBytes)) != 0) {
            throw new IllegalArgumentException("a " + nonce.length + "-byte CCM nonce allows messages below 2^"
                    + 8 * lengthBytes + " bytes, got " + len);
        }
    }

    /** mac = CBC-MAC of B0 || encoded AAD || message. */
    private void authenticate(byte[] nonce, int tagLength, byte[] aad, int aadOff, int aadLen,
            byte[] data, int dataOff, int dataLen) {
        int lengthBytes = 15 - nonce.length;
        Arrays.fill(mac, (byte) 0);
        mac[0] = (byte) ((aadLen > 0 ? 0x40 : 0) | (((tagLength - 2) / 2) << 3) | (lengthBytes - 1));
        System.arraycopy(nonce, 0, mac, 1, nonce.length);
        for (int i = 0; i < lengthBytes; i++) {
            mac[15 - i] = (byte) (i < 4 ? dataLen >>> (8 * i) : 0);
        }
        sm4.encryptBlock(mac, 0, mac, 0);
        if (aadLen > 0) {
            // the length prefix: 2 bytes below 2^16 − 2^8, else 0xfffe and 4 bytes (an int is below 2^32)
            byte[] prefix = aadLen < 0xff00
                    ? new byte[] {(byte) (aadLen >>> 8), (byte) aadLen}
                    : new byte[] {(byte) 0xff, (byte) 0xfe, (byte) (aadLen >>> 24), (byte) (aadLen >>> 16),
                        (byte) (aadLen >>> 8), (byte) aadLen};
            absorb(prefix, 0, prefix.length, aad, aadOff, aadLen);
        }
        absorb(null, 0, 0, data, dataOff, dataLen);
    }

    /** CBC-MAC over first || second, zero-padded to whole blocks. */
    private void absorb(byte[] first, int firstOff, int firstLen, byte[] second, int secondOff, int secondLen) {
        long total = (long) firstLen + secondLen;
        int position = 0;
        for (long i = 0; i < total; i++) {
            byte b = i < firstLen ? first[firstOff + (int) i] : second[secondOff + (int) (i - firstLen)];
            mac[position++] ^= b;
            if (position == Sm4.BLOCK_SIZE) {
                sm4.encryptBlock(mac, 0, mac, 0);
                position = 0;
            }
        }
        if (position > 0) {
            sm4.encryptBlock(mac, 0, mac, 0);
        }
    }

    /** The CTR engine from counter 1: flags (q − 1), nonce, then the q-byte counter. */
    private Sm4Ctr counterMode(byte[] nonce) {
        counterBlock(nonce, 1, block);
        int counterBytes = 15 - nonce.length;
        if (ctr == null || ctr.counterBytes() != counterBytes) {
            ctr = new Sm4Ctr(sm4, block, counterBytes);
        } else {
            ctr.reset(block);
        }
        return ctr;
    }

    /** tag ^= E(counter block 0). */
    private void maskTag(byte[] nonce, byte[] tag) {
        counterBlock(nonce, 0, block);
        sm4.encryptBlock(block, 0, block, 0);
        for (int i = 0; i < tag.length; i++) {
            tag[i] ^= block[i];
        }
    }

    private static void counterBlock(byte[] nonce, int counter, byte[] out) {
        Arrays.fill(out, (byte) 0);
        out[0] = (byte) (14 - nonce.length);
        System.arraycopy(nonce, 0, out, 1, nonce.length);
        out[15] = (byte) counter;
    }
}
