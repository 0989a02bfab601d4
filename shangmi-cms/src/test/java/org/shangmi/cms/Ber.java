package org.shangmi.cms;

import java.io.ByteArrayOutputStream;

/** DER turned into BER with indefinite lengths: every constructed element re-encoded with 0x80 and an end-of-contents. */
final class Ber {

    private Ber() {
    }

    static byte[] indefinite(byte[] der) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int end = convert(der, 0, out);
        if (end != der.length) {
            throw new IllegalArgumentException("trailing bytes");
        }
        return out.toByteArray();
    }

    /** Converts the element at {@code offset}; returns the offset after it. */
    private static int convert(byte[] der, int offset, ByteArrayOutputStream out) {
        int tag = der[offset] & 0xff;
        int position = offset + 1;
        int length = der[position++] & 0xff;
        if (length >= 0x80) {
            int count = length & 0x7f;
            length = 0;
            for (int i = 0; i < count; i++) {
                length = (length << 8) | (der[position++] & 0xff);
            }
        }
        int end = position + length;
        if ((tag & 0x20) == 0) {
            out.write(der, offset, end - offset);
            return end;
        }
        out.write(tag);
        out.write(0x80);
        while (position < end) {
            position = convert(der, position, out);
        }
        out.write(0);
        out.write(0);
        return end;
    }
}
