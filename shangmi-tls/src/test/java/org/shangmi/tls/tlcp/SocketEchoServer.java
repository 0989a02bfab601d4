package org.shangmi.tls.tlcp;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLServerSocket;
import org.shangmi.tls.HandshakeTimeout;

/**
 * An echo server on a context's {@code SSLServerSocket}, a thread per connection, set up as
 * docs/tls.md tells a gateway to: a handshake deadline, and a read timeout after the handshake.
 */
final class SocketEchoServer implements AutoCloseable {

    private final SSLServerSocket listener;
    private final ExecutorService connections = Executors.newCachedThreadPool();
    private final Thread acceptor;
    private final int readTimeoutMillis;

    SocketEchoServer(SSLContext context, Duration handshakeTimeout, int readTimeoutMillis) throws IOException {
        this.readTimeoutMillis = readTimeoutMillis;
        listener = (SSLServerSocket) context.getServerSocketFactory().createServerSocket(0, 200, InetAddress.getLoopbackAddress());
        ((HandshakeTimeout) listener).setHandshakeTimeout(handshakeTimeout);
        acceptor = new Thread(this::acceptAll, "echo acceptor");
        acceptor.start();
    }

    int port() {
        return listener.getLocalPort();
    }

    private void acceptAll() {
        while (!listener.isClosed()) {
            Socket accepted;
            try {
                accepted = listener.accept();
            } catch (IOException closed) {
                return;
            }
            connections.execute(() -> echo(accepted));
        }
    }

    private void echo(Socket accepted) {
        try (Socket socket = accepted) {
            socket.setSoTimeout(readTimeoutMillis);
            InputStream in = socket.getInputStream();
            OutputStream out = socket.getOutputStream();
            byte[] buffer = new byte[4096];
            for (int n; (n = in.read(buffer)) >= 0; ) {
                out.write(buffer, 0, n);
            }
        } catch (IOException peersFault) {
            // a faulty peer ends its own connection; the honest clients count their failures
        }
    }

    @Override
    public void close() throws Exception {
        listener.close();
        acceptor.join(10_000);
        connections.shutdownNow();
        connections.awaitTermination(10, TimeUnit.SECONDS);
    }
}
