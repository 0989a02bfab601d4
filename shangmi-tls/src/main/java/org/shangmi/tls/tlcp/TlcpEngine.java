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
import javax.net.ssl.SSLHandshakeException;
import javax.net.ssl.SSLSession;

/**
 * A TLCP 1.1 (GB/T 38636-2020) connection as an {@link SSLEngine}: the record layer, alerts and
 * the handshake's driving; the handshake itself is {@link TlcpClientHandshake} or
 * {@link TlcpServerHandshake}. Each wrap produces at most one record, and each handshake message
 * goes in a record of its own (GmSSL reads no other framing); unwrap takes one record at a time
 * and reassembles handshake messages split over records or packed into one.
 *
 * <p>No delegated tasks: the handshake's public-key operations run inside wrap and unwrap. No
 * renegotiation: a ClientHello or HelloRequest after the handshake is answered with a warning
 * no_renegotiation and dropped. A fault in the peer's input becomes a fatal alert, sent by the
 * next wrap, and an {@link SSLException} from the unwrap that found it.
 */
public final class TlcpEngine extends ConfiguredEngine {

    private final TlcpContext context;
    private final RecordLayer records = new RecordLayer();

    private TlcpHandshake handshake;
    private TlcpSession session;
    private boolean started;
    private boolean inboundDone;
    private boolean outboundDone;
    private boolean closeQueued;
    private boolean closeNotifyReceived;
    private boolean renegotiationRefused;
    /** Why the connection ended for a fault, kept for the calls after it; null if it did not. */
    private SSLException closeReason;
    private TlcpSession nullSession;

    TlcpEngine(TlcpContext context, String peerHost, int peerPort) {
        super(peerHost, peerPort);
        this.context = Objects.requireNonNull(context, "context");
    }

    // ---- what the handshakes read

    TlcpContext context() {
        return context;
    }

    EngineSettings settings() {
        return settings;
    }

    /** Queues a handshake message, in records of its own. */
    void queueHandshake(byte[] message) {
        records.queueHandshake(message);
    }

    /** Queues ChangeCipherSpec; the records after it are protected by {@code next}. */
    void queueChangeCipherSpec(RecordProtection next) {
        records.queueChangeCipherSpec(next);
    }

    // ---- SSLEngine

    @Override
    public synchronized SSLEngineResult wrap(ByteBuffer[] srcs, int offset, int length, ByteBuffer dst) throws SSLException {
        Objects.checkFromIndexSize(offset, length, srcs.length);
        Objects.requireNonNull(dst, "dst");
        if (dst.isReadOnly()) {
            throw new ReadOnlyBufferException();
        }
        if (!started && !outboundDone) {
            startHandshake();
        }
        if (records.hasOutbound()) {
            int size = records.nextRecordSize();
            if (dst.remaining() < size) {
                return result(Status.BUFFER_OVERFLOW, 0, 0, false);
            }
            boolean last;
            try {
                last = records.writeNext(dst);
            } catch (TlcpAlertException e) {
                throw failWriting(e);
            } catch (RuntimeException e) {
                throw failWriting(new TlcpAlertException(TlcpAlert.INTERNAL_ERROR, e.toString(), e));
            }
            if (last) {
                outboundDone = true;
                records.clearOutbound();
                records.dropWriteKeys();
                if (inboundDone) {
                    records.dropReadKeys();
                }
            }
            return result(outboundDone ? Status.CLOSED : Status.OK, 0, size, true);
        }
        if (outboundDone) {
            return result(Status.CLOSED, 0, 0, false);
        }
        if (handshake != null) {
            return result(Status.OK, 0, 0, false);
        }
        int available = 0;
        for (int i = offset; i < offset + length; i++) {
            available += srcs[i].remaining();
        }
        if (available == 0) {
            return result(Status.OK, 0, 0, false);
        }
        int chunk = Math.min(available, RecordProtection.MAX_PLAINTEXT);
        int size = records.applicationRecordSize(chunk);
        if (dst.remaining() < size) {
            return result(Status.BUFFER_OVERFLOW, 0, 0, false);
        }
        byte[] plaintext = new byte[chunk];
        int filled = 0;
        for (int i = offset; i < offset + length && filled < chunk; i++) {
            int take = Math.min(srcs[i].remaining(), chunk - filled);
            srcs[i].get(plaintext, filled, take);
            filled += take;
        }
        try {
            records.writeApplicationData(plaintext, chunk, dst);
        } catch (TlcpAlertException e) {
            throw failWriting(e);
        } catch (RuntimeException e) {
            throw failWriting(new TlcpAlertException(TlcpAlert.INTERNAL_ERROR, e.toString(), e));
        } finally {
            Arrays.fill(plaintext, (byte) 0);
        }
        return result(Status.OK, chunk, size, false);
    }

    @Override
    public synchronized SSLEngineResult unwrap(ByteBuffer src, ByteBuffer[] dsts, int offset, int length) throws SSLException {
        Objects.requireNonNull(src, "src");
        Objects.checkFromIndexSize(offset, length, dsts.length);
        if (inboundDone) {
            return result(Status.CLOSED, 0, 0, false);
        }
        if (!started) {
            startHandshake();
        }
        RecordLayer.Header header = RecordLayer.peekHeader(src);
        if (header == null) {
            return result(Status.BUFFER_UNDERFLOW, 0, 0, false);
        }
        try {
            records.checkHeader(header, settings.clientMode());
        } catch (TlcpAlertException e) {
            throw fail(e);
        }
        if (src.remaining() < RecordLayer.HEADER + header.length()) {
            return result(Status.BUFFER_UNDERFLOW, 0, 0, false);
        }
        if (header.type() == RecordLayer.APPLICATION_DATA
                && room(dsts, offset, length) < Math.min(header.length(), RecordProtection.MAX_PLAINTEXT)) {
            return result(Status.BUFFER_OVERFLOW, 0, 0, false);
        }
        byte[] fragment = records.take(src, header);
        int consumed = RecordLayer.HEADER + header.length();
        try {
            int plaintextLength = records.open(header.type(), fragment);
            return switch (header.type()) {
                case RecordLayer.HANDSHAKE -> handshakeRecord(fragment, plaintextLength, consumed);
                case RecordLayer.CHANGE_CIPHER_SPEC -> changeCipherSpec(fragment, plaintextLength, consumed);
                case RecordLayer.ALERT -> alert(fragment, plaintextLength, consumed);
                default -> applicationData(fragment, plaintextLength, consumed, dsts, offset, length);
            };
        } catch (TlcpAlertException e) {
            throw fail(e);
        } catch (GeneralSecurityException | RuntimeException e) {
            throw fail(new TlcpAlertException(TlcpAlert.INTERNAL_ERROR, e.toString(), e));
        } finally {
            Arrays.fill(fragment, (byte) 0);
        }
    }

    private static long room(ByteBuffer[] dsts, int offset, int length) {
        long room = 0;
        for (int i = offset; i < offset + length; i++) {
            if (dsts[i].isReadOnly()) {
                throw new ReadOnlyBufferException();
            }
            room += dsts[i].remaining();
        }
        return room;
    }

    private SSLEngineResult handshakeRecord(byte[] fragment, int length, int consumed) throws GeneralSecurityException, TlcpAlertException {
        records.addHandshake(fragment, length);
        for (byte[] message = records.nextHandshakeMessage(); message != null; message = records.nextHandshakeMessage()) {
            handshakeMessage(message[0] & 0xff, Arrays.copyOfRange(message, 4, message.length), message);
        }
        return result(Status.OK, consumed, 0, true);
    }

    private void handshakeMessage(int type, byte[] body, byte[] message) throws GeneralSecurityException, TlcpAlertException {
        if (handshake == null || handshake.isComplete()) {
            int renegotiation = settings.clientMode() ? TlcpHandshake.HELLO_REQUEST : TlcpHandshake.CLIENT_HELLO;
            if (type == renegotiation && !renegotiationRefused && !outboundDone && !closeQueued) {
                // declined once with a warning; a peer that asks again is ended
                renegotiationRefused = true;
                records.queueAlert(TlcpAlert.WARNING, TlcpAlert.NO_RENEGOTIATION, false);
                return;
            }
            throw TlcpHandshake.unexpected(type, "after the handshake (TLCP renegotiation is not supported)");
        }
        if (type == TlcpHandshake.HELLO_REQUEST && !settings.clientMode()) {
            throw TlcpHandshake.unexpected(type, "on the server side");
        }
        if (type == TlcpHandshake.HELLO_REQUEST && settings.clientMode()) {
            return; // ignored during a handshake, and not part of its transcript
        }
        handshake.receive(type, body, message);
    }

    private SSLEngineResult changeCipherSpec(byte[] fragment, int length, int consumed) throws TlcpAlertException {
        if (length != 1 || fragment[0] != 1) {
            throw new TlcpAlertException(TlcpAlert.DECODE_ERROR, "a malformed ChangeCipherSpec");
        }
        if (handshake == null || records.midHandshakeMessage()) {
            throw new TlcpAlertException(TlcpAlert.UNEXPECTED_MESSAGE, "ChangeCipherSpec out of order");
        }
        records.switchReadKeys(handshake.changeCipherSpec());
        return result(Status.OK, consumed, 0, true);
    }

    private SSLEngineResult alert(byte[] fragment, int length, int consumed) throws TlcpAlertException {
        if (length != 2) {
            throw new TlcpAlertException(TlcpAlert.DECODE_ERROR, "an alert record of other than 2 bytes");
        }
        int level = fragment[0] & 0xff;
        int description = fragment[1] & 0xff;
        if (description == TlcpAlert.CLOSE_NOTIFY) {
            closeNotifyReceived = true;
            inboundDone = true;
            if (handshake != null) {
                invalidate(); // the handshake cannot finish
            }
            if (!outboundDone && !closeQueued) {
                queueClose();
            }
            return result(Status.CLOSED, consumed, 0, false);
        }
        if (level == TlcpAlert.FATAL || level != TlcpAlert.WARNING) {
            // ended by the one fatal path (fail), which unwrap's caller of this method takes
            throw TlcpAlertException.received(description, handshake == null ? null : handshake.likelyReasonForPeersRefusal());
        }
        records.countEmpty(true);
        if (handshake != null && description != TlcpAlert.NO_RENEGOTIATION) {
            // the handshake cannot go on without what the warning declined (e.g. no_certificate)
            throw new TlcpAlertException(TlcpAlert.HANDSHAKE_FAILURE, "the peer declined with warning " + TlcpAlert.name(description));
        }
        return result(Status.OK, consumed, 0, false);
    }

    private SSLEngineResult applicationData(byte[] fragment, int length, int consumed, ByteBuffer[] dsts, int offset, int count)
            throws TlcpAlertException {
        if (handshake != null) {
            throw new TlcpAlertException(TlcpAlert.UNEXPECTED_MESSAGE, "application data before the handshake finished");
        }
        records.countEmpty(length == 0);
        int copied = 0;
        for (int i = offset; i < offset + count && copied < length; i++) {
            int take = Math.min(dsts[i].remaining(), length - copied);
            dsts[i].put(fragment, copied, take);
            copied += take;
        }
        return result(Status.OK, consumed, copied, false);
    }

    /**
     * The one way a connection ends for a fault, found here or reported by the peer's fatal
     * alert: reading stops and its keys are destroyed, what was queued is dropped, the fatal
     * alert is queued as the last record (unless the peer sent it, or this side can no longer
     * write), the handshake and the session are invalidated, and the reason is kept for later
     * calls. Returns what to throw: the {@link TlcpAlertException} itself (an
     * {@code SSLHandshakeException}) while no session is established; after the handshake a plain
     * {@code SSLException} whose cause it is (a bad record MAC on an established connection is
     * not a handshake failure).
     */
    private SSLException fail(TlcpAlertException fault) {
        boolean established = session != null;
        inboundDone = true;
        records.clearOutbound();
        records.dropReadKeys(); // the fatal alert still goes out under the write keys
        if (!fault.received() && !outboundDone) {
            records.queueAlert(TlcpAlert.FATAL, fault.description(), true);
        } else {
            outboundDone = true;
            records.dropWriteKeys();
        }
        invalidate();
        SSLException thrown = established ? new SSLException(fault.getMessage(), fault) : fault;
        if (closeReason == null) {
            closeReason = thrown;
        }
        return thrown;
    }

    /** A record that cannot be sealed: nothing more can be written, not even an alert. */
    private SSLException failWriting(TlcpAlertException fault) {
        outboundDone = true;
        return fail(fault);
    }

    private void invalidate() {
        if (handshake != null) {
            TlcpSession pending = handshake.session();
            if (pending != null) {
                pending.invalidate();
            }
            handshake.destroy();
            handshake = null;
        }
        if (session != null) {
            session.invalidate();
        }
    }

    /** The result, with FINISHED once when the handshake has just completed and nothing of it is left to send. */
    private SSLEngineResult result(Status status, int consumed, int produced, boolean mayFinish) {
        HandshakeStatus handshakeStatus = handshakeStatus();
        if (mayFinish && handshake != null && handshake.isComplete() && !records.hasOutbound()) {
            session = handshake.session();
            handshake.destroy();
            handshake = null;
            handshakeStatus = HandshakeStatus.FINISHED;
        }
        return new SSLEngineResult(status, handshakeStatus, consumed, produced);
    }

    private HandshakeStatus handshakeStatus() {
        if (records.hasOutbound()) {
            return HandshakeStatus.NEED_WRAP;
        }
        if (handshake != null && !handshake.isComplete() && !inboundDone) {
            return HandshakeStatus.NEED_UNWRAP;
        }
        return HandshakeStatus.NOT_HANDSHAKING;
    }

    private void startHandshake() throws SSLException {
        if (!settings.modeSet()) {
            throw new IllegalStateException("call setUseClientMode before the handshake");
        }
        started = true;
        handshake = settings.clientMode() ? new TlcpClientHandshake(this) : new TlcpServerHandshake(this);
        try {
            handshake.start();
        } catch (TlcpAlertException e) {
            throw fail(e);
        } catch (GeneralSecurityException e) {
            throw fail(new TlcpAlertException(TlcpAlert.INTERNAL_ERROR, e.toString(), e));
        }
    }

    private void queueClose() {
        closeQueued = true;
        records.queueAlert(TlcpAlert.WARNING, TlcpAlert.CLOSE_NOTIFY, true);
    }

    @Override
    public synchronized void beginHandshake() throws SSLException {
        if (inboundDone || outboundDone) {
            throw new SSLException("the engine is closed" + (closeReason == null ? "" : ": " + closeReason.getMessage()), closeReason);
        }
        if (started) {
            if (handshake == null) {
                throw new SSLException("TLCP renegotiation is not supported");
            }
            return;
        }
        startHandshake();
    }

    @Override
    public synchronized void closeInbound() throws SSLException {
        if (inboundDone) {
            return;
        }
        inboundDone = true;
        if (started && !closeNotifyReceived) {
            boolean handshaking = handshake != null;
            String likelyReason = handshaking ? handshake.likelyReasonForPeersRefusal() : null;
            invalidate(); // a truncated connection's session is not resumed
            closeOutbound();
            if (handshaking) {
                throw new SSLHandshakeException(settings.clientMode() && !records.recordReceived()
                        ? "the server closed the connection without answering the ClientHello: it may not speak TLCP "
                                + "(a TLS-only server), or it refused the connection"
                        : "the peer closed the connection during the handshake, without an alert"
                                + (likelyReason == null ? "" : ": " + likelyReason));
            }
            throw new SSLException("the inbound side closed before the peer's close_notify: a truncation attack is possible");
        }
    }

    @Override
    public synchronized boolean isInboundDone() {
        return inboundDone;
    }

    @Override
    public synchronized void closeOutbound() {
        if (outboundDone || closeQueued) {
            return;
        }
        if (!started) {
            outboundDone = true;
            return;
        }
        queueClose();
    }

    @Override
    public synchronized boolean isOutboundDone() {
        return outboundDone;
    }

    @Override
    public synchronized HandshakeStatus getHandshakeStatus() {
        return handshakeStatus();
    }

    @Override
    public synchronized SSLSession getSession() {
        if (session != null) {
            return session;
        }
        if (nullSession == null) {
            nullSession = new TlcpSession(new byte[0], getPeerHost(), getPeerPort());
        }
        return nullSession;
    }

    @Override
    public synchronized SSLSession getHandshakeSession() {
        return handshake == null ? null : handshake.session();
    }

    /** TLCP has no ALPN: "" (none negotiated) once there is a session, null before. */
    @Override
    public synchronized String getApplicationProtocol() {
        return session != null ? "" : null;
    }

    /** "" during a handshake (TLCP negotiates no application protocol), null otherwise. */
    @Override
    public synchronized String getHandshakeApplicationProtocol() {
        return handshake != null ? "" : null;
    }

    @Override
    public synchronized void setUseClientMode(boolean mode) {
        if (started) {
            throw new IllegalArgumentException("the handshake has begun");
        }
        settings.setClientMode(mode);
        if (!mode) {
            context.checkServerCredentials();
        }
    }
}
