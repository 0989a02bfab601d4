package org.shangmi.tls.tlcp;

import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.nio.ByteBuffer;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLEngineResult;
import javax.net.ssl.SSLException;

/**
 * The receive side of an {@link EngineSocket}: records read from the transport and not yet
 * unwrapped (write mode), and data unwrapped and not yet read (read mode). A connection waiting
 * for data holds neither: before a read that would block, both buffers are let go and only the
 * next record's header is read; they are allocated again when it comes, and kept while data keeps
 * coming. Guarded by the socket's read lock.
 */
final class InboundBuffers {

    private static final ByteBuffer NOTHING = ByteBuffer.allocate(0);
    private static final int RECORD_HEADER = 5;

    private final Socket transport;
    private final SSLEngine engine;
    /** Records received and not yet unwrapped (write mode); null while none is arriving. */
    private ByteBuffer records;
    /** The header of the next record, read into here while {@link #records} is null. */
    private final byte[] header = new byte[RECORD_HEADER];
    private int headerRead;
    /** Data unwrapped and not yet read (read mode); {@link #NOTHING} while there is none. */
    private ByteBuffer data = NOTHING;

    InboundBuffers(Socket transport, SSLEngine engine) {
        this.transport = transport;
        this.engine = engine;
    }

    /** Bytes of data unwrapped and not yet read. */
    int available() {
        return data.remaining();
    }

    /** Moves up to {@code length} bytes of data into {@code buffer}; returns how many. */
    int take(byte[] buffer, int offset, int length) {
        int n = Math.min(length, data.remaining());
        data.get(buffer, offset, n);
        return n;
    }

    /** Whether part of a record has been received (the stream ending now cuts it short). */
    boolean partialRecord() {
        return (records != null && records.position() > 0) || headerRead > 0;
    }

    /** Whether no received bytes wait to be unwrapped. */
    boolean empty() {
        return records == null || records.position() == 0;
    }

    /**
     * Puts received bytes into the empty record buffer: what the transport has waiting, read into
     * the buffer held; or, when nothing is waiting (the connection is idle, or its transport cannot
     * tell), lets both buffers go and waits for the next record's header without one. False at the
     * end of the stream.
     */
    boolean fill() throws IOException {
        InputStream raw = transport.getInputStream();
        if (headerRead > 0 || raw.available() <= 0) {
            records = null;
            if (!data.hasRemaining()) {
                data = NOTHING;
            }
            return readHeader();
        }
        if (records == null) {
            records = ByteBuffer.allocate(Math.max(RECORD_HEADER, engine.getSession().getPacketBufferSize()));
        }
        int n = raw.read(records.array(), records.position(), records.remaining());
        if (n < 0) {
            return false;
        }
        records.position(records.position() + n);
        return true;
    }

    /**
     * Reads the next record's header while no buffer is held, then allocates the record buffer
     * with the header in it. False at the end of the stream.
     */
    private boolean readHeader() throws IOException {
        InputStream raw = transport.getInputStream();
        while (headerRead < RECORD_HEADER) {
            int n = raw.read(header, headerRead, RECORD_HEADER - headerRead);
            if (n < 0) {
                return false;
            }
            headerRead += n;
        }
        records = ByteBuffer.allocate(Math.max(RECORD_HEADER, engine.getSession().getPacketBufferSize()));
        records.put(header, 0, RECORD_HEADER);
        headerRead = 0;
        return true;
    }

    /** One unwrap of the received bytes into the data buffer. */
    SSLEngineResult unwrap() throws SSLException {
        if (data == NOTHING) {
            data = ByteBuffer.allocate(engine.getSession().getApplicationBufferSize());
            data.flip();
        }
        data.compact();
        records.flip();
        try {
            return engine.unwrap(records, data);
        } finally {
            records.compact();
            data.flip();
        }
    }

    /** More of a record the engine could not unwrap yet; -1 at the end of the stream. */
    int readMore() throws IOException {
        if (!records.hasRemaining()) {
            throw new SSLException("a record larger than the session's packet size");
        }
        int n = transport.getInputStream().read(records.array(), records.position(), records.remaining());
        if (n > 0) {
            records.position(records.position() + n);
        }
        return n;
    }

    /** The engine needs more room for a record's data than the session's application buffer size said. */
    void growData() {
        ByteBuffer larger = ByteBuffer.allocate(data.remaining() + 2 * Math.max(1, engine.getSession().getApplicationBufferSize()));
        larger.put(data);
        larger.flip();
        data = larger;
    }
}
