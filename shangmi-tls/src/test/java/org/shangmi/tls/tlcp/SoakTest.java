package org.shangmi.tls.tlcp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.net.Socket;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.logging.Level;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLServerSocket;
import javax.net.ssl.SSLSocket;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.shangmi.tls.HandshakeTimeout;
import org.shangmi.tls.ShangMiTlsProvider;

/**
 * The servers under load and attack, for minutes rather than seconds ({@code bin/test --soak},
 * which CI runs; not in the quick {@code bin/test}): the heap an idle connection holds, and mixed
 * TLCP and TLS 1.3 load with faults beside it against the socket servers and Netty.
 */
@Tag("soak")
class SoakTest extends WithOpenSslTlcpPki {

    /** How long the mixed load runs: {@code shangmi.soak.seconds}, 150 by default. */
    private static final int SECONDS = Integer.getInteger("shangmi.soak.seconds", 150);
    private static final int IDLE_CONNECTIONS = 1000;
    /** Long enough for an honest handshake on two busy cores; the faults wait up to three of them for the server to close. */
    private static final Duration DEADLINE = Duration.ofSeconds(5);
    private static final int READ_TIMEOUT_MILLIS = 10_000;
    private static final int HONEST_THREADS = 4;
    private static final int FAULT_THREADS = 6;

    private static SSLContext context(String protocol, String side) throws Exception {
        SSLContext context = SSLContext.getInstance(protocol, new ShangMiTlsProvider());
        context.init(side == null ? null : pki.keyManagers(side), pki.trustManagers(), null);
        // a bounded cache reaches its steady state within the run, so that heap growth means a leak
        context.getServerSessionContext().setSessionCacheSize(200);
        context.getClientSessionContext().setSessionCacheSize(200);
        return context;
    }

    // ---- the heap an idle connection holds

    @Test
    void anIdleTlcpConnectionHoldsLittleHeap() throws Exception {
        SSLContext server = context("TLCPv1.1", "server");
        double sockets;
        try (SSLServerSocket listener = (SSLServerSocket) server.getServerSocketFactory()
                .createServerSocket(0, IDLE_CONNECTIONS, InetAddress.getLoopbackAddress())) {
            List<Socket> accepted = Collections.synchronizedList(new ArrayList<>());
            ExecutorService readers = Executors.newCachedThreadPool();
            Thread acceptor = new Thread(() -> {
                while (!listener.isClosed()) {
                    try {
                        Socket socket = listener.accept();
                        accepted.add(socket);
                        readers.execute(() -> idle(socket));
                    } catch (IOException closed) {
                        return;
                    }
                }
            });
            acceptor.start();
            try {
                sockets = perConnection(listener.getLocalPort(), accepted::size);
            } finally {
                listener.close();
                for (Socket socket : List.copyOf(accepted)) {
                    socket.close();
                }
                readers.shutdownNow();
                acceptor.join(10_000);
            }
        }
        double netty;
        AtomicLong handshaken = new AtomicLong();
        try (NettyEchoServer nettyServer = new NettyEchoServer(() -> {
            handshaken.incrementAndGet();
            return server.createSSLEngine();
        }, 30_000, 3600)) {
            netty = perConnection(nettyServer.port(), () -> (int) handshaken.get());
        }
        System.out.printf("shangmi: heap per idle established TLCP connection (%d connections, heap after GC, %s): "
                + "%.1f KiB on the SSLServerSocket (a thread each), %.1f KiB on Netty 4.2 over the same engine%n",
                IDLE_CONNECTIONS, Runtime.version(), sockets, netty);
        assertTrue(sockets <= 24, "at most 24 KiB per idle TLCP socket, measured " + sockets);
    }

    /** A server connection's life: the handshake, then a read that waits. */
    private static void idle(Socket socket) {
        try {
            ((SSLSocket) socket).startHandshake();
            socket.getInputStream().read();
        } catch (IOException closed) {
            // the measurement is over
        }
    }

    /**
     * Heap after GC with {@link #IDLE_CONNECTIONS} established connections from another JVM,
     * less the heap before them, per connection in KiB.
     */
    private static double perConnection(int port, java.util.function.IntSupplier serverSide) throws Exception {
        warmUp(port);
        long before = heapAfterGc();
        Path root = Files.createTempFile(directory, "root", ".der");
        Files.write(root, pki.certificate("root").getEncoded());
        Process clients = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), IdleTlcpClients.class.getName(),
                String.valueOf(port), String.valueOf(IDLE_CONNECTIONS), root.toString())
                .redirectError(ProcessBuilder.Redirect.INHERIT)
                .start();
        try {
            BufferedReader out = new BufferedReader(new InputStreamReader(clients.getInputStream(), StandardCharsets.US_ASCII));
            assertEquals("ready", out.readLine(), "the clients connected");
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (serverSide.getAsInt() < IDLE_CONNECTIONS + 20 && System.nanoTime() < deadline) {
                Thread.sleep(100);
            }
            Thread.sleep(1000); // the last handshakes finish on the server's side
            long after = heapAfterGc();
            return (after - before) / 1024.0 / IDLE_CONNECTIONS;
        } finally {
            clients.getOutputStream().close();
            clients.waitFor(30, TimeUnit.SECONDS);
            clients.destroyForcibly();
        }
    }

    /** Twenty connections made and closed, so that classes and caches are in place before the measurement. */
    private static void warmUp(int port) throws Exception {
        SSLContext client = context("TLCPv1.1", null);
        for (int i = 0; i < 20; i++) {
            try (SSLSocket socket = (SSLSocket) client.getSocketFactory().createSocket("localhost", port)) {
                socket.startHandshake();
            }
        }
    }

    private static long heapAfterGc() throws InterruptedException {
        for (int i = 0; i < 4; i++) {
            System.gc();
            Thread.sleep(200);
        }
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }

    // ---- mixed load with faults

    /** Threads, open descriptors and heap after GC, with no load running. */
    private record Footprint(int threads, long descriptors, long heap) {
        static Footprint now() throws InterruptedException {
            long heap = heapAfterGc();
            long descriptors = ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.UnixOperatingSystemMXBean unix
                    ? unix.getOpenFileDescriptorCount() : -1;
            return new Footprint(Thread.activeCount(), descriptors, heap);
        }
    }

    @Test
    void mixedLoadWithFaultsFailsNoHonestConnectionAndLeaksNothing() throws Exception {
        LogCapture capture = LogCapture.of("");
        SSLContext both = context("TLCP", "server");
        SSLContext tls13 = context("TLSv1.3", "server");
        SSLContext tlcpClient = context("TLCPv1.1", null);
        SSLContext tlsClient = context("TLSv1.3", null);
        try (SocketEchoServer bothSockets = new SocketEchoServer(both, DEADLINE, READ_TIMEOUT_MILLIS);
                SocketEchoServer tlsSockets = new SocketEchoServer(tls13, DEADLINE, READ_TIMEOUT_MILLIS);
                NettyEchoServer netty = new NettyEchoServer(both::createSSLEngine, DEADLINE.toMillis(), READ_TIMEOUT_MILLIS / 1000)) {
            // port, and whether the server speaks TLCP
            List<int[]> servers = List.of(new int[] {bothSockets.port(), 1}, new int[] {tlsSockets.port(), 0}, new int[] {netty.port(), 1});
            Load warmUp = new Load(servers, tlcpClient, tlsClient);
            warmUp.run(Math.max(10, SECONDS / 5));
            Thread.sleep(DEADLINE.toMillis() + 2000); // the faults' connections end
            Footprint settled = Footprint.now();
            Load load = new Load(servers, tlcpClient, tlsClient);
            load.run(SECONDS);
            Thread.sleep(DEADLINE.toMillis() + 2000);
            Footprint after = Footprint.now();
            System.out.printf("shangmi: soak of %d s: %d honest connections (%d failed), %d faults; threads %d -> %d, "
                    + "descriptors %d -> %d, heap after GC %.1f -> %.1f MiB%n",
                    SECONDS, load.honest.get(), load.failures.size(), load.faults.get(), settled.threads, after.threads,
                    settled.descriptors, after.descriptors, settled.heap / 1048576.0, after.heap / 1048576.0);
            assertEquals(List.of(), load.failures.stream().limit(10).map(Throwable::toString).toList(), "failed honest connections");
            assertTrue(load.honest.get() > 10L * SECONDS, "the load ran: " + load.honest + " honest connections");
            assertTrue(after.threads <= settled.threads + 4, "threads " + settled.threads + " -> " + after.threads);
            assertTrue(after.descriptors <= settled.descriptors + 10, "descriptors " + settled.descriptors + " -> " + after.descriptors);
            assertTrue(after.heap <= settled.heap + 16L * 1048576, "heap after GC " + settled.heap + " -> " + after.heap);
        } finally {
            capture.close();
        }
        assertEquals(List.of(), capture.records().stream()
                .filter(r -> r.getLevel().intValue() > Level.FINE.intValue() || r.getThrown() != null)
                .limit(10).map(LogCapture::describe).toList(), "nothing logged above FINE or with a stack trace");
    }

    /** Honest clients and faulty peers against the servers, side by side. */
    private static final class Load {
        final List<int[]> servers;
        final SSLContext tlcpClient;
        final SSLContext tlsClient;
        final AtomicLong honest = new AtomicLong();
        final AtomicLong faults = new AtomicLong();
        final List<Throwable> failures = Collections.synchronizedList(new ArrayList<>());

        Load(List<int[]> servers, SSLContext tlcpClient, SSLContext tlsClient) {
            this.servers = servers;
            this.tlcpClient = tlcpClient;
            this.tlsClient = tlsClient;
        }

        void run(int seconds) throws Exception {
            AtomicBoolean running = new AtomicBoolean(true);
            ExecutorService threads = Executors.newFixedThreadPool(HONEST_THREADS + FAULT_THREADS);
            List<Future<?>> done = new ArrayList<>();
            for (int t = 0; t < HONEST_THREADS; t++) {
                Random random = new Random(t);
                done.add(threads.submit(() -> {
                    while (running.get()) {
                        honestConnection(random);
                    }
                    return null;
                }));
            }
            for (int t = 0; t < FAULT_THREADS; t++) {
                Random random = new Random(100 + t);
                done.add(threads.submit(() -> {
                    while (running.get()) {
                        fault(random);
                        faults.incrementAndGet();
                    }
                    return null;
                }));
            }
            Thread.sleep(seconds * 1000L);
            running.set(false);
            for (Future<?> each : done) {
                each.get(60, TimeUnit.SECONDS);
            }
            threads.shutdown();
        }

        private void honestConnection(Random random) {
            int[] server = servers.get(random.nextInt(servers.size()));
            boolean tlcp = server[1] == 1 && random.nextBoolean();
            SSLContext client = tlcp ? tlcpClient : tlsClient;
            byte[] data = new byte[1 + random.nextInt(4000)];
            random.nextBytes(data);
            try (SSLSocket socket = (SSLSocket) client.getSocketFactory().createSocket("localhost", server[0])) {
                socket.setSoTimeout(30_000);
                socket.getOutputStream().write(data);
                socket.getOutputStream().flush();
                byte[] echo = new byte[data.length];
                new DataInputStream(socket.getInputStream()).readFully(echo);
                assertArrayEquals(data, echo);
                honest.incrementAndGet();
            } catch (IOException | AssertionError e) {
                failures.add(e);
            }
        }

        /** One faulty peer: silent, half a ClientHello, a byte at a time, garbage, a reset, or a record cut short. */
        private void fault(Random random) throws Exception {
            int[] server = servers.get(random.nextInt(servers.size()));
            try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), server[0])) {
                socket.setSoTimeout(DEADLINE.toMillis() > 0 ? (int) DEADLINE.toMillis() * 3 : 10_000);
                OutputStream out = socket.getOutputStream();
                byte[] hello = {0x16, 0x03, 0x01, 0x00, (byte) 200, 0x01, 0x00, 0x00, (byte) 196, 0x03, 0x03};
                switch (random.nextInt(6)) {
                    case 0 -> waitForClose(socket.getInputStream()); // silent: the deadline closes it
                    case 1 -> {
                        out.write(hello);
                        waitForClose(socket.getInputStream());
                    }
                    case 2 -> {
                        for (int i = 0; i < hello.length; i++) {
                            out.write(hello[i]);
                            out.flush();
                            Thread.sleep(300);
                        }
                        waitForClose(socket.getInputStream());
                    }
                    case 3 -> {
                        byte[] garbage = new byte[1 + random.nextInt(300)];
                        random.nextBytes(garbage);
                        out.write(garbage);
                        socket.shutdownOutput();
                        waitForClose(socket.getInputStream());
                    }
                    case 4 -> {
                        out.write(hello);
                        socket.setSoLinger(true, 0); // closing resets
                    }
                    default -> {
                        out.write(new byte[] {0x17, 0x03, 0x03, 0x40, 0x00, 1, 2, 3}); // a record announced, cut short
                    }
                }
            } catch (SocketException resetOrClosed) {
                // the server ended it: what faults are for
            }
        }

        private static void waitForClose(InputStream in) throws IOException {
            try {
                while (in.read() >= 0) {
                    // an alert, if any
                }
            } catch (java.net.SocketTimeoutException heldTooLong) {
                throw new AssertionError("the server held a faulty connection open beyond three deadlines");
            }
        }
    }
}
