package org.shangmi.spring.boot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.shangmi.provider.ShangMiProvider;
import org.shangmi.tls.tlcp.HttpsProbe;
import org.shangmi.tls.tlcp.TlcpCredentials;
import org.shangmi.tls.tlcp.TlcpSuite;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * A Spring MVC application on embedded Tomcat (Spring Boot 3.5's Tomcat 10.1) with the starter on
 * its class path, configured by properties alone; reached by ShangMiTLS clients and GmSSL's.
 */
class SpringBootTomcatTest {

    @TempDir
    static Path directory;
    private static TlcpCredentials credentials;
    private static Path keyStore;
    private static Path trustStore;

    @BeforeAll
    static void stores() throws Exception {
        ShangMiProvider.install();
        credentials = TlcpCredentials.openssl();
        keyStore = SpringApps.keyStore(credentials, directory);
        trustStore = SpringApps.trustStore(credentials, directory);
    }

    /** {@code server.ssl.ciphers=TLS_SM4_GCM_SM3}, with which Spring Boot on Tomcat's JSSE stops at start-up. */
    @Test
    void tls13WithTheSmSuiteNamedInServerSslCiphers() throws Exception {
        try (ConfigurableApplicationContext app = SpringApps.run(SpringApps.Mvc.class,
                SpringApps.properties(keyStore, "server.ssl.key-alias=sign", "server.ssl.ciphers=TLS_SM4_GCM_SM3"))) {
            int port = SpringApps.port(app);
            assertEquals("suite=TLS_SM4_GCM_SM3 protocol=TLSv1.3", HttpsProbe.get(credentials, "TLS", port));
            assertEquals("suite=TLS_SM4_GCM_SM3 protocol=TLSv1.3", HttpsProbe.gmsslTls13(credentials, port));
        }
    }

    @Test
    void tlcpWithTheEncryptionEntryFound() throws Exception {
        try (ConfigurableApplicationContext app = SpringApps.run(SpringApps.Mvc.class,
                SpringApps.properties(keyStore, "server.ssl.key-alias=sign", "shangmi.tls.protocol=tlcp"))) {
            int port = SpringApps.port(app);
            assertEquals("suite=TLCP_ECC_SM4_GCM_SM3 protocol=TLCPv1.1", HttpsProbe.get(credentials, "TLCPv1.1", port));
            assertEquals("suite=TLCP_ECC_SM4_CBC_SM3 protocol=TLCPv1.1",
                    HttpsProbe.gmsslTlcp(credentials, port, TlcpSuite.TLCP_ECC_SM4_CBC_SM3, false));
        }
    }

    @Test
    void tlcpAndTls13OnOnePortSmOnlyWithTheEncryptionAliasNamed() throws Exception {
        try (ConfigurableApplicationContext app = SpringApps.run(SpringApps.Mvc.class,
                SpringApps.properties(keyStore, "server.ssl.key-alias=sign", "shangmi.tls.encryption-key-alias=enc",
                        "shangmi.tls.protocol=tlcp-and-tls13", "shangmi.tls.sm-only=true"))) {
            int port = SpringApps.port(app);
            assertEquals("suite=TLS_SM4_GCM_SM3 protocol=TLSv1.3", HttpsProbe.gmsslTls13(credentials, port));
            assertEquals("suite=TLCP_ECC_SM4_GCM_SM3 protocol=TLCPv1.1",
                    HttpsProbe.gmsslTlcp(credentials, port, TlcpSuite.TLCP_ECC_SM4_GCM_SM3, false));
        }
    }

    /** Spring Boot's own properties alone: TLCP by enabled-protocols, client certificates required (ECDHE). */
    @Test
    void tlcpEcdheWithClientCertificatesByServerSslAlone() throws Exception {
        try (ConfigurableApplicationContext app = SpringApps.run(SpringApps.Mvc.class,
                SpringApps.properties(keyStore, "server.ssl.enabled-protocols=TLCPv1.1", "server.ssl.client-auth=need",
                        "server.ssl.trust-store=file:" + trustStore, "server.ssl.trust-store-type=PKCS12",
                        "server.ssl.trust-store-password=" + new String(TlcpCredentials.STORE_PASSWORD)))) {
            assertEquals("suite=TLCP_ECDHE_SM4_GCM_SM3 protocol=TLCPv1.1",
                    HttpsProbe.gmsslTlcp(credentials, SpringApps.port(app), TlcpSuite.TLCP_ECDHE_SM4_GCM_SM3, true));
        }
    }

    @Test
    void aMisspeltSmSuiteStopsTheApplication() {
        Exception failure = assertThrows(Exception.class, () -> SpringApps.run(SpringApps.Mvc.class,
                SpringApps.properties(keyStore, "server.ssl.ciphers=TLS_SM4_GCM_SM3_X")).close());
        assertTrue(SpringApps.messages(failure).contains("The cipher suite [TLS_SM4_GCM_SM3_X] is not served by ShangMiTLS's "
                + "SSLContext \"TLS\""), SpringApps.messages(failure));
    }

    @Test
    void smOnlyRefusesAStandardProtocol() {
        Exception failure = assertThrows(Exception.class, () -> SpringApps.run(SpringApps.Mvc.class,
                SpringApps.properties(keyStore, "shangmi.tls.sm-only=true", "server.ssl.protocol=TLSv1.3")).close());
        assertTrue(SpringApps.messages(failure).contains("sslProtocol [TLSv1.3] is not SM-only"), SpringApps.messages(failure));
    }
}
