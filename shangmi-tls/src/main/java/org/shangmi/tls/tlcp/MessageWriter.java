package org.shangmi.tls.tlcp;

import java.util.Arrays;

/** Builds one handshake message: type, 24-bit length, then the body's fields. */
final class MessageWriter {

    private byte[] buffer = new byte[256];
    private int length;

    /** A message of this type; {@link #toByteArray} fills in its length. */
    MessageWriter(HandshakeType type) {
        this(type.code);
    }

    /** A message of this type code; {@link #toByteArray} fills in its length. */
    MessageWriter(int type) {
        uint8(type);
        uint24(0);
    }

    MessageWriter uint8(int value) {
        ensure(1);
        buffer[length++] = (byte) value;
        return this;
    }

    MessageWriter uint16(int value) {
        ensure(2);
        buffer[length++] = (byte) (value >>> 8);
        buffer[length++] = (byte) value;
        return this;
    }

    MessageWriter uint24(int value) {
        ensure(3);
        buffer[length++] = (byte) (value >>> 16);
        buffer[length++] = (byte) (value >>> 8);
        buffer[length++] = (byte) value;
        return this;
    }

    MessageWriter bytes(byte[] value) {
        ensure(value.length);
        System.arraycopy(value, 0, buffer, length, value.length);
        length += value.length;
        return this;
    }

    MessageWriter vector8(byte[] value) {
        check(value.length, 0xff);
        return uint8(value.length).bytes(value);
    }

    MessageWriter vector16(byte[] value) {
        check(value.length, 0xffff);
        return uint16(value.length).bytes(value);
    }

    MessageWriter vector24(byte[] value) {
        check(value.length, 0xffffff);
        return uint24(value.length).bytes(value);
    }

    /** Position of the next byte, for a length written later with {@link #patch16}. */
    int mark() {
        return length;
    }

    /** Writes the bytes written since {@code mark} (less the two reserved there) as a 16-bit length at mark. */
    void patch16(int mark) {
        int size = length - mark - 2;
        check(size, 0xffff);
        buffer[mark] = (byte) (size >>> 8);
        buffer[mark + 1] = (byte) size;
    }

    /** The whole message, its length field set. */
    byte[] toByteArray() {
        int body = length - 4;
        check(body, 0xffffff);
        buffer[1] = (byte) (body >>> 16);
        buffer[2] = (byte) (body >>> 8);
        buffer[3] = (byte) body;
        return Arrays.copyOf(buffer, length);
    }

    private static void check(int size, int limit) {
        if (size > limit) {
            throw new IllegalArgumentException("a field of " + size + " bytes exceeds its length prefix");
        }
    }

    private void ensure(int more) {
        if (length + more > buffer.length) {
            buffer = Arrays.copyOf(buffer, Math.max(buffer.length * 2, length + more));
        }
    }
}
