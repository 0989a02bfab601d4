package org.shangmi.tls.tlcp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyFactory;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.Base64;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLException;
import javax.net.ssl.TrustManagerFactory;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.shangmi.core.testing.OpenSslPki;
import org.shangmi.tls.ShangMiTlsProvider;

/**
 * The SM-only mode, SSLContext "TLSv1.3-SM": it negotiates TLS_SM4_GCM_SM3 or TLS_SM4_CCM_SM3,
 * curveSM2 and sm2sig_sm3 with SM2 certificates, and refuses a setting, a peer or a key that would
 * need anything else, saying why. The ordinary "TLSv1.3" context, for comparison, authenticates
 * with an RSA certificate when that is what it holds.
 */
class SmOnlyTest extends WithOpenSslTlcpPki {

    private static final byte[] DATA = "national algorithms only".getBytes(java.nio.charset.StandardCharsets.US_ASCII);


    @BeforeAll
    static void setUp() throws Exception {
        pki.pki.otherRoot("rsa", "/CN=localhost", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:2048");
        // SM2 leaves (a signing one, and an encryption one for TLCP) signed by that RSA certificate's
        // key: SM2 keys in a chain that is not SM
        for (String name : new String[] {"sm2_under_rsa", "sm2_under_rsa_enc"}) {
            Path key = pki.pki.sm2Key(name);
            Path csr = pki.pki.path(name + ".csr");
            pki.pki.text("req", "-new", "-key", key.toString(), "-sm3", "-sigopt", OpenSslPki.ID_OPTION, "-subj", "/CN=localhost",
                    "-out", csr.toString());
            pki.pki.text("x509", "-req", "-in", csr.toString(), "-vfyopt", OpenSslPki.ID_OPTION, "-CA",
                    pki.pki.path("rsa.pem").toString(), "-CAkey", pki.pki.path("rsa.key").toString(), "-sha256", "-days", "10",
                    "-out", pki.pki.path(name + ".pem").toString());
        }
    }

    private static java.security.PrivateKey key(String name, String algorithm) throws Exception {
        String pem = Files.readString(pki.pki.path(name + ".key")).replaceAll("-----[A-Z ]+-----", "");
        return KeyFactory.getInstance(algorithm).generatePrivate(new PKCS8EncodedKeySpec(Base64.getMimeDecoder().decode(pem)));
    }

    /** A context of {@code protocol} holding the named entry ("server" the SM2 one; "rsa"; "sm2_under_rsa"), trusting every root here. */
    private static SSLContext context(String protocol, String entry) throws Exception {
        KeyStore store = KeyStore.getInstance("PKCS12");
        store.load(null, null);
        if (entry != null) {
            switch (entry) {
                case "server" -> store = pki.keys("server");
                case "rsa" -> store.setKeyEntry("rsa", key("rsa", "RSA"), OpenSslTlcpPki.PASSWORD,
                        new Certificate[] {pki.certificate("rsa")});
                default -> store.setKeyEntry(entry, key(entry, "EC"), OpenSslTlcpPki.PASSWORD,
                        new Certificate[] {pki.certificate(entry), pki.certificate("rsa")});
            }
        }
        KeyManagerFactory keys = KeyManagerFactory.getInstance("PKIX", new ShangMiTlsProvider());
        keys.init(store, OpenSslTlcpPki.PASSWORD);
        KeyStore anchors = KeyStore.getInstance("PKCS12");
        anchors.load(null, null);
        anchors.setCertificateEntry("root", pki.certificate("root"));
        anchors.setCertificateEntry("rsa", pki.certificate("rsa"));
        TrustManagerFactory trust = TrustManagerFactory.getInstance("PKIX", "SunJSSE");
        trust.init(anchors);
        SSLContext context = SSLContext.getInstance(protocol, new ShangMiTlsProvider());
        context.init(entry == null ? null : keys.getKeyManagers(), trust.getTrustManagers(), null);
        return context;
    }

    private static EnginePair pair(SSLContext client, SSLContext server) {
        SSLEngine clientEngine = client.createSSLEngine("localhost", 443);
        clientEngine.setUseClientMode(true);
        SSLEngine serverEngine = server.createSSLEngine();
        serverEngine.setUseClientMode(false);
        return new EnginePair(clientEngine, serverEngine);
    }

    @Test
    void anSmOnlyServerServesAnOrdinaryClientTheSmSuite() throws Exception {
        EnginePair pair = pair(context("TLSv1.3", null), context("TLSv1.3-SM", "server"));
        pair.handshake();
        assertEquals("TLS_SM4_GCM_SM3", pair.client.getSession().getCipherSuite());
        assertEquals("TLSv1.3", pair.client.getSession().getProtocol());
        assertArrayEquals(DATA, pair.send(pair.client, DATA));
    }

    @Test
    void theSmOnlyContextOffersNothingElse() throws Exception {
        SSLEngine engine = context("TLSv1.3-SM", null).createSSLEngine();
        assertArrayEquals(new String[] {"TLS_SM4_GCM_SM3", "TLS_SM4_CCM_SM3"}, engine.getEnabledCipherSuites());
        assertArrayEquals(new String[] {"TLSv1.3"}, engine.getEnabledProtocols());
        SSLContext context = context("TLSv1.3-SM", null);
        assertArrayEquals(new String[] {"TLS_SM4_GCM_SM3", "TLS_SM4_CCM_SM3"}, context.getSupportedSSLParameters().getCipherSuites());
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> engine.setEnabledCipherSuites(new String[] {"TLS_SM4_GCM_SM3", "TLS_AES_128_GCM_SHA256"}));
        assertTrue(refused.getMessage().contains("TLS_AES_128_GCM_SHA256"), refused.getMessage());
        assertThrows(IllegalArgumentException.class, () -> engine.setEnabledProtocols(new String[] {"TLSv1.2"}));
    }

    /** The ordinary context holding an RSA key serves a client limited to TLS_SM4_GCM_SM3 with it; the SM-only one refuses. */
    @Test
    void anSmOnlyServerHoldingAnRsaKeyRefusesToUseIt() throws Exception {
        EnginePair ordinary = pair(context("TLSv1.3", null), context("TLSv1.3", "rsa"));
        ordinary.client.setEnabledCipherSuites(new String[] {"TLS_SM4_GCM_SM3"});
        ordinary.handshake();
        assertEquals("RSA", ordinary.client.getSession().getPeerCertificates()[0].getPublicKey().getAlgorithm());
        java.util.logging.Logger log = java.util.logging.Logger.getLogger(ShangMiTlsProvider.class.getName());
        java.util.List<String> warnings = new java.util.ArrayList<>();
        java.util.logging.Handler handler = new java.util.logging.Handler() {
            @Override
            public void publish(java.util.logging.LogRecord record) {
                warnings.add(record.getMessage());
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        log.addHandler(handler);
        SSLContext server;
        try {
            server = context("TLSv1.3-SM", "rsa");
        } finally {
            log.removeHandler(handler);
        }
        assertEquals(1, warnings.size(), warnings.toString());
        assertTrue(warnings.get(0).contains("no SM2 key"), warnings.get(0));
        EnginePair smOnly = pair(context("TLSv1.3", null), server);
        SSLException refused = assertThrows(SSLException.class, smOnly::handshake);
        assertTrue(refused.getMessage().startsWith("this endpoint is SM-only"), refused.getMessage());
    }

    /** "TLCP-SM" answers TLCP clients and, SM-only, TLS 1.3 clients on one port. */
    @Test
    void theTlcpSmContextServesTls13SmOnly() throws Exception {
        KeyManagerFactory keys = KeyManagerFactory.getInstance("PKIX", new ShangMiTlsProvider());
        keys.init(pki.keys("server"), OpenSslTlcpPki.PASSWORD);
        SSLContext server = SSLContext.getInstance("TLCP-SM", new ShangMiTlsProvider());
        server.init(keys.getKeyManagers(), pki.trustManagers(), null);
        EnginePair tls = pair(context("TLSv1.3", null), server);
        tls.handshake();
        assertEquals("TLS_SM4_GCM_SM3", tls.client.getSession().getCipherSuite());
        EnginePair aesOnly = pair(context("TLSv1.3", null), server);
        aesOnly.client.setEnabledCipherSuites(new String[] {"TLS_AES_128_GCM_SHA256"});
        assertThrows(SSLException.class, aesOnly::handshake);
        EnginePair tlcp = pair(context("TLCPv1.1", null), server);
        tlcp.handshake();
        assertEquals("TLCP_ECC_SM4_GCM_SM3", tlcp.client.getSession().getCipherSuite());
    }

    @Test
    void anSmOnlyClientRefusesAServerWithoutTheSmSuites() throws Exception {
        EnginePair pair = pair(context("TLSv1.3-SM", null), context("TLSv1.3", "server"));
        pair.server.setEnabledCipherSuites(new String[] {"TLS_AES_128_GCM_SHA256"});
        SSLException refused = assertThrows(SSLException.class, pair::handshake);
        assertTrue(refused.getMessage().contains("handshake_failure"), refused.getMessage());
    }

    /** The RSA server cannot sign with sm2sig_sm3, the one scheme the SM-only client offers. */
    @Test
    void anSmOnlyClientGetsNothingFromAnRsaOnlyServer() throws Exception {
        EnginePair pair = pair(context("TLSv1.3-SM", null), context("TLSv1.3", "rsa"));
        SSLException refused = assertThrows(SSLException.class, pair::handshake);
        assertTrue(refused.getMessage().contains("handshake_failure"), refused.getMessage());
    }

    /**
     * The SM-only client's signature schemes (sm2sig_sm3 alone) already make the JDK's trust
     * manager refuse the RSA signature by algorithm constraints; SmOnlyTrustTest shows the
     * context's own check, which also stands behind trust managers that apply no constraints.
     */
    @Test
    void anSmOnlyClientRefusesAnSm2LeafInAChainThatIsNotSm() throws Exception {
        EnginePair pair = pair(context("TLSv1.3-SM", null), context("TLSv1.3", "sm2_under_rsa"));
        SSLException refused = assertThrows(SSLException.class, pair::handshake);
        assertTrue(refused.getMessage().startsWith("algorithm constraints forbid the certificate"), refused.getMessage());
        pair(context("TLSv1.3", null), context("TLSv1.3", "sm2_under_rsa")).handshake(); // the ordinary context takes it
        SSLContext trustingEverything = SSLContext.getInstance("TLSv1.3-SM", new ShangMiTlsProvider());
        trustingEverything.init(null, new javax.net.ssl.TrustManager[] {new TakesEverything()}, null);
        SSLException notSm = assertThrows(SSLException.class, pair(trustingEverything, context("TLSv1.3", "sm2_under_rsa"))::handshake);
        assertTrue(notSm.getMessage().contains("this endpoint is SM-only (TLSv1.3-SM): the peer's certificate CN=localhost is "
                + "signed with SHA256withRSA"), notSm.getMessage());
    }

    /** TLCP-SM's TLCP side too refuses a double certificate whose chain is not SM (its leaves SM2, their CA RSA). */
    @Test
    void theTlcpSideOfTlcpSmRefusesAChainThatIsNotSm() throws Exception {
        KeyStore store = KeyStore.getInstance("PKCS12");
        store.load(null, null);
        for (String name : new String[] {"sm2_under_rsa", "sm2_under_rsa_enc"}) {
            store.setKeyEntry(name, key(name, "EC"), OpenSslTlcpPki.PASSWORD,
                    new Certificate[] {pki.certificate(name), pki.certificate("rsa")});
        }
        KeyManagerFactory keys = KeyManagerFactory.getInstance("SunX509", "SunJSSE");
        keys.init(store, OpenSslTlcpPki.PASSWORD);
        SSLContext server = SSLContext.getInstance("TLCPv1.1", new ShangMiTlsProvider());
        server.init(keys.getKeyManagers(), null, null);
        SSLContext ordinary = SSLContext.getInstance("TLCPv1.1", new ShangMiTlsProvider());
        ordinary.init(null, new javax.net.ssl.TrustManager[] {new TakesEverything()}, null);
        pair(ordinary, server).handshake();
        SSLContext smOnly = SSLContext.getInstance("TLCP-SM", new ShangMiTlsProvider());
        smOnly.init(null, new javax.net.ssl.TrustManager[] {new TakesEverything()}, null);
        SSLException refused = assertThrows(SSLException.class, pair(smOnly, server)::handshake);
        assertTrue(refused.getMessage().contains("unsupported_certificate: this endpoint is SM-only"), refused.getMessage());
    }

    /** A trust manager that takes every chain, so that only the SM-only check stands in the way. */
    private static final class TakesEverything extends javax.net.ssl.X509ExtendedTrustManager {

        @Override
        public void checkClientTrusted(java.security.cert.X509Certificate[] chain, String authType, java.net.Socket socket) {
        }

        @Override
        public void checkServerTrusted(java.security.cert.X509Certificate[] chain, String authType, java.net.Socket socket) {
        }

        @Override
        public void checkClientTrusted(java.security.cert.X509Certificate[] chain, String authType, SSLEngine engine) {
        }

        @Override
        public void checkServerTrusted(java.security.cert.X509Certificate[] chain, String authType, SSLEngine engine) {
        }

        @Override
        public void checkClientTrusted(java.security.cert.X509Certificate[] chain, String authType) {
        }

        @Override
        public void checkServerTrusted(java.security.cert.X509Certificate[] chain, String authType) {
        }

        @Override
        public java.security.cert.X509Certificate[] getAcceptedIssuers() {
            return new java.security.cert.X509Certificate[0];
        }
    }
}
