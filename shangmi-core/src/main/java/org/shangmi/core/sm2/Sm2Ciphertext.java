package org.shangmi.core.sm2;

import java.util.Objects;
import org.shangmi.core.util.Der;

/**
 * The layouts an SM2 ciphertext travels in, and conversions between them. The engines work on
 * raw C1 || C3 || C2 with an uncompressed C1 (04 || x || y); every other layout is converted
 * to and from that one. Conversions handle public data only.
 */
public final class Sm2Ciphertext {

    /** The four layouts in use. */
    public enum Format {
        /** GM/T 0009-2012: {@code SEQUENCE {x INTEGER, y INTEGER, C3 OCTET STRING, C2 OCTET STRING}}; OpenSSL and Kona. */
        DER,
        /** The same SEQUENCE with C2 before C3, as some older libraries write it. */
        DER_C1C2C3,
        /** Raw C1 || C3 || C2, the order of GB/T 32918.4-2016. */
        C1C3C2,
        /** Raw C1 || C2 || C3, the order of the 2010 draft and Bouncy Castle's default. */
        C1C2C3
    }

    private static final int COORDINATE = 32;
    private static final int C1 = 1 + 2 * COORDINATE;
    private static final int C3 = 32;

    private Sm2Ciphertext() {
    }

    /** A raw ciphertext is at most this many bytes longer than the same one in any layout. */
    public static final int MAX_RAW_GROWTH = 64;

    /**
     * Converts {@code in[off..off+len)} from {@code from} to raw C1 || C3 || C2 with an
     * uncompressed C1. Raw input may carry a compressed C1 (02/03 || x), which is expanded.
     *
     * @throws Der.MalformedException if the input is not a ciphertext in that layout (a
     *         compressed C1 must also be a point of the curve)
     */
    public static byte[] toRaw(byte[] in, int off, int len, Format from) throws Der.MalformedException {
        Objects.checkFromIndexSize(off, len, in.length);
        byte[] raw = new byte[len + MAX_RAW_GROWTH];
        return java.util.Arrays.copyOf(raw, toRaw(in, off, len, from, raw, 0));
    }

    /**
     * {@link #toRaw(byte[], int, int, Format)} into {@code out} from {@code outOff}, which must
     * have room for {@code len + MAX_RAW_GROWTH} bytes and not overlap the input; allocates
     * nothing for the C2.
     *
     * @return the length of the raw ciphertext
     * @throws Der.MalformedException if the input is not a ciphertext in that layout
     */
    public static int toRaw(byte[] in, int off, int len, Format from, byte[] out, int outOff) throws Der.MalformedException {
        Objects.checkFromIndexSize(off, len, in.length);
        Objects.checkFromIndexSize(outOff, len + MAX_RAW_GROWTH, out.length);
        switch (from) {
            case DER, DER_C1C2C3 -> {
                Der.Reader outer = new Der.Reader(in, off, len);
                Der.Reader fields = outer.sequence();
                outer.expectEnd();
                out[outOff] = 0x04;
                fields.unsignedIntegerTo(out, outOff + 1, COORDINATE);
                fields.unsignedIntegerTo(out, outOff + 1 + COORDINATE, COORDINATE);
                Der.Reader first = fields.read(Der.OCTET_STRING);
                Der.Reader second = fields.read(Der.OCTET_STRING);
                fields.expectEnd();
                Der.Reader tag = from == Format.DER ? first : second;
                Der.Reader masked = from == Format.DER ? second : first;
                if (tag.remaining() != C3) {
                    throw new Der.MalformedException("not an SM2 ciphertext: C3 not 32 bytes");
                }
                System.arraycopy(in, tag.offset(), out, outOff + C1, C3);
                System.arraycopy(in, masked.offset(), out, outOff + C1 + C3, masked.remaining());
                return C1 + C3 + masked.remaining();
            }
            case C1C3C2, C1C2C3 -> {
                int c1Length = c1Length(in, off, len);
                int maskedLength = len - c1Length - C3;
                if (maskedLength < 0) {
                    throw new Der.MalformedException("SM2 ciphertext of " + len + " bytes is too short to hold C1 and C3");
                }
                expandC1(in, off, c1Length, out, outOff);
                int rest = off + c1Length;
                if (from == Format.C1C3C2) {
                    System.arraycopy(in, rest, out, outOff + C1, C3 + maskedLength);
                } else {
                    System.arraycopy(in, rest, out, outOff + C1 + C3, maskedLength);
                    System.arraycopy(in, rest + maskedLength, out, outOff + C1, C3);
                }
                return C1 + C3 + maskedLength;
            }
            default -> throw new AssertionError(from);
        }
    }

    /**
     * Converts raw C1 || C3 || C2 (uncompressed C1) at {@code raw[off..off+len)} to {@code to}.
     *
     * @throws IllegalArgumentException if the input is too short or its C1 is not uncompressed
     */
    public static byte[] fromRaw(byte[] raw, int off, int len, Format to) {
        checkRaw(raw, off, len);
        int maskedLength = len - C1 - C3;
        int tag = off + C1;
        int masked = tag + C3;
        switch (to) {
            case C1C3C2 -> {
                return java.util.Arrays.copyOfRange(raw, off, off + len);
            }
            case C1C2C3 -> {
                byte[] out = new byte[len];
                System.arraycopy(raw, off, out, 0, C1);
                System.arraycopy(raw, masked, out, C1, maskedLength);
                System.arraycopy(raw, tag, out, C1 + maskedLength, C3);
                return out;
            }
            case DER, DER_C1C2C3 -> {
                byte[] out = new byte[derLength(raw, off, len)]; // sized exactly: one array per ciphertext
                toDer(raw, off, len, to, out, 0);
                return out;
            }
            default -> throw new AssertionError(to);
        }
    }

    /**
     * The length of the DER form (either field order) of the raw C1 || C3 || C2 at
     * {@code raw[off..off+len)}.
     *
     * @throws IllegalArgumentException if the input is too short or its C1 is not uncompressed
     */
    public static int derLength(byte[] raw, int off, int len) {
        int content = derContentLength(raw, off, len);
        return Der.headerLength(content) + content;
    }

    /**
     * Writes the DER form {@code to} (DER or DER_C1C2C3) of the raw ciphertext at
     * {@code raw[off..off+len)} to {@code out[outOff..]}, which needs {@link #derLength} bytes.
     *
     * @return the length written
     * @throws IllegalArgumentException if the input is too short or its C1 is not uncompressed
     */
    public static int toDer(byte[] raw, int off, int len, Format to, byte[] out, int outOff) {
        if (to != Format.DER && to != Format.DER_C1C2C3) {
            throw new IllegalArgumentException(to + " is not a DER layout");
        }
        int content = derContentLength(raw, off, len);
        Objects.checkFromIndexSize(outOff, Der.headerLength(content) + content, out.length);
        int maskedLength = len - C1 - C3;
        int tag = off + C1;
        int masked = tag + C3;
        int pos = Der.putHeader(out, outOff, Der.SEQUENCE, content);
        pos = Der.putUnsignedInteger(out, pos, raw, off + 1, COORDINATE);
        pos = Der.putUnsignedInteger(out, pos, raw, off + 1 + COORDINATE, COORDINATE);
        boolean tagFirst = to == Format.DER;
        pos = putOctets(out, pos, raw, tagFirst ? tag : masked, tagFirst ? C3 : maskedLength);
        pos = putOctets(out, pos, raw, tagFirst ? masked : tag, tagFirst ? maskedLength : C3);
        return pos - outOff;
    }

    private static int derContentLength(byte[] raw, int off, int len) {
        checkRaw(raw, off, len);
        int xLength = Der.unsignedIntegerContentLength(raw, off + 1, COORDINATE);
        int yLength = Der.unsignedIntegerContentLength(raw, off + 1 + COORDINATE, COORDINATE);
        int maskedLength = len - C1 - C3;
        return Der.headerLength(xLength) + xLength + Der.headerLength(yLength) + yLength
                + Der.headerLength(C3) + C3 + Der.headerLength(maskedLength) + maskedLength;
    }

    private static void checkRaw(byte[] raw, int off, int len) {
        Objects.checkFromIndexSize(off, len, raw.length);
        if (len < C1 + C3 || raw[off] != 0x04) {
            throw new IllegalArgumentException("not a raw SM2 ciphertext with an uncompressed C1");
        }
    }

    private static int putOctets(byte[] out, int pos, byte[] in, int off, int length) {
        pos = Der.putHeader(out, pos, Der.OCTET_STRING, length);
        System.arraycopy(in, off, out, pos, length);
        return pos + length;
    }

    /** Converts between any two layouts (a compressed C1 comes out uncompressed). */
    public static byte[] convert(byte[] in, Format from, Format to) throws Der.MalformedException {
        byte[] raw = toRaw(in, 0, in.length, from);
        return to == Format.C1C3C2 ? raw : fromRaw(raw, 0, raw.length, to);
    }

    /** The length of C1 by its prefix: 65 uncompressed, 33 compressed. */
    private static int c1Length(byte[] in, int off, int len) throws Der.MalformedException {
        if (len == 0) {
            throw new Der.MalformedException("empty SM2 ciphertext");
        }
        return switch (in[off]) {
            case 0x04 -> C1;
            case 0x02, 0x03 -> 1 + COORDINATE;
            default -> throw new Der.MalformedException("SM2 ciphertext must start with a point: 02, 03 or 04, not "
                    + String.format("%02x", in[off] & 0xff));
        };
    }

    /** Writes C1 uncompressed at {@code out[0..65)}. */
    private static void expandC1(byte[] in, int off, int c1Length, byte[] out, int outOff) throws Der.MalformedException {
        if (c1Length == C1) {
            System.arraycopy(in, off, out, outOff, C1);
            return;
        }
        if (!new Sm2Curve().decompress(in, off, out, outOff + 1)) {
            throw new Der.MalformedException("compressed C1 is not a point of sm2p256v1");
        }
        out[outOff] = 0x04;
    }
}
