package org.shangmi.tls.tlcp;

import javax.net.ssl.SSLException;
import javax.net.ssl.SSLHandshakeException;

/**
 * A TLCP failure with the alert that reports it: raised where the fault is found, sent to the
 * peer (when {@link #received()} is false) by the engine that catches it. The engine throws it
 * as it is during a handshake; after the handshake it throws a plain {@code SSLException} with
 * this as its cause, since a fault on an established connection is not a handshake failure.
 */
public final class TlcpAlertException extends SSLHandshakeException {

    private static final long serialVersionUID = 1L;

    private final int description;
    private final boolean received;

    TlcpAlertException(int description, String message) {
        this(description, message, null, false);
    }

    TlcpAlertException(int description, String message, Throwable cause) {
        this(description, message, cause, false);
    }

    private TlcpAlertException(int description, String message, Throwable cause, boolean received) {
        super((received ? "received fatal alert " : "") + TlcpAlert.name(description) + ": " + message);
        this.description = description;
        this.received = received;
        if (cause != null) {
            initCause(cause);
        }
    }

    /** The failure a fatal alert from the peer reports, with what this side knows of its likely reason (or null). */
    static TlcpAlertException received(int description, String likelyReason) {
        return new TlcpAlertException(description, likelyReason == null ? "sent by the peer" : "sent by the peer: " + likelyReason,
                null, true);
    }

    /** The alert description (one of {@link TlcpAlert}'s codes). */
    public int description() {
        return description;
    }

    /** Whether the peer sent this alert (rather than this side raising it). */
    public boolean received() {
        return received;
    }

    /** An SSLException for callers that need the plain type. */
    SSLException asSslException() {
        return this;
    }
}
