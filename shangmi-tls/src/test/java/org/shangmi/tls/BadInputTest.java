package org.shangmi.tls;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLEngineResult;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLSocket;
import org.bouncycastle.jsse.BCSSLEngine;
import org.bouncycastle.jsse.BCSSLParameters;
import org.junit.jupiter.api.Test;

/**
 * Bad input ends a connection with the alert RFC 8446 names and an exception on our side, never
 * with a hang or plaintext: changed, cut and forged records, a certificate signed with another
 * SM2 ID, no common group, and an SM-only client meeting a server with a P-256 key only.
 */
class BadInputTest extends WithTlsFixture {

    private static final byte[] REQUEST = "GET / over SM4".getBytes(StandardCharsets.US_ASCII);

    private static SSLEngine[] pair(java.security.KeyStore serverKeys) throws Exception {
        return pair(serverKeys, "TLS_SM4_GCM_SM3");
    }

    private static SSLEngine[] pair(java.security.KeyStore serverKeys, String suite) throws Exception {
        SSLEngine[] engines = pair(smClient(), TlsFixture.context(TLS, TlsFixture.keyManagers(serverKeys, "PKIX", TLS), null));
        engines[0].setEnabledCipherSuites(new String[] {suite});
        return engines;
    }

    /** A connected pair and one application record the client sealed, not yet delivered. */
    private static ByteBuffer sealedRecord(SSLEngine[] engines) throws Exception {
        TlsFixture.exchange(engines[0], engines[1], new byte[] {1});
        assertEquals(engines[0].getEnabledCipherSuites()[0], engines[1].getSession().getCipherSuite());
        ByteBuffer record = ByteBuffer.allocate(engines[0].getSession().getPacketBufferSize());
        SSLEngineResult sealed = engines[0].wrap(ByteBuffer.wrap(REQUEST), record);
        assertEquals(SSLEngineResult.Status.OK, sealed.getStatus());
        record.flip();
        return record;
    }

    private static SSLException refusedRecord(SSLEngine server, ByteBuffer record) {
        ByteBuffer plain = ByteBuffer.allocate(server.getSession().getApplicationBufferSize());
        SSLException refused = assertThrows(SSLException.class, () -> server.unwrap(record, plain));
        assertEquals(0, plain.position(), "no plaintext of a refused record");
        return refused;
    }

    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.ValueSource(strings = {"TLS_SM4_GCM_SM3", "TLS_SM4_CCM_SM3"})
    void aChangedTagIsABadRecordMac(String suite) throws Exception {
        SSLEngine[] engines = pair(fixture.serverKeys(false), suite);
        ByteBuffer record = sealedRecord(engines);
        record.put(record.limit() - 1, (byte) (record.get(record.limit() - 1) ^ 1));
        assertTrue(refusedRecord(engines[1], record).getMessage().contains("bad_record_mac"));
    }

    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.ValueSource(strings = {"TLS_SM4_GCM_SM3", "TLS_SM4_CCM_SM3"})
    void aChangedCiphertextByteIsABadRecordMac(String suite) throws Exception {
        SSLEngine[] engines = pair(fixture.serverKeys(false), suite);
        ByteBuffer record = sealedRecord(engines);
        record.put(5, (byte) (record.get(5) ^ 0x80));
        assertTrue(refusedRecord(engines[1], record).getMessage().contains("bad_record_mac"));
    }

    /** A changed header is associated data: the tag fails too. */
    @Test
    void aChangedHeaderIsABadRecordMac() throws Exception {
        SSLEngine[] engines = pair(fixture.serverKeys(false));
        ByteBuffer record = sealedRecord(engines);
        record.put(2, (byte) 0x01); // legacy_record_version 0x0303 -> 0x0301
        assertTrue(refusedRecord(engines[1], record).getMessage().contains("bad_record_mac"));
    }

    /** A record cut short by its own length field (the last byte of the tag dropped) does not authenticate. */
    @Test
    void aShortenedRecordIsABadRecordMac() throws Exception {
        SSLEngine[] engines = pair(fixture.serverKeys(false));
        ByteBuffer record = sealedRecord(engines);
        int length = ((record.get(3) & 0xff) << 8 | (record.get(4) & 0xff)) - 1;
        record.put(3, (byte) (length >>> 8)).put(4, (byte) length);
        record.limit(record.limit() - 1);
        assertTrue(refusedRecord(engines[1], record).getMessage().contains("bad_record_mac"));
    }

    /** Half a record is not an error yet: the engine waits for the rest and hands out nothing. */
    @Test
    void halfARecordWaitsForTheRest() throws Exception {
        SSLEngine[] engines = pair(fixture.serverKeys(false));
        ByteBuffer record = sealedRecord(engines);
        ByteBuffer half = ByteBuffer.allocate(record.remaining() / 2);
        half.put(record.duplicate().limit(record.position() + half.capacity())).flip();
        ByteBuffer plain = ByteBuffer.allocate(engines[1].getSession().getApplicationBufferSize());
        assertEquals(SSLEngineResult.Status.BUFFER_UNDERFLOW, engines[1].unwrap(half, plain).getStatus());
        assertEquals(0, plain.position());
    }

    /** A peer that closes the connection in the middle of a record: the reader gets an exception, not a hang or part of it. */
    @Test
    void aConnectionCutInARecordEndsTheRead() throws Exception {
        SSLContext server = TlsFixture.context(TLS, TlsFixture.keyManagers(fixture.serverKeys(false), "PKIX", TLS), null);
        SSLContext client = TlsFixture.context(TLS, null, fixture.trustManagers());
        ExecutorService threads = Executors.newCachedThreadPool(); // each blocks in I/O: not the common pool
        try (var listener = server.getServerSocketFactory().createServerSocket(0);
                ServerSocket relay = new ServerSocket(0)) {
            CompletableFuture<Void> serving = CompletableFuture.runAsync(() -> {
                try (SSLSocket accepted = (SSLSocket) listener.accept()) {
                    accepted.setSoTimeout(20_000);
                    accepted.getOutputStream().write(new byte[10_000]);
                    accepted.getOutputStream().flush();
                    accepted.getInputStream().read();
                } catch (Exception closed) {
                    // the relay cuts this side off too
                }
            }, threads);
            CompletableFuture<Void> relaying = CompletableFuture.runAsync(() -> {
                // passes the handshake, then forwards the first application record only in part
                try (Socket front = relay.accept(); Socket back = new Socket("localhost", listener.getLocalPort())) {
                    front.setSoTimeout(20_000);
                    back.setSoTimeout(20_000);
                    threads.execute(() -> copy(front, back));
                    InputStream in = back.getInputStream();
                    byte[] header = new byte[5];
                    while (true) {
                        in.readNBytes(header, 0, 5);
                        int length = (header[3] & 0xff) << 8 | (header[4] & 0xff);
                        byte[] body = in.readNBytes(length);
                        front.getOutputStream().write(header);
                        if (header[0] == 23 && length > 5_000) { // the 10,000 bytes of data, not a handshake record
                            front.getOutputStream().write(body, 0, body.length / 2);
                            front.getOutputStream().flush();
                            return;
                        }
                        front.getOutputStream().write(body);
                        front.getOutputStream().flush();
                    }
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            }, threads);
            try (SSLSocket socket = (SSLSocket) client.getSocketFactory().createSocket("localhost", relay.getLocalPort())) {
                socket.setSoTimeout(20_000);
                socket.startHandshake();
                assertEquals("TLS_SM4_GCM_SM3", socket.getSession().getCipherSuite(), "the handshake passed the relay");
                // Bouncy Castle's engine says EOFException where the JDK's says SSLException: both IOExceptions
                assertThrows(java.io.IOException.class, () -> socket.getInputStream().readNBytes(10_000));
            }
            relaying.get(30, TimeUnit.SECONDS);
            serving.get(30, TimeUnit.SECONDS);
        } finally {
            threads.shutdownNow();
        }
    }

    private static void copy(Socket from, Socket to) {
        try {
            from.getInputStream().transferTo(to.getOutputStream());
        } catch (Exception closed) {
            // one side went away
        }
    }

    /**
     * The client's PKIX check refuses a leaf signed with another SM2 ID. The alert is
     * certificate_unknown, as from the JDK's JSSE: a trust manager reports an invalid chain without
     * the cause an alert could name (RFC 8446 would allow bad_certificate for a signature that
     * does not verify); the cause is in the client's exception.
     */
    @Test
    void aCertificateSignedWithAnotherSm2IdIsRefused() throws Exception {
        java.security.KeyStore wrongId = fixture.keys("wrongid", "EC", "wrongid", "inter");
        SSLEngine[] engines = pair(wrongId);
        TlsFixture.Failure failure = TlsFixture.failure(engines[0], engines[1], REQUEST);
        assertEquals(engines[0], failure.failingEngine(), failure.failing().toString());
        assertTrue(failure.peerMessage().contains("certificate_unknown"), failure.peerMessage());
        // what the client's trust manager found: the leaf's signature
        java.security.cert.X509Certificate[] chain = java.util.Arrays.stream(wrongId.getCertificateChain("wrongid"))
                .map(java.security.cert.X509Certificate.class::cast).toArray(java.security.cert.X509Certificate[]::new);
        javax.net.ssl.X509TrustManager trust = (javax.net.ssl.X509TrustManager) fixture.trustManagers()[0];
        java.security.cert.CertificateException refused = assertThrows(java.security.cert.CertificateException.class,
                () -> trust.checkServerTrusted(chain, "EC"));
        assertTrue(causes(refused).toLowerCase(java.util.Locale.ROOT).contains("signature"), causes(refused));
    }

    private static String causes(Throwable thrown) {
        StringBuilder text = new StringBuilder();
        for (Throwable t = thrown; t != null; t = t.getCause()) {
            text.append(t).append(" / ");
        }
        return text.toString();
    }

    /** A client that offers only x25519 to a server that takes curveSM2 only: handshake_failure, no retry loop. */
    @Test
    void noCommonGroupIsAHandshakeFailure() throws Exception {
        SSLEngine[] engines = pair(fixture.serverKeys(false));
        parameters(engines[0], p -> {
            p.setNamedGroups(new String[] {"x25519"});
            p.setEarlyKeyShares(new String[] {"x25519"});
        });
        parameters(engines[1], p -> p.setNamedGroups(new String[] {"curveSM2"}));
        TlsFixture.Failure failure = TlsFixture.failure(engines[0], engines[1], REQUEST);
        assertEquals(engines[1], failure.failingEngine(), failure.failing().toString());
        assertTrue(failure.peerMessage().contains("handshake_failure"), failure.peerMessage());
    }

    /** A client that accepts only sm2sig_sm3 meets a server with a P-256 key only: the server cannot sign and says so. */
    @Test
    void aP256KeyCannotServeSm2sigSm3() throws Exception {
        SSLEngine[] engines = pair(fixture.keys("p256", "EC", "p256"));
        parameters(engines[0], p -> p.setSignatureSchemes(new String[] {"sm2sig_sm3"}));
        TlsFixture.Failure failure = TlsFixture.failure(engines[0], engines[1], REQUEST);
        assertEquals(engines[1], failure.failingEngine(), failure.failing().toString());
        assertTrue(failure.peerMessage().contains("handshake_failure"), failure.peerMessage());
    }

    private static void parameters(SSLEngine engine, java.util.function.Consumer<BCSSLParameters> change) {
        BCSSLParameters parameters = ((BCSSLEngine) engine).getParameters();
        change.accept(parameters);
        ((BCSSLEngine) engine).setParameters(parameters);
    }
}
