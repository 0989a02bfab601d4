package org.shangmi.tls.tlcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.util.List;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLServerSocket;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.shangmi.tls.ShangMiTlsProvider;

/**
 * A TLCP server whose key manager cannot serve TLCP says so once, when its first server engine
 * or socket is made, with the reason each handshake would give; and a TLCP client says what is
 * wrong when it lacks its key pairs or meets a server that does not speak TLCP.
 */
class TlcpMisconfigurationTest extends WithOpenSslTlcpPki {

    private LogCapture log;

    @BeforeAll
    static void setUp() throws Exception {
        pki.pki.otherRoot("rsa", "/CN=localhost", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:2048");
    }

    @BeforeEach
    void listen() {
        log = LogCapture.of(TlcpSslContextSpi.class.getName());
    }

    @AfterEach
    void stopListening() {
        log.close();
    }

    /** A store with the named entries of the side, "rsa" meaning openssl's RSA key and certificate. */
    private static SSLContext server(String... entries) throws Exception {
        KeyStore store = KeyStore.getInstance("PKCS12");
        store.load(null, null);
        for (String entry : entries) {
            if (entry.equals("rsa")) {
                store.setKeyEntry(entry, rsaKey(), OpenSslTlcpPki.PASSWORD,
                        new Certificate[] {pki.certificate("rsa")});
            } else {
                store.setKeyEntry(entry, pki.key(entry), OpenSslTlcpPki.PASSWORD,
                        new Certificate[] {pki.certificate(entry), pki.certificate("inter")});
            }
        }
        KeyManagerFactory keys = KeyManagerFactory.getInstance("PKIX", new ShangMiTlsProvider());
        keys.init(store, OpenSslTlcpPki.PASSWORD);
        SSLContext context = SSLContext.getInstance("TLCPv1.1", new ShangMiTlsProvider());
        context.init(keys.getKeyManagers(), pki.trustManagers(), null);
        return context;
    }

    private static java.security.PrivateKey rsaKey() throws Exception {
        String pem = java.nio.file.Files.readString(pki.pki.path("rsa.key"));
        byte[] der = java.util.Base64.getMimeDecoder().decode(pem.replaceAll("-----[A-Z ]+-----", ""));
        return java.security.KeyFactory.getInstance("RSA").generatePrivate(new java.security.spec.PKCS8EncodedKeySpec(der));
    }

    private static SSLEngine clientWithoutKeys() throws Exception {
        SSLContext client = SSLContext.getInstance("TLCPv1.1", new ShangMiTlsProvider());
        client.init(null, pki.trustManagers(), null);
        SSLEngine engine = client.createSSLEngine("localhost", 7002);
        engine.setUseClientMode(true);
        return engine;
    }

    /** The first flight of {@code client}, ready to read: its ClientHello. */
    private static java.nio.ByteBuffer clientHello(SSLEngine client) throws SSLException {
        java.nio.ByteBuffer hello = java.nio.ByteBuffer.allocate(1 << 15);
        client.wrap(java.nio.ByteBuffer.allocate(0), hello);
        return hello.flip();
    }

    private static java.nio.ByteBuffer clientHello() throws Exception {
        return clientHello(clientWithoutKeys());
    }

    private List<String> warnings() {
        return log.records().stream().filter(r -> r.getLevel() == Level.WARNING).map(LogRecord::getMessage).toList();
    }

    @ParameterizedTest
    @ValueSource(strings = {"server_sign", "server_enc", "rsa"})
    void aServerWithoutBothEntriesWarnsOnceAndEachHandshakeSaysWhy(String only) throws Exception {
        SSLContext server = server(only);
        SSLContext client = SSLContext.getInstance("TLCPv1.1", new ShangMiTlsProvider());
        client.init(null, pki.trustManagers(), null);
        for (int i = 0; i < 3; i++) {
            EnginePair pair = TlcpEngineTest.pair(client, server, "TLCP_ECC_SM4_GCM_SM3", false, 7001);
            SSLException refused = assertThrows(SSLException.class, pair::handshake);
            assertTrue(refused.getMessage().contains("handshake_failure"), refused.getMessage());
        }
        List<String> warnings = warnings();
        assertEquals(1, warnings.size(), warnings.toString());
        String expected = only.equals("rsa") ? "lists no SM2 key entry for a server" : "one SM2 entry for a server (\"" + only + "\")";
        assertTrue(warnings.get(0).contains(expected), warnings.get(0));
        assertTrue(warnings.get(0).contains("TLCP needs two SM2 entries"), warnings.get(0));
    }

    @Test
    void theFailedHandshakeNamesTheReasonOnTheServer() throws Exception {
        SSLEngine serverEngine = server("server_sign").createSSLEngine();
        serverEngine.setUseClientMode(false);
        java.nio.ByteBuffer hello = clientHello();
        SSLException refused = assertThrows(SSLException.class, () -> serverEngine.unwrap(hello, java.nio.ByteBuffer.allocate(1 << 15)));
        assertTrue(refused.getMessage().contains("the server has no SM2 signing and encryption key pair: the key manager lists "
                + "one SM2 entry for a server (\"server_sign\")"), refused.getMessage());
    }

    @Test
    void aServerSocketWarnsWhenItIsMade() throws Exception {
        try (SSLServerSocket listener = (SSLServerSocket) server("server_enc").getServerSocketFactory()
                .createServerSocket(0, 5, InetAddress.getLoopbackAddress())) {
            assertEquals(1, warnings().size(), warnings().toString());
        }
    }

    @Test
    void aServerWithBothEntriesSaysNothing() throws Exception {
        SSLEngine engine = server("server_sign", "server_enc").createSSLEngine();
        engine.setUseClientMode(false);
        assertEquals(List.of(), warnings());
    }

    @Test
    void anEcdheClientWithoutItsEncryptionEntrySaysWhatIsMissing() throws Exception {
        SSLContext server = server("server_sign", "server_enc");
        SSLContext client = SSLContext.getInstance("TLCPv1.1", new ShangMiTlsProvider());
        KeyStore store = KeyStore.getInstance("PKCS12");
        store.load(null, null);
        store.setKeyEntry("sign", pki.key("client_sign"), OpenSslTlcpPki.PASSWORD,
                new Certificate[] {pki.certificate("client_sign"), pki.certificate("inter")});
        KeyManagerFactory keys = KeyManagerFactory.getInstance("PKIX", new ShangMiTlsProvider());
        keys.init(store, OpenSslTlcpPki.PASSWORD);
        client.init(keys.getKeyManagers(), pki.trustManagers(), null);
        EnginePair pair = TlcpEngineTest.pair(client, server, "TLCP_ECDHE_SM4_GCM_SM3", true, 7003);
        SSLException refused = assertThrows(SSLException.class, pair::handshake);
        assertTrue(refused.getMessage().contains("one SM2 entry for a client (\"sign\")"), refused.getMessage());
    }

    /** A client whose entries hold the leaves alone: their issuer is not among the CAs the server names. */
    @Test
    void anEcdheClientWithLeafOnlyChainsSaysWhichIssuersTheServerWants() throws Exception {
        SSLContext server = server("server_sign", "server_enc");
        KeyStore store = KeyStore.getInstance("PKCS12");
        store.load(null, null);
        for (String use : new String[] {"sign", "enc"}) {
            store.setKeyEntry(use, pki.key("client_" + use), OpenSslTlcpPki.PASSWORD, new Certificate[] {pki.certificate("client_" + use)});
        }
        KeyManagerFactory keys = KeyManagerFactory.getInstance("PKIX", new ShangMiTlsProvider());
        keys.init(store, OpenSslTlcpPki.PASSWORD);
        SSLContext client = SSLContext.getInstance("TLCPv1.1", new ShangMiTlsProvider());
        client.init(keys.getKeyManagers(), pki.trustManagers(), null);
        EnginePair pair = TlcpEngineTest.pair(client, server, "TLCP_ECDHE_SM4_GCM_SM3", true, 7005);
        SSLException refused = assertThrows(SSLException.class, pair::handshake);
        assertTrue(refused.getMessage().contains("the server accepts certificates issued by [CN=TLCP Root,O=ShangMi Test,C=CN]")
                && refused.getMessage().contains("CN=TLCP Intermediate"), refused.getMessage());
    }

    /**
     * A TLCP client against TLS servers: ShangMiTLS's and the JDK's refuse the ClientHello with a
     * TLS alert record (Bouncy Castle's engine alone would close without one); the client says
     * that the server does not speak TLCP.
     */
    @ParameterizedTest
    @ValueSource(strings = {"ShangMiTLS", "SunJSSE"})
    void aTlcpClientAgainstATlsServerSaysSo(String provider) throws Exception {
        SSLContext tls = provider.equals("SunJSSE") ? SSLContext.getInstance("TLSv1.3", provider)
                : SSLContext.getInstance("TLSv1.3", new ShangMiTlsProvider());
        KeyManagerFactory keys = KeyManagerFactory.getInstance("PKIX", new ShangMiTlsProvider());
        keys.init(pki.keys("server"), OpenSslTlcpPki.PASSWORD);
        tls.init(keys.getKeyManagers(), pki.trustManagers(), null);
        SSLEngine server = tls.createSSLEngine();
        server.setUseClientMode(false);
        SSLEngine clientEngine = clientWithoutKeys();
        java.nio.ByteBuffer hello = clientHello(clientEngine);
        java.nio.ByteBuffer sink = java.nio.ByteBuffer.allocate(1 << 15);
        assertThrows(SSLException.class, () -> server.unwrap(hello, sink), "a TLS server refuses a TLCP ClientHello");
        java.nio.ByteBuffer answer = java.nio.ByteBuffer.allocate(1 << 15);
        server.wrap(java.nio.ByteBuffer.allocate(0), answer);
        answer.flip();
        assertTrue(answer.remaining() > 0, "an alert");
        assertEquals(21, answer.get(0), "an alert record");
        SSLException refused = assertThrows(SSLException.class, () -> clientEngine.unwrap(answer, sink));
        assertTrue(refused.getMessage().contains("not TLCP 1.1 (0x0101): it does not speak TLCP"),
                refused.getMessage());
    }
}
