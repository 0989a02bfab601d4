package org.shangmi.tomcat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.function.Consumer;
import org.apache.tomcat.util.net.SSLHostConfig;
import org.apache.tomcat.util.net.SSLHostConfigCertificate;
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
 * GmSSL 3's {@code tlcp_client} and {@code tls13_client}, an independent C implementation, against
 * embedded Tomcat on {@link ShangMiImplementation}: TLCP in every suite with the server's double
 * certificate (and the client's, which the ECDHE suites need), and TLS 1.3 with
 * {@code TLS_SM4_GCM_SM3}; Tomcat's page, which names the suite, must reach the client.
 */
class TomcatGmsslInteropTest {

    private static final byte[] REQUEST = "GET / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"
            .getBytes(StandardCharsets.US_ASCII);

    @TempDir
    static Path directory;
    private static TlcpCredentials credentials;
    private static Path keystore;

    @BeforeAll
    static void keys() throws Exception {
        ShangMiProvider.install();
        credentials = TlcpCredentials.openssl();
        keystore = directory.resolve("server.p12");
        try (OutputStream out = Files.newOutputStream(keystore)) {
            credentials.server().keyStore().store(out, TlcpCredentials.STORE_PASSWORD);
        }
    }

    /** The two signing and encryption entries of one keystore, and the client CA when client certificates are required. */
    private static Consumer<SSLHostConfig> doubleCertificate(boolean requireClientCertificate, Consumer<SSLHostConfig> more) {
        return host -> {
            SSLHostConfigCertificate certificate = new SSLHostConfigCertificate(host, SSLHostConfigCertificate.Type.UNDEFINED);
            certificate.setCertificateKeystoreFile(keystore.toString());
            certificate.setCertificateKeystorePassword(new String(TlcpCredentials.STORE_PASSWORD));
            certificate.setCertificateKeyAlias("sign,enc");
            host.addCertificate(certificate);
            if (requireClientCertificate) {
                host.setTrustStore(credentials.trustStore());
                host.setCertificateVerification("required");
            }
            more.accept(host);
        };
    }

    @ParameterizedTest
    @EnumSource(TlcpSuite.class)
    void gmsslTlcpClientReachesTomcat(TlcpSuite suite) throws Exception {
        boolean clientCertificate = suite.ephemeral();
        try (TomcatServer server = TomcatServer.start(directory.resolve("tlcp-" + suite),
                doubleCertificate(clientCertificate, host -> host.setProtocols("TLCPv1.1")))) {
            GmsslTlcp.Result result = GmsslTlcp.client(credentials, server.port(), suite, clientCertificate, REQUEST,
                    Duration.ofSeconds(60));
            String page = new String(result.stdout(), StandardCharsets.US_ASCII);
            assertTrue(page.startsWith("HTTP/1.1 200"), result.describe());
            assertTrue(page.contains("suite=" + suite + " protocol=TLCPv1.1"), result.describe());
            assertEquals(0, result.exit(), result.describe());
        }
    }

    /** The one-port server: GmSSL's TLCP client and its TLS 1.3 client on the same connector. */
    @Test
    void gmsslTlcpAndTls13ClientsReachOnePort() throws Exception {
        try (TomcatServer server = TomcatServer.start(directory.resolve("oneport"),
                doubleCertificate(false, host -> host.setSslProtocol("TLCP")))) {
            GmsslTlcp.Result tlcp = GmsslTlcp.client(credentials, server.port(), TlcpSuite.TLCP_ECC_SM4_GCM_SM3, false,
                    REQUEST, Duration.ofSeconds(60));
            assertTrue(new String(tlcp.stdout(), StandardCharsets.US_ASCII)
                    .contains("suite=TLCP_ECC_SM4_GCM_SM3 protocol=TLCPv1.1"), tlcp.describe());
            assertEquals("suite=TLS_SM4_GCM_SM3 protocol=TLSv1.3", gmsslTls13Page(server.port()));
        }
    }

    @Test
    void gmsslTls13ClientReachesTomcat() throws Exception {
        try (TomcatServer server = TomcatServer.start(directory.resolve("tls13"),
                doubleCertificate(false, host -> host.setCiphers("TLS_SM4_GCM_SM3")))) {
            assertEquals("suite=TLS_SM4_GCM_SM3 protocol=TLSv1.3", gmsslTls13Page(server.port()));
        }
    }

    /** What {@code gmssl tls13_client} reads from our port: the body of Tomcat's page. */
    private static String gmsslTls13Page(int port) throws Exception {
        Path request = Files.write(directory.resolve("request-" + port), REQUEST);
        try (GmsslPeer.Running client = GmsslPeer.start(directory, "tls13_client", "-host", "127.0.0.1", "-port",
                Integer.toString(port), "-cipher_suite", "TLS_SM4_GCM_SM3", "-supported_group", "sm2p256v1", "-sig_alg",
                "sm2sig_sm3", "-cacert", credentials.rootPem().toString(), "-server_name", "localhost", "-in",
                request.toString())) {
            client.waitFor(60);
            String page = new String(client.stdout(), StandardCharsets.US_ASCII);
            assertTrue(page.startsWith("HTTP/1.1 200"), client.describe());
            return page.substring(page.indexOf("\r\n\r\n") + 4).strip();
        }
    }
}
