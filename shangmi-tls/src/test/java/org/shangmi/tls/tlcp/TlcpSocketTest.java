package org.shangmi.tls.tlcp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.DataInputStream;
import java.io.IOException;
import java.net.InetAddress;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLServerSocket;
import javax.net.ssl.SSLSocket;
import org.junit.jupiter.api.Test;
import org.shangmi.tls.ShangMiTlsProvider;

/** TLCP through SSLSocket and SSLServerSocket: the layer over the engine, and the "TLCP" context's one port for both protocols. */
class TlcpSocketTest extends WithOpenSslTlcpPki {



    private static SSLContext context(String protocol, String side) throws Exception {
        SSLContext context = SSLContext.getInstance(protocol, new ShangMiTlsProvider());
        context.init(side == null ? null : pki.keyManagers(side), pki.trustManagers(), null);
        return context;
    }

    /** Serves one connection: reads a 4-byte length and that many bytes, echoes them, closes. Returns the session's protocol. */
    private static CompletableFuture<String> echoOnce(SSLServerSocket listener) {
        return CompletableFuture.supplyAsync(() -> {
            try (SSLSocket socket = (SSLSocket) listener.accept()) {
                DataInputStream in = new DataInputStream(socket.getInputStream());
                byte[] data = new byte[in.readInt()];
                in.readFully(data);
                socket.getOutputStream().write(data);
                socket.getOutputStream().flush();
                return socket.getSession().getProtocol() + " " + socket.getSession().getCipherSuite();
            } catch (IOException e) {
                throw new CompletionException(e);
            }
        });
    }

    private static byte[] roundTrip(SSLSocket socket, byte[] data) throws IOException {
        java.io.DataOutputStream out = new java.io.DataOutputStream(socket.getOutputStream());
        out.writeInt(data.length);
        out.write(data);
        out.flush();
        byte[] echo = new byte[data.length];
        new DataInputStream(socket.getInputStream()).readFully(echo);
        return echo;
    }

    @Test
    void aTlcpSocketTalksToATlcpServerSocket() throws Exception {
        byte[] data = new byte[100_000];
        new java.util.Random(7).nextBytes(data);
        try (SSLServerSocket listener = (SSLServerSocket) context("TLCPv1.1", "server").getServerSocketFactory()
                .createServerSocket(0, 5, InetAddress.getLoopbackAddress())) {
            listener.setNeedClientAuth(true);
            listener.setEnabledCipherSuites(new String[] {"TLCP_ECDHE_SM4_CBC_SM3"});
            CompletableFuture<String> served = echoOnce(listener);
            AtomicReference<String> completed = new AtomicReference<>();
            try (SSLSocket socket = (SSLSocket) context("TLCPv1.1", "client").getSocketFactory()
                    .createSocket("localhost", listener.getLocalPort())) {
                socket.addHandshakeCompletedListener(event -> completed.set(event.getCipherSuite()));
                socket.startHandshake();
                assertEquals("TLCP_ECDHE_SM4_CBC_SM3", completed.get());
                assertArrayEquals(data, roundTrip(socket, data));
                assertEquals("TLCPv1.1", socket.getSession().getProtocol());
                assertEquals("", socket.getApplicationProtocol(), "TLCP negotiates no application protocol");
                assertEquals(-1, socket.getInputStream().read(), "the server closed after its echo");
            }
            assertEquals("TLCPv1.1 TLCP_ECDHE_SM4_CBC_SM3", served.get(20, TimeUnit.SECONDS));
        }
    }

    @Test
    void theTlcpServerSocketAnswersTlcpAndTls13Clients() throws Exception {
        byte[] data = "one port, two protocols".getBytes(StandardCharsets.US_ASCII);
        try (SSLServerSocket listener = (SSLServerSocket) context("TLCP", "server").getServerSocketFactory()
                .createServerSocket(0, 5, InetAddress.getLoopbackAddress())) {
            CompletableFuture<String> first = echoOnce(listener);
            try (SSLSocket socket = (SSLSocket) context("TLCPv1.1", null).getSocketFactory()
                    .createSocket("localhost", listener.getLocalPort())) {
                assertArrayEquals(data, roundTrip(socket, data));
            }
            assertEquals("TLCPv1.1 TLCP_ECC_SM4_GCM_SM3", first.get(20, TimeUnit.SECONDS));
            CompletableFuture<String> second = echoOnce(listener);
            try (SSLSocket socket = (SSLSocket) context("TLSv1.3", null).getSocketFactory()
                    .createSocket("localhost", listener.getLocalPort())) {
                assertArrayEquals(data, roundTrip(socket, data));
                assertEquals("TLS_SM4_GCM_SM3", socket.getSession().getCipherSuite());
            }
            assertEquals("TLSv1.3 TLS_SM4_GCM_SM3", second.get(20, TimeUnit.SECONDS));
        }
    }

    @Test
    void gmsslClientAgainstOurServerSocket() throws Exception {
        TlcpCredentials credentials = TlcpCredentials.gmssl();
        SSLContext context = credentials.context("TLCP", true, true);
        byte[] message = "hello from gmssl tlcp_client\n".getBytes(StandardCharsets.US_ASCII);
        try (SSLServerSocket listener = (SSLServerSocket) context.getServerSocketFactory()
                .createServerSocket(0, 5, InetAddress.getLoopbackAddress())) {
            CompletableFuture<byte[]> served = CompletableFuture.supplyAsync(() -> {
                try (SSLSocket socket = (SSLSocket) listener.accept()) {
                    byte[] received = new DataInputStream(socket.getInputStream()).readNBytes(message.length);
                    socket.getOutputStream().write(received);
                    return received;
                } catch (IOException e) {
                    throw new CompletionException(e);
                }
            });
            GmsslTlcp.Result result = GmsslTlcp.client(credentials, listener.getLocalPort(), TlcpSuite.TLCP_ECC_SM4_CBC_SM3,
                    false, message, Duration.ofSeconds(30));
            assertArrayEquals(message, served.get(30, TimeUnit.SECONDS));
            assertTrue(result.connected(), result.describe());
            assertArrayEquals(message, result.stdout(), result.describe());
        }
    }

    @Test
    @org.junit.jupiter.api.Timeout(60)
    void aWriteToAClosedConnectionFailsRatherThanHangs() throws Exception {
        try (SSLServerSocket listener = (SSLServerSocket) context("TLCPv1.1", "server").getServerSocketFactory()
                .createServerSocket(0, 5, InetAddress.getLoopbackAddress())) {
            CompletableFuture<Void> served = CompletableFuture.runAsync(() -> {
                try (SSLSocket socket = (SSLSocket) listener.accept()) {
                    socket.startHandshake(); // and close at once: close_notify, then the transport
                } catch (IOException e) {
                    throw new CompletionException(e);
                }
            });
            try (SSLSocket socket = (SSLSocket) context("TLCPv1.1", null).getSocketFactory()
                    .createSocket("localhost", listener.getLocalPort())) {
                socket.startHandshake();
                served.get(20, TimeUnit.SECONDS);
                assertEquals(-1, socket.getInputStream().read(), "the server's close_notify");
                byte[] chunk = new byte[1 << 16];
                assertThrows(IOException.class, () -> {
                    for (int i = 0; i < 1000; i++) {
                        socket.getOutputStream().write(chunk);
                    }
                });
            }
        }
    }

    @Test
    void aConnectionCutWithoutCloseNotifyLeavesNoResumableSession() throws Exception {
        SSLContext server = context("TLCPv1.1", "server");
        try (java.net.ServerSocket listener = new java.net.ServerSocket(0, 5, InetAddress.getLoopbackAddress())) {
            CompletableFuture<Void> served = CompletableFuture.runAsync(() -> {
                try (java.net.Socket plain = listener.accept()) {
                    javax.net.ssl.SSLEngine engine = server.createSSLEngine();
                    engine.setUseClientMode(false);
                    new EngineOverSocket(engine, plain).handshake();
                    // the transport closes here without close_notify
                } catch (IOException e) {
                    throw new CompletionException(e);
                }
            });
            try (SSLSocket socket = (SSLSocket) context("TLCPv1.1", null).getSocketFactory()
                    .createSocket("localhost", listener.getLocalPort())) {
                socket.startHandshake();
                served.get(20, TimeUnit.SECONDS);
                assertTrue(socket.getSession().isValid());
                assertEquals(-1, socket.getInputStream().read());
                assertTrue(!socket.getSession().isValid(), "a truncated connection's session is invalidated");
            }
        }
    }

    @Test
    void aClientSocketToAnAddressChecksTheNameItWasGivenNotAReverseLookup() throws Exception {
        assertEquals("127.0.0.1", EngineSocketFactories.givenName(InetAddress.getByAddress(new byte[] {127, 0, 0, 1})));
        assertEquals("localhost", EngineSocketFactories.givenName(InetAddress.getByAddress("localhost", new byte[] {127, 0, 0, 1})));
    }

    @Test
    void unconnectedClientSocketsAreNotOffered() throws Exception {
        assertThrows(SocketException.class, () -> context("TLCPv1.1", null).getSocketFactory().createSocket());
    }

    /**
     * A server socket's accepted connection: its session names the peer it was accepted from, its
     * socket options reach the connection, and a failed handshake stays failed (the session is the
     * null session, as the JDK's sockets give; a second handshake names the first failure).
     */
    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.ValueSource(strings = {"TLCPv1.1", "TLSv1.3", "TLCP"})
    void anAcceptedConnectionKnowsItsPeerTakesOptionsAndStaysFailed(String protocol) throws Exception {
        String client = protocol.equals("TLSv1.3") ? "TLSv1.3" : "TLCPv1.1";
        try (SSLServerSocket listener = (SSLServerSocket) context(protocol, "server").getServerSocketFactory()
                .createServerSocket(0, 5, InetAddress.getLoopbackAddress())) {
            try (SSLSocket socket = (SSLSocket) context(client, null).getSocketFactory().createSocket("localhost", listener.getLocalPort());
                    SSLSocket accepted = (SSLSocket) listener.accept()) {
                accepted.setOption(java.net.StandardSocketOptions.SO_KEEPALIVE, true);
                assertTrue(accepted.getKeepAlive(), "the option reached the connection");
                CompletableFuture<Void> handshake = CompletableFuture.runAsync(() -> {
                    try {
                        socket.startHandshake();
                    } catch (IOException e) {
                        throw new CompletionException(e);
                    }
                });
                accepted.startHandshake();
                handshake.get(20, TimeUnit.SECONDS);
                assertEquals("127.0.0.1", accepted.getSession().getPeerHost());
                assertEquals(socket.getLocalPort(), accepted.getSession().getPeerPort());
            }
            try (java.net.Socket garbage = new java.net.Socket(listener.getInetAddress(), listener.getLocalPort());
                    SSLSocket accepted = (SSLSocket) listener.accept()) {
                garbage.getOutputStream().write(new byte[] {99, 3, 3, 0, 6, 1, 1, 1, 1, 1, 1}); // enough for the "TLCP" context to choose
                javax.net.ssl.SSLException first = assertThrows(javax.net.ssl.SSLException.class, accepted::startHandshake);
                assertEquals("SSL_NULL_WITH_NULL_NULL", accepted.getSession().getCipherSuite());
                javax.net.ssl.SSLException again = assertThrows(javax.net.ssl.SSLException.class, accepted::startHandshake);
                assertTrue(again.getMessage().startsWith("the handshake failed earlier: "), again.getMessage());
                assertEquals(first, again.getCause());
            }
        }
    }
}
