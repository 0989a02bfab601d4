package org.shangmi.tls.tlcp;

import java.security.GeneralSecurityException;
import java.util.Arrays;
import javax.net.ssl.SSLEngineResult.HandshakeStatus;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLHandshakeException;

/**
 * One TLCP connection's state behind a {@link TlcpEngine}: the record layer, the handshake under
 * way, the established session, and what each received record means (handshake messages,
 * ChangeCipherSpec, alerts; no renegotiation). It holds the one fatal path, {@link #fail}: every
 * fault, found here or reported by the peer, ends the connection there. The engine keeps the
 * {@code SSLEngine} contract (buffers, results, statuses). Guarded by the engine's lock.
 */
final class TlcpConnection {

    private final TlcpEngine engine;
    final TlcpContext context;
    final EngineSettings settings;
    final RecordLayer records = new RecordLayer();

    private TlcpHandshake handshake;
    private TlcpSession session;
    private boolean started;
    private boolean renegotiationRefused;
    /** Why the connection ended for a fault, kept for the calls after it; null if it did not. */
    private SSLException closeReason;

    TlcpConnection(TlcpEngine engine, TlcpContext context, EngineSettings settings) {
        this.engine = engine;
        this.context = context;
        this.settings = settings;
    }

    // ---- what the handshakes use

    /** The engine, for the trust manager's checks and the peer's host and port. */
    TlcpEngine engine() {
        return engine;
    }

    /** Queues a handshake message, in records of its own. */
    void queueHandshake(byte[] message) {
        records.queueHandshake(message);
    }

    /** Queues ChangeCipherSpec; the records after it are protected by {@code next}. */
    void queueChangeCipherSpec(RecordProtection next) {
        records.queueChangeCipherSpec(next);
    }

    // ---- the handshake and the session

    boolean started() {
        return started;
    }

    /** Begins the handshake: the client queues its ClientHello, the server waits for one. */
    void start() throws SSLException {
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

    /** Whether a handshake is under way (begun, and not yet finished). */
    boolean handshaking() {
        return handshake != null;
    }

    /** The session of the handshake under way, or null. */
    TlcpSession handshakeSession() {
        return handshake == null ? null : handshake.session();
    }

    /** The established session, or null. */
    TlcpSession session() {
        return session;
    }

    /** Why the connection ended for a fault, or null. */
    SSLException closeReason() {
        return closeReason;
    }

    HandshakeStatus handshakeStatus() {
        if (records.hasOutbound()) {
            return HandshakeStatus.NEED_WRAP;
        }
        if (handshake != null && !handshake.isComplete() && !records.readingEnded()) {
            return HandshakeStatus.NEED_UNWRAP;
        }
        return HandshakeStatus.NOT_HANDSHAKING;
    }

    /** Ends a handshake that is complete with nothing of it left to send: its session becomes the connection's. */
    boolean finishHandshake() {
        if (handshake == null || !handshake.isComplete() || records.hasOutbound()) {
            return false;
        }
        session = handshake.session();
        handshake.destroy();
        handshake = null;
        return true;
    }

    // ---- records received

    /**
     * Handles a handshake, ChangeCipherSpec or alert record's plaintext.
     *
     * @return whether it was the peer's close_notify
     */
    boolean receive(int type, byte[] plaintext, int length) throws GeneralSecurityException, TlcpAlertException {
        switch (type) {
            case RecordLayer.HANDSHAKE -> {
                records.addHandshake(plaintext, length);
                for (byte[] message = records.nextHandshakeMessage(); message != null; message = records.nextHandshakeMessage()) {
                    handshakeMessage(message[0] & 0xff, Arrays.copyOfRange(message, 4, message.length), message);
                }
                return false;
            }
            case RecordLayer.CHANGE_CIPHER_SPEC -> {
                changeCipherSpec(plaintext, length);
                return false;
            }
            case RecordLayer.ALERT -> {
                return alert(plaintext, length);
            }
            default -> throw new IllegalArgumentException("record type " + type);
        }
    }

    /** Checks that application data of {@code length} bytes may come now. */
    void checkApplicationData(int length) throws TlcpAlertException {
        if (handshake != null) {
            throw new TlcpAlertException(TlcpAlert.UNEXPECTED_MESSAGE, "application data before the handshake finished");
        }
        records.countEmpty(length == 0);
    }

    private void handshakeMessage(int type, byte[] body, byte[] message) throws GeneralSecurityException, TlcpAlertException {
        if (handshake == null || handshake.isComplete()) {
            int renegotiation = settings.clientMode() ? TlcpHandshake.HELLO_REQUEST : TlcpHandshake.CLIENT_HELLO;
            if (type == renegotiation && !renegotiationRefused && !records.lastQueued()) {
                // declined once with a warning; a peer that asks again is ended
                renegotiationRefused = true;
                records.queueAlert(TlcpAlert.WARNING, TlcpAlert.NO_RENEGOTIATION, false);
                return;
            }
            throw TlcpHandshake.unexpected(type, "after the handshake (TLCP renegotiation is not supported)");
        }
        if (type == TlcpHandshake.HELLO_REQUEST) {
            if (!settings.clientMode()) {
                throw TlcpHandshake.unexpected(type, "on the server side");
            }
            return; // ignored during a handshake, and not part of its transcript
        }
        handshake.receive(type, body, message);
    }

    private void changeCipherSpec(byte[] plaintext, int length) throws TlcpAlertException {
        if (length != 1 || plaintext[0] != 1) {
            throw new TlcpAlertException(TlcpAlert.DECODE_ERROR, "a malformed ChangeCipherSpec");
        }
        if (handshake == null || records.midHandshakeMessage()) {
            throw new TlcpAlertException(TlcpAlert.UNEXPECTED_MESSAGE, "ChangeCipherSpec out of order");
        }
        records.switchReadKeys(handshake.changeCipherSpec());
    }

    private boolean alert(byte[] plaintext, int length) throws TlcpAlertException {
        if (length != 2) {
            throw new TlcpAlertException(TlcpAlert.DECODE_ERROR, "an alert record of other than 2 bytes");
        }
        int level = plaintext[0] & 0xff;
        int description = plaintext[1] & 0xff;
        if (description == TlcpAlert.CLOSE_NOTIFY) {
            records.endReading();
            if (handshake != null) {
                invalidate(); // the handshake cannot finish
            }
            closeOutbound();
            return true;
        }
        if (level != TlcpAlert.WARNING) {
            // a fatal alert (or one of no known level) ends the connection through fail, which the engine calls
            throw TlcpAlertException.received(description, handshake == null ? null : handshake.likelyReasonForPeersRefusal());
        }
        records.countEmpty(true);
        if (handshake != null && description != TlcpAlert.NO_RENEGOTIATION) {
            // the handshake cannot go on without what the warning declined (e.g. no_certificate)
            throw new TlcpAlertException(TlcpAlert.HANDSHAKE_FAILURE, "the peer declined with warning " + TlcpAlert.name(description));
        }
        return false;
    }

    // ---- the ends

    /**
     * The one way a connection ends for a fault, found here or reported by the peer's fatal
     * alert: reading ends and its keys are destroyed, what was queued is dropped, the fatal alert
     * is queued as the last record (unless the peer sent it, or this side can no longer write),
     * the handshake and the session are invalidated, and the reason is kept for later calls.
     * Returns what to throw: the {@link TlcpAlertException} itself (an
     * {@code SSLHandshakeException}) while no session is established; after the handshake a plain
     * {@code SSLException} whose cause it is (a bad record MAC on an established connection is
     * not a handshake failure).
     */
    SSLException fail(TlcpAlertException fault) {
        boolean established = session != null;
        records.endReading();
        records.clearOutbound();
        if (!fault.received() && !records.writingEnded()) {
            records.queueAlert(TlcpAlert.FATAL, fault.description(), true);
        } else {
            records.endWriting();
        }
        invalidate();
        SSLException thrown = established ? new SSLException(fault.getMessage(), fault) : fault;
        if (closeReason == null) {
            closeReason = thrown;
        }
        return thrown;
    }

    /** A record that cannot be sealed: nothing more can be written, not even an alert. */
    SSLException failWriting(TlcpAlertException fault) {
        records.endWriting();
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

    /** Queues close_notify as the last record; before the handshake began, writing just ends. */
    void closeOutbound() {
        if (records.lastQueued()) {
            return;
        }
        if (!started) {
            records.endWriting();
            return;
        }
        records.queueAlert(TlcpAlert.WARNING, TlcpAlert.CLOSE_NOTIFY, true);
    }

    /**
     * The application ends reading without the peer's close_notify: after the handshake began,
     * that is a truncation (the session is not resumed) or a handshake cut short, reported as such.
     */
    void closeInbound() throws SSLException {
        if (records.readingEnded()) {
            return;
        }
        records.endReading();
        if (!started) {
            return;
        }
        boolean handshaking = handshake != null;
        String likelyReason = handshaking ? handshake.likelyReasonForPeersRefusal() : null;
        invalidate();
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
