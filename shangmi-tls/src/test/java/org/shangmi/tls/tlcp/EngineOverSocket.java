package org.shangmi.tls.tlcp;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLEngineResult;
import javax.net.ssl.SSLEngineResult.HandshakeStatus;
import javax.net.ssl.SSLException;

/**
 * Runs an engine over a blocking socket, as a network application would: the handshake, then
 * writes and reads of application data, then close_notify. For talking to the peers' command
 * line programs in tests.
 */
final class EngineOverSocket implements AutoCloseable {

    private final SSLEngine engine;
    private final Socket socket;
    private final InputStream in;
    private final OutputStream out;
    private final ByteBuffer netIn = ByteBuffer.allocate(1 << 17);
    private final ByteBuffer netOut = ByteBuffer.allocate(1 << 17);
    private final ByteBuffer appIn = ByteBuffer.allocate(1 << 17);
    private boolean peerClosed;

    EngineOverSocket(SSLEngine engine, Socket socket) throws IOException {
        this.engine = engine;
        this.socket = socket;
        this.in = socket.getInputStream();
        this.out = socket.getOutputStream();
        socket.setSoTimeout(20_000);
    }

    /** Runs the handshake to its end. */
    void handshake() throws IOException {
        engine.beginHandshake();
        while (true) {
            HandshakeStatus status = engine.getHandshakeStatus();
            if (status == HandshakeStatus.NEED_WRAP) {
                flushOne();
            } else if (status == HandshakeStatus.NEED_UNWRAP) {
                unwrapOne();
            } else {
                return;
            }
        }
    }

    /** Sends application data. */
    void write(byte[] data) throws IOException {
        ByteBuffer source = ByteBuffer.wrap(data);
        while (source.hasRemaining()) {
            netOut.clear();
            SSLEngineResult result = engine.wrap(source, netOut);
            check(result);
            send();
        }
    }

    /** Reads application data until at least {@code atLeast} bytes have come, or the peer closes. */
    byte[] read(int atLeast) throws IOException {
        ByteArrayOutputStream received = new ByteArrayOutputStream();
        while (received.size() < atLeast && !peerClosed) {
            appIn.clear();
            unwrapOne();
            appIn.flip();
            byte[] chunk = new byte[appIn.remaining()];
            appIn.get(chunk);
            received.writeBytes(chunk);
            if (engine.getHandshakeStatus() == HandshakeStatus.NEED_WRAP) {
                flushOne(); // a close_notify answered, or an alert
            }
        }
        return received.toByteArray();
    }

    /** Everything until the peer's close_notify or end of stream. */
    byte[] readAll() throws IOException {
        return read(Integer.MAX_VALUE);
    }

    private void flushOne() throws IOException {
        netOut.clear();
        SSLEngineResult result = engine.wrap(ByteBuffer.allocate(0), netOut);
        check(result);
        send();
    }

    private void send() throws IOException {
        netOut.flip();
        out.write(netOut.array(), 0, netOut.limit());
        out.flush();
    }

    /** Unwraps one record, reading from the socket as much as that takes. */
    private void unwrapOne() throws IOException {
        while (true) {
            netIn.flip();
            SSLEngineResult result;
            try {
                result = engine.unwrap(netIn, appIn);
            } finally {
                netIn.compact();
            }
            if (result.getStatus() == SSLEngineResult.Status.CLOSED) {
                peerClosed = true;
                return;
            }
            if (result.getStatus() != SSLEngineResult.Status.BUFFER_UNDERFLOW) {
                check(result);
                return;
            }
            int n;
            try {
                n = in.read(netIn.array(), netIn.position(), netIn.remaining());
            } catch (SocketTimeoutException e) {
                throw new SSLException("the peer sent nothing for 20 s", e);
            }
            if (n < 0) {
                peerClosed = true;
                return;
            }
            netIn.position(netIn.position() + n);
        }
    }

    private static void check(SSLEngineResult result) throws SSLException {
        if (result.getStatus() != SSLEngineResult.Status.OK && result.getStatus() != SSLEngineResult.Status.CLOSED) {
            throw new SSLException("unexpected " + result);
        }
    }

    boolean peerClosed() {
        return peerClosed;
    }

    @Override
    public void close() throws IOException {
        try {
            engine.closeOutbound();
            while (!engine.isOutboundDone()) {
                flushOne();
            }
        } catch (IOException peerGone) {
            // the peer may have closed the connection first
        } finally {
            socket.close();
        }
    }
}
