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
import javax.net.ssl.HandshakeCompletedEvent;
import javax.net.ssl.HandshakeCompletedListener;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLEngineResult.HandshakeStatus;
import javax.net.ssl.SSLHandshakeException;
import javax.net.ssl.SSLSession;
import javax.net.ssl.SSLSocket;
import org.shangmi.tls.HandshakeTimeout;

/**
 * An {@link SSLSocket} as a thin layer over an {@link SSLEngine} and a plain socket: the
 * handshake runs on the first read or write (or {@link #startHandshake}), each write is wrapped
 * into records, each read unwraps records until data comes. Reads and writes may run in two
 * threads, each side under its own lock ({@link SocketReader}, {@link SocketWriter}: the read
 * lock is taken first wherever both are held); the handshake runs under one more lock, taken by
 * both before their first use, and holds both sides' locks.
 *
 * <p>A handshake deadline ({@link HandshakeTimeout}) closes the transport when it runs out, which
 * ends any wait in the handshake. A connection waiting for data holds no record buffers
 * ({@link SocketReader} says how).
 */
class EngineSocket extends DelegatingSslSocket implements HandshakeTimeout {

    private final boolean autoClose;
    private final Object handshakeLock = new Object();
    private final List<HandshakeCompletedListener> listeners = new CopyOnWriteArrayList<>();
    private final SocketWriter writer;
    private final SocketReader reader;
    private final InputStream input = new AppInput();
    private final OutputStream output = new AppOutput();

    private volatile boolean handshaken;
    private volatile boolean closed;

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
        this.writer = new SocketWriter(transport, engine);
        this.reader = new SocketReader(transport, engine, writer);
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
            reader.lock.lock();
            try {
                writer.lock.lock();
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
                    writer.lock.unlock();
                }
            } finally {
                reader.lock.unlock();
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
                case NEED_WRAP -> writer.wrapOnce(ByteBuffer.allocate(0));
                case NEED_UNWRAP, NEED_UNWRAP_AGAIN -> {
                    if (reader.unwrapOnce(false) < 0) {
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
            reader.lock.lock();
            try {
                while (reader.available() == 0) {
                    if (reader.peerClosed() || closed || reader.unwrapOnce(handshaken) < 0) {
                        return -1;
                    }
                }
                return reader.take(buffer, offset, length);
            } finally {
                reader.lock.unlock();
            }
        }

        /** What can be read without blocking: 0 while another thread is reading. */
        @Override
        public int available() {
            if (!reader.lock.tryLock()) {
                return 0;
            }
            try {
                return reader.available();
            } finally {
                reader.lock.unlock();
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
            writer.lock.lock();
            try {
                if (closed || engine.isOutboundDone()) {
                    throw new SocketException("the socket is closed for writing");
                }
                ByteBuffer source = ByteBuffer.wrap(buffer, offset, length);
                while (source.hasRemaining()) {
                    writer.wrapOnce(source);
                }
            } finally {
                writer.lock.unlock();
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
            if (transport.isConnected() && !transport.isClosed()) {
                writer.sendClose();
            }
        } catch (IOException peerGone) {
            // closing anyway
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
        } finally {
            if (autoClose || !transport.isConnected()) {
                try {
                    writer.lingerAfterAlert();
                } finally {
                    transport.close();
                }
            }
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
