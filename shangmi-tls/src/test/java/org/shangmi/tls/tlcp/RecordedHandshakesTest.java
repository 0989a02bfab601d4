package org.shangmi.tls.tlcp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.Provider;
import java.security.SecureRandom;
import java.security.Security;
import java.security.cert.PKIXBuilderParameters;
import java.security.cert.TrustAnchor;
import java.util.ArrayList;
import java.util.Date;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import javax.net.ssl.CertPathTrustManagerParameters;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLEngineResult;
import javax.net.ssl.SSLEngineResult.HandshakeStatus;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509KeyManager;
import javax.net.ssl.X509TrustManager;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.shangmi.provider.BackendChoice;
import org.shangmi.provider.ShangMiProvider;
import org.shangmi.tls.ShangMiTlsProvider;

/**
 * Whole TLCP connections recorded byte for byte, so that the engine can be restructured with
 * proof that the wire did not move: per suite a full handshake and a resumed one, each carrying
 * application data both ways and closed by both sides, with fixed credentials
 * ({@link TlcpCredentials#fixed()}), a fixed clock and seeded random sources, and ShangMi's Java
 * engines (whose SM2 signatures and encryptions take their randomness from the engine's source).
 * Every record each side wrote is compared with {@code recorded/NAME.txt}.
 *
 * <p>The recordings are the engine's own output, kept from a known-good state; what makes them
 * trustworthy is that the same connections pass the interop tests against GmSSL, gmsm and
 * KonaSSL. A deliberate change of the wire rewrites them: run this test with
 * {@code -Dshangmi.tlcp.record=DIRECTORY}, check the difference, and copy the files in.
 */
class RecordedHandshakesTest {

    /** 2027-01-15T08:00:00Z: inside the fixed certificates' validity, and the randoms' time. */
    private static final long CLOCK = 1_800_000_000_000L;
    private static final String RECORD_PROPERTY = "shangmi.tlcp.record";
    private static final byte[] REQUEST = "GET /recorded HTTP/1.1\r\nHost: localhost\r\n\r\n".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] RESPONSE = "HTTP/1.1 200 OK\r\nContent-Length: 8\r\n\r\nrecorded".getBytes(StandardCharsets.US_ASCII);

    private static Provider replaced;

    /** ShangMi on its Java engines, first: native SM2 would draw its own randomness. */
    @BeforeAll
    static void installJavaEngines() {
        replaced = Security.getProvider(ShangMiProvider.NAME);
        if (replaced != null) {
            Security.removeProvider(ShangMiProvider.NAME);
        }
        Security.insertProviderAt(new ShangMiProvider(BackendChoice.parse("java")), 1);
    }

    @AfterAll
    static void restore() {
        Security.removeProvider(ShangMiProvider.NAME);
        if (replaced != null) {
            Security.insertProviderAt(replaced, 1);
        }
    }

    @ParameterizedTest(name = "{0}, client certificate {1}")
    @CsvSource({
        "TLCP_ECC_SM4_CBC_SM3, false",
        "TLCP_ECC_SM4_GCM_SM3, false",
        "TLCP_ECC_SM4_GCM_SM3, true",
        "TLCP_ECDHE_SM4_CBC_SM3, true",
        "TLCP_ECDHE_SM4_GCM_SM3, true"})
    void fullAndResumedConnectionsAreUnchanged(String suite, boolean clientCertificate) throws Exception {
        TlcpCredentials credentials = TlcpCredentials.fixed();
        TlcpContext clientContext = context(credentials.client(), credentials, "client random");
        TlcpContext serverContext = context(credentials.server(), credentials, "server random");
        String name = suite + (clientCertificate ? "-client-certificate" : "");

        Connection full = connect(clientContext, serverContext, suite, clientCertificate);
        assertEquals(32, full.sessionId.length, "the first connection made a session");
        compare(name + "-full", full.text());

        Connection resumed = connect(clientContext, serverContext, suite, clientCertificate);
        assertArrayEquals(full.sessionId, resumed.sessionId, "the second connection resumes the first one's session");
        assertTrue(resumed.fromServer.size() < full.fromServer.size(), "an abbreviated handshake");
        compare(name + "-resumed", resumed.text());
    }

    /** One side's context: its key pairs, trust in the fixed root checked at the fixed time, a seeded source and the fixed clock. */
    private static TlcpContext context(TlcpCredentials.Side side, TlcpCredentials credentials, String seed) throws Exception {
        KeyManagerFactory keys = KeyManagerFactory.getInstance("PKIX", new ShangMiTlsProvider());
        keys.init(side.keyStore(), TlcpCredentials.STORE_PASSWORD);
        PKIXBuilderParameters parameters = new PKIXBuilderParameters(Set.of(new TrustAnchor(credentials.root(), null)), null);
        parameters.setRevocationEnabled(false);
        parameters.setDate(new Date(CLOCK));
        TrustManagerFactory trust = TrustManagerFactory.getInstance("PKIX");
        trust.init(new CertPathTrustManagerParameters(parameters));
        SecureRandom random = SecureRandom.getInstance("SHA1PRNG", "SUN");
        random.setSeed(seed.getBytes(StandardCharsets.US_ASCII)); // before any output: the stream is a function of the seed
        return new TlcpContext((X509KeyManager) keys.getKeyManagers()[0],
                IdentityCheckingTrustManager.of((X509TrustManager) trust.getTrustManagers()[0]), random, false, () -> CLOCK);
    }

    /** What each side wrote, record by record, and the session's ID. */
    private record Connection(List<byte[]> fromClient, List<byte[]> fromServer, byte[] sessionId) {
        String text() {
            StringBuilder out = new StringBuilder("# client to server\n");
            fromClient.forEach(record -> out.append(HexFormat.of().formatHex(record)).append('\n'));
            out.append("# server to client\n");
            fromServer.forEach(record -> out.append(HexFormat.of().formatHex(record)).append('\n'));
            return out.toString();
        }
    }

    /** A handshake, the request and the response, and close_notify from both sides, each side's records kept. */
    private static Connection connect(TlcpContext clientContext, TlcpContext serverContext, String suite, boolean clientCertificate)
            throws Exception {
        TlcpEngine client = new TlcpEngine(clientContext, "localhost", 443);
        client.setUseClientMode(true);
        client.setEnabledCipherSuites(new String[] {suite});
        TlcpEngine server = new TlcpEngine(serverContext, "client.test", 50_000);
        server.setUseClientMode(false);
        server.setEnabledCipherSuites(new String[] {suite});
        server.setNeedClientAuth(clientCertificate);
        Wire toServer = new Wire();
        Wire toClient = new Wire();
        client.beginHandshake();
        server.beginHandshake();
        for (int round = 0; client.getHandshakeStatus() != HandshakeStatus.NOT_HANDSHAKING
                || server.getHandshakeStatus() != HandshakeStatus.NOT_HANDSHAKING; round++) {
            assertTrue(round < 20, "the handshake ends");
            toServer.write(client, ByteBuffer.allocate(0));
            toServer.read(server);
            toClient.write(server, ByteBuffer.allocate(0));
            toClient.read(client);
        }
        toServer.write(client, ByteBuffer.wrap(REQUEST));
        assertEquals(new String(REQUEST, StandardCharsets.US_ASCII), toServer.read(server));
        toClient.write(server, ByteBuffer.wrap(RESPONSE));
        assertEquals(new String(RESPONSE, StandardCharsets.US_ASCII), toClient.read(client));
        client.closeOutbound();
        toServer.write(client, ByteBuffer.allocate(0));
        toServer.read(server);
        assertTrue(server.isInboundDone(), "the server read the client's close_notify");
        server.closeOutbound();
        toClient.write(server, ByteBuffer.allocate(0));
        toClient.read(client);
        assertTrue(client.isInboundDone(), "the client read the server's close_notify");
        return new Connection(toServer.records, toClient.records, client.getSession().getId());
    }

    /** One direction: what one engine wraps, split into records and kept, then unwrapped by the other. */
    private static final class Wire {
        final List<byte[]> records = new ArrayList<>();
        private final ByteBuffer pending = ByteBuffer.allocate(1 << 18);

        /** Wraps until the engine has nothing more to write (or has written all of {@code data}). */
        void write(SSLEngine engine, ByteBuffer data) throws IOException {
            while (true) {
                ByteBuffer out = ByteBuffer.allocate(engine.getSession().getPacketBufferSize());
                SSLEngineResult result = engine.wrap(data, out);
                runTasks(engine);
                if (result.bytesProduced() == 0) {
                    return;
                }
                out.flip();
                ByteBuffer records = out.duplicate();
                while (records.hasRemaining()) {
                    int length = 5 + (records.getShort(records.position() + 3) & 0xffff);
                    byte[] record = new byte[length];
                    records.get(record);
                    this.records.add(record);
                }
                pending.put(out);
                if (result.getStatus() == SSLEngineResult.Status.CLOSED && !data.hasRemaining()) {
                    return;
                }
            }
        }

        /** Unwraps everything written so far; returns the application data read. */
        String read(SSLEngine engine) throws IOException {
            pending.flip();
            StringBuilder text = new StringBuilder();
            try {
                while (pending.hasRemaining()) {
                    ByteBuffer application = ByteBuffer.allocate(engine.getSession().getApplicationBufferSize());
                    SSLEngineResult result = engine.unwrap(pending, application);
                    runTasks(engine);
                    application.flip();
                    text.append(StandardCharsets.US_ASCII.decode(application));
                    if (result.bytesConsumed() == 0) {
                        break;
                    }
                }
            } finally {
                pending.compact();
            }
            return text.toString();
        }

        private static void runTasks(SSLEngine engine) {
            for (Runnable task = engine.getDelegatedTask(); task != null; task = engine.getDelegatedTask()) {
                task.run();
            }
        }
    }

    private static void compare(String name, String actual) throws IOException {
        String directory = System.getProperty(RECORD_PROPERTY);
        if (directory != null && !directory.isBlank()) {
            Path target = Path.of(directory);
            Files.createDirectories(target);
            Files.writeString(target.resolve(name + ".txt"), actual, StandardCharsets.US_ASCII);
        }
        String expected;
        try (InputStream in = RecordedHandshakesTest.class.getResourceAsStream("recorded/" + name + ".txt")) {
            assertNotNull(in, "no recording recorded/" + name + ".txt: record it with -D" + RECORD_PROPERTY + "=DIRECTORY");
            expected = new String(in.readAllBytes(), StandardCharsets.US_ASCII);
        }
        assertEquals(expected, actual, name + ": the records differ from the recording");
    }
}
