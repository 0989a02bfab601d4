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
 * A WebFlux application on Reactor Netty (Spring Boot 3.5's Netty 4.1; Tomcat is kept off the
 * class path of this test's run) with the starter, configured by properties alone.
 */
class SpringBootNettyTest {

    @TempDir
    static Path directory;
    private static TlcpCredentials credentials;
    private static Path keyStore;

    @BeforeAll
    static void stores() throws Exception {
        ShangMiProvider.install();
        credentials = TlcpCredentials.openssl();
        keyStore = SpringApps.keyStore(credentials, directory);
    }

    @Test
    void tls13WithTheSmSuiteNamedInServerSslCiphers() throws Exception {
        try (ConfigurableApplicationContext app = SpringApps.run(SpringApps.Flux.class,
                SpringApps.properties(keyStore, "server.ssl.key-alias=sign", "server.ssl.ciphers=TLS_SM4_GCM_SM3"))) {
            int port = SpringApps.port(app);
            assertEquals("suite=TLS_SM4_GCM_SM3 protocol=TLSv1.3", HttpsProbe.get(credentials, "TLS", port));
            assertEquals("suite=TLS_SM4_GCM_SM3 protocol=TLSv1.3", HttpsProbe.gmsslTls13(credentials, port));
        }
    }

    @Test
    void tlcpAndTls13OnOnePort() throws Exception {
        try (ConfigurableApplicationContext app = SpringApps.run(SpringApps.Flux.class,
                SpringApps.properties(keyStore, "server.ssl.key-alias=sign", "shangmi.tls.protocol=tlcp-and-tls13"))) {
            int port = SpringApps.port(app);
            assertEquals("suite=TLCP_ECC_SM4_GCM_SM3 protocol=TLCPv1.1", HttpsProbe.get(credentials, "TLCPv1.1", port));
            assertEquals("suite=TLCP_ECC_SM4_CBC_SM3 protocol=TLCPv1.1",
                    HttpsProbe.gmsslTlcp(credentials, port, TlcpSuite.TLCP_ECC_SM4_CBC_SM3, false));
            assertEquals("suite=TLS_SM4_GCM_SM3 protocol=TLSv1.3", HttpsProbe.get(credentials, "TLS", port));
        }
    }

    @Test
    void aMisspeltSmSuiteStopsTheApplication() {
        Exception failure = assertThrows(Exception.class, () -> SpringApps.run(SpringApps.Flux.class,
                SpringApps.properties(keyStore, "server.ssl.ciphers=TLS_SM4_GCM_SM3_X")).close());
        assertTrue(SpringApps.messages(failure).contains("cannot make the ShangMiTLS context of the server: The cipher suite "
                + "[TLS_SM4_GCM_SM3_X] is not served by ShangMiTLS's SSLContext \"TLS\""), SpringApps.messages(failure));
    }

    @Test
    void smOnlyRefusesAStandardProtocol() {
        Exception failure = assertThrows(Exception.class, () -> SpringApps.run(SpringApps.Flux.class,
                SpringApps.properties(keyStore, "shangmi.tls.sm-only=true", "server.ssl.protocol=TLSv1.3")).close());
        assertTrue(SpringApps.messages(failure).contains("server.ssl.protocol [TLSv1.3] is not SM-only"),
                SpringApps.messages(failure));
    }
}
