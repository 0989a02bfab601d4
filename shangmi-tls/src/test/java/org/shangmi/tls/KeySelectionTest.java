package org.shangmi.tls;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.security.KeyStore;
import java.security.Security;
import java.security.cert.X509Certificate;
import javax.net.ssl.KeyManager;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import org.bouncycastle.jsse.BCSSLEngine;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Which key a ShangMiTLS server offers: SM2 certificates only for sm2sig_sm3 and only for the
 * side their extended key usage names, never an SM2 key for ECDSA (TLS 1.2 included), whatever
 * order the key manager keeps its aliases in; and the system properties of one side leave the
 * other side's defaults alone.
 */
class KeySelectionTest extends WithTlsFixture {

    private static final byte[] REQUEST = "which key".getBytes(StandardCharsets.US_ASCII);

    private static KeyManager[] keyManagers(KeyStore store, String factory) throws Exception {
        return "ShangMiTLS".equals(factory) ? TlsFixture.keyManagers(store, "PKIX", TLS)
                : TlsFixture.keyManagers(store, factory, null);
    }

    private static SSLEngine[] pair(SSLContext client, KeyManager[] serverKeys) throws Exception {
        return pair(client, TlsFixture.context(TLS, serverKeys, null));
    }

    /** A server certificate whose extended key usage is serverAuth alone, as CAs issue them, is served. */
    @ParameterizedTest
    @ValueSource(strings = {"ShangMiTLS", "SunX509", "PKIX"})
    void aServerAuthOnlyCertificateIsServed(String factory) throws Exception {
        KeyStore store = fixture.keys("serveronly", "EC", "serveronly", "inter");
        SSLEngine[] engines = pair(smClient(), keyManagers(store, factory));
        assertArrayEquals(REQUEST, TlsFixture.exchange(engines[0], engines[1], REQUEST));
        assertEquals("TLS_SM4_GCM_SM3", engines[0].getSession().getCipherSuite());
    }

    /** A certificate for clientAuth alone is not a server's: the server has no key and says so. */
    @ParameterizedTest
    @ValueSource(strings = {"ShangMiTLS", "SunX509", "PKIX"})
    void aClientAuthOnlyCertificateIsNotServed(String factory) throws Exception {
        KeyStore store = fixture.keys("clientonly", "EC", "clientonly", "inter");
        SSLEngine[] engines = pair(smClient(), keyManagers(store, factory));
        TlsFixture.Failure failure = TlsFixture.failure(engines[0], engines[1], REQUEST);
        assertEquals(engines[1], failure.failingEngine(), failure.failing().toString());
        assertTrue(failure.peerMessage().contains("handshake_failure"), failure.peerMessage());
    }

    /**
     * TLS 1.2 with ECDHE_ECDSA from a store holding an SM2 and a P-256 key: the P-256 key signs,
     * whichever alias the key manager meets first (SunX509 keeps them in a hash map).
     */
    @ParameterizedTest
    @CsvSource({"ShangMiTLS,sm2,p256", "ShangMiTLS,a,b", "ShangMiTLS,b,a", "SunX509,sm2,p256", "SunX509,a,b", "SunX509,b,a"})
    void tls12EcdsaNeverGetsTheSm2Key(String factory, String sm2Alias, String p256Alias) throws Exception {
        KeyStore store = fixture.serverKeys(true, sm2Alias, p256Alias);
        SSLContext jdkClient = TlsFixture.context(Security.getProvider("SunJSSE"), null, fixture.trustManagers());
        SSLEngine[] engines = pair(jdkClient, keyManagers(store, factory));
        engines[0].setEnabledProtocols(new String[] {"TLSv1.2"});
        engines[0].setEnabledCipherSuites(new String[] {"TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256"});
        assertArrayEquals(REQUEST, TlsFixture.exchange(engines[0], engines[1], REQUEST));
        assertEquals("TLSv1.2", engines[0].getSession().getProtocol());
        X509Certificate served = (X509Certificate) engines[0].getSession().getPeerCertificates()[0];
        assertFalse(org.shangmi.tls.tlcp.Certificates.isSm2(served), "the P-256 certificate, not the SM2 one");
    }

    /** The key manager's answers through the standard interface: SM2 aliases only for sm2sig_sm3. */
    @Test
    void aliasesThroughTheStandardInterface() throws Exception {
        ShangMiKeyManager keys = (ShangMiKeyManager) keyManagers(fixture.serverKeys(true), "ShangMiTLS")[0];
        String sm2 = keys.chooseServerAlias(ShangMiKeyManager.SM2_KEY_TYPE, null, null);
        assertTrue(org.shangmi.tls.tlcp.Certificates.isSm2(keys.getCertificateChain(sm2)[0]));
        String ecdsa = keys.chooseServerAlias("EC/secp256r1", null, null);
        assertFalse(org.shangmi.tls.tlcp.Certificates.isSm2(keys.getCertificateChain(ecdsa)[0]));
        for (String alias : keys.getServerAliases("ECDHE_ECDSA", null)) {
            assertFalse(org.shangmi.tls.tlcp.Certificates.isSm2(keys.getCertificateChain(alias)[0]), alias);
        }
        assertNull(keys.chooseServerAlias("RSA", null, null));
    }

    /** jdk.tls.server.SignatureSchemes names the servers' schemes; clients keep ShangMiTLS's, sm2sig_sm3 first. */
    @Test
    void aServerPropertyLeavesClientsAlone() throws Exception {
        System.setProperty("jdk.tls.server.SignatureSchemes", "ecdsa_secp256r1_sha256");
        System.setProperty("jdk.tls.server.cipherSuites", "TLS_AES_128_GCM_SHA256");
        try {
            SSLContext context = smClient();
            SSLEngine client = context.createSSLEngine();
            client.setUseClientMode(true);
            SSLEngine server = context.createSSLEngine();
            server.setUseClientMode(false);
            assertEquals("sm2sig_sm3", ((BCSSLEngine) client).getParameters().getSignatureSchemes()[0]);
            assertEquals("TLS_SM4_GCM_SM3", client.getEnabledCipherSuites()[0]);
            assertNull(((BCSSLEngine) server).getParameters().getSignatureSchemes(), "the property decides");
            assertArrayEquals(new String[] {"TLS_AES_128_GCM_SHA256"}, server.getEnabledCipherSuites());
        } finally {
            System.clearProperty("jdk.tls.server.SignatureSchemes");
            System.clearProperty("jdk.tls.server.cipherSuites");
        }
    }
}
