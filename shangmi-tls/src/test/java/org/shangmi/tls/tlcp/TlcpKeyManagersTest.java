package org.shangmi.tls.tlcp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.security.KeyStore;
import java.security.cert.X509Certificate;
import javax.net.ssl.KeyManager;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.X509KeyManager;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.shangmi.tls.ShangMiKeyManager;
import org.shangmi.tls.ShangMiTlsProvider;
import org.shangmi.tls.TlcpParameters;

/**
 * TLCP finds both entries of one PKCS#12 store (a signing entry with digitalSignature, an
 * encryption entry with keyEncipherment, dataEncipherment and keyAgreement and no
 * digitalSignature, as CAs issue them) through every key manager a user can pass: ShangMiTLS's
 * "PKIX" (the README's), the JDK's SunX509 and PKIX, and a ShangMiKeyManager an application wraps
 * around one; for servers and for ECDHE clients, chosen by key usage and named by alias.
 */
class TlcpKeyManagersTest extends WithOpenSslTlcpPki {



    private static KeyManager[] keyManagers(String factory, String side) throws Exception {
        KeyStore store = pki.keys(side);
        KeyManagerFactory managers = switch (factory) {
            case "ShangMiTLS-PKIX", "ShangMiKeyManager" -> KeyManagerFactory.getInstance("PKIX", new ShangMiTlsProvider());
            case "SunX509", "PKIX" -> KeyManagerFactory.getInstance(factory, "SunJSSE");
            default -> throw new IllegalArgumentException(factory);
        };
        managers.init(store, OpenSslTlcpPki.PASSWORD);
        if (factory.equals("ShangMiKeyManager")) {
            KeyManagerFactory jdk = KeyManagerFactory.getInstance("PKIX", "SunJSSE");
            jdk.init(store, OpenSslTlcpPki.PASSWORD);
            return new KeyManager[] {new ShangMiKeyManager((X509KeyManager) jdk.getKeyManagers()[0])};
        }
        return managers.getKeyManagers();
    }

    private static SSLContext context(String factory, String side) throws Exception {
        SSLContext context = SSLContext.getInstance("TLCPv1.1", new ShangMiTlsProvider());
        context.init(keyManagers(factory, side), pki.trustManagers(), null);
        return context;
    }

    private static void checkBothSides(EnginePair pair) throws Exception {
        pair.handshake();
        X509Certificate[] server = (X509Certificate[]) pair.client.getSession().getPeerCertificates();
        assertEquals(pki.certificate("server_sign"), server[0]);
        assertEquals(pki.certificate("server_enc"), server[1]);
        X509Certificate[] client = (X509Certificate[]) pair.server.getSession().getPeerCertificates();
        assertEquals(pki.certificate("client_sign"), client[0]);
        assertEquals(pki.certificate("client_enc"), client[1]);
        byte[] data = "both entries found".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        assertArrayEquals(data, pair.send(pair.client, data));
    }

    @ParameterizedTest
    @ValueSource(strings = {"ShangMiTLS-PKIX", "SunX509", "PKIX", "ShangMiKeyManager"})
    void bothSidesFindTheirEntriesByKeyUsage(String factory) throws Exception {
        checkBothSides(TlcpEngineTest.pair(context(factory, "client"), context(factory, "server"),
                "TLCP_ECDHE_SM4_GCM_SM3", true, 6001));
    }

    /** Named by the aliases the application gave the entries in its store. */
    @ParameterizedTest
    @ValueSource(strings = {"ShangMiTLS-PKIX", "SunX509"})
    void bothSidesFindTheirEntriesByTheStoresAliases(String factory) throws Exception {
        EnginePair pair = TlcpEngineTest.pair(context(factory, "client"), context(factory, "server"),
                "TLCP_ECDHE_SM4_CBC_SM3", true, 6002);
        for (SSLEngine engine : new SSLEngine[] {pair.client, pair.server}) {
            TlcpParameters parameters = (TlcpParameters) engine.getSSLParameters();
            parameters.setKeyAliases("sign", "enc");
            engine.setSSLParameters(parameters);
        }
        checkBothSides(pair);
    }
}
