package org.shangmi.netty;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.handler.ssl.ClientAuth;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import javax.net.ssl.SSLContext;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.shangmi.core.testing.GmsslPeer;
import org.shangmi.provider.ShangMiProvider;
import org.shangmi.tls.tlcp.GmsslTlcp;
import org.shangmi.tls.tlcp.TlcpCredentials;
import org.shangmi.tls.tlcp.TlcpSuite;

/**
 * Netty servers and clients on {@link ShangMiSslContexts}: with each other over TLS 1.3 and TLCP,
 * and with GmSSL 3's clients and servers both ways; the client's host-name check, ALPN.
 */
class ShangMiSslContextsTest {

    @TempDir
    static Path directory;
    private static TlcpCredentials credentials;

    @BeforeAll
    static void install() {
        ShangMiProvider.install();
        credentials = TlcpCredentials.openssl();
    }

    private static SSLContext server(String protocol) {
        return credentials.context(protocol, true, true);
    }

    private static SSLContext client(String protocol) {
        return credentials.context(protocol, false, false);
    }

    @Test
    void tls13WithTheSmSuiteByDefault() throws Exception {
        try (NettyPeers.ReportServer server = new NettyPeers.ReportServer(ShangMiSslContexts.forServer(server("TLS")))) {
            NettyPeers.Exchange exchange = NettyPeers.exchange(ShangMiSslContexts.forClient(client("TLS")), "localhost",
                    server.port(), "hello", Integer.MAX_VALUE);
            assertEquals("TLS_SM4_GCM_SM3 TLSv1.3 null\n", exchange.received(), String.valueOf(exchange.failure()));
        }
    }

    @Test
    void tlcpWithDoubleCertificates() throws Exception {
        try (NettyPeers.ReportServer server = new NettyPeers.ReportServer(ShangMiSslContexts.forServer(server("TLCPv1.1")))) {
            NettyPeers.Exchange exchange = NettyPeers.exchange(ShangMiSslContexts.forClient(client("TLCPv1.1")), "localhost",
                    server.port(), "hello", Integer.MAX_VALUE);
            assertEquals("TLCP_ECC_SM4_GCM_SM3 TLCPv1.1 null\n", exchange.received(), String.valueOf(exchange.failure()));
        }
    }

    @Test
    void tlcpEcdheWithClientCertificates() throws Exception {
        try (NettyPeers.ReportServer server = new NettyPeers.ReportServer(ShangMiSslContexts.forServer(server("TLCPv1.1"),
                ClientAuth.REQUIRE, List.of("TLCP_ECDHE_SM4_GCM_SM3"), null))) {
            NettyPeers.Exchange exchange = NettyPeers.exchange(
                    ShangMiSslContexts.forClient(credentials.context("TLCPv1.1", false, true)), "localhost", server.port(),
                    "hello", Integer.MAX_VALUE);
            assertEquals("TLCP_ECDHE_SM4_GCM_SM3 TLCPv1.1 null\n", exchange.received(), String.valueOf(exchange.failure()));
        }
    }

    @Test
    void alpnForHttp2AndGrpc() throws Exception {
        try (NettyPeers.ReportServer server = new NettyPeers.ReportServer(ShangMiSslContexts.forServer(server("TLS"),
                ClientAuth.NONE, null, null, "h2", "http/1.1"))) {
            NettyPeers.Exchange exchange = NettyPeers.exchange(
                    ShangMiSslContexts.forClient(client("TLS"), null, null, "h2"), "localhost", server.port(), "hello",
                    Integer.MAX_VALUE);
            assertEquals("TLS_SM4_GCM_SM3 TLSv1.3 h2\n", exchange.received(), String.valueOf(exchange.failure()));
        }
    }

    @Test
    void refusesWhatTheContextDoesNotServe() {
        IllegalArgumentException suite = assertThrows(IllegalArgumentException.class, () -> ShangMiSslContexts.forServer(
                server("TLS"), ClientAuth.NONE, List.of("TLS_SM4_GCM_SM3_X"), null));
        assertTrue(suite.getMessage().startsWith("The cipher suite [TLS_SM4_GCM_SM3_X] is not served by ShangMiTLS's SSLContext"),
                suite.getMessage());
        IllegalArgumentException protocol = assertThrows(IllegalArgumentException.class, () -> ShangMiSslContexts.forClient(
                client("TLCPv1.1"), null, List.of("TLSv1.3")));
        assertTrue(protocol.getMessage().startsWith("The protocol [TLSv1.3] is not served by ShangMiTLS's SSLContext \"TLCPv1.1\""),
                protocol.getMessage());
        // GmSSL's spelling of a TLCP suite
        assertNotNull(ShangMiSslContexts.forServer(server("TLCPv1.1"), ClientAuth.NONE, List.of("TLS_ECC_SM4_GCM_SM3"), null));
    }

    @Test
    void theClientChecksTheHostName() throws Exception {
        for (String protocol : List.of("TLS", "TLCPv1.1")) {
            try (NettyPeers.ReportServer server = new NettyPeers.ReportServer(ShangMiSslContexts.forServer(server(protocol)))) {
                NettyPeers.Exchange exchange = NettyPeers.exchange(ShangMiSslContexts.forClient(client(protocol)),
                        "other.example", server.port(), "hello", Integer.MAX_VALUE);
                assertNotNull(exchange.failure(), protocol + ": connected to a certificate for another name");
                assertTrue(String.valueOf(exchange.failure()).contains("host name does not match")
                        || String.valueOf(exchange.failure().getCause()).contains("No subject alternative DNS name"),
                        protocol + ": " + exchange.failure());
            }
        }
    }

    @ParameterizedTest
    @EnumSource(TlcpSuite.class)
    void gmsslTlcpClientReachesANettyServer(TlcpSuite suite) throws Exception {
        boolean clientCertificate = suite.ephemeral();
        try (NettyPeers.ReportServer server = new NettyPeers.ReportServer(ShangMiSslContexts.forServer(server("TLCP"),
                clientCertificate ? ClientAuth.REQUIRE : ClientAuth.NONE, null, null))) {
            GmsslTlcp.Result result = GmsslTlcp.client(credentials, server.port(), suite, clientCertificate,
                    "hello".getBytes(StandardCharsets.US_ASCII), Duration.ofSeconds(60));
            assertEquals(suite + " TLCPv1.1 null\n", new String(result.stdout(), StandardCharsets.US_ASCII), result.describe());
        }
    }

    @Test
    void gmsslTls13ClientReachesANettyServer() throws Exception {
        try (NettyPeers.ReportServer server = new NettyPeers.ReportServer(ShangMiSslContexts.forServer(server("TLCP")))) {
            Path request = Files.writeString(directory.resolve("request"), "hello");
            try (GmsslPeer.Running client = GmsslPeer.start(directory, "tls13_client", "-host", "127.0.0.1", "-port",
                    Integer.toString(server.port()), "-cipher_suite", "TLS_SM4_GCM_SM3", "-supported_group", "sm2p256v1",
                    "-sig_alg", "sm2sig_sm3", "-cacert", credentials.rootPem().toString(), "-server_name", "localhost", "-in",
                    request.toString())) {
                client.waitFor(60);
                assertEquals("TLS_SM4_GCM_SM3 TLSv1.3 null\n", new String(client.stdout(), StandardCharsets.US_ASCII),
                        client.describe());
            }
        }
    }

    @ParameterizedTest
    @EnumSource(value = TlcpSuite.class, names = {"TLCP_ECC_SM4_GCM_SM3", "TLCP_ECC_SM4_CBC_SM3"})
    void nettyClientReachesGmsslTlcpServer(TlcpSuite suite) throws Exception {
        try (GmsslTlcp.Server server = GmsslTlcp.start(credentials, suite, false)) {
            NettyPeers.Exchange exchange = NettyPeers.exchange(ShangMiSslContexts.forClient(client("TLCPv1.1")), "localhost",
                    server.port(), "hello", "hello".length());
            assertEquals("hello", exchange.received(), String.valueOf(exchange.failure()));
            assertEquals(suite + " TLCPv1.1 null", exchange.report());
        }
    }

    @Test
    void nettyClientReachesGmsslTls13Server() throws Exception {
        int port = GmsslPeer.freePort();
        TlcpCredentials.Side side = credentials.server();
        try (GmsslPeer.Running server = GmsslPeer.start(credentials.directory(), "tls13_server", "-port", Integer.toString(port),
                "-cipher_suite", "TLS_SM4_GCM_SM3", "-supported_group", "sm2p256v1", "-sig_alg", "sm2sig_sm3", "-cert",
                side.signChain().toString(), "-key", side.signKey().toString(), "-pass", TlcpCredentials.PASSWORD)) {
            awaitListening(port, server);
            NettyPeers.Exchange exchange = NettyPeers.exchange(ShangMiSslContexts.forClient(client("TLS")), "localhost", port,
                    "hello", "hello".length());
            assertEquals("hello", exchange.received(), String.valueOf(exchange.failure()) + server.describe());
            assertEquals("TLS_SM4_GCM_SM3 TLSv1.3 null", exchange.report());
        }
    }

    private static void awaitListening(int port, GmsslPeer.Running server) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (!GmsslTlcp.listening(port)) {
            if (System.nanoTime() > deadline || !server.isAlive()) {
                throw new AssertionError("tls13_server does not listen" + server.describe());
            }
            Thread.sleep(20);
        }
    }
}
