package org.shangmi.tls.tlcp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.shangmi.tls.TlcpParameters;

/**
 * The TLCP engine against GmSSL 3's {@code tlcp_server} and {@code tlcp_client}, both directions,
 * every suite, with and without client certificates, on certificates made by gmssl and by
 * openssl. GmSSL signs and checks CertificateVerify over the handshake messages themselves (not
 * their SM3 hash, as the standard and the other peers do): our client is told so, our server
 * accepts both forms.
 */
class GmsslTlcpInteropTest extends WithShangMi {

    private static final byte[] MESSAGE = "TLCP interop: hello GmSSL\n".getBytes(StandardCharsets.US_ASCII);

    static java.util.stream.Stream<Arguments> cases() {
        java.util.List<Arguments> cases = new java.util.ArrayList<>();
        for (String set : new String[] {"gmssl", "openssl"}) {
            for (TlcpSuite suite : TlcpSuite.values()) {
                cases.add(Arguments.of(set, suite, true));
                if (!suite.ephemeral()) {
                    cases.add(Arguments.of(set, suite, false));
                }
            }
        }
        return cases.stream();
    }

    private static TlcpCredentials credentials(String set) {
        return set.equals("gmssl") ? TlcpCredentials.gmssl() : TlcpCredentials.openssl();
    }

    @ParameterizedTest(name = "{0} certificates, {1}, client certificate {2}")
    @MethodSource("cases")
    void ourClientAgainstGmsslServer(String set, TlcpSuite suite, boolean clientCertificate) throws Exception {
        TlcpCredentials credentials = credentials(set);
        try (GmsslTlcp.Server server = GmsslTlcp.start(credentials, suite, clientCertificate)) {
            SSLEngine engine = credentials.context("TLCPv1.1", false, clientCertificate).createSSLEngine(TlcpCredentials.SERVER_NAME,
                    server.port());
            engine.setUseClientMode(true);
            engine.setEnabledCipherSuites(new String[] {suite.name()});
            TlcpParameters parameters = (TlcpParameters) engine.getSSLParameters();
            parameters.setCertificateVerifyForm(TlcpParameters.CertificateVerifyForm.MESSAGES);
            parameters.setSigningChainOnlyForEcc(true); // see gmsslServerRefusesTheDoubleListOfAnEccClient
            engine.setSSLParameters(parameters);
            try (EngineOverSocket connection = new EngineOverSocket(engine,
                    new Socket(InetAddress.getLoopbackAddress(), server.port()))) {
                connection.handshake();
                assertEquals(suite.name(), engine.getSession().getCipherSuite());
                connection.write(MESSAGE);
                assertArrayEquals(MESSAGE, connection.read(MESSAGE.length), server.describe());
            }
        }
    }

    /**
     * Where GmSSL departs from the standard: an ECC client asked for its certificates sends its
     * signing and encryption certificates (GB/T 38636-2020 6.4.5.7; Kona's servers require both,
     * Tongsuo's, gmsm's and ours accept them), but GmSSL's tlcp_server checks the list of an ECC
     * client as one CA chain and refuses the encryption certificate, which is no CA (GmSSL issue
     * #1919). Our client's default is the standard's; {@code setSigningChainOnlyForEcc} reaches GmSSL.
     */
    @Test
    void gmsslServerRefusesTheDoubleListOfAnEccClient() throws Exception {
        TlcpCredentials credentials = TlcpCredentials.gmssl();
        TlcpSuite suite = TlcpSuite.TLCP_ECC_SM4_GCM_SM3;
        try (GmsslTlcp.Server server = GmsslTlcp.start(credentials, suite, true)) {
            SSLEngine engine = credentials.context("TLCPv1.1", false, true).createSSLEngine(TlcpCredentials.SERVER_NAME,
                    server.port());
            engine.setUseClientMode(true);
            engine.setEnabledCipherSuites(new String[] {suite.name()});
            TlcpParameters parameters = (TlcpParameters) engine.getSSLParameters();
            parameters.setCertificateVerifyForm(TlcpParameters.CertificateVerifyForm.MESSAGES);
            engine.setSSLParameters(parameters);
            try (EngineOverSocket connection = new EngineOverSocket(engine,
                    new Socket(InetAddress.getLoopbackAddress(), server.port()))) {
                // its alert, or the reset of its close when our next messages meet it
                assertThrows(java.io.IOException.class, connection::handshake);
            }
            long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(10);
            while (!server.stderr().contains("Invalid CA Certificate") && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            assertTrue(server.stderr().contains("Invalid CA Certificate"), "GmSSL checked the list as a CA chain" + server.describe());
        }
    }

    @ParameterizedTest(name = "{0} certificates, {1}, client certificate {2}")
    @MethodSource("cases")
    void gmsslClientAgainstOurServer(String set, TlcpSuite suite, boolean clientCertificate) throws Exception {
        TlcpCredentials credentials = credentials(set);
        SSLContext context = credentials.context("TLCPv1.1", true, true);
        try (ServerSocket listener = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            CompletableFuture<byte[]> served = CompletableFuture.supplyAsync(() -> {
                try (Socket socket = listener.accept()) {
                    SSLEngine engine = context.createSSLEngine();
                    engine.setUseClientMode(false);
                    engine.setNeedClientAuth(clientCertificate);
                    engine.setEnabledCipherSuites(new String[] {suite.name()});
                    EngineOverSocket connection = new EngineOverSocket(engine, socket);
                    connection.handshake();
                    byte[] received = connection.read(MESSAGE.length);
                    connection.write(received);
                    connection.close();
                    return received;
                } catch (Exception e) {
                    throw new java.util.concurrent.CompletionException(e);
                }
            });
            GmsslTlcp.Result result = GmsslTlcp.client(credentials, listener.getLocalPort(), suite, clientCertificate,
                    MESSAGE, Duration.ofSeconds(30));
            byte[] received = served.get(30, TimeUnit.SECONDS);
            assertTrue(result.connected(), result.describe());
            assertEquals(GmsslTlcp.gmsslName(suite), result.cipherSuite(), result.describe());
            assertArrayEquals(MESSAGE, received);
            assertArrayEquals(MESSAGE, result.stdout(), result.describe());
            assertEquals(0, result.exit(), result.describe());
        }
    }
}
