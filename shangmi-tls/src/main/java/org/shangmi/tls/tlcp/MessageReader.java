package org.shangmi.tls.tlcp;

import java.util.Arrays;

/**
 * Reads the fields of one handshake message body, checking every length against what is left:
 * a field that runs past the end, or bytes left over, is a decode_error.
 */
final class MessageReader {

    private final byte[] data;
    private final String message;
    private int position;

    MessageReader(byte[] data, String message) {
        this.data = data;
        this.message = message;
    }

    int remaining() {
        return data.length - position;
    }

    int uint8() throws TlcpAlertException {
        need(1);
        return data[position++] & 0xff;
    }

    int uint16() throws TlcpAlertException {
        need(2);
        int value = ((data[position] & 0xff) << 8) | (data[position + 1] & 0xff);
        position += 2;
        return value;
    }

    int uint24() throws TlcpAlertException {
        need(3);
        int value = ((data[position] & 0xff) << 16) | ((data[position + 1] & 0xff) << 8) | (data[position + 2] & 0xff);
        position += 3;
        return value;
    }

    byte[] bytes(int length) throws TlcpAlertException {
        need(length);
        byte[] value = Arrays.copyOfRange(data, position, position + length);
        position += length;
        return value;
    }

    /** A vector with a one-byte length. */
    byte[] vector8() throws TlcpAlertException {
        return bytes(uint8());
    }

    /** A vector with a two-byte length. */
    byte[] vector16() throws TlcpAlertException {
        return bytes(uint16());
    }

    /** A vector with a three-byte length. */
    byte[] vector24() throws TlcpAlertException {
        return bytes(uint24());
    }

    /** Requires that the body has been read to its end. */
    void end() throws TlcpAlertException {
        if (position != data.length) {
            throw new TlcpAlertException(TlcpAlert.DECODE_ERROR,
                    (data.length - position) + " bytes left over at the end of " + message);
        }
    }

    private void need(int length) throws TlcpAlertException {
        if (length < 0 || length > data.length - position) {
            throw new TlcpAlertException(TlcpAlert.DECODE_ERROR, message + " is truncated");
        }
    }
}
