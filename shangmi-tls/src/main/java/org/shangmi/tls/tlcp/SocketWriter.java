package org.shangmi.tls.tlcp;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketException;
import java.nio.ByteBuffer;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLEngineResult;
import javax.net.ssl.SSLEngineResult.HandshakeStatus;
import javax.net.ssl.SSLException;

/**
 * The send side of an {@link EngineSocket}: records wrapped and written to the transport under
 * one lock, the fatal alert an engine's failure leaves to send, close_notify, and the moment of
 * reading after a fatal alert that keeps a reset from destroying it.
 */
final class SocketWriter {

    /** The longest a closing socket waits for a writer to finish its record before closing without close_notify. */
    private static final long CLOSE_WAIT_MILLIS = 1000;
    /** The longest a closing socket reads after a fatal alert. */
    private static final int LINGER_MILLIS = 250;
    private static final ByteBuffer NOTHING = ByteBuffer.allocate(0);

    private final Socket transport;
    private final SSLEngine engine;
    /** Held while records are wrapped and written; taken after the read lock wherever both are held. */
    final ReentrantLock lock = new ReentrantLock();
    /** A fatal alert went out: closing reads what the peer still sends, so that no reset destroys the alert. */
    private volatile boolean alertSent;
    /** A fatal alert waits in the engine for the lock: whoever sends it next lingers as after {@link #alertSent}. */
    private volatile boolean alertPending;

    SocketWriter(Socket transport, SSLEngine engine) {
        this.transport = transport;
        this.engine = engine;
    }

    /**
     * One wrap of {@code source} (empty for what the engine has to say), its output written to
     * the transport. Under the lock.
     */
    SSLEngineResult wrapOnce(ByteBuffer source) throws IOException {
        // room for as many records as the source fills (up to the engine's most a wrap), so that
        // CBC records are sealed side by side; the buffer is let go after the write
        long records = Math.min(TlcpEngine.MAX_RECORDS_PER_WRAP,
                Math.max(1, (source.remaining() + (long) RecordProtection.MAX_PLAINTEXT - 1) / RecordProtection.MAX_PLAINTEXT));
        ByteBuffer netOut = ByteBuffer.allocate((int) records * engine.getSession().getPacketBufferSize());
        SSLEngineResult result;
        try {
            result = engine.wrap(source, netOut);
        } catch (SSLException e) {
            flushAfterFailure();
            throw e;
        }
        if (result.getStatus() == SSLEngineResult.Status.BUFFER_OVERFLOW) {
            throw new SSLException("a record larger than the session's packet size");
        }
        netOut.flip();
        if (netOut.hasRemaining()) {
            OutputStream raw = transport.getOutputStream();
            raw.write(netOut.array(), 0, netOut.limit());
            raw.flush();
            if (alertPending) {
                alertSent = true; // the fatal alert a reader's failure left went out with this wrap
            }
        }
        if (source.hasRemaining() && result.bytesConsumed() == 0
                && (result.getStatus() == SSLEngineResult.Status.CLOSED || result.bytesProduced() == 0)) {
            throw new SocketException("the connection is closed for writing");
        }
        return result;
    }

    /** Sends what the engine has to say in answer to a record (under the lock, after any record being sealed). */
    void answer() throws IOException {
        lock.lock();
        try {
            wrapOnce(NOTHING);
        } finally {
            lock.unlock();
        }
    }

    /** After a failure the engine has a fatal alert to send: send it, ignoring a peer that is gone. */
    void flushAfterFailure() {
        if (!lock.tryLock()) {
            alertPending = true; // a writer is in the middle of a record; its next wrap (or close) sends the alert
            return;
        }
        try {
            ByteBuffer netOut = ByteBuffer.allocate(engine.getSession().getPacketBufferSize());
            while (engine.getHandshakeStatus() == HandshakeStatus.NEED_WRAP && !engine.isOutboundDone()) {
                netOut.clear();
                engine.wrap(NOTHING, netOut);
                netOut.flip();
                transport.getOutputStream().write(netOut.array(), 0, netOut.limit());
                alertSent = true;
            }
            transport.getOutputStream().flush();
        } catch (IOException peerGone) {
            // the alert is a courtesy; the exception being thrown is what the caller sees
        } finally {
            lock.unlock();
        }
    }

    /**
     * Ends the engine's outbound side and sends what it has left (close_notify, or a pending
     * fatal alert). A thread blocked in a write or a handshake may hold the lock: after waiting
     * {@value #CLOSE_WAIT_MILLIS} ms for it, nothing is sent, and closing the transport ends that
     * thread's wait.
     */
    void sendClose() throws IOException, InterruptedException {
        if (!lock.tryLock(CLOSE_WAIT_MILLIS, TimeUnit.MILLISECONDS)) {
            return;
        }
        try {
            engine.closeOutbound();
            while (!engine.isOutboundDone() && engine.getHandshakeStatus() == HandshakeStatus.NEED_WRAP) {
                wrapOnce(NOTHING);
            }
            if (alertPending) {
                alertSent = true;
            }
        } finally {
            lock.unlock();
        }
    }

    /**
     * After a fatal alert went out: ends the output (the alert, then the end of the stream) and
     * reads what the peer still sends for a moment. Closing with unread input would reset the
     * connection, and a reset makes the peer drop the alert it has not read yet (a client whose
     * remaining handshake messages were still on their way would learn nothing of why it was
     * refused). Without a fatal alert, does nothing.
     */
    void lingerAfterAlert() {
        if (!alertSent) {
            return;
        }
        try {
            transport.shutdownOutput();
            long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(LINGER_MILLIS);
            byte[] discard = new byte[4096];
            InputStream raw = transport.getInputStream();
            for (long left = LINGER_MILLIS; left > 0; left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime())) {
                transport.setSoTimeout((int) Math.max(1, left));
                if (raw.read(discard) < 0) {
                    return;
                }
            }
        } catch (IOException | RuntimeException timedOutGoneOrUnsupported) {
            // closing anyway (a layered transport may not support shutdownOutput)
        }
    }
}
