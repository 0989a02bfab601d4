package org.shangmi.tls;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyFactory;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.Provider;
import java.security.Security;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.util.List;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLEngineResult;
import javax.net.ssl.SSLEngineResult.HandshakeStatus;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509KeyManager;
import org.bouncycastle.jsse.provider.BouncyCastleJsseProvider;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.shangmi.core.testing.OpenSslPki;
import org.shangmi.provider.ShangMiProvider;
import org.shangmi.provider.spec.PemKeySpec;

/**
 * TLS 1.3 with the RFC 8998 suites between two of Bouncy Castle's SSLEngines on ShangMi's crypto:
 * curveSM2 key exchange, sm2sig_sm3 with an openssl-made SM2 chain, SM4-GCM and SM4-CCM records.
 */
class LoopbackHandshakeTest {

    private static final char[] PASSWORD = "secret".toCharArray();

    @TempDir
    static Path directory;
    private static OpenSslPki pki;

    @BeforeAll
    static void install() {
        Security.insertProviderAt(new ShangMiProvider(), 1);
        // Bouncy Castle's JSSE leaves the SM group and signature scheme off unless named
        System.setProperty("jdk.tls.namedGroups", "curveSM2");
        System.setProperty("jdk.tls.client.SignatureSchemes", "sm2sig_sm3");
        System.setProperty("jdk.tls.server.SignatureSchemes", "sm2sig_sm3");
        pki = new OpenSslPki(directory).chain();
    }

    @AfterAll
    static void uninstall() {
        Security.removeProvider(ShangMiProvider.NAME);
        System.clearProperty("jdk.tls.namedGroups");
        System.clearProperty("jdk.tls.client.SignatureSchemes");
        System.clearProperty("jdk.tls.server.SignatureSchemes");
    }

    @Test
    void bothSuitesHandshakeAndCarryData() throws Exception {
        for (String suite : List.of("TLS_SM4_GCM_SM3", "TLS_SM4_CCM_SM3")) {
            SSLEngine[] pair = enginePair(suite);
            SSLEngine client = pair[0];
            SSLEngine server = pair[1];
            byte[] request = "GET / over SM4".getBytes(StandardCharsets.US_ASCII);
            byte[] received = exchange(client, server, request);
            assertArrayEquals(request, received, suite);
            assertEquals("TLSv1.3", client.getSession().getProtocol());
            assertEquals(suite, client.getSession().getCipherSuite());
            assertEquals(suite, server.getSession().getCipherSuite());
            assertEquals(2, client.getSession().getPeerCertificates().length);
        }
    }

    /** A record changed in transit fails SM4-GCM's tag: the receiver ends the connection with bad_record_mac. */
    @Test
    void aChangedRecordIsABadRecordMac() throws Exception {
        SSLEngine[] pair = enginePair("TLS_SM4_GCM_SM3");
        SSLEngine client = pair[0];
        SSLEngine server = pair[1];
        exchange(client, server, new byte[] {1});
        ByteBuffer record = ByteBuffer.allocate(client.getSession().getPacketBufferSize());
        client.wrap(ByteBuffer.wrap("a second request".getBytes(StandardCharsets.US_ASCII)), record);
        record.flip();
        record.put(record.limit() - 1, (byte) (record.get(record.limit() - 1) ^ 1)); // a bit of the tag
        javax.net.ssl.SSLException refused = org.junit.jupiter.api.Assertions.assertThrows(javax.net.ssl.SSLException.class,
                () -> server.unwrap(record, ByteBuffer.allocate(server.getSession().getApplicationBufferSize())));
        assertTrue(String.valueOf(refused.getMessage()).contains("bad_record_mac"), refused.toString());
    }

    /** A client and a server engine on Bouncy Castle's JSSE with ShangMi's crypto, TLS 1.3 and the one suite. */
    private static SSLEngine[] enginePair(String suite) throws Exception {
        Provider jsse = new BouncyCastleJsseProvider(false, new ShangMiTlsCryptoProvider());
        SSLEngine client = clientContext(jsse).createSSLEngine("leaf.example.com", 443);
        client.setUseClientMode(true);
        SSLEngine server = serverContext(jsse).createSSLEngine();
        server.setUseClientMode(false);
        for (SSLEngine engine : List.of(client, server)) {
            engine.setEnabledProtocols(new String[] {"TLSv1.3"});
            engine.setEnabledCipherSuites(new String[] {suite});
        }
        return new SSLEngine[] {client, server};
    }

    private static SSLContext serverContext(Provider jsse) throws Exception {
        CertificateFactory certificates = CertificateFactory.getInstance("X.509");
        Certificate[] chain = {certificate(certificates, "leaf"), certificate(certificates, "inter")};
        PrivateKey key = KeyFactory.getInstance("SM2", ShangMiProvider.NAME)
                .generatePrivate(new PemKeySpec(Files.readString(pki.path("leaf.key"))));
        KeyStore store = KeyStore.getInstance("PKCS12");
        store.load(null, null);
        store.setKeyEntry("leaf", key, PASSWORD, chain);
        KeyManagerFactory factory = KeyManagerFactory.getInstance("SunX509");
        factory.init(store, PASSWORD);
        SSLContext context = SSLContext.getInstance("TLSv1.3", jsse);
        context.init(new javax.net.ssl.KeyManager[] {new Sm2KeyManager((X509KeyManager) factory.getKeyManagers()[0])}, null, null);
        return context;
    }

    private static SSLContext clientContext(Provider jsse) throws Exception {
        KeyStore trusted = KeyStore.getInstance("PKCS12");
        trusted.load(null, null);
        trusted.setCertificateEntry("root", certificate(CertificateFactory.getInstance("X.509"), "root"));
        TrustManagerFactory factory = TrustManagerFactory.getInstance("PKIX");
        factory.init(trusted);
        SSLContext context = SSLContext.getInstance("TLSv1.3", jsse);
        context.init(null, factory.getTrustManagers(), null);
        return context;
    }

    private static Certificate certificate(CertificateFactory factory, String name) throws Exception {
        try (var in = Files.newInputStream(pki.path(name + ".pem"))) {
            return factory.generateCertificate(in);
        }
    }

    /** Runs the handshake, sends {@code data} from client to server, returns what the server read. */
    private static byte[] exchange(SSLEngine client, SSLEngine server, byte[] data) throws Exception {
        int packet = Math.max(client.getSession().getPacketBufferSize(), server.getSession().getPacketBufferSize());
        int application = Math.max(client.getSession().getApplicationBufferSize(), server.getSession().getApplicationBufferSize());
        ByteBuffer clientToServer = ByteBuffer.allocate(4 * packet);
        ByteBuffer serverToClient = ByteBuffer.allocate(4 * packet);
        ByteBuffer clientIn = ByteBuffer.allocate(4 * application);
        ByteBuffer serverIn = ByteBuffer.allocate(4 * application);
        ByteBuffer clientOut = ByteBuffer.wrap(data);
        ByteBuffer empty = ByteBuffer.allocate(0);
        client.beginHandshake();
        server.beginHandshake();
        for (int step = 0; step < 200; step++) {
            wrapAndUnwrap(client, clientToServer, serverToClient, clientIn, isDone(client) ? clientOut : empty);
            wrapAndUnwrap(server, serverToClient, clientToServer, serverIn, empty);
            if (isDone(client) && isDone(server) && !clientOut.hasRemaining() && serverIn.position() == data.length) {
                serverIn.flip();
                byte[] read = new byte[serverIn.remaining()];
                serverIn.get(read);
                return read;
            }
        }
        throw new AssertionError("no handshake after 200 steps: client " + client.getHandshakeStatus() + ", server "
                + server.getHandshakeStatus());
    }

    private static boolean isDone(SSLEngine engine) {
        HandshakeStatus status = engine.getHandshakeStatus();
        return status == HandshakeStatus.NOT_HANDSHAKING || status == HandshakeStatus.FINISHED;
    }

    /** One round for one engine: run delegated tasks, wrap what it has to send, unwrap what came. */
    private static void wrapAndUnwrap(SSLEngine engine, ByteBuffer out, ByteBuffer in, ByteBuffer application, ByteBuffer data)
            throws Exception {
        Runnable task;
        while ((task = engine.getDelegatedTask()) != null) {
            task.run();
        }
        SSLEngineResult wrapped = engine.wrap(data, out);
        assertTrue(wrapped.getStatus() == SSLEngineResult.Status.OK, wrapped.toString());
        in.flip();
        SSLEngineResult unwrapped = engine.unwrap(in, application);
        in.compact();
        assertTrue(unwrapped.getStatus() == SSLEngineResult.Status.OK
                || unwrapped.getStatus() == SSLEngineResult.Status.BUFFER_UNDERFLOW, unwrapped.toString());
        while ((task = engine.getDelegatedTask()) != null) {
            task.run();
        }
    }
}
