package org.shangmi.core.sm4;

import java.util.Arrays;
import java.util.Objects;

/**
 * Key wrap over a 128-bit block cipher: RFC 3394's (KW, NIST SP 800-38F's W with the default
 * IV A6A6A6A6A6A6A6A6) and RFC 5649's with padding (KWP: the IV A65959A6 followed by the length,
 * zero-padded to 64-bit blocks). The block cipher comes as a {@link BlockFunction}, so the same code
 * serves SM4 (every backend) and, in tests, AES against the RFCs' examples.
 *
 * <p>Constant time in the key and the data: the 6n block operations, XORs of the public counter
 * and copies depend only on lengths; the integrity checks of unwrapping (the IV, KWP's length and
 * zero padding) are folded into one mask before the single branch on the verdict, which callers
 * learn anyway. A failed unwrap wipes what it computed and returns null.
 */
public final class KeyWrap {

    private static final long KW_IV = 0xA6A6A6A6A6A6A6A6L;
    private static final int KWP_MAGIC = 0xA65959A6;
    /** KWP's length indicator is 32 bits. */
    public static final long MAX_KWP_INPUT = 0xFFFFFFFFL;
    /** The most either wraps here: the output, 8 to 15 bytes longer, must fit an array. */
    private static final int MAX_LENGTH = Integer.MAX_VALUE - 32;

    private KeyWrap() {
    }

    /** Whether KW can wrap {@code length} bytes: a multiple of 8, at least 16. */
    public static boolean wrappable(int length) {
        return length >= 16 && length % 8 == 0;
    }

    /** Whether {@code length} bytes can be a KW or KWP output: a multiple of 8, at least {@code minimum}. */
    public static boolean unwrappable(int length, boolean padded) {
        return length >= (padded ? 16 : 24) && length % 8 == 0;
    }

    /** The wrapped length of {@code length} bytes: KW adds 8; KWP pads to a multiple of 8 first. */
    public static long wrappedLength(long length, boolean padded) {
        return (padded ? (length + 7) / 8 * 8 : length) + 8;
    }

    /** RFC 3394: wraps {@code in[off..off+len)} ({@link #wrappable}). */
    public static byte[] wrap(BlockFunction encrypt, byte[] in, int off, int len) {
        Objects.checkFromIndexSize(off, len, in.length);
        if (!wrappable(len) || len > MAX_LENGTH) {
            throw new IllegalArgumentException("KW wraps a multiple of 8 bytes, at least 16; got " + len);
        }
        byte[] out = new byte[len + 8];
        System.arraycopy(in, off, out, 8, len);
        putLong(out, 0, KW_IV);
        wrapInPlace(encrypt, out);
        return out;
    }

    /** RFC 3394: the key in {@code in[off..off+len)}, or null if the integrity check fails. */
    public static byte[] unwrap(BlockFunction decrypt, byte[] in, int off, int len) {
        Objects.checkFromIndexSize(off, len, in.length);
        if (!unwrappable(len, false)) {
            throw new IllegalArgumentException("KW unwraps a multiple of 8 bytes, at least 24; got " + len);
        }
        byte[] work = Arrays.copyOfRange(in, off, off + len);
        unwrapInPlace(decrypt, work);
        return verdict(work, notZero(getLong(work, 0) ^ KW_IV), len - 8);
    }

    /** RFC 5649: wraps {@code in[off..off+len)}, 1 to 2^32 − 1 bytes. */
    public static byte[] wrapPadded(BlockFunction encrypt, byte[] in, int off, int len) {
        Objects.checkFromIndexSize(off, len, in.length);
        if (len < 1 || len > MAX_LENGTH) {
            throw new IllegalArgumentException("KWP wraps 1 to 2^32 - 1 bytes; got " + len);
        }
        byte[] out = new byte[(int) wrappedLength(len, true)];
        System.arraycopy(in, off, out, 8, len);
        putLong(out, 0, ((long) KWP_MAGIC << 32) | (len & 0xFFFFFFFFL));
        if (out.length == 16) {
            encrypt.apply(out, 0, out, 0); // one block: plain ECB, as RFC 5649 section 4.1 says
        } else {
            wrapInPlace(encrypt, out);
        }
        return out;
    }

    /** RFC 5649: the key in {@code in[off..off+len)}, or null if the integrity check fails. */
    public static byte[] unwrapPadded(BlockFunction decrypt, byte[] in, int off, int len) {
        Objects.checkFromIndexSize(off, len, in.length);
        if (!unwrappable(len, true)) {
            throw new IllegalArgumentException("KWP unwraps a multiple of 8 bytes, at least 16; got " + len);
        }
        byte[] work = Arrays.copyOfRange(in, off, off + len);
        if (len == 16) {
            decrypt.apply(work, 0, work, 0);
        } else {
            unwrapInPlace(decrypt, work);
        }
        long a = getLong(work, 0);
        int padded = len - 8;
        long length = a & 0xFFFFFFFFL;
        // magic right, padded − 8 < length ≤ padded, and the padding after the key all zeros
        long bad = notZero((a >>> 32) ^ (KWP_MAGIC & 0xFFFFFFFFL));
        bad |= ((padded - 8) - length) >>> 63 ^ 1;  // 1 unless length > padded − 8
        bad |= (padded - length) >>> 63;             // 1 if length > padded
        long padding = 0;
        for (int i = padded - 8; i < padded; i++) {
            long inPadding = (length - 1 - i) >>> 63;  // 1 where i ≥ length
            padding |= (work[8 + i] & 0xFF) & -inPadding;
        }
        bad |= notZero(padding);
        // the length is used only once the verdict says it is within the last block
        return verdict(work, bad, (int) (bad == 0 ? length : 0));
    }

    /** The key of {@code length} bytes after the 8-byte IV when {@code bad} is 0; otherwise wipes and returns null. */
    private static byte[] verdict(byte[] work, long bad, int length) {
        if (bad != 0) {
            Arrays.fill(work, (byte) 0);
            return null;
        }
        byte[] key = Arrays.copyOfRange(work, 8, 8 + length);
        Arrays.fill(work, (byte) 0);
        return key;
    }

    /** W: {@code data} is A (8 bytes) followed by n ≥ 2 blocks of 8, wrapped in place. */
    private static void wrapInPlace(BlockFunction encrypt, byte[] data) {
        int n = data.length / 8 - 1;
        byte[] block = new byte[16];
        System.arraycopy(data, 0, block, 0, 8);
        for (int j = 0; j < 6; j++) {
            for (int i = 1; i <= n; i++) {
                System.arraycopy(data, 8 * i, block, 8, 8);
                encrypt.apply(block, 0, block, 0);
                putLong(block, 0, getLong(block, 0) ^ ((long) n * j + i));
                System.arraycopy(block, 8, data, 8 * i, 8);
            }
        }
        System.arraycopy(block, 0, data, 0, 8);
        Arrays.fill(block, (byte) 0);
    }

    /** W⁻¹: the inverse of {@link #wrapInPlace}. */
    private static void unwrapInPlace(BlockFunction decrypt, byte[] data) {
        int n = data.length / 8 - 1;
        byte[] block = new byte[16];
        System.arraycopy(data, 0, block, 0, 8);
        for (int j = 5; j >= 0; j--) {
            for (int i = n; i >= 1; i--) {
                putLong(block, 0, getLong(block, 0) ^ ((long) n * j + i));
                System.arraycopy(data, 8 * i, block, 8, 8);
                decrypt.apply(block, 0, block, 0);
                System.arraycopy(block, 8, data, 8 * i, 8);
            }
        }
        System.arraycopy(block, 0, data, 0, 8);
        Arrays.fill(block, (byte) 0);
    }

    /** 1 if {@code value} is not zero, else 0, without branching. */
    private static long notZero(long value) {
        return (value | -value) >>> 63;
    }

    private static long getLong(byte[] b, int off) {
        long v = 0;
        for (int i = 0; i < 8; i++) {
            v = (v << 8) | (b[off + i] & 0xFF);
        }
        return v;
    }

    private static void putLong(byte[] b, int off, long v) {
        for (int i = 7; i >= 0; i--) {
            b[off + i] = (byte) v;
            v >>>= 8;
        }
    }
}
