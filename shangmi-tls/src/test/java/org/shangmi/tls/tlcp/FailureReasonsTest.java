package org.shangmi.tls.tlcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.KeyStore;
import java.security.cert.PKIXBuilderParameters;
import java.security.cert.X509CertSelector;
import java.time.Duration;
import java.util.Date;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.CertPathTrustManagerParameters;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLServerSocket;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.shangmi.tls.ShangMiTlsProvider;

/**
 * The exception an application sees through the JDK's HttpClient names the reason a handshake
 * failed in its own message, for TLS 1.3 and for TLCP: an expired certificate, an untrusted one,
 * one for another host, and a server that requires a client certificate the client does not have.
 */
class FailureReasonsTest extends WithOpenSslTlcpPki {


    @BeforeAll
    static void setUp() throws Exception {
        pki.issueDouble("named", "/C=CN/O=ShangMi Test/CN=localhost", "DNS:localhost");
        pki.pki.root("stranger", "/C=CN/O=Elsewhere/CN=Another Root", 30);
    }

    private static SSLContext server(String protocol, String side) throws Exception {
        KeyManagerFactory keys = KeyManagerFactory.getInstance("PKIX", new ShangMiTlsProvider());
        keys.init(pki.keys(side), OpenSslTlcpPki.PASSWORD);
        SSLContext context = SSLContext.getInstance(protocol, new ShangMiTlsProvider());
        context.init(keys.getKeyManagers(), pki.trustManagers(), null);
        return context;
    }

    private static SSLContext client(String protocol, TrustManager[] trust) throws Exception {
        SSLContext context = SSLContext.getInstance(protocol, new ShangMiTlsProvider());
        context.init(null, trust, null);
        return context;
    }

    /** The JDK's PKIX trust manager over {@code root}, validating as at {@code date} (null: now). */
    private static TrustManager[] trusting(String root, Date date) throws Exception {
        KeyStore anchors = KeyStore.getInstance("PKCS12");
        anchors.load(null, null);
        anchors.setCertificateEntry("root", pki.certificate(root));
        PKIXBuilderParameters parameters = new PKIXBuilderParameters(anchors, new X509CertSelector());
        parameters.setRevocationEnabled(false);
        parameters.setDate(date);
        TrustManagerFactory factory = TrustManagerFactory.getInstance("PKIX", "SunJSSE");
        factory.init(new CertPathTrustManagerParameters(parameters));
        return factory.getTrustManagers();
    }

    /**
     * Serves HTTPS connections from {@code context} (a handshake that fails ends one; HttpClient
     * may try again) while it fetches {@code host}'s page, which must fail.
     */
    private static IOException fetchFails(SSLContext serverContext, boolean needClientAuth, SSLContext clientContext, String host)
            throws Exception {
        try (SSLServerSocket listener = (SSLServerSocket) serverContext.getServerSocketFactory()
                .createServerSocket(0, 5, InetAddress.getLoopbackAddress())) {
            listener.setNeedClientAuth(needClientAuth);
            listener.setSoTimeout(30_000);
            CompletableFuture<Void> served = CompletableFuture.runAsync(() -> HttpResponder.serve(listener, Integer.MAX_VALUE));
            HttpClient http = HttpClient.newBuilder().sslContext(clientContext).version(HttpClient.Version.HTTP_1_1)
                    .connectTimeout(Duration.ofSeconds(30)).build();
            HttpRequest request = HttpRequest.newBuilder(URI.create("https://" + host + ":" + listener.getLocalPort() + "/"))
                    .timeout(Duration.ofSeconds(30)).build();
            IOException failed = assertThrows(IOException.class, () -> http.send(request, HttpResponse.BodyHandlers.ofString()));
            listener.close();
            served.get(30, TimeUnit.SECONDS);
            return failed;
        }
    }

    private static void assertReason(String reason, Exception failed) {
        assertTrue(String.valueOf(failed.getMessage()).contains(reason), () -> {
            java.io.StringWriter trace = new java.io.StringWriter();
            failed.printStackTrace(new java.io.PrintWriter(trace));
            return "the top message lacks \"" + reason + "\": " + trace;
        });
    }

    /** The same reasons through an SSLSocket of the context, the host name checked as HttpsURLConnection has it checked. */
    private static IOException handshakeFails(SSLContext serverContext, SSLContext clientContext, String host) throws Exception {
        try (SSLServerSocket listener = (SSLServerSocket) serverContext.getServerSocketFactory()
                .createServerSocket(0, 5, InetAddress.getLoopbackAddress())) {
            listener.setSoTimeout(30_000);
            CompletableFuture<Void> served = CompletableFuture.runAsync(() -> {
                try (SSLSocket accepted = (SSLSocket) listener.accept()) {
                    accepted.setSoTimeout(30_000);
                    accepted.startHandshake();
                } catch (IOException refused) {
                    // the handshake that fails
                }
            });
            try (SSLSocket socket = (SSLSocket) clientContext.getSocketFactory().createSocket(host, listener.getLocalPort())) {
                socket.setSoTimeout(30_000);
                javax.net.ssl.SSLParameters parameters = socket.getSSLParameters();
                parameters.setEndpointIdentificationAlgorithm("HTTPS");
                socket.setSSLParameters(parameters);
                IOException failed = assertThrows(IOException.class, socket::startHandshake);
                served.get(30, TimeUnit.SECONDS);
                return failed;
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"TLSv1.3", "TLCPv1.1"})
    void throughSockets(String protocol) throws Exception {
        Date nextYear = new Date(System.currentTimeMillis() + TimeUnit.DAYS.toMillis(365));
        assertReason("certificate has expired", handshakeFails(server(protocol, "server"), client(protocol, trusting("root", nextYear)),
                "localhost"));
        assertReason("no trusted issuer", handshakeFails(server(protocol, "server"), client(protocol, trusting("stranger", null)),
                "localhost"));
        assertReason("host name does not match", handshakeFails(server(protocol, "named"), client(protocol, trusting("root", null)),
                "127.0.0.1"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"TLSv1.3", "TLCPv1.1"})
    void anExpiredCertificate(String protocol) throws Exception {
        Date nextYear = new Date(System.currentTimeMillis() + TimeUnit.DAYS.toMillis(365));
        assertReason("certificate has expired",
                fetchFails(server(protocol, "server"), false, client(protocol, trusting("root", nextYear)), "localhost"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"TLSv1.3", "TLCPv1.1"})
    void anUntrustedCertificate(String protocol) throws Exception {
        assertReason("no trusted issuer",
                fetchFails(server(protocol, "server"), false, client(protocol, trusting("stranger", null)), "localhost"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"TLSv1.3", "TLCPv1.1"})
    void aCertificateForAnotherHost(String protocol) throws Exception {
        assertReason("host name does not match",
                fetchFails(server(protocol, "named"), false, client(protocol, trusting("root", null)), "127.0.0.1"));
    }

    /**
     * TLCP judges the client's certificates before the server's Finished, so the client learns of
     * its refusal inside the handshake, through HttpClient too (the server's socket reads what the
     * client still sends before it closes, so that no reset destroys the alert).
     */
    @org.junit.jupiter.api.Test
    void aTlcpServerThatRequiresAClientCertificate() throws Exception {
        assertReason("the server requires a client certificate",
                fetchFails(server("TLCPv1.1", "server"), true, client("TLCPv1.1", trusting("root", null)), "localhost"));
    }

    /**
     * TLS 1.3 judges the client's certificate after the client has finished its handshake: the
     * server's certificate_required alert reaches the client's next read. Through an engine the
     * reason is named; through HttpClient, whose request meets the server's closed socket, the
     * alert may be lost to the reset (docs/tls.md, limits).
     */
    @org.junit.jupiter.api.Test
    void aTls13ServerThatRequiresAClientCertificate() throws Exception {
        SSLEngine serverEngine = server("TLSv1.3", "server").createSSLEngine();
        serverEngine.setUseClientMode(false);
        serverEngine.setNeedClientAuth(true);
        SSLEngine clientEngine = client("TLSv1.3", trusting("root", null)).createSSLEngine("localhost", 443);
        clientEngine.setUseClientMode(true);
        EnginePair pair = new EnginePair(clientEngine, serverEngine);
        javax.net.ssl.SSLException refused = assertThrows(javax.net.ssl.SSLException.class, pair::handshake);
        assertTrue(refused.getMessage().contains("certificate_required"), refused.getMessage()); // the server's own
        java.nio.ByteBuffer wire = pair.wireToClient();
        try {
            serverEngine.wrap(java.nio.ByteBuffer.allocate(0), wire); // the alert, if not out yet
        } catch (javax.net.ssl.SSLException deferred) {
            serverEngine.wrap(java.nio.ByteBuffer.allocate(0), wire);
        }
        wire.flip();
        assertTrue(wire.hasRemaining(), "the server's alert");
        java.nio.ByteBuffer sink = java.nio.ByteBuffer.allocate(1 << 16);
        javax.net.ssl.SSLException seen = assertThrows(javax.net.ssl.SSLException.class, () -> {
            while (wire.hasRemaining()) {
                clientEngine.unwrap(wire, sink);
            }
        });
        assertReason("the server requires a client certificate", seen);
    }

    @ParameterizedTest
    @ValueSource(strings = {"TLSv1.3", "TLCPv1.1"})
    void aGoodConnectionStillWorks(String protocol) throws Exception {
        try (SSLServerSocket listener = (SSLServerSocket) server(protocol, "server").getServerSocketFactory()
                .createServerSocket(0, 5, InetAddress.getLoopbackAddress())) {
            CompletableFuture<Void> served = CompletableFuture.runAsync(() -> {
                try (SSLSocket accepted = (SSLSocket) listener.accept()) {
                    HttpResponder.answer(accepted);
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            });
            HttpClient http = HttpClient.newBuilder().sslContext(client(protocol, trusting("root", null)))
                    .version(HttpClient.Version.HTTP_1_1).build();
            HttpResponse<String> response = http.send(HttpRequest.newBuilder(URI.create("https://localhost:" + listener.getLocalPort() + "/"))
                    .build(), HttpResponse.BodyHandlers.ofString());
            assertEquals("ok", response.body());
            served.get(30, TimeUnit.SECONDS);
        }
    }
}
