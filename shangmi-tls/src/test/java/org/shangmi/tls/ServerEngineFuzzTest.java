package org.shangmi.tls;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.Provider;
import java.util.Arrays;
import javax.net.ssl.KeyManager;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLEngineResult;
import javax.net.ssl.SSLException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * A fuzz target over what a ShangMiTLS server engine reads: the bytes go to {@code unwrap} (and
 * whatever the engine wants to send to {@code wrap}) until it stops taking them. The engine may
 * refuse input only with an {@link SSLException}; any other exception, or an engine that
 * hands out application data before a handshake, is a finding. With the first byte odd, the
 * input follows a valid ClientHello of a ShangMiTLS client, so the fuzzer reaches the states
 * after it. {@code bin/fuzz 600 serverRecords} fuzzes it; every build runs its inputs.
 */
class ServerEngineFuzzTest {

    /** Bouncy Castle's JSSE logs every connection at INFO: hundreds of megabytes a minute here. */
    private static final java.util.logging.Logger ENGINE_LOG = java.util.logging.Logger.getLogger("org.bouncycastle.jsse");

    private static Path directory;
    private static SSLContext server;
    private static byte[] clientHello;

    @BeforeAll
    static void setUp() throws Exception {
        ENGINE_LOG.setLevel(java.util.logging.Level.OFF);
        directory = java.nio.file.Files.createTempDirectory("tls-fuzz");
        TlsFixture fixture = new TlsFixture(directory);
        Provider tls = new ShangMiTlsProvider();
        KeyStore keys = fixture.serverKeys(true);
        KeyManager[] managers = TlsFixture.keyManagers(keys, "PKIX", tls);
        server = TlsFixture.context(tls, managers, fixture.trustManagers());
        SSLEngine client = TlsFixture.context(tls, null, fixture.trustManagers()).createSSLEngine("leaf.example.com", 443);
        client.setUseClientMode(true);
        ByteBuffer hello = ByteBuffer.allocate(client.getSession().getPacketBufferSize());
        client.wrap(ByteBuffer.allocate(0), hello);
        clientHello = Arrays.copyOf(hello.array(), hello.position());
    }

    @AfterAll
    static void tearDown() throws Exception {
        TlsFixture.uninstall();
        try (var files = java.nio.file.Files.walk(directory)) {
            files.sorted(java.util.Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        }
    }

    @FuzzTest(maxDuration = "5s")
    void serverRecords(byte[] input) throws Exception {
        SSLEngine engine = server.createSSLEngine();
        engine.setUseClientMode(false);
        engine.setWantClientAuth((input.length > 1) && (input[1] & 1) == 1);
        ByteBuffer in;
        if (input.length > 0 && (input[0] & 1) == 1) {
            in = ByteBuffer.allocate(clientHello.length + input.length - 1);
            in.put(clientHello).put(input, 1, input.length - 1).flip();
        } else {
            in = ByteBuffer.wrap(input);
        }
        ByteBuffer application = ByteBuffer.allocate(engine.getSession().getApplicationBufferSize());
        ByteBuffer out = ByteBuffer.allocate(4 * engine.getSession().getPacketBufferSize());
        try {
            for (int round = 0; round < 64; round++) {
                Runnable task;
                while ((task = engine.getDelegatedTask()) != null) {
                    task.run();
                }
                out.clear();
                engine.wrap(ByteBuffer.allocate(0), out);
                SSLEngineResult read = engine.unwrap(in, application);
                if (read.getStatus() != SSLEngineResult.Status.OK || read.bytesConsumed() == 0 && read.bytesProduced() == 0
                        && read.getHandshakeStatus() != SSLEngineResult.HandshakeStatus.NEED_TASK
                        && read.getHandshakeStatus() != SSLEngineResult.HandshakeStatus.NEED_WRAP) {
                    break;
                }
            }
        } catch (SSLException refused) {
            return;
        }
        if (application.position() > 0) {
            throw new AssertionError("application data from a connection without a client Finished the fuzzer could forge");
        }
    }
}
