package org.shangmi.core.util;

import java.io.ByteArrayOutputStream;
import java.util.Arrays;

/**
 * The DER (ITU-T X.690) that SM2 and its PKI need: keys, signatures, ciphertexts, and the
 * certificates, CRLs, CSRs and PKCS#12 structures built on them. The reader is
 * strict: definite minimal lengths, minimal INTEGERs, no trailing bytes where a caller asks for
 * the end; anything else is a {@link MalformedException}, never a runtime exception.
 */
public final class Der {

    public static final int BOOLEAN = 0x01;
    public static final int INTEGER = 0x02;
    public static final int BIT_STRING = 0x03;
    public static final int OCTET_STRING = 0x04;
    public static final int NULL = 0x05;
    public static final int OBJECT_IDENTIFIER = 0x06;
    public static final int UTF8_STRING = 0x0c;
    public static final int PRINTABLE_STRING = 0x13;
    public static final int IA5_STRING = 0x16;
    public static final int UTC_TIME = 0x17;
    public static final int GENERALIZED_TIME = 0x18;
    public static final int SEQUENCE = 0x30;
    public static final int SET = 0x31;
    /** The constructed context-specific tag [n]: {@code CONTEXT | n}. */
    public static final int CONTEXT = 0xa0;

    /** Long-form lengths of more bytes than this cannot describe a Java array. */
    private static final int MAX_LENGTH_BYTES = 4;

    private Der() {
    }

    /** The input is not the DER structure expected; the message says where it went wrong. */
    public static final class MalformedException extends Exception {

        private static final long serialVersionUID = 1L;

        public MalformedException(String message) {
            super(message);
        }
    }

    /** Reads DER elements one after another from {@code buffer[offset..end)}. */
    public static final class Reader {

        private final byte[] buffer;
        private int position;
        private final int end;

        public Reader(byte[] buffer) {
            this(buffer, 0, buffer.length);
        }

        public Reader(byte[] buffer, int offset, int length) {
            java.util.Objects.checkFromIndexSize(offset, length, buffer.length);
            this.buffer = buffer;
            this.position = offset;
            this.end = offset + length;
        }

        public boolean hasMore() {
            return position < end;
        }

        /** The tag of the next element, or −1 at the end. */
        public int peekTag() {
            return position < end ? buffer[position] & 0xff : -1;
        }

        /** @throws MalformedException unless every byte has been read */
        public void expectEnd() throws MalformedException {
            if (position != end) {
                throw new MalformedException((end - position) + " unexpected trailing bytes");
            }
        }

        /** Reads an element with this tag and returns a reader over its contents. */
        public Reader read(int tag) throws MalformedException {
            int length = header(tag);
            Reader contents = new Reader(buffer, position, length);
            position += length;
            return contents;
        }

        /** The next element whole, its tag and length octets included (any tag), copied. */
        public byte[] element() throws MalformedException {
            int start = position;
            int length = header(peekTag());
            position += length;
            return Arrays.copyOfRange(buffer, start, position);
        }

        /** A BOOLEAN, which DER writes as 0x00 or 0xff. */
        public boolean bool() throws MalformedException {
            byte[] contents = bytes(BOOLEAN);
            if (contents.length != 1 || contents[0] != 0 && contents[0] != (byte) 0xff) {
                throw new MalformedException("BOOLEAN not DER-encoded");
            }
            return contents[0] != 0;
        }

        /** Reads a SEQUENCE and returns a reader over its contents. */
        public Reader sequence() throws MalformedException {
            return read(SEQUENCE);
        }

        /** The contents of the next element with this tag, copied. */
        public byte[] bytes(int tag) throws MalformedException {
            int length = header(tag);
            byte[] contents = Arrays.copyOfRange(buffer, position, position + length);
            position += length;
            return contents;
        }

        /**
         * A non-negative INTEGER as its unsigned big-endian magnitude without leading zeros
         * (zero gives an empty array).
         *
         * @throws MalformedException if the encoding is not minimal or the value is negative
         */
        public byte[] unsignedInteger() throws MalformedException {
            int length = unsignedIntegerLength();
            byte[] magnitude = Arrays.copyOfRange(buffer, position - length, position);
            return magnitude;
        }

        /**
         * A non-negative INTEGER written big-endian into {@code out[off..off+width)}, padded
         * with leading zeros.
         *
         * @throws MalformedException if the encoding is not minimal, the value is negative, or
         *         its magnitude is wider than {@code width} bytes
         */
        public void unsignedIntegerTo(byte[] out, int off, int width) throws MalformedException {
            java.util.Objects.checkFromIndexSize(off, width, out.length);
            int length = unsignedIntegerLength();
            if (length > width) {
                throw new MalformedException("INTEGER of " + length + " bytes where at most " + width + " fit");
            }
            Arrays.fill(out, off, off + width - length, (byte) 0);
            System.arraycopy(buffer, position - length, out, off + width - length, length);
        }

        /** Reads a minimal non-negative INTEGER and returns its magnitude's length, which ends at the position. */
        private int unsignedIntegerLength() throws MalformedException {
            int length = header(INTEGER);
            if (length == 0) {
                throw new MalformedException("INTEGER with no content");
            }
            int first = buffer[position] & 0xff;
            if (first >= 0x80) {
                throw new MalformedException("negative INTEGER");
            }
            if (length > 1 && first == 0 && (buffer[position + 1] & 0x80) == 0) {
                throw new MalformedException("INTEGER not minimally encoded");
            }
            position += length;
            return first == 0 ? length - 1 : length;
        }

        /** Where the unread contents start in the underlying array. */
        public int offset() {
            return position;
        }

        /** How many bytes of contents are left to read. */
        public int remaining() {
            return end - position;
        }

        /** A small non-negative INTEGER (a version number). */
        public int smallInteger() throws MalformedException {
            byte[] magnitude = unsignedInteger();
            if (magnitude.length > 1) {
                throw new MalformedException("INTEGER too large for a version");
            }
            return magnitude.length == 0 ? 0 : magnitude[0] & 0xff;
        }

        /** A BIT STRING of whole bytes (no unused bits), its bytes copied. */
        public byte[] bitString() throws MalformedException {
            byte[] contents = bytes(BIT_STRING);
            if (contents.length == 0 || contents[0] != 0) {
                throw new MalformedException("BIT STRING with unused bits");
            }
            byte[] bits = Arrays.copyOfRange(contents, 1, contents.length);
            Arrays.fill(contents, (byte) 0); // the bits may be a private key's
            return bits;
        }

        private int header(int tag) throws MalformedException {
            if (position >= end) {
                throw new MalformedException("missing element with tag 0x" + Integer.toHexString(tag));
            }
            int actual = buffer[position++] & 0xff;
            if (actual != tag) {
                throw new MalformedException("expected tag 0x" + Integer.toHexString(tag) + ", found 0x"
                        + Integer.toHexString(actual));
            }
            if (position >= end) {
                throw new MalformedException("missing length");
            }
            int first = buffer[position++] & 0xff;
            int length;
            if (first < 0x80) {
                length = first;
            } else {
                int count = first & 0x7f;
                if (count == 0 || count > MAX_LENGTH_BYTES || count > end - position) {
                    throw new MalformedException("unsupported or truncated length");
                }
                length = 0;
                for (int i = 0; i < count; i++) {
                    length = (length << 8) | (buffer[position++] & 0xff);
                }
                if (length < 0x80 || length >>> (8 * (count - 1)) == 0) { // also catches int overflow
                    throw new MalformedException("length not minimally encoded");
                }
            }
            if (length > end - position) {
                throw new MalformedException("element of " + length + " bytes overruns its container");
            }
            return length;
        }
    }

    /**
     * The contents of the OBJECT IDENTIFIER with this dotted form, for example {@code "1.2.156.10197.1.301"}.
     *
     * @throws IllegalArgumentException if it is not an OID (at least two arcs, the first 0 to 2, the
     *         second below 40 unless the first is 2)
     */
    public static byte[] oid(String dotted) {
        String[] parts = dotted.split("\\.", -1);
        long[] arcs = new long[parts.length];
        try {
            for (int i = 0; i < parts.length; i++) {
                if (parts[i].isEmpty() || parts[i].length() > 1 && parts[i].charAt(0) == '0'
                        || !parts[i].chars().allMatch(c -> c >= '0' && c <= '9')) {
                    throw new NumberFormatException();
                }
                arcs[i] = Long.parseLong(parts[i]);
            }
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("not an OID: " + dotted);
        }
        if (arcs.length < 2 || arcs[0] > 2 || arcs[0] < 2 && arcs[1] >= 40 || arcs[1] > Long.MAX_VALUE - 80) {
            throw new IllegalArgumentException("not an OID: " + dotted);
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        putArc(out, arcs[0] * 40 + arcs[1]);
        for (int i = 2; i < arcs.length; i++) {
            putArc(out, arcs[i]);
        }
        return out.toByteArray();
    }

    private static void putArc(ByteArrayOutputStream out, long arc) {
        int shift = 0;
        while (shift < 63 && arc >>> (shift + 7) != 0) {
            shift += 7;
        }
        for (; shift > 0; shift -= 7) {
            out.write((int) (0x80 | (arc >>> shift) & 0x7f));
        }
        out.write((int) (arc & 0x7f));
    }

    /**
     * The dotted form of OBJECT IDENTIFIER contents, for messages; arcs too large for a long and
     * truncated encodings are shown as they are, never thrown on.
     */
    public static String oidString(byte[] oid) {
        if (oid.length == 0) {
            return "(empty OID)";
        }
        StringBuilder text = new StringBuilder();
        long arc = 0;
        boolean first = true;
        for (int i = 0; i < oid.length; i++) {
            if (arc >= (1L << 56)) {
                return text.append(first ? "" : ".").append("(too large)").toString();
            }
            arc = (arc << 7) | (oid[i] & 0x7f);
            if ((oid[i] & 0x80) == 0) {
                if (first) {
                    long top = Math.min(arc / 40, 2);
                    text.append(top).append('.').append(arc - 40 * top);
                    first = false;
                } else {
                    text.append('.').append(arc);
                }
                arc = 0;
            }
        }
        return (oid[oid.length - 1] & 0x80) != 0 ? text.append(first ? "" : ".").append("(truncated)").toString()
                : text.toString();
    }

    /** Bytes of the tag and length octets of an element with {@code length} content bytes. */
    public static int headerLength(int length) {
        return 1 + (length < 0x80 ? 1 : length < 0x100 ? 2 : length < 0x10000 ? 3 : length < 0x1000000 ? 4 : 5);
    }

    /** Writes the tag and length octets at {@code out[pos..]}; returns the position after them. */
    public static int putHeader(byte[] out, int pos, int tag, int length) {
        out[pos] = (byte) tag;
        return putLength(out, pos + 1, length);
    }

    private static int putLength(byte[] out, int pos, int length) {
        if (length < 0x80) {
            out[pos] = (byte) length;
            return pos + 1;
        }
        int bytes = length < 0x100 ? 1 : length < 0x10000 ? 2 : length < 0x1000000 ? 3 : 4;
        out[pos++] = (byte) (0x80 | bytes);
        for (int shift = 8 * (bytes - 1); shift >= 0; shift -= 8) {
            out[pos++] = (byte) (length >>> shift);
        }
        return pos;
    }

    /** Content bytes of the INTEGER for an unsigned magnitude: leading zeros dropped, a zero byte added before a high bit. */
    public static int unsignedIntegerContentLength(byte[] magnitude, int offset, int length) {
        int start = offset;
        int stop = offset + length;
        while (start < stop && magnitude[start] == 0) {
            start++;
        }
        return start == stop || (magnitude[start] & 0x80) != 0 ? stop - start + 1 : stop - start;
    }

    /** Writes the INTEGER for an unsigned magnitude at {@code out[pos..]}; returns the position after it. */
    public static int putUnsignedInteger(byte[] out, int pos, byte[] magnitude, int offset, int length) {
        int content = unsignedIntegerContentLength(magnitude, offset, length);
        pos = putHeader(out, pos, INTEGER, content);
        int significant = Math.min(content, length);
        int padding = content - significant;
        if (padding > 0) {
            out[pos++] = 0;
        }
        System.arraycopy(magnitude, offset + length - significant, out, pos, significant);
        return pos + significant;
    }

    /** Builds DER by appending elements; nested structures are built first and appended whole. */
    public static final class Writer {

        private final ByteArrayOutputStream out = new ByteArrayOutputStream(128);

        public Writer element(int tag, byte[] contents) {
            return element(tag, contents, 0, contents.length);
        }

        public Writer element(int tag, byte[] contents, int offset, int length) {
            out.write(tag);
            writeLength(length);
            out.write(contents, offset, length);
            return this;
        }

        /** A non-negative INTEGER from an unsigned big-endian magnitude (leading zeros allowed). */
        public Writer unsignedInteger(byte[] magnitude, int offset, int length) {
            byte[] encoded = new byte[headerLength(length + 1) + length + 1];
            int end = putUnsignedInteger(encoded, 0, magnitude, offset, length);
            out.write(encoded, 0, end);
            return this;
        }

        public Writer smallInteger(int value) {
            return unsignedInteger(new byte[] {(byte) value}, 0, 1);
        }

        /** A BIT STRING of whole bytes. */
        public Writer bitString(byte[] bits) {
            out.write(BIT_STRING);
            writeLength(bits.length + 1);
            out.write(0);
            out.write(bits, 0, bits.length);
            return this;
        }

        /** A BIT STRING whose last {@code unusedBits} bits (0 to 7) are not part of it, as DER needs them zero. */
        public Writer bitString(byte[] bits, int unusedBits) {
            if (unusedBits < 0 || unusedBits > 7 || unusedBits > 0 && (bits.length == 0
                    || (bits[bits.length - 1] & ((1 << unusedBits) - 1)) != 0)) {
                throw new IllegalArgumentException("bad unused bits " + unusedBits);
            }
            out.write(BIT_STRING);
            writeLength(bits.length + 1);
            out.write(unusedBits);
            out.write(bits, 0, bits.length);
            return this;
        }

        public Writer bool(boolean value) {
            return element(BOOLEAN, new byte[] {value ? (byte) 0xff : 0});
        }

        /** Appends an already encoded element. */
        public Writer raw(byte[] encoded) {
            out.write(encoded, 0, encoded.length);
            return this;
        }

        /** Everything written so far. */
        public byte[] toByteArray() {
            return out.toByteArray();
        }

        /** Everything written so far, wrapped in one element with this tag. */
        public byte[] wrap(int tag) {
            return new Writer().element(tag, out.toByteArray()).toByteArray();
        }

        private void writeLength(int length) {
            byte[] header = new byte[5];
            int end = putLength(header, 0, length);
            out.write(header, 0, end);
        }
    }
}
