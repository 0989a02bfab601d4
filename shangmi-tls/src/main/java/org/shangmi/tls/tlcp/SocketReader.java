package org.shangmi.tls.tlcp;

import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.util.concurrent.locks.ReentrantLock;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLEngineResult;
import javax.net.ssl.SSLEngineResult.HandshakeStatus;
import javax.net.ssl.SSLException;

/**
 * The receive side of an {@link EngineSocket}: records read from the transport and unwrapped one
 * at a time under one lock, the answers the engine gives to them (through the
 * {@link SocketWriter}), and the end of the stream. Two buffers: records read and not yet
 * unwrapped (write mode), and data unwrapped and not yet read (read mode). A connection waiting
 * for data holds neither: before a read that would block, both buffers are let go and only the
 * next record's header is read; they are allocated again when it comes, and kept while data keeps
 * coming.
 */
final class SocketReader {

    private static final ByteBuffer NOTHING = ByteBuffer.allocate(0);
    private static final int RECORD_HEADER = 5;

    private final Socket transport;
    private final SSLEngine engine;
    private final SocketWriter writer;
    /** Held while records are read and unwrapped; taken before the write lock wherever both are held. */
    final ReentrantLock lock = new ReentrantLock();
    /** The stream ended, or the peer's close_notify came: nothing more is read. */
    private boolean peerClosed;
    /** Records received and not yet unwrapped (write mode); null while none is arriving. */
    private ByteBuffer records;
    /** The header of the next record, read into here while {@link #records} is null. */
    private final byte[] header = new byte[RECORD_HEADER];
    private int headerRead;
    /** Data unwrapped and not yet read (read mode); {@link #NOTHING} while there is none. */
    private ByteBuffer data = NOTHING;

    SocketReader(Socket transport, SSLEngine engine, SocketWriter writer) {
        this.transport = transport;
        this.engine = engine;
        this.writer = writer;
    }

    /** Whether the stream ended or the peer closed the connection. */
    boolean peerClosed() {
        return peerClosed;
    }

    /**
     * One unwrap of one record, reading from the transport as needed. Under the lock. Returns the
     * bytes of data it gave, or -1 at the end of the stream or the peer's close.
     *
     * @param handshaken whether the socket's handshake is done: only then does an answer to a
     *     record (a warning alert) go out from here, the handshake sends its own; close_notify in
     *     answer to the peer's goes out either way
     */
    int unwrapOnce(boolean handshaken) throws IOException {
        while (true) {
            if (empty() && !fill()) {
                endOfStream(handshaken);
                return -1;
            }
            SSLEngineResult result;
            try {
                result = unwrap();
            } catch (SSLException e) {
                writer.flushAfterFailure();
                throw e;
            }
            switch (result.getStatus()) {
                case OK -> {
                    if (engine.getHandshakeStatus() == HandshakeStatus.NEED_WRAP && handshaken) {
                        writer.answer(); // a warning alert
                    }
                    return result.bytesProduced();
                }
                case CLOSED -> {
                    peerClosed = true;
                    if (engine.getHandshakeStatus() == HandshakeStatus.NEED_WRAP) {
                        writer.answer(); // our close_notify
                    }
                    return -1;
                }
                case BUFFER_OVERFLOW -> growData();
                case BUFFER_UNDERFLOW -> {
                    if (readMore() < 0) {
                        endOfStream(handshaken);
                        return -1;
                    }
                }
                default -> throw new SSLException("unexpected " + result);
            }
        }
    }

    /**
     * The transport ended. Without the peer's close_notify the connection may have been cut
     * short: the engine is told (it invalidates the session, so that a truncated connection's
     * session is not resumed); a record cut in the middle is an error.
     */
    private void endOfStream(boolean handshaken) throws SSLException {
        peerClosed = true;
        boolean partial = partialRecord();
        try {
            engine.closeInbound();
        } catch (SSLException truncated) {
            if (partial || !handshaken) {
                throw truncated;
            }
        }
        if (partial) {
            throw new SSLException("the connection ended in the middle of a record");
        }
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
    private boolean partialRecord() {
        return (records != null && records.position() > 0) || headerRead > 0;
    }

    /** Whether no received bytes wait to be unwrapped. */
    private boolean empty() {
        return records == null || records.position() == 0;
    }

    /**
     * Puts received bytes into the empty record buffer: what the transport has waiting, read into
     * the buffer held; or, when nothing is waiting (the connection is idle, or its transport cannot
     * tell), lets both buffers go and waits for the next record's header without one. False at the
     * end of the stream.
     */
    private boolean fill() throws IOException {
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
    private SSLEngineResult unwrap() throws SSLException {
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
    private int readMore() throws IOException {
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
    private void growData() {
        ByteBuffer larger = ByteBuffer.allocate(data.remaining() + 2 * Math.max(1, engine.getSession().getApplicationBufferSize()));
        larger.put(data);
        larger.flip();
        data = larger;
    }
}
