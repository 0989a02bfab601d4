package org.shangmi.tls.tlcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLServerSocket;
import javax.net.ssl.SSLSocket;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.shangmi.tls.ShangMiTlsProvider;
import org.shangmi.tls.TlcpParameters;

/**
 * ShangMiTLS against Tencent's KonaSSL 1.0.19 (a Java peer with its own TLCP and TLS 1.3 SM, run
 * in a JVM of its own), both directions: TLCP in every suite, with and without client
 * certificates, and TLS 1.3 with TLS_SM4_GCM_SM3 (Kona has no CCM), on an openssl-made PKI read
 * through ShangMiTLS's "PKIX" key manager. Where Kona departs from the standard, a test of its own
 * names the difference.
 */
class KonaInteropTest extends WithOpenSslTlcpPki {


    @BeforeAll
    static void setUp() throws Exception {
        KonaPeer.jars(); // built once, before the first case's clock starts
    }

    static Stream<Arguments> cases() {
        List<Arguments> cases = new ArrayList<>();
        for (TlcpSuite suite : TlcpSuite.values()) {
            cases.add(Arguments.of("TLCPv1.1", suite.name(), true));
            if (!suite.ephemeral()) {
                cases.add(Arguments.of("TLCPv1.1", suite.name(), false));
            }
        }
        cases.add(Arguments.of("TLSv1.3", "TLS_SM4_GCM_SM3", false));
        cases.add(Arguments.of("TLSv1.3", "TLS_SM4_GCM_SM3", true));
        return cases.stream();
    }

    private static SSLContext ours(String protocol, String side, boolean withKeys) throws Exception {
        KeyManagerFactory keys = KeyManagerFactory.getInstance("PKIX", new ShangMiTlsProvider());
        keys.init(pki.keys(side), OpenSslTlcpPki.PASSWORD);
        SSLContext context = SSLContext.getInstance(protocol, new ShangMiTlsProvider());
        context.init(withKeys ? keys.getKeyManagers() : null, pki.trustManagers(), null);
        return context;
    }

    private static String[] endpoint(String role, String protocol, String suite, boolean auth, String side, int port) {
        return new String[] {role, protocol, suite, auth ? "auth" : "noauth", pki.pki.path("root.pem").getParent().toString(), side,
                Integer.toString(port)};
    }

    /** Connects our client to a Kona server, writes a line and reads its echo; returns the Kona server's report. */
    private static String ourClientAgainstKona(String protocol, String suite, boolean auth, TlcpParameters changes) throws Exception {
        try (KonaPeer server = KonaPeer.start(endpoint("server", protocol, suite, auth, "server", 0))) {
            int port = server.port();
            try (SSLSocket socket = (SSLSocket) ours(protocol, "client", auth).getSocketFactory().createSocket("localhost", port)) {
                socket.setSoTimeout(30_000);
                socket.setEnabledCipherSuites(new String[] {suite});
                if (changes != null) {
                    TlcpParameters parameters = (TlcpParameters) socket.getSSLParameters();
                    parameters.setBareEcdheKeyExchange(changes.getBareEcdheKeyExchange());
                    parameters.setSigningChainOnlyForEcc(changes.getSigningChainOnlyForEcc());
                    socket.setSSLParameters(parameters);
                }
                socket.getOutputStream().write((KonaEndpoint.LINE + "\n").getBytes(StandardCharsets.US_ASCII));
                socket.getOutputStream().flush();
                String echo = new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.US_ASCII)).readLine();
                assertEquals(KonaEndpoint.LINE, echo, server.describe());
                assertEquals(suite, socket.getSession().getCipherSuite());
            }
            String report = server.await();
            assertEquals(0, server.exitCode(), server.describe());
            return report;
        }
    }

    /** The standard's ECDHE ClientKeyExchange has a two-byte length, which Kona's servers do not read (see below). */
    private static TlcpParameters forKonaServers(String suite) {
        TlcpParameters parameters = new TlcpParameters();
        parameters.setBareEcdheKeyExchange(suite.startsWith("TLCP_ECDHE"));
        return parameters;
    }

    @ParameterizedTest(name = "{0} {1}, client certificates {2}")
    @MethodSource("cases")
    void ourClientAgainstKonasServer(String protocol, String suite, boolean auth) throws Exception {
        String report = ourClientAgainstKona(protocol, suite, auth, protocol.startsWith("TLCP") ? forKonaServers(suite) : null);
        assertTrue(report.contains("ok " + protocol + " " + suite), report);
        assertTrue(report.contains(auth ? "peer CN=client" : "peer none"), report);
    }

    @ParameterizedTest(name = "{0} {1}, client certificates {2}")
    @MethodSource("cases")
    void konasClientAgainstOurServer(String protocol, String suite, boolean auth) throws Exception {
        try (SSLServerSocket listener = (SSLServerSocket) ours(protocol, "server", true).getServerSocketFactory()
                .createServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            listener.setNeedClientAuth(auth);
            listener.setSoTimeout(60_000);
            CompletableFuture<String> served = CompletableFuture.supplyAsync(() -> {
                try (SSLSocket socket = (SSLSocket) listener.accept()) {
                    socket.setSoTimeout(30_000);
                    String line = new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.US_ASCII)).readLine();
                    socket.getOutputStream().write((line + "\n").getBytes(StandardCharsets.US_ASCII));
                    socket.getOutputStream().flush();
                    String peer = auth ? ((java.security.cert.X509Certificate) socket.getSession().getPeerCertificates()[0])
                            .getSubjectX500Principal().getName() : "none";
                    return socket.getSession().getProtocol() + " " + socket.getSession().getCipherSuite() + " " + peer;
                } catch (IOException e) {
                    throw new CompletionException(e);
                }
            });
            try (KonaPeer client = KonaPeer.start(endpoint("client", protocol, suite, auth, "client", listener.getLocalPort()))) {
                String report = client.await();
                assertEquals(0, client.exitCode(), client.describe());
                assertTrue(report.contains("ok " + protocol + " " + suite), report);
                assertEquals(protocol + " " + suite + " " + (auth ? "CN=client,O=ShangMi Test,C=CN" : "none"),
                        served.get(30, TimeUnit.SECONDS));
            }
        }
    }

    /**
     * Where Kona departs from the standard: GB/T 38636-2020 6.4.5.8 gives the ECDHE
     * ClientKeyExchange a two-byte length before the client's parameters (our default, GmSSL's);
     * Kona's servers read the point without it and refuse the standard form (Kona issue #1306).
     */
    @Test
    void konasServerRefusesTheStandardsEcdheClientKeyExchange() throws Exception {
        String suite = "TLCP_ECDHE_SM4_GCM_SM3";
        try (KonaPeer server = KonaPeer.start(endpoint("server", "TLCPv1.1", suite, true, "server", 0))) {
            int port = server.port();
            try (SSLSocket socket = (SSLSocket) ours("TLCPv1.1", "client", true).getSocketFactory().createSocket("localhost", port)) {
                socket.setSoTimeout(30_000);
                socket.setEnabledCipherSuites(new String[] {suite});
                TlcpAlertException refused = assertThrows(TlcpAlertException.class, socket::startHandshake);
                assertTrue(refused.received(), refused.getMessage());
            }
            String report = server.await();
            assertEquals(1, server.exitCode(), report);
            assertTrue(report.contains("The encoded public key must be 65-bytes"), report);
        }
    }
}
