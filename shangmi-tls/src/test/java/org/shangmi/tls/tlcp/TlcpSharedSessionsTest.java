package org.shangmi.tls.tlcp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.DataInputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocket;
import org.junit.jupiter.api.Test;
import org.shangmi.tls.ShangMiTlsProvider;

/**
 * Many connections at once from one client context, each invalidating its session after use (as
 * the socket layer does for a connection cut short): a handshake that offered a session keeps
 * its own copy of the secret, so no connection fails for another's invalidation.
 */
class TlcpSharedSessionsTest extends WithOpenSslTlcpPki {

    private static final int THREADS = 16;
    private static final int CONNECTIONS_PER_THREAD = 16;

    private static SSLContext context(String side) throws Exception {
        SSLContext context = SSLContext.getInstance("TLCPv1.1", new ShangMiTlsProvider());
        context.init(side == null ? null : pki.keyManagers(side), pki.trustManagers(), null);
        return context;
    }

    @Test
    void connectionsSharingAClientContextSurviveInvalidationsMeanwhile() throws Exception {
        SSLContext server = context("server");
        SSLContext client = context(null);
        ExecutorService clients = Executors.newFixedThreadPool(THREADS);
        try (SocketEchoServer echoServer = new SocketEchoServer(server, java.time.Duration.ofSeconds(30), 30_000)) {
            List<Throwable> failures = Collections.synchronizedList(new ArrayList<>());
            AtomicInteger resumed = new AtomicInteger();
            java.util.Set<String> sessions = java.util.concurrent.ConcurrentHashMap.newKeySet();
            List<Future<?>> done = new ArrayList<>();
            for (int t = 0; t < THREADS; t++) {
                done.add(clients.submit(() -> {
                    for (int i = 0; i < CONNECTIONS_PER_THREAD; i++) {
                        try (SSLSocket socket = (SSLSocket) client.getSocketFactory().createSocket("localhost", echoServer.port())) {
                            byte[] data = new byte[64];
                            java.util.Arrays.fill(data, (byte) i);
                            socket.getOutputStream().write(data);
                            byte[] echo = new byte[data.length];
                            new DataInputStream(socket.getInputStream()).readFully(echo);
                            assertArrayEquals(data, echo);
                            if (!sessions.add(java.util.HexFormat.of().formatHex(socket.getSession().getId()))) {
                                resumed.incrementAndGet();
                            }
                            socket.getSession().invalidate();
                        } catch (IOException | AssertionError e) {
                            failures.add(e);
                        }
                    }
                }));
            }
            for (Future<?> each : done) {
                each.get(120, TimeUnit.SECONDS);
            }
            assertEquals(List.of(), failures.stream().map(Throwable::toString).toList(), "failed connections");
            assertTrue(resumed.get() > 0, "sessions were resumed while others were invalidated (" + resumed + ")");
        } finally {
            clients.shutdownNow();
        }
    }
}
