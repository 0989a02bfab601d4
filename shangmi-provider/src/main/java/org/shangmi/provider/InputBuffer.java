package org.shangmi.provider;

import java.util.Arrays;

/**
 * Input a Cipher keeps until {@code doFinal}: a growable array that overwrites what it lets go
 * of (the old array when growing, the used part when cleared), since it may hold plaintext.
 */
final class InputBuffer {

    private byte[] bytes = new byte[0];
    private int length;

    /** Appends {@code input[offset..offset+count)}, already checked by the caller. */
    void append(byte[] input, int offset, int count) {
        if (count > bytes.length - length) {
            byte[] grown = Arrays.copyOf(bytes, Math.max(Math.addExact(length, count), 2 * bytes.length));
            Arrays.fill(bytes, (byte) 0);
            bytes = grown;
        }
        System.arraycopy(input, offset, bytes, length, count);
        length += count;
    }

    /** The backing array; its first {@link #length()} bytes are the input. */
    byte[] bytes() {
        return bytes;
    }

    int length() {
        return length;
    }

    /** Forgets the input after its first {@code keep} bytes, overwriting it. */
    void truncate(int keep) {
        Arrays.fill(bytes, keep, length, (byte) 0);
        length = keep;
    }

    /** Forgets the input, overwriting it. */
    void clear() {
        Arrays.fill(bytes, 0, length, (byte) 0);
        length = 0;
    }
}
