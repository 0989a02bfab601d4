package org.shangmi.tomcat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.OutputStream;
import java.nio.file.Path;
import java.security.KeyStore;
import java.util.function.Consumer;
import org.apache.tomcat.util.net.SSLHostConfig;
import org.apache.tomcat.util.net.SSLHostConfigCertificate;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.shangmi.provider.ShangMiProvider;
import org.shangmi.tls.tlcp.HttpsProbe;
import org.shangmi.tls.tlcp.TlcpCredentials;

/**
 * Embedded Tomcat 11 on {@link ShangMiImplementation}, configured with Tomcat's attributes alone,
 * reached by ShangMiTLS clients over TLS 1.3 and TLCP with the host name checked.
 */
class ShangMiImplementationTest {

    private static final String PASSWORD = new String(TlcpCredentials.STORE_PASSWORD);

    @TempDir
    static Path directory;
    private static Path keystore;
    private static TlcpCredentials credentials;

    @BeforeAll
    static void keys() throws Exception {
        ShangMiProvider.install();
        credentials = TlcpCredentials.openssl();
        keystore = directory.resolve("server.p12");
        KeyStore store = credentials.server().keyStore();
        try (OutputStream out = java.nio.file.Files.newOutputStream(keystore)) {
            store.store(out, TlcpCredentials.STORE_PASSWORD);
        }
    }

    /** The keystore with "sign" and "enc" as the host's one Certificate, the alias as given (null: none). */
    private static Consumer<SSLHostConfig> keystore(String alias, Consumer<SSLHostConfig> more) {
        return host -> {
            SSLHostConfigCertificate certificate = new SSLHostConfigCertificate(host, SSLHostConfigCertificate.Type.UNDEFINED);
            certificate.setCertificateKeystoreFile(keystore.toString());
            certificate.setCertificateKeystoreType("PKCS12");
            certificate.setCertificateKeystorePassword(PASSWORD);
            if (alias != null) {
                certificate.setCertificateKeyAlias(alias);
            }
            host.addCertificate(certificate);
            more.accept(host);
        };
    }

    @Test
    void servesTheSmSuiteOverTls13ByDefault() throws Exception {
        try (TomcatServer server = TomcatServer.start(directory.resolve("default"), keystore(null, host -> { }))) {
            assertTrue(server.started());
            assertEquals("suite=TLS_SM4_GCM_SM3 protocol=TLSv1.3", get("TLS", server.port()));
        }
    }

    @Test
    void takesTheSmNamesInCiphers() throws Exception {
        try (TomcatServer server = TomcatServer.start(directory.resolve("ccm"),
                keystore("sign", host -> host.setCiphers("TLS_SM4_CCM_SM3")))) {
            assertEquals("suite=TLS_SM4_CCM_SM3 protocol=TLSv1.3", get("TLS", server.port()));
            assertEquals("", server.failures(), "Tomcat's log at WARNING and above");
        }
    }

    /** What Spring Boot does with {@code server.ssl.ciphers=TLS_SM4_GCM_SM3}: the name in ciphers, an empty TLS 1.3 list. */
    @Test
    void takesTheSmNamesWithAnEmptyTls13List() throws Exception {
        try (TomcatServer server = TomcatServer.start(directory.resolve("spring"), keystore("sign", host -> {
            host.setCiphers("TLS_SM4_GCM_SM3");
            try {
                host.setCipherSuites("");
            } catch (NoSuchMethodError tomcat10) {
                // Tomcat 10.1.48 has no TLS 1.3 list of its own; Spring Boot skips it likewise
            }
        }))) {
            assertTrue(server.started());
            assertEquals("suite=TLS_SM4_GCM_SM3 protocol=TLSv1.3", get("TLS", server.port()));
            assertEquals("", server.failures(), "Tomcat's log at WARNING and above");
        }
    }

    @Test
    void servesTlcpWithTheDoubleCertificateNamedByAlias() throws Exception {
        try (TomcatServer server = TomcatServer.start(directory.resolve("tlcp"), keystore("sign,enc", host -> {
            host.setProtocols("TLCPv1.1");
            host.setCiphers("TLCP_ECC_SM4_CBC_SM3,TLCP_ECC_SM4_GCM_SM3");
        }))) {
            assertTrue(server.started());
            assertEquals("suite=TLCP_ECC_SM4_CBC_SM3 protocol=TLCPv1.1", get("TLCPv1.1", server.port()));
            assertEquals("", server.failures(), "Tomcat's log at WARNING and above");
        }
    }

    /** A TLCP double certificate as two Certificate elements of PEM files: GmSSL's encrypted keys (PBES2 with SM4). */
    @Test
    void servesTlcpWithTwoPemCertificates() throws Exception {
        TlcpCredentials.Side side = credentials.server();
        try (TomcatServer server = TomcatServer.start(directory.resolve("pem"), host -> {
            host.setProtocols("TLCPv1.1+TLSv1.3");
            for (Path[] files : new Path[][] {{side.signPem(), side.signKey()}, {side.encPem(), side.encKey()}}) {
                SSLHostConfigCertificate certificate = new SSLHostConfigCertificate(host, SSLHostConfigCertificate.Type.EC);
                certificate.setCertificateFile(files[0].toString());
                certificate.setCertificateKeyFile(files[1].toString());
                certificate.setCertificateKeyPassword(TlcpCredentials.PASSWORD);
                certificate.setCertificateChainFile(credentials.rootPem().toString());
                host.addCertificate(certificate);
            }
        })) {
            assertTrue(server.started(), server.failures());
            assertEquals("suite=TLCP_ECC_SM4_GCM_SM3 protocol=TLCPv1.1", get("TLCPv1.1", server.port()));
            assertEquals("suite=TLS_SM4_GCM_SM3 protocol=TLSv1.3", get("TLS", server.port()));
        }
    }

    /** The implementation chooses the context; one alias names the signing entry, the encryption entry is found. */
    @Test
    void tlcpImplementationFindsTheEncryptionEntry() throws Exception {
        try (TomcatServer server = TomcatServer.start(directory.resolve("tlcpimpl"), ShangMiImplementation.Tlcp.class,
                keystore("sign", host -> { }))) {
            assertTrue(server.started(), server.failures());
            assertEquals("suite=TLCP_ECC_SM4_GCM_SM3 protocol=TLCPv1.1", get("TLCPv1.1", server.port()));
        }
    }

    @Test
    void tlcpWithoutAnEncryptionEntryRefusesToStart() throws Exception {
        try (TomcatServer server = TomcatServer.start(directory.resolve("noenc"), ShangMiImplementation.Tlcp.class,
                keystore("enc", host -> { }))) {
            assertFalse(server.started());
            assertTrue(server.failures().contains("the key store has no TLCP encryption entries for the signing entry [enc]"),
                    server.failures());
        }
    }

    @Test
    void smOnlyImplementationServesTls13Sm() throws Exception {
        try (TomcatServer server = TomcatServer.start(directory.resolve("smonly"), ShangMiImplementation.TlcpAndSmOnly.class,
                keystore(null, host -> { }))) {
            assertEquals("suite=TLS_SM4_GCM_SM3 protocol=TLSv1.3", get("TLS", server.port()));
            assertEquals("suite=TLCP_ECC_SM4_GCM_SM3 protocol=TLCPv1.1", get("TLCPv1.1", server.port()));
        }
    }

    /** Tomcat watches for expiring certificates through the context by its alias: "sign,enc" gives the one that expires first. */
    @Test
    void tomcatSeesTheTlcpCertificates() throws Exception {
        try (TomcatServer server = TomcatServer.start(directory.resolve("expiry"), keystore("sign,enc",
                host -> host.setProtocols("TLCPv1.1")))) {
            java.util.Set<java.security.cert.X509Certificate> expiring = server.host()
                    .certificatesExpiringBefore(new java.util.Date(Long.MAX_VALUE));
            assertEquals(1, expiring.size(), expiring.toString());
            java.security.cert.X509Certificate first = expiring.iterator().next();
            java.security.cert.X509Certificate sign = credentials.server().signCertificate();
            java.security.cert.X509Certificate enc = credentials.server().encCertificate();
            assertTrue(first.equals(sign) || first.equals(enc), first.toString());
            assertEquals(sign.getNotAfter().before(enc.getNotAfter()) ? sign.getNotAfter() : enc.getNotAfter(),
                    first.getNotAfter());
        }
    }

    /**
     * SM names in cipherSuites: Tomcat's setter (11.0.15 and 10.1.50 on) keeps only the TLS 1.3
     * suites of its own table, so nothing is left; the connector refuses to start rather than
     * serve Tomcat's default TLS 1.2 list alone.
     */
    @Test
    void smNamesInCipherSuitesStopTheConnector() throws Exception {
        boolean[] withCipherSuites = {true};
        try (TomcatServer server = TomcatServer.start(directory.resolve("tls13list"), keystore("sign", host -> {
            try {
                host.setCipherSuites("TLS_SM4_GCM_SM3");
            } catch (NoSuchMethodError tomcat10) {
                withCipherSuites[0] = false;
            }
        }))) {
            if (withCipherSuites[0]) {
                assertFalse(server.started());
                assertTrue(server.failures().contains("cipherSuites is empty and ciphers is Tomcat's default"), server.failures());
            } else {
                assertEquals("suite=TLS_SM4_GCM_SM3 protocol=TLSv1.3", get("TLS", server.port()));
            }
        }
    }

    @Test
    void anSmOnlyImplementationRefusesAStandardContext() throws Exception {
        try (TomcatServer server = TomcatServer.start(directory.resolve("smonlytls"), ShangMiImplementation.SmOnly.class,
                keystore("sign", host -> host.setSslProtocol("TLSv1.3")))) {
            assertFalse(server.started());
            assertTrue(server.failures().contains("sslProtocol [TLSv1.3] is not SM-only"), server.failures());
        }
    }

    @Test
    void aPemCertificateTakesOneAlias() throws Exception {
        TlcpCredentials.Side side = credentials.server();
        try (TomcatServer server = TomcatServer.start(directory.resolve("pemtwo"), host -> {
            host.setProtocols("TLCPv1.1");
            SSLHostConfigCertificate certificate = new SSLHostConfigCertificate(host, SSLHostConfigCertificate.Type.UNDEFINED);
            certificate.setCertificateFile(side.signPem().toString());
            certificate.setCertificateKeyFile(side.signKey().toString());
            certificate.setCertificateKeyPassword(TlcpCredentials.PASSWORD);
            certificate.setCertificateKeyAlias("sign,enc");
            host.addCertificate(certificate);
        })) {
            assertFalse(server.started());
            assertTrue(server.failures().contains("names two entries, but a PEM Certificate holds one key"), server.failures());
        }
    }

    @Test
    void servesTlcpAndTls13OnOnePort() throws Exception {
        try (TomcatServer server = TomcatServer.start(directory.resolve("oneport"),
                keystore(null, host -> host.setSslProtocol("TLCP")))) {
            assertEquals("suite=TLCP_ECC_SM4_GCM_SM3 protocol=TLCPv1.1", get("TLCPv1.1", server.port()));
            assertEquals("suite=TLS_SM4_GCM_SM3 protocol=TLSv1.3", get("TLS", server.port()));
        }
    }

    @Test
    void refusesToStartWithAnSmSuiteItDoesNotServe() throws Exception {
        try (TomcatServer server = TomcatServer.start(directory.resolve("typo"),
                keystore("sign", host -> host.setCiphers("TLS_SM4_GCM_SM3_TYPO")))) {
            assertFalse(server.started());
            assertTrue(server.failures().contains("The cipher suite [TLS_SM4_GCM_SM3_TYPO] is not served by ShangMiTLS's "
                    + "SSLContext \"TLS\"; its SM suites are [TLS_SM4_CCM_SM3, TLS_SM4_GCM_SM3]"), server.failures());
        }
    }

    @Test
    void refusesToStartWithNoSuiteItServes() throws Exception {
        try (TomcatServer server = TomcatServer.start(directory.resolve("nosuite"), keystore("sign", host -> {
            host.setCiphers("TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256");
            host.setSslProtocol("TLSv1.3-SM");
        }))) {
            assertFalse(server.started());
            assertTrue(server.failures().contains("None of the cipher suites"), server.failures());
        }
    }

    @Test
    void refusesToStartWithNoProtocolItServes() throws Exception {
        try (TomcatServer server = TomcatServer.start(directory.resolve("noprotocol"), keystore("sign", host -> {
            host.setProtocols("TLSv1.2");
            host.setSslProtocol("TLCPv1.1");
        }))) {
            assertFalse(server.started());
            assertTrue(server.failures().contains("None of the protocols [TLSv1.2] is served by ShangMiTLS's SSLContext "
                    + "\"TLCPv1.1\", which serves [TLCPv1.1]"), server.failures());
        }
    }

    private static String get(String protocol, int port) throws Exception {
        return HttpsProbe.get(credentials, protocol, port);
    }
}
