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
import java.nio.charset.StandardCharsets;
import java.security.AlgorithmConstraints;
import java.security.AlgorithmParameters;
import java.security.CryptoPrimitive;
import java.security.Key;
import java.security.cert.CertificateException;
import java.security.cert.X509Certificate;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.HttpsURLConnection;
import javax.net.ssl.SNIHostName;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLHandshakeException;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLServerSocket;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManager;
import javax.net.ssl.X509TrustManager;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.shangmi.tls.ShangMiTlsProvider;

/**
 * A TLCP client checks the server's host name when its endpoint identification algorithm is set,
 * whatever kind of trust manager the application gives: the JDK's PKIX one (an
 * {@code X509ExtendedTrustManager}) and a plain {@code X509TrustManager} delegating to it (as
 * pinning and composite managers are written), through the engine, the socket and
 * {@code HttpsURLConnection}; and it applies the connection's algorithm constraints.
 */
class TlcpHostNameTest extends WithOpenSslTlcpPki {

    static SSLContext server;

    @BeforeAll
    static void setUp() throws Exception {
        pki.issueDouble("named", "/C=CN/O=ShangMi Test/CN=localhost", "DNS:localhost"); // no IP address
        server = SSLContext.getInstance("TLCPv1.1", new ShangMiTlsProvider());
        server.init(pki.keyManagers("named"), pki.trustManagers(), null);
    }

    private static SSLContext client(boolean plain) throws Exception {
        TrustManager jdk = pki.trustManagers()[0];
        SSLContext context = SSLContext.getInstance("TLCPv1.1", new ShangMiTlsProvider());
        context.init(null, new TrustManager[] {plain ? new PlainTrustManager((X509TrustManager) jdk) : jdk}, null);
        return context;
    }

    private static EnginePair pair(SSLContext client, String host, SSLParameters changes) {
        SSLEngine clientEngine = client.createSSLEngine(host, 443);
        clientEngine.setUseClientMode(true);
        SSLParameters parameters = clientEngine.getSSLParameters();
        parameters.setEndpointIdentificationAlgorithm("HTTPS");
        if (changes != null) {
            if (changes.getServerNames() != null) {
                parameters.setServerNames(changes.getServerNames());
            }
            parameters.setAlgorithmConstraints(changes.getAlgorithmConstraints());
        }
        clientEngine.setSSLParameters(parameters);
        SSLEngine serverEngine = server.createSSLEngine();
        serverEngine.setUseClientMode(false);
        return new EnginePair(clientEngine, serverEngine);
    }

    @ParameterizedTest(name = "plain trust manager: {0}")
    @ValueSource(booleans = {true, false})
    void aServerCertificateForAnotherHostIsRefused(boolean plain) throws Exception {
        SSLException refused = assertThrows(SSLException.class, () -> pair(client(plain), "bank.example", null).handshake());
        assertTrue(refused.getMessage().contains("host name does not match"), refused.getMessage());
    }

    @ParameterizedTest(name = "plain trust manager: {0}")
    @ValueSource(booleans = {true, false})
    void theNamedHostIsAccepted(boolean plain) throws Exception {
        EnginePair pair = pair(client(plain), "localhost", null);
        pair.handshake();
        assertEquals(1, pair.clientFinished);
    }

    /** As the JDK's and Bouncy Castle's trust managers: the server name asked for, else the host connected to. */
    @ParameterizedTest(name = "plain trust manager: {0}")
    @ValueSource(booleans = {true, false})
    void eitherTheServerNameAskedForOrTheHostMustBeNamed(boolean plain) throws Exception {
        SSLParameters sni = new SSLParameters();
        sni.setServerNames(List.of(new SNIHostName("localhost")));
        pair(client(plain), "bank.example", sni).handshake();
        sni.setServerNames(List.of(new SNIHostName("bank.example")));
        pair(client(plain), "localhost", sni).handshake();
        SSLException refused = assertThrows(SSLException.class, () -> pair(client(plain), "127.0.0.1", sni).handshake());
        assertTrue(refused.getMessage().contains("host name does not match"), refused.getMessage());
    }

    @Test
    void anIpAddressMatchesOnlyAnIpAddressName() throws Exception {
        SSLException refused = assertThrows(SSLException.class, () -> pair(client(true), "127.0.0.1", null).handshake());
        assertTrue(refused.getMessage().contains("host name does not match"), refused.getMessage());
    }

    /** Constraints that refuse SM3withSM2 signatures and allow everything else. */
    private static final AlgorithmConstraints NO_SM2_SIGNATURES = new AlgorithmConstraints() {
        @Override
        public boolean permits(Set<CryptoPrimitive> primitives, String algorithm, AlgorithmParameters parameters) {
            return !algorithm.equalsIgnoreCase("SM3withSM2");
        }

        @Override
        public boolean permits(Set<CryptoPrimitive> primitives, Key key) {
            return true;
        }

        @Override
        public boolean permits(Set<CryptoPrimitive> primitives, String algorithm, Key key, AlgorithmParameters parameters) {
            return permits(primitives, algorithm, parameters);
        }
    };

    @ParameterizedTest(name = "plain trust manager: {0}")
    @ValueSource(booleans = {true, false})
    void theConnectionsAlgorithmConstraintsApply(boolean plain) throws Exception {
        SSLParameters constrained = new SSLParameters();
        constrained.setAlgorithmConstraints(NO_SM2_SIGNATURES);
        SSLException refused = assertThrows(SSLException.class, () -> pair(client(plain), "localhost", constrained).handshake());
        assertTrue(refused.getMessage().contains("certificate_unknown") && refused.getMessage().contains("algorithm constraints"),
                refused.getMessage());
    }

    @ParameterizedTest(name = "plain trust manager: {0}")
    @ValueSource(booleans = {true, false})
    void aSocketChecksTheHostItWasGiven(boolean plain) throws Exception {
        try (SSLServerSocket listener = (SSLServerSocket) server.getServerSocketFactory()
                .createServerSocket(0, 5, InetAddress.getLoopbackAddress())) {
            CompletableFuture<Void> served = CompletableFuture.runAsync(() -> {
                for (int i = 0; i < 2; i++) {
                    try (SSLSocket accepted = (SSLSocket) listener.accept()) {
                        accepted.startHandshake();
                        accepted.getOutputStream().write(1);
                    } catch (IOException expectedForTheRefusedOne) {
                        // the client refuses the first connection's certificate
                    }
                }
            });
            for (String host : new String[] {"127.0.0.1", "localhost"}) {
                try (SSLSocket socket = (SSLSocket) client(plain).getSocketFactory().createSocket(host, listener.getLocalPort())) {
                    SSLParameters parameters = socket.getSSLParameters();
                    parameters.setEndpointIdentificationAlgorithm("HTTPS");
                    socket.setSSLParameters(parameters);
                    if (host.equals("localhost")) {
                        socket.startHandshake();
                        assertEquals(1, socket.getInputStream().read());
                    } else {
                        SSLHandshakeException refused = assertThrows(SSLHandshakeException.class, socket::startHandshake);
                        assertTrue(refused.getMessage().contains("host name does not match"), refused.getMessage());
                    }
                }
            }
            served.get(20, TimeUnit.SECONDS);
        }
    }

    /**
     * HttpsURLConnection with its default host-name verifier leaves the check to the socket once
     * it has set "HTTPS" on it: the socket must make it.
     */
    @ParameterizedTest(name = "plain trust manager: {0}")
    @ValueSource(booleans = {true, false})
    void httpsUrlConnectionRefusesAnotherHost(boolean plain) throws Exception {
        try (SSLServerSocket listener = (SSLServerSocket) server.getServerSocketFactory()
                .createServerSocket(0, 5, InetAddress.getLoopbackAddress())) {
            CompletableFuture<Void> served = CompletableFuture.runAsync(() -> HttpResponder.serve(listener, 2));
            int port = listener.getLocalPort();
            HttpsURLConnection wrongHost = (HttpsURLConnection) URI.create("https://127.0.0.1:" + port + "/").toURL().openConnection();
            wrongHost.setSSLSocketFactory(client(plain).getSocketFactory());
            IOException refused = assertThrows(IOException.class, wrongHost::getResponseCode);
            assertTrue(String.valueOf(refused.getMessage()).contains("host name does not match"), String.valueOf(refused));
            HttpsURLConnection rightHost = (HttpsURLConnection) URI.create("https://localhost:" + port + "/").toURL().openConnection();
            rightHost.setSSLSocketFactory(client(plain).getSocketFactory());
            assertEquals(200, rightHost.getResponseCode());
            assertEquals("ok", new String(rightHost.getInputStream().readAllBytes(), StandardCharsets.US_ASCII));
            served.get(20, TimeUnit.SECONDS);
        }
    }
}
