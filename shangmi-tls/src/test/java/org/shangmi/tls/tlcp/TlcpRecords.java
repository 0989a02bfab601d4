package org.shangmi.tls.tlcp;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLEngineResult;
import javax.net.ssl.SSLException;

/**
 * TLCP records as a test sees them on the wire: each engine's output taken one record per wrap,
 * records handed to an engine one at a time, and plaintext records and handshake messages built
 * or taken apart byte by byte (type, version 0x0101, length, fragment).
 */
final class TlcpRecords {

    static final int CHANGE_CIPHER_SPEC = 20;
    static final int ALERT = 21;
    static final int HANDSHAKE = 22;
    static final int APPLICATION_DATA = 23;
    static final int HEADER = 5;
    /** Room for any record the engine writes or reads (2^14 + 2048 bytes of fragment and the header). */
    static final int RECORD_ROOM = (1 << 14) + 2048 + HEADER;

    private TlcpRecords() {
    }

    /** Every record the engine has to send now, one per wrap, at most 64. */
    static List<byte[]> flight(SSLEngine engine) throws SSLException {
        List<byte[]> records = new ArrayList<>();
        ByteBuffer out = ByteBuffer.allocate(RECORD_ROOM);
        for (int i = 0; i < 64; i++) {
            out.clear();
            SSLEngineResult result = engine.wrap(ByteBuffer.allocate(0), out);
            if (result.bytesProduced() == 0) {
                return records;
            }
            records.add(Arrays.copyOf(out.array(), out.position()));
        }
        throw new AssertionError("the engine kept wrapping records");
    }

    /** Records carrying {@code data}, as many as the engine makes of it. */
    static List<byte[]> applicationRecords(SSLEngine engine, byte[] data) throws SSLException {
        List<byte[]> records = new ArrayList<>();
        ByteBuffer source = ByteBuffer.wrap(data);
        ByteBuffer out = ByteBuffer.allocate(RECORD_ROOM);
        do {
            out.clear();
            SSLEngineResult result = engine.wrap(source, out);
            assertEquals(SSLEngineResult.Status.OK, result.getStatus(), "wrap of application data");
            records.add(Arrays.copyOf(out.array(), out.position()));
        } while (source.hasRemaining());
        return records;
    }

    /** Hands one whole record to the engine, which must take all of it; returns the application data it gave. */
    static byte[] deliver(SSLEngine engine, byte[] record) throws SSLException {
        ByteBuffer in = ByteBuffer.wrap(record);
        ByteBuffer application = ByteBuffer.allocate(RECORD_ROOM);
        SSLEngineResult result = engine.unwrap(in, application);
        assertEquals(record.length, result.bytesConsumed(), "bytes of the record consumed: " + result);
        return Arrays.copyOf(application.array(), application.position());
    }

    static void deliver(SSLEngine engine, List<byte[]> records) throws SSLException {
        for (byte[] record : records) {
            deliver(engine, record);
        }
    }

    /** A record of version 0x0101. */
    static byte[] record(int type, byte[] fragment) {
        return record(type, 0x0101, fragment);
    }

    static byte[] record(int type, int version, byte[] fragment) {
        byte[] record = new byte[HEADER + fragment.length];
        record[0] = (byte) type;
        record[1] = (byte) (version >>> 8);
        record[2] = (byte) version;
        record[3] = (byte) (fragment.length >>> 8);
        record[4] = (byte) fragment.length;
        System.arraycopy(fragment, 0, record, HEADER, fragment.length);
        return record;
    }

    static byte[] fragment(byte[] record) {
        return Arrays.copyOfRange(record, HEADER, record.length);
    }

    /** A handshake message: type, 24-bit length, body. */
    static byte[] handshakeMessage(int type, byte[] body) {
        byte[] message = new byte[4 + body.length];
        message[0] = (byte) type;
        message[1] = (byte) (body.length >>> 16);
        message[2] = (byte) (body.length >>> 8);
        message[3] = (byte) body.length;
        System.arraycopy(body, 0, message, 4, body.length);
        return message;
    }

    /** The handshake type of a plaintext handshake record holding one message. */
    static int handshakeType(byte[] record) {
        assertEquals(HANDSHAKE, record[0], "not a handshake record");
        return record[HEADER] & 0xff;
    }

    /** The body of the one handshake message in a plaintext record. */
    static byte[] handshakeBody(byte[] record) {
        return Arrays.copyOfRange(record, HEADER + 4, record.length);
    }

    /** The record in {@code flight} holding the plaintext handshake message of {@code type}. */
    static int indexOf(List<byte[]> flight, int type) {
        for (int i = 0; i < flight.size(); i++) {
            byte[] record = flight.get(i);
            if (record[0] == HANDSHAKE && (record[HEADER] & 0xff) == type) {
                return i;
            }
        }
        throw new AssertionError("no handshake message of type " + type + " in the flight");
    }

    static int indexOfChangeCipherSpec(List<byte[]> flight) {
        for (int i = 0; i < flight.size(); i++) {
            if (flight.get(i)[0] == CHANGE_CIPHER_SPEC) {
                return i;
            }
        }
        throw new AssertionError("no ChangeCipherSpec in the flight");
    }

    static byte[] concat(byte[]... parts) {
        return TlcpHandshake.concat(parts);
    }

    /** A 16-bit length followed by the bytes. */
    static byte[] vector16(byte[] content) {
        return concat(new byte[] {(byte) (content.length >>> 8), (byte) content.length}, content);
    }

    /** A 24-bit length followed by the bytes. */
    static byte[] vector24(byte[] content) {
        return concat(new byte[] {(byte) (content.length >>> 16), (byte) (content.length >>> 8), (byte) content.length}, content);
    }
}
