package org.shangmi.tls.tlcp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.shangmi.tls.TlcpParameters;

/**
 * The TLCP engine against Go's github.com/tjfoc/gmsm v1.4.1 {@code gmtls}, both directions, with
 * and without client certificates: ECC_SM4_CBC_SM3, the one suite gmsm completes. gmsm signs
 * CertificateVerify over the SM3 hash of the handshake messages, as the standard does (our
 * client's default), and its client checks every certificate of the server's list against the
 * host name, so our server sends the two leaves alone to it.
 */
class GmsmTlcpInteropTest extends WithShangMi {

    private static final String MESSAGE = "TLCP interop: hello gmsm";
    private static final TlcpSuite SUITE = TlcpSuite.TLCP_ECC_SM4_CBC_SM3;

    private static TlcpCredentials credentials(String set) {
        return set.equals("gmssl") ? TlcpCredentials.gmssl() : TlcpCredentials.openssl();
    }

    @ParameterizedTest(name = "{0} certificates, client certificate {1}")
    @CsvSource({"gmssl, false", "gmssl, true", "openssl, false", "openssl, true"})
    void ourClientAgainstGoServer(String set, boolean clientCertificate) throws Exception {
        TlcpCredentials credentials = credentials(set);
        try (GmsmPeer.Server server = GmsmPeer.server(credentials, clientCertificate)) {
            SSLEngine engine = credentials.context("TLCPv1.1", false, clientCertificate).createSSLEngine(TlcpCredentials.SERVER_NAME,
                    server.port());
            engine.setUseClientMode(true);
            byte[] message = MESSAGE.getBytes(StandardCharsets.US_ASCII);
            try (EngineOverSocket connection = new EngineOverSocket(engine,
                    new Socket(InetAddress.getLoopbackAddress(), server.port()))) {
                connection.handshake();
                assertEquals(SUITE.name(), engine.getSession().getCipherSuite(), "gmsm completes only " + SUITE);
                connection.write(message);
                assertArrayEquals(message, connection.read(message.length), server.describe());
            }
            assertTrue(server.awaitLine("handshake ok", Duration.ofSeconds(10)), server.describe());
            if (clientCertificate) {
                assertTrue(server.stdout().contains("client CN=TLCP Client"), server.describe());
            }
        }
    }

    @ParameterizedTest(name = "{0} certificates, client certificate {1}")
    @CsvSource({"gmssl, false", "gmssl, true", "openssl, false", "openssl, true"})
    void goClientAgainstOurServer(String set, boolean clientCertificate) throws Exception {
        TlcpCredentials credentials = credentials(set);
        SSLContext context = credentials.context("TLCPv1.1", true, true);
        int length = MESSAGE.length() + 1; // the Go client sends a newline after the message
        try (ServerSocket listener = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            CompletableFuture<byte[]> served = CompletableFuture.supplyAsync(() -> {
                try (Socket socket = listener.accept()) {
                    SSLEngine engine = context.createSSLEngine();
                    engine.setUseClientMode(false);
                    engine.setNeedClientAuth(clientCertificate);
                    TlcpParameters parameters = (TlcpParameters) engine.getSSLParameters();
                    parameters.setCertificateOrder(TlcpParameters.CertificateOrder.SIGN_ENC);
                    engine.setSSLParameters(parameters);
                    EngineOverSocket connection = new EngineOverSocket(engine, socket);
                    connection.handshake();
                    byte[] received = connection.read(length);
                    connection.write(received);
                    connection.close();
                    return received;
                } catch (Exception e) {
                    throw new CompletionException(e);
                }
            });
            GmsmPeer.Result result = GmsmPeer.client(credentials, listener.getLocalPort(), clientCertificate, MESSAGE,
                    Duration.ofSeconds(20));
            byte[] received = served.get(30, TimeUnit.SECONDS);
            assertEquals(0, result.exit(), result.describe());
            assertEquals(MESSAGE + "\n", new String(received, StandardCharsets.US_ASCII));
            assertEquals(MESSAGE + "\n", result.stdoutText(), result.describe());
        }
    }
}
