package org.shangmi.tls.tlcp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLHandshakeException;
import javax.net.ssl.SSLServerSocket;
import javax.net.ssl.SSLSocket;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;
import org.shangmi.tls.HandshakeTimeout;
import org.shangmi.tls.ShangMiTlsProvider;

/**
 * The handshake deadline of the server sockets of every context: a peer that is silent, sends
 * half a ClientHello, dribbles a byte at a time or announces a record and stops is closed when
 * the deadline runs out, and the server's thread gets an exception that says so.
 */
class HandshakeDeadlineTest extends WithOpenSslTlcpPki {

    private static final Duration DEADLINE = Duration.ofMillis(600);
    /** A ClientHello's first bytes for {@code protocol}: a handshake record of 200 bytes, then a ClientHello of 196. */
    private static byte[] halfClientHello(String protocol) {
        int major = protocol.startsWith("TLCP") ? 0x01 : 0x03;
        return new byte[] {0x16, (byte) major, 0x01, 0x00, (byte) 200, 0x01, 0x00, 0x00, (byte) 196, (byte) major, (byte) (major == 1 ? 1 : 3)};
    }

    private static SSLContext context(String protocol, String side) throws Exception {
        SSLContext context = SSLContext.getInstance(protocol, new ShangMiTlsProvider());
        context.init(side == null ? null : pki.keyManagers(side), pki.trustManagers(), null);
        return context;
    }

    private static SSLServerSocket listener(String protocol, Duration deadline) throws Exception {
        SSLServerSocket listener = (SSLServerSocket) context(protocol, "server").getServerSocketFactory()
                .createServerSocket(0, 5, InetAddress.getLoopbackAddress());
        ((HandshakeTimeout) listener).setHandshakeTimeout(deadline);
        return listener;
    }

    /** Accepts one connection and runs its handshake; completes with the handshake's failure, and the socket's closed state. */
    private static CompletableFuture<SSLSocket> handshakeOnce(SSLServerSocket listener) {
        return CompletableFuture.supplyAsync(() -> {
            try {
                SSLSocket socket = (SSLSocket) listener.accept();
                try {
                    socket.startHandshake();
                } finally {
                    socket.close();
                }
                return socket;
            } catch (IOException e) {
                throw new CompletionException(e);
            }
        });
    }

    private static void assertClosedByTheDeadline(CompletableFuture<SSLSocket> served, Socket peer) throws Exception {
        long start = System.nanoTime();
        ExecutionException failed = assertThrows(ExecutionException.class, () -> served.get(20, TimeUnit.SECONDS));
        SSLHandshakeException timedOut = assertInstanceOf(SSLHandshakeException.class, failed.getCause());
        assertEquals("the handshake did not complete within 600 ms (the handshake timeout)", timedOut.getMessage());
        assertTrue(TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - start) < 10, "closed near the deadline");
        peer.setSoTimeout(10_000);
        assertTrue(endsSoon(peer.getInputStream()), "the peer's connection is closed");
    }

    /** Reads until the end of the stream or a reset, discarding what the server sent. */
    private static boolean endsSoon(InputStream in) throws IOException {
        try {
            while (in.read() >= 0) {
                // an alert, if any
            }
            return true;
        } catch (SocketException reset) {
            return true;
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"TLCPv1.1", "TLCP", "TLSv1.3"})
    void aSilentPeerIsClosedAtTheDeadline(String protocol) throws Exception {
        try (SSLServerSocket listener = listener(protocol, DEADLINE);
                Socket peer = new Socket(listener.getInetAddress(), listener.getLocalPort())) {
            assertClosedByTheDeadline(handshakeOnce(listener), peer);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"TLCPv1.1", "TLCP", "TLSv1.3"})
    void aHalfClientHelloIsClosedAtTheDeadline(String protocol) throws Exception {
        try (SSLServerSocket listener = listener(protocol, DEADLINE);
                Socket peer = new Socket(listener.getInetAddress(), listener.getLocalPort())) {
            CompletableFuture<SSLSocket> served = handshakeOnce(listener);
            peer.getOutputStream().write(halfClientHello(protocol));
            assertClosedByTheDeadline(served, peer);
        }
    }

    /** A byte every 100 ms: each read returns in time, so only a deadline on the whole handshake ends it. */
    @ParameterizedTest
    @ValueSource(strings = {"TLCPv1.1", "TLSv1.3"})
    void aPeerSendingAByteAtATimeIsClosedAtTheDeadline(String protocol) throws Exception {
        try (SSLServerSocket listener = listener(protocol, DEADLINE);
                Socket peer = new Socket(listener.getInetAddress(), listener.getLocalPort())) {
            CompletableFuture<SSLSocket> served = handshakeOnce(listener);
            OutputStream out = peer.getOutputStream();
            byte[] hello = halfClientHello(protocol);
            try {
                for (int i = 0; i < 30 && !served.isDone(); i++) {
                    out.write(hello[i % hello.length]);
                    out.flush();
                    Thread.sleep(100);
                }
            } catch (SocketException closedByTheServer) {
                // what the deadline does
            }
            assertClosedByTheDeadline(served, peer);
        }
    }

    @Test
    void aConnectionNobodyReadsIsClosedAtTheDeadline() throws Exception {
        try (SSLServerSocket listener = listener("TLCPv1.1", DEADLINE);
                Socket peer = new Socket(listener.getInetAddress(), listener.getLocalPort());
                Socket accepted = listener.accept()) {
            peer.setSoTimeout(10_000);
            assertTrue(endsSoon(peer.getInputStream()));
            assertTrue(accepted.isClosed(), "the accepted socket is closed");
            SSLHandshakeException late = assertThrows(SSLHandshakeException.class, () -> ((SSLSocket) accepted).startHandshake());
            assertTrue(late.getMessage().startsWith("the handshake did not complete within 600 ms"), late.getMessage());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"TLCPv1.1", "TLSv1.3"})
    void aCompletedHandshakeOutlivesTheDeadline(String protocol) throws Exception {
        String client = protocol.equals("TLSv1.3") ? "TLSv1.3" : "TLCPv1.1";
        Duration deadline = Duration.ofSeconds(2); // room for a cold handshake on a busy machine
        try (SSLServerSocket listener = listener(protocol, deadline)) {
            CompletableFuture<byte[]> echoed = CompletableFuture.supplyAsync(() -> {
                try (Socket socket = listener.accept()) {
                    byte[] data = new byte[5];
                    new DataInputStream(socket.getInputStream()).readFully(data); // after a wait beyond the deadline
                    socket.getOutputStream().write(data);
                    return data;
                } catch (IOException e) {
                    throw new CompletionException(e);
                }
            });
            try (SSLSocket socket = (SSLSocket) context(client, null).getSocketFactory().createSocket("localhost", listener.getLocalPort())) {
                socket.startHandshake();
                Thread.sleep(deadline.toMillis() + 1000);
                byte[] data = "later".getBytes(StandardCharsets.US_ASCII);
                socket.getOutputStream().write(data);
                byte[] back = new byte[5];
                new DataInputStream(socket.getInputStream()).readFully(back);
                assertArrayEquals(data, back);
                assertArrayEquals(data, echoed.get(20, TimeUnit.SECONDS));
            }
        }
    }

    @Test
    void theDefaultIsThirtySecondsOrTheProperty() throws Exception {
        SSLContext context = context("TLCPv1.1", "server");
        String before = System.getProperty(HandshakeTimeout.PROPERTY);
        try {
            System.clearProperty(HandshakeTimeout.PROPERTY);
            try (SSLServerSocket listener = (SSLServerSocket) context.getServerSocketFactory().createServerSocket()) {
                assertEquals(Duration.ofSeconds(30), ((HandshakeTimeout) listener).getHandshakeTimeout());
            }
            System.setProperty(HandshakeTimeout.PROPERTY, "7");
            try (SSLServerSocket listener = (SSLServerSocket) context("TLSv1.3", "server").getServerSocketFactory().createServerSocket()) {
                assertEquals(Duration.ofSeconds(7), ((HandshakeTimeout) listener).getHandshakeTimeout());
            }
            System.setProperty(HandshakeTimeout.PROPERTY, "soon");
            IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                    () -> context.getServerSocketFactory().createServerSocket());
            assertTrue(refused.getMessage().contains(HandshakeTimeout.PROPERTY), refused.getMessage());
            System.clearProperty(HandshakeTimeout.PROPERTY);
            try (SSLServerSocket listener = (SSLServerSocket) context.getServerSocketFactory().createServerSocket()) {
                assertThrows(IllegalArgumentException.class, () -> ((HandshakeTimeout) listener).setHandshakeTimeout(Duration.ofSeconds(-1)));
            }
        } finally {
            if (before == null) {
                System.clearProperty(HandshakeTimeout.PROPERTY);
            } else {
                System.setProperty(HandshakeTimeout.PROPERTY, before);
            }
        }
    }
}
