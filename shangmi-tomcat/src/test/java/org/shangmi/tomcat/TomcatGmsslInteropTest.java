package org.shangmi.tomcat;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Consumer;
import org.apache.tomcat.util.net.SSLHostConfig;
import org.apache.tomcat.util.net.SSLHostConfigCertificate;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.shangmi.provider.ShangMiProvider;
import org.shangmi.tls.tlcp.HttpsProbe;
import org.shangmi.tls.tlcp.TlcpCredentials;
import org.shangmi.tls.tlcp.TlcpSuite;

/**
 * GmSSL 3's {@code tlcp_client} and {@code tls13_client}, an independent C implementation, against
 * embedded Tomcat on {@link ShangMiImplementation}: TLCP in every suite with the server's double
 * certificate (and the client's, which the ECDHE suites need), and TLS 1.3 with
 * {@code TLS_SM4_GCM_SM3}; Tomcat's page, which names the suite, must reach the client.
 */
class TomcatGmsslInteropTest {

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
            assertEquals("suite=" + suite + " protocol=TLCPv1.1",
                    HttpsProbe.gmsslTlcp(credentials, server.port(), suite, clientCertificate));
        }
    }

    /** The one-port server: GmSSL's TLCP client and its TLS 1.3 client on the same connector. */
    @Test
    void gmsslTlcpAndTls13ClientsReachOnePort() throws Exception {
        try (TomcatServer server = TomcatServer.start(directory.resolve("oneport"),
                doubleCertificate(false, host -> host.setSslProtocol("TLCP")))) {
            assertEquals("suite=TLCP_ECC_SM4_GCM_SM3 protocol=TLCPv1.1",
                    HttpsProbe.gmsslTlcp(credentials, server.port(), TlcpSuite.TLCP_ECC_SM4_GCM_SM3, false));
            assertEquals("suite=TLS_SM4_GCM_SM3 protocol=TLSv1.3", HttpsProbe.gmsslTls13(credentials, server.port()));
        }
    }

    @Test
    void gmsslTls13ClientReachesTomcat() throws Exception {
        try (TomcatServer server = TomcatServer.start(directory.resolve("tls13"),
                doubleCertificate(false, host -> host.setCiphers("TLS_SM4_GCM_SM3")))) {
            assertEquals("suite=TLS_SM4_GCM_SM3 protocol=TLSv1.3", HttpsProbe.gmsslTls13(credentials, server.port()));
        }
    }
}
