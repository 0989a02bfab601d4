package org.shangmi.tls.tlcp;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketException;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import javax.net.ssl.HandshakeCompletedEvent;
import javax.net.ssl.HandshakeCompletedListener;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLEngineResult;
import javax.net.ssl.SSLEngineResult.HandshakeStatus;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLHandshakeException;
import javax.net.ssl.SSLSession;
import javax.net.ssl.SSLSocket;
import org.shangmi.tls.HandshakeTimeout;

/**
 * An {@link SSLSocket} as a thin layer over an {@link SSLEngine} and a plain socket: the
 * handshake runs on the first read or write (or {@link #startHandshake}), each write is wrapped
 * into records, each read unwraps records until data comes. Reads and writes may run in two
 * threads; the handshake runs under one lock, taken by both before their first use.
 *
 * <p>A handshake deadline ({@link HandshakeTimeout}) closes the transport when it runs out, which
 * ends any wait in the handshake. A connection waiting for data holds no record buffers: before a
 * read that would block, the receive buffers are dropped and only the next record's header is
 * read; they are allocated again when it comes, and kept while data keeps coming.
 */
class EngineSocket extends DelegatingSslSocket implements HandshakeTimeout {

    private final boolean autoClose;
    private final Object handshakeLock = new Object();
    /** Taken before {@link #writeLock} wherever both are held. */
    private final ReentrantLock readLock = new ReentrantLock();
    private final ReentrantLock writeLock = new ReentrantLock();
    private final List<HandshakeCompletedListener> listeners = new CopyOnWriteArrayList<>();
    private final InboundBuffers inbound;
    private final InputStream input = new AppInput();
    private final OutputStream output = new AppOutput();
    private static final long CLOSE_WAIT_MILLIS = 1000;

    private volatile boolean handshaken;
    private volatile boolean closed;
    /** A fatal alert went out: closing reads what the peer still sends, so that no reset destroys the alert. */
    private volatile boolean alertSent;
    /** A fatal alert waits in the engine for the write lock: whoever sends it next lingers as after {@link #alertSent}. */
    private volatile boolean alertPending;
    private boolean peerClosed;

    private final HandshakeDeadline deadline;
    /** Whether the engine's handshake began (Bouncy Castle's engines refuse a second beginHandshake). */
    private boolean begun;
    /** The failure that ended the handshake, given again to later calls (the engine cannot go on). */
    private IOException handshakeFailure;

    /**
     * A socket over {@code transport} (connected now or later through this socket), with the
     * engine's mode already set, whose handshake must complete within {@code handshakeTimeout}
     * from now (zero: no deadline).
     */
    EngineSocket(Socket transport, SSLEngine engine, boolean autoClose, Duration handshakeTimeout) {
        super(transport, engine);
        this.autoClose = autoClose;
        this.deadline = new HandshakeDeadline(transport);
        this.inbound = new InboundBuffers(transport, engine);
        deadline.set(handshakeTimeout);
    }

    // ---- the handshake deadline

    @Override
    public void setHandshakeTimeout(Duration timeout) {
        deadline.set(timeout);
    }

    @Override
    public Duration getHandshakeTimeout() {
        return deadline.timeout();
    }

    // ---- the handshake

    @Override
    public void startHandshake() throws IOException {
        synchronized (handshakeLock) {
            if (deadline.expired()) {
                throw deadline.failure(null);
            }
            if (closed) {
                throw new SocketException("the socket is closed");
            }
            if (handshaken) {
                return; // no renegotiation: the handshake is done once
            }
            if (handshakeFailure != null) {
                SSLHandshakeException again = new SSLHandshakeException("the handshake failed earlier: " + handshakeFailure.getMessage());
                again.initCause(handshakeFailure);
                throw again;
            }
            readLock.lock();
            try {
                writeLock.lock();
                try {
                    if (!begun) {
                        begun = true;
                        engine.beginHandshake();
                    }
                    drive();
                } catch (java.net.SocketTimeoutException timedOut) {
                    if (deadline.expired()) {
                        throw deadline.failure(timedOut);
                    }
                    throw timedOut; // a read timeout: the handshake may go on at the next call
                } catch (IOException failed) {
                    handshakeFailure = deadline.expired() ? deadline.failure(failed) : failed;
                    throw handshakeFailure;
                } finally {
                    writeLock.unlock();
                }
            } finally {
                readLock.unlock();
            }
        }
        if (!listeners.isEmpty()) {
            HandshakeCompletedEvent event = new HandshakeCompletedEvent(this, engine.getSession());
            for (HandshakeCompletedListener listener : listeners) {
                listener.handshakeCompleted(event);
            }
        }
    }

    private void ensureHandshake() throws IOException {
        if (!handshaken) {
            synchronized (handshakeLock) {
                if (!handshaken) {
                    startHandshake();
                }
            }
        }
    }

    /** Wraps and unwraps until the engine has nothing more to do for the handshake. */
    private void drive() throws IOException {
        while (true) {
            HandshakeStatus status = engine.getHandshakeStatus();
            switch (status) {
                case NEED_WRAP -> wrapOnce(ByteBuffer.allocate(0));
                case NEED_UNWRAP, NEED_UNWRAP_AGAIN -> {
                    if (unwrapOnce() < 0) {
                        throw new EOFException("the peer closed the connection during the handshake");
                    }
                }
                case NEED_TASK -> {
                    Runnable task;
                    while ((task = engine.getDelegatedTask()) != null) {
                        task.run();
                    }
                }
                default -> {
                    if (!deadline.complete()) {
                        throw deadline.failure(null); // the deadline closed the transport first
                    }
                    handshaken = true;
                    return;
                }
            }
        }
    }

    /** One wrap, its output written to the transport. Under the write lock. */
    private SSLEngineResult wrapOnce(ByteBuffer source) throws IOException {
        ByteBuffer netOut = ByteBuffer.allocate(engine.getSession().getPacketBufferSize());
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
        }
        if (source.hasRemaining() && result.bytesConsumed() == 0
                && (result.getStatus() == SSLEngineResult.Status.CLOSED || result.bytesProduced() == 0)) {
            throw new SocketException("the connection is closed for writing");
        }
        return result;
    }

    /**
     * One unwrap of one record, reading from the transport as needed. Under the read lock.
     * Returns the bytes of data it gave, or -1 at the end of the stream or the peer's close.
     */
    private int unwrapOnce() throws IOException {
        while (true) {
            if (inbound.empty() && !inbound.fill()) {
                endOfStream();
                return -1;
            }
            SSLEngineResult result;
            try {
                result = inbound.unwrap();
            } catch (SSLException e) {
                flushAfterFailure();
                throw e;
            }
            switch (result.getStatus()) {
                case OK -> {
                    if (engine.getHandshakeStatus() == HandshakeStatus.NEED_WRAP && handshaken) {
                        answer(); // a warning alert
                    }
                    return result.bytesProduced();
                }
                case CLOSED -> {
                    peerClosed = true;
                    if (engine.getHandshakeStatus() == HandshakeStatus.NEED_WRAP) {
                        answer(); // our close_notify
                    }
                    return -1;
                }
                case BUFFER_OVERFLOW -> inbound.growData();
                case BUFFER_UNDERFLOW -> {
                    if (inbound.readMore() < 0) {
                        endOfStream();
                        return -1;
                    }
                }
                default -> throw new SSLException("unexpected " + result);
            }
        }
    }

    /** Sends what the engine has to say in answer to a record (under the write lock, after any record being sealed). */
    private void answer() throws IOException {
        writeLock.lock();
        try {
            wrapOnce(ByteBuffer.allocate(0));
        } finally {
            writeLock.unlock();
        }
    }

    /**
     * The transport ended. Without the peer's close_notify the connection may have been cut
     * short: the engine is told (it invalidates the session, so that a truncated connection's
     * session is not resumed); a record cut in the middle is an error.
     */
    private void endOfStream() throws SSLException {
        peerClosed = true;
        boolean partial = inbound.partialRecord();
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

    /** After a failure the engine has a fatal alert to send: send it, ignoring a peer that is gone. */
    private void flushAfterFailure() {
        if (!writeLock.tryLock()) {
            alertPending = true; // a writer is in the middle of a record; its next wrap (or close) sends the alert
            return;
        }
        try {
            ByteBuffer netOut = ByteBuffer.allocate(engine.getSession().getPacketBufferSize());
            while (engine.getHandshakeStatus() == HandshakeStatus.NEED_WRAP && !engine.isOutboundDone()) {
                netOut.clear();
                engine.wrap(ByteBuffer.allocate(0), netOut);
                netOut.flip();
                transport.getOutputStream().write(netOut.array(), 0, netOut.limit());
                alertSent = true;
            }
            transport.getOutputStream().flush();
        } catch (IOException peerGone) {
            // the alert is a courtesy; the exception being thrown is what the caller sees
        } finally {
            writeLock.unlock();
        }
    }

    private final class AppInput extends InputStream {
        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            int n = read(one, 0, 1);
            return n < 0 ? -1 : one[0] & 0xff;
        }

        @Override
        public int read(byte[] buffer, int offset, int length) throws IOException {
            java.util.Objects.checkFromIndexSize(offset, length, buffer.length);
            if (length == 0) {
                return 0;
            }
            ensureHandshake();
            readLock.lock();
            try {
                while (inbound.available() == 0) {
                    if (peerClosed || closed || unwrapOnce() < 0) {
                        return -1;
                    }
                }
                return inbound.take(buffer, offset, length);
            } finally {
                readLock.unlock();
            }
        }

        /** What can be read without blocking: 0 while another thread is reading. */
        @Override
        public int available() {
            if (!readLock.tryLock()) {
                return 0;
            }
            try {
                return inbound.available();
            } finally {
                readLock.unlock();
            }
        }

        @Override
        public void close() throws IOException {
            EngineSocket.this.close();
        }
    }

    private final class AppOutput extends OutputStream {
        @Override
        public void write(int b) throws IOException {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] buffer, int offset, int length) throws IOException {
            java.util.Objects.checkFromIndexSize(offset, length, buffer.length);
            ensureHandshake();
            writeLock.lock();
            try {
                if (closed || engine.isOutboundDone()) {
                    throw new SocketException("the socket is closed for writing");
                }
                ByteBuffer source = ByteBuffer.wrap(buffer, offset, length);
                while (source.hasRemaining()) {
                    wrapOnce(source);
                }
            } finally {
                writeLock.unlock();
            }
        }

        @Override
        public void close() throws IOException {
            EngineSocket.this.close();
        }
    }

    @Override
    public InputStream getInputStream() throws IOException {
        checkOpen();
        return input;
    }

    @Override
    public OutputStream getOutputStream() throws IOException {
        checkOpen();
        return output;
    }

    private void checkOpen() throws SocketException {
        if (closed) {
            throw new SocketException("the socket is closed");
        }
        if (!transport.isConnected()) {
            throw new SocketException("the socket is not connected");
        }
    }

    /** Sends close_notify (when the handshake began) and closes the transport (when this socket owns it). */
    @Override
    public void close() throws IOException {
        if (closed) {
            return;
        }
        deadline.close(); // before closed is set: a deadline running out now must not reset the close below
        closed = true;
        try {
            // a thread blocked in a write or a handshake holds the lock: then close_notify is
            // skipped and the transport closed, which ends that thread's wait
            if (transport.isConnected() && !transport.isClosed() && writeLock.tryLock(CLOSE_WAIT_MILLIS, TimeUnit.MILLISECONDS)) {
                try {
                    engine.closeOutbound();
                    while (!engine.isOutboundDone() && engine.getHandshakeStatus() == HandshakeStatus.NEED_WRAP) {
                        wrapOnce(ByteBuffer.allocate(0));
                    }
                    if (alertPending) {
                        alertSent = true;
                    }
                } finally {
                    writeLock.unlock();
                }
            }
        } catch (IOException peerGone) {
            // closing anyway
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
        } finally {
            if (autoClose || !transport.isConnected()) {
                try {
                    if (alertSent) {
                        lingerAfterAlert();
                    }
                } finally {
                    transport.close();
                }
            }
        }
    }

    /** The longest a closing socket reads after a fatal alert. */
    private static final int LINGER_MILLIS = 250;

    /**
     * After a fatal alert: ends the output (the alert, then the end of the stream) and reads what
     * the peer still sends for a moment. Closing with unread input would reset the connection, and
     * a reset makes the peer drop the alert it has not read yet (a client whose remaining handshake
     * messages were still on their way would learn nothing of why it was refused).
     */
    private void lingerAfterAlert() {
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

    // ---- what differs from a plain delegation

    @Override
    public SSLSession getSession() {
        try {
            ensureHandshake();
        } catch (IOException failed) {
            // as the JDK's sockets do: a failed handshake leaves the null session
        }
        return engine.getSession();
    }

    @Override
    public void addHandshakeCompletedListener(HandshakeCompletedListener listener) {
        listeners.add(java.util.Objects.requireNonNull(listener, "listener"));
    }

    @Override
    public void removeHandshakeCompletedListener(HandshakeCompletedListener listener) {
        if (!listeners.remove(listener)) {
            throw new IllegalArgumentException("the listener is not registered");
        }
    }

    @Override
    public boolean isClosed() {
        return closed || transport.isClosed();
    }

    @Override
    public String toString() {
        return "EngineSocket[" + engine.getSession().getProtocol() + ", " + transport + "]";
    }
}
