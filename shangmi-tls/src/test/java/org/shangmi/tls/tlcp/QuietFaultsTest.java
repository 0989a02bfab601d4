package org.shangmi.tls.tlcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.net.SocketException;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLServerSocket;
import javax.net.ssl.SSLSocket;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.shangmi.tls.ShangMiTlsProvider;

/**
 * A server socket under the faults a public server meets (peers that close at once, cut a
 * ClientHello short, reset, send a ClientHello and leave, or send garbage), with ShangMiTLS's
 * logging defaults: nothing is logged with a stack trace or above FINE, garbage is refused with an
 * alert, and the server's exceptions do not carry the garbage's bytes into their messages.
 */
class QuietFaultsTest extends WithOpenSslTlcpPki {

    private static final int GARBAGE_INPUTS = 40;

    private LogCapture logged;
    private final Logger ours = Logger.getLogger("org.shangmi");
    private Level oursBefore;

    @BeforeEach
    void captureEveryLogger() {
        logged = LogCapture.of("");
        oursBefore = ours.getLevel();
        ours.setLevel(Level.ALL);
    }

    @AfterEach
    void release() {
        logged.close();
        ours.setLevel(oursBefore);
    }

    private static SSLContext context(String protocol, String side) throws Exception {
        SSLContext context = SSLContext.getInstance(protocol, new ShangMiTlsProvider());
        context.init(side == null ? null : pki.keyManagers(side), pki.trustManagers(), null);
        return context;
    }

    /** A server that runs each accepted connection's handshake and reports its outcome: "ok" or the exception's message. */
    private static final class Server implements AutoCloseable {
        final SSLServerSocket listener;
        final BlockingQueue<String> outcomes = new LinkedBlockingQueue<>();
        private final Thread thread;

        Server(SSLContext context) throws IOException {
            listener = (SSLServerSocket) context.getServerSocketFactory().createServerSocket(0, 50, InetAddress.getLoopbackAddress());
            thread = new Thread(this::serve, "faults server");
            thread.start();
        }

        private void serve() {
            while (!listener.isClosed()) {
                try (SSLSocket socket = (SSLSocket) listener.accept()) {
                    try {
                        socket.startHandshake();
                        outcomes.add("ok");
                    } catch (IOException e) {
                        outcomes.add(String.valueOf(e.getMessage()));
                    }
                } catch (IOException closed) {
                    return;
                }
            }
        }

        Socket connect() throws IOException {
            Socket socket = new Socket(listener.getInetAddress(), listener.getLocalPort());
            socket.setSoTimeout(10_000);
            return socket;
        }

        String outcome() throws InterruptedException {
            String outcome = outcomes.poll(20, TimeUnit.SECONDS);
            assertNotNull(outcome, "the server handled the connection");
            return outcome;
        }

        @Override
        public void close() throws Exception {
            listener.close();
            thread.join(10_000);
        }
    }

    /** The first flight of a client of {@code protocol}: its ClientHello record. */
    private static byte[] clientHello(String protocol) throws Exception {
        SSLEngine client = context(protocol, null).createSSLEngine("localhost", 443);
        client.setUseClientMode(true);
        ByteBuffer out = ByteBuffer.allocate(1 << 16);
        client.beginHandshake();
        client.wrap(ByteBuffer.allocate(0), out);
        out.flip();
        byte[] hello = new byte[out.remaining()];
        out.get(hello);
        return hello;
    }

    /** What the server sent until it closed (a reset ends it too). */
    private static byte[] readToEnd(Socket socket) throws IOException {
        ByteArrayOutputStream received = new ByteArrayOutputStream();
        InputStream in = socket.getInputStream();
        byte[] buffer = new byte[4096];
        try {
            for (int n; (n = in.read(buffer)) >= 0; ) {
                received.write(buffer, 0, n);
            }
        } catch (SocketException reset) {
            // what was read before it counts
        }
        return received.toByteArray();
    }

    @ParameterizedTest
    @ValueSource(strings = {"TLCPv1.1", "TLSv1.3", "TLCP"})
    void faultsLogNothingAboveFineAndNoStackTraces(String protocol) throws Exception {
        String clientProtocol = protocol.equals("TLCP") ? "TLCPv1.1" : protocol;
        byte[] hello = clientHello(clientProtocol);
        try (Server server = new Server(context(protocol, "server"))) {
            int faults = 0;
            try (Socket closesAtOnce = server.connect()) {
                // closed without a byte
            }
            server.outcome();
            faults++;
            try (Socket cut = server.connect()) {
                cut.getOutputStream().write(hello, 0, hello.length / 2);
            }
            server.outcome();
            faults++;
            try (Socket reset = server.connect()) {
                reset.getOutputStream().write(hello, 0, hello.length / 2);
                reset.setSoLinger(true, 0); // closing resets
            }
            server.outcome();
            faults++;
            try (Socket probe = server.connect()) {
                probe.getOutputStream().write(hello);
                probe.getInputStream().read(); // the server's first flight begins
                probe.setSoLinger(true, 0);
            }
            server.outcome();
            faults++;
            List<LogRecord> records = logged.records();
            for (LogRecord record : records) {
                assertTrue(record.getThrown() == null, () -> "a stack trace logged: " + describe(record));
                assertTrue(record.getLevel().intValue() <= Level.FINE.intValue(), () -> "logged above FINE: " + describe(record));
            }
            assertTrue(records.size() <= faults, "at most one line per fault: " + records.stream().map(QuietFaultsTest::describe).toList());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"TLCPv1.1", "TLSv1.3"})
    void garbageIsRefusedWithAnAlertAndNamedWithoutItsBytes(String protocol) throws Exception {
        Random random = new Random(41);
        Set<String> messages = new TreeSet<>();
        try (Server server = new Server(context(protocol, "server"))) {
            for (int i = 0; i < GARBAGE_INPUTS; i++) {
                byte[] garbage = new byte[64];
                random.nextBytes(garbage);
                garbage[0] = (byte) (i < GARBAGE_INPUTS / 2 ? 25 + 5 * i : i); // unknown record types, then any
                byte[] answer;
                try (Socket socket = server.connect()) {
                    socket.getOutputStream().write(garbage);
                    socket.shutdownOutput(); // a record it announced longer never comes
                    answer = readToEnd(socket);
                }
                messages.add(server.outcome());
                if (i < GARBAGE_INPUTS / 2) {
                    assertTrue(answer.length >= 7 && answer[0] == 21, "an alert record refuses an unknown record type, got " + answer.length + " bytes");
                    assertEquals(2, answer[5], "a fatal alert");
                }
            }
        }
        assertTrue(messages.size() <= 6, "a few distinct messages for " + GARBAGE_INPUTS + " inputs, not one each: " + messages);
    }

    private static String describe(LogRecord record) {
        return LogCapture.describe(record);
    }
}
