package org.shangmi.tls.tlcp;

import java.io.IOException;
import java.net.Socket;
import java.time.Duration;
import java.util.concurrent.Future;
import javax.net.ssl.SSLHandshakeException;

/**
 * A socket's handshake deadline ({@link org.shangmi.tls.HandshakeTimeout}), counted from the
 * socket's making: when it runs out before the handshake completes or the socket closes, the
 * transport is closed, which ends any read or write waiting in the handshake. The close is
 * abortive (a reset), which never blocks the timer's one thread, even with SO_LINGER set; the
 * handshake had not finished, so no data is lost.
 */
final class HandshakeDeadline {

    private final long start = System.nanoTime();
    private final Socket transport;
    private Duration timeout = Duration.ZERO;
    private Future<?> pending;
    private volatile boolean expired;
    /** The handshake completed or the socket closed: the deadline no longer applies. */
    private boolean settled;

    HandshakeDeadline(Socket transport) {
        this.transport = transport;
    }

    /** Sets the time the handshake has from the socket's making (zero: no deadline). */
    synchronized void set(Duration timeout) {
        if (timeout.isNegative()) {
            throw new IllegalArgumentException("a negative handshake timeout: " + timeout);
        }
        this.timeout = timeout;
        cancel();
        if (!timeout.isZero() && !settled && !expired) {
            pending = Deadlines.schedule(timeout.minusNanos(System.nanoTime() - start), this::expire);
        }
    }

    synchronized Duration timeout() {
        return timeout;
    }

    /** Whether the deadline ran out and closed the transport. */
    boolean expired() {
        return expired;
    }

    /** The handshake completed: the deadline is off. False if it ran out first (the transport is closed). */
    synchronized boolean complete() {
        if (expired) {
            return false;
        }
        settled = true;
        cancel();
        return true;
    }

    /** The socket closed: the deadline is off. */
    synchronized void close() {
        settled = true;
        cancel();
    }

    private void cancel() {
        if (pending != null) {
            pending.cancel(false);
            pending = null;
        }
    }

    private void expire() {
        synchronized (this) {
            if (settled) {
                return; // decided under the lock the handshake's completion takes
            }
            expired = true;
        }
        try {
            transport.setSoLinger(true, 0);
        } catch (IOException | RuntimeException alreadyClosed) {
            // closed either way
        }
        try {
            transport.close();
        } catch (IOException alreadyGone) {
            // closed either way
        }
    }

    /** The failure of a handshake the deadline ended, with what the handshake saw (or null). */
    SSLHandshakeException failure(IOException cause) {
        SSLHandshakeException failure = new SSLHandshakeException(
                "the handshake did not complete within " + Deadlines.describe(timeout()) + " (the handshake timeout)");
        if (cause != null) {
            failure.initCause(cause);
        }
        return failure;
    }
}
