package org.shangmi.tls.tlcp;

import java.nio.ByteBuffer;
import java.nio.ReadOnlyBufferException;
import java.security.GeneralSecurityException;
import java.util.Arrays;
import java.util.Objects;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLEngineResult;
import javax.net.ssl.SSLEngineResult.HandshakeStatus;
import javax.net.ssl.SSLEngineResult.Status;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLSession;

/**
 * A TLCP 1.1 (GB/T 38636-2020) connection as an {@link SSLEngine}: this class keeps the
 * engine's contract (buffers, results, handshake statuses) and moves records between the
 * caller's buffers and the {@link RecordLayer}; {@link TlcpConnection} holds the connection and
 * says what each record means, and the handshake itself is {@link TlcpClientHandshake} or
 * {@link TlcpServerHandshake}. A wrap of application data writes as many whole records as
 * {@code dst} has room for, up to {@value #MAX_RECORDS_PER_WRAP} (the SSLEngine contract: wrap
 * "will attempt to produce SSL/TLS records, and will consume as much source data as possible";
 * a {@code dst} of {@code getPacketBufferSize()} bytes gets one full record, and a short one after
 * it only when the rest of the data fits in the packet's spare 2 KB),
 * so that CBC records can be sealed side by side; any other wrap produces at most one record,
 * and each handshake message goes in a record of its own (GmSSL reads no other framing). Unwrap
 * takes one record at a time, as the contract says, and reassembles handshake messages split
 * over records or packed into one.
 *
 * <p>No delegated tasks: the handshake's public-key operations run inside wrap and unwrap. No
 * renegotiation: a ClientHello or HelloRequest after the handshake is answered with a warning
 * no_renegotiation and dropped. A fault in the peer's input becomes a fatal alert, sent by the
 * next wrap, and an {@link SSLException} from the unwrap that found it.
 */
public final class TlcpEngine extends ConfiguredEngine {

    /**
     * The most records of application data one wrap writes: with CBC they are sealed side by
     * side, and sixteen fill the Java SM4 engine's narrow path (see CbcRecordProtection).
     */
    static final int MAX_RECORDS_PER_WRAP = 16;

    private final TlcpContext context;
    private final TlcpConnection connection;
    private final RecordLayer records;
    private TlcpSession nullSession;

    TlcpEngine(TlcpContext context, String peerHost, int peerPort) {
        super(peerHost, peerPort);
        this.context = Objects.requireNonNull(context, "context");
        this.connection = new TlcpConnection(this, context, settings);
        this.records = connection.records;
    }

    /** The connection behind this engine. */
    TlcpConnection connection() {
        return connection;
    }

    /** A step that seals records, whose failure ends the connection. */
    @FunctionalInterface
    private interface Sealing {
        void run() throws TlcpAlertException;
    }

    private void seal(Sealing sealing) throws SSLException {
        try {
            sealing.run();
        } catch (TlcpAlertException e) {
            throw connection.failWriting(e);
        } catch (RuntimeException e) {
            throw connection.failWriting(new TlcpAlertException(TlcpAlert.INTERNAL_ERROR, e.toString(), e));
        }
    }

    @Override
    public synchronized SSLEngineResult wrap(ByteBuffer[] srcs, int offset, int length, ByteBuffer dst) throws SSLException {
        Objects.checkFromIndexSize(offset, length, srcs.length);
        Objects.requireNonNull(dst, "dst");
        if (dst.isReadOnly()) {
            throw new ReadOnlyBufferException();
        }
        if (!connection.started() && !records.writingEnded()) {
            connection.start();
        }
        if (records.hasOutbound()) {
            int size = records.nextRecordSize();
            if (dst.remaining() < size) {
                return result(Status.BUFFER_OVERFLOW, 0, 0, false);
            }
            seal(() -> records.writeNext(dst));
            return result(records.writingEnded() ? Status.CLOSED : Status.OK, 0, size, true);
        }
        if (records.writingEnded()) {
            return result(Status.CLOSED, 0, 0, false);
        }
        if (connection.handshaking()) {
            return result(Status.OK, 0, 0, false);
        }
        long available = remaining(srcs, offset, length);
        if (available == 0) {
            return result(Status.OK, 0, 0, false);
        }
        int[] lengths = new int[MAX_RECORDS_PER_WRAP];
        int count = 0;
        int consumed = 0;
        int size = 0;
        while (count < MAX_RECORDS_PER_WRAP && consumed < available) {
            int chunk = (int) Math.min(available - consumed, RecordProtection.MAX_PLAINTEXT);
            int recordSize = records.applicationRecordSize(chunk);
            if (dst.remaining() - size < recordSize) {
                break;
            }
            lengths[count++] = chunk;
            consumed += chunk;
            size += recordSize;
        }
        if (count == 0) {
            return result(Status.BUFFER_OVERFLOW, 0, 0, false);
        }
        int recordCount = count;
        seal(() -> records.writeApplicationData(srcs, offset, length, lengths, recordCount, dst));
        return result(Status.OK, consumed, size, false);
    }

    @Override
    public synchronized SSLEngineResult unwrap(ByteBuffer src, ByteBuffer[] dsts, int offset, int length) throws SSLException {
        Objects.requireNonNull(src, "src");
        Objects.checkFromIndexSize(offset, length, dsts.length);
        if (records.readingEnded()) {
            return result(Status.CLOSED, 0, 0, false);
        }
        if (!connection.started()) {
            connection.start();
        }
        RecordLayer.Header header = RecordLayer.peekHeader(src);
        if (header == null) {
            return result(Status.BUFFER_UNDERFLOW, 0, 0, false);
        }
        try {
            records.checkHeader(header, settings.clientMode());
        } catch (TlcpAlertException e) {
            throw connection.fail(e);
        }
        if (src.remaining() < RecordLayer.HEADER + header.length()) {
            return result(Status.BUFFER_UNDERFLOW, 0, 0, false);
        }
        boolean data = header.type() == RecordLayer.APPLICATION_DATA;
        if (data && room(dsts, offset, length) < Math.min(header.length(), RecordProtection.MAX_PLAINTEXT)) {
            return result(Status.BUFFER_OVERFLOW, 0, 0, false);
        }
        byte[] fragment = records.take(src, header);
        int consumed = RecordLayer.HEADER + header.length();
        try {
            int plaintextLength = records.open(header.type(), fragment);
            if (data) {
                connection.checkApplicationData(plaintextLength);
                return result(Status.OK, consumed, deliver(fragment, plaintextLength, dsts, offset, length), false);
            }
            boolean closed = connection.receive(header.type(), fragment, plaintextLength);
            return result(closed ? Status.CLOSED : Status.OK, consumed, 0, header.type() != RecordLayer.ALERT);
        } catch (TlcpAlertException e) {
            throw connection.fail(e);
        } catch (GeneralSecurityException | RuntimeException e) {
            throw connection.fail(new TlcpAlertException(TlcpAlert.INTERNAL_ERROR, e.toString(), e));
        } finally {
            Arrays.fill(fragment, (byte) 0);
        }
    }

    private static long room(ByteBuffer[] dsts, int offset, int length) {
        for (int i = offset; i < offset + length; i++) {
            if (dsts[i].isReadOnly()) {
                throw new ReadOnlyBufferException();
            }
        }
        return remaining(dsts, offset, length);
    }

    /** Bytes remaining in {@code buffers[offset, offset + count)}. */
    private static long remaining(ByteBuffer[] buffers, int offset, int count) {
        long remaining = 0;
        for (int i = offset; i < offset + count; i++) {
            remaining += buffers[i].remaining();
        }
        return remaining;
    }

    /**
     * Moves up to {@code length} bytes of {@code plaintext} into {@code dsts[offset, offset + count)};
     * returns how many.
     */
    private static int deliver(byte[] plaintext, int length, ByteBuffer[] dsts, int offset, int count) {
        int copied = 0;
        for (int i = offset; i < offset + count && copied < length; i++) {
            int take = Math.min(dsts[i].remaining(), length - copied);
            dsts[i].put(plaintext, copied, take);
            copied += take;
        }
        return copied;
    }

    /** The result, with FINISHED once when the handshake has just completed and nothing of it is left to send. */
    private SSLEngineResult result(Status status, int consumed, int produced, boolean mayFinish) {
        HandshakeStatus handshakeStatus = connection.handshakeStatus();
        if (mayFinish && connection.finishHandshake()) {
            handshakeStatus = HandshakeStatus.FINISHED;
        }
        return new SSLEngineResult(status, handshakeStatus, consumed, produced);
    }

    @Override
    public synchronized void beginHandshake() throws SSLException {
        if (records.readingEnded() || records.writingEnded()) {
            SSLException reason = connection.closeReason();
            throw new SSLException("the engine is closed" + (reason == null ? "" : ": " + reason.getMessage()), reason);
        }
        if (connection.started()) {
            if (!connection.handshaking()) {
                throw new SSLException("TLCP renegotiation is not supported");
            }
            return;
        }
        connection.start();
    }

    @Override
    public synchronized void closeInbound() throws SSLException {
        connection.closeInbound();
    }

    @Override
    public synchronized boolean isInboundDone() {
        return records.readingEnded();
    }

    @Override
    public synchronized void closeOutbound() {
        connection.closeOutbound();
    }

    @Override
    public synchronized boolean isOutboundDone() {
        return records.writingEnded();
    }

    @Override
    public synchronized HandshakeStatus getHandshakeStatus() {
        return connection.handshakeStatus();
    }

    @Override
    public synchronized SSLSession getSession() {
        if (connection.session() != null) {
            return connection.session();
        }
        if (nullSession == null) {
            nullSession = new TlcpSession(new byte[0], getPeerHost(), getPeerPort());
        }
        return nullSession;
    }

    @Override
    public synchronized SSLSession getHandshakeSession() {
        return connection.handshakeSession();
    }

    /** TLCP has no ALPN: "" (none negotiated) once there is a session, null before. */
    @Override
    public synchronized String getApplicationProtocol() {
        return connection.session() != null ? "" : null;
    }

    /** "" during a handshake (TLCP negotiates no application protocol), null otherwise. */
    @Override
    public synchronized String getHandshakeApplicationProtocol() {
        return connection.handshaking() ? "" : null;
    }

    @Override
    public synchronized void setUseClientMode(boolean mode) {
        if (connection.started()) {
            throw new IllegalArgumentException("the handshake has begun");
        }
        settings.setClientMode(mode);
        if (!mode) {
            context.checkServerCredentials();
        }
    }
}
