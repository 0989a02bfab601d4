package org.shangmi.tls.tlcp;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.shangmi.core.testing.GmsslPeer;

/**
 * GmSSL 3's {@code gmssl tlcp_server} and {@code tlcp_client} (the build {@link GmsslPeer} finds)
 * as TLCP peers, with the credentials of {@link TlcpCredentials}. What they do, measured with
 * GmSSL 24ae4827 against each other:
 *
 * <p><b>{@code tlcp_server -port P -cert CERTS -key KEYS -pass PW -cipher_suite S [-cacert ROOT]
 * [-cert_request]}</b> listens on 0.0.0.0:P (backlog 1) and serves connections one after
 * another, for ever: it never exits by itself, and is ended by a signal. Each connection gets
 * the handshake, then an echo of every application-data record it reads, until the client closes
 * (close_notify or EOF); then it prints {@code tlcp_server: Disconnected by remote} on stderr. A
 * failed handshake prints GmSSL's trace ({@code src/….c:line:function():} lines) on stderr, and
 * the server goes on to the next connection. Its stdout ({@code start listen ...},
 * {@code socket connected}) is block-buffered and not seen before exit, so readiness is told by
 * the listening socket (see {@link #start}). {@code -cert}: sign, enc, then CA certificates
 * (each one's issuer the next one's subject, from the enc certificate on); {@code -key}: sign
 * key then enc key. {@code -cert_request} needs {@code -cacert}. For the ECDHE suites
 * {@code -cacert} is needed even without {@code -cert_request}: the server then always asks for a
 * certificate, and without {@code -cacert} it fails writing the CertificateRequest. One
 * {@code -cipher_suite} restricts the server to that suite.
 *
 * <p><b>{@code tlcp_client -host 127.0.0.1 -port P -server_name localhost -cacert ROOT
 * -cipher_suite S [-cert C -key K -pass PW] -in FILE}</b> connects, verifies the server's list
 * against {@code -cacert} and the name, prints {@code Connection established}, {@code Protocol:
 * TLCP}, {@code CipherSuite: S} and the server certificate's subject and issuer on stderr, sends
 * FILE, then prints on stdout what it receives until the server closes or nothing comes for one
 * second (GmSSL's {@code TIMEOUT_SECONDS}), then sends close_notify and exits 0: against an echo
 * server an exchange takes a little over one second. Without {@code -in} it reads stdin line by
 * line and shuts down at EOF at once, racing the reply: this class always uses {@code -in}. Any
 * failure exits 255 with GmSSL's trace on stderr. The ECDHE suites require {@code -cert} with the
 * double list (sign, enc, CAs) and {@code -key} with both keys, or it refuses to start; for the ECC
 * suites {@code -cert} must be a plain chain (sign, CAs: the double list fails
 * {@code tls_cert_chain_check_order}) and the signing key is the first key of {@code -key}. It
 * sends its certificate only if the server asks and the CertificateRequest names the issuer of
 * its chain's last certificate.
 *
 * <p>Both ends sign CertificateVerify over the raw handshake messages (GmSSL's form; gmsm and the
 * standard's other readers sign their SM3 hash), so client authentication between GmSSL and gmsm
 * fails either way round.
 */
public final class GmsslTlcp {

    /** How long {@link #start} waits for the server to listen. */
    private static final Duration LISTEN_TIMEOUT = Duration.ofSeconds(10);

    private GmsslTlcp() {
    }

    /** GmSSL's name of the suite: {@code TLS_ECC_SM4_CBC_SM3} for {@code TLCP_ECC_SM4_CBC_SM3}. */
    public static String gmsslName(TlcpSuite suite) {
        return "TLS_" + suite.name().substring("TLCP_".length());
    }

    /**
     * Starts {@code tlcp_server} for one suite on a free port with the server credentials (sign,
     * enc, root), asking for a client certificate if {@code requestClientCertificate} (ECDHE
     * always asks), and waits until it listens.
     */
    public static Server start(TlcpCredentials credentials, TlcpSuite suite, boolean requestClientCertificate) {
        return start(credentials, suite, requestClientCertificate, true);
    }

    /**
     * As {@link #start(TlcpCredentials, TlcpSuite, boolean)}; {@code sendRoot} false gives the
     * server the list [sign, enc] alone, as gmsm's client needs.
     */
    public static Server start(TlcpCredentials credentials, TlcpSuite suite, boolean requestClientCertificate,
            boolean sendRoot) {
        Path list = sendRoot ? credentials.server().certs() : credentials.server().pair();
        List<String> args = new ArrayList<>(List.of("-cert", list.toString(), "-key",
                credentials.server().keys().toString(), "-pass", TlcpCredentials.PASSWORD, "-cipher_suite", gmsslName(suite)));
        if (requestClientCertificate || suite.ephemeral()) {
            args.addAll(List.of("-cacert", credentials.rootPem().toString()));
        }
        if (requestClientCertificate) {
            args.add("-cert_request");
        }
        return start(credentials.directory(), args);
    }

    /** Starts {@code tlcp_server -port P args...} in {@code directory} on a free port P and waits until it listens. */
    public static Server start(Path directory, List<String> args) {
        int port = GmsslPeer.freePort();
        List<String> line = new ArrayList<>(List.of("tlcp_server", "-port", Integer.toString(port)));
        line.addAll(args);
        GmsslPeer.Running running = GmsslPeer.start(directory, line.toArray(String[]::new));
        Server server = new Server(running, port);
        try {
            awaitListening(server);
        } catch (RuntimeException | Error e) {
            running.close();
            throw e;
        }
        return server;
    }

    private static void awaitListening(Server server) {
        long deadline = System.nanoTime() + LISTEN_TIMEOUT.toNanos();
        while (!listening(server.port())) {
            if (!server.running.isAlive()) {
                throw new AssertionError("tlcp_server ended before listening on port " + server.port() + server.describe());
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("tlcp_server does not listen on port " + server.port() + " after " + LISTEN_TIMEOUT
                        + server.describe());
            }
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted", e);
            }
        }
    }

    /** Whether a TCP socket listens on the port, from the kernel's tables (a probe connection would be a client to the server). */
    public static boolean listening(int port) {
        String local = String.format(Locale.ROOT, ":%04X ", port);
        for (String table : List.of("/proc/net/tcp", "/proc/net/tcp6")) {
            try {
                for (String row : Files.readAllLines(Path.of(table))) {
                    String[] fields = row.trim().split("\\s+");
                    // sl local_address rem_address st ...; st 0A is LISTEN
                    if (fields.length > 3 && (fields[1] + " ").endsWith(local) && fields[3].equals("0A")) {
                        return true;
                    }
                }
            } catch (IOException e) {
                // no such table here
            }
        }
        return false;
    }

    /**
     * Runs {@code tlcp_client} against 127.0.0.1:{@code port} (server name {@code localhost},
     * the set's root) for one suite, sending {@code data}; with the client credentials if
     * {@code withClientCertificate} (the ECDHE suites need them: without, the client refuses to
     * start). Returns how it ended; fails if it runs longer than {@code timeout}.
     */
    public static Result client(TlcpCredentials credentials, int port, TlcpSuite suite, boolean withClientCertificate,
            byte[] data, Duration timeout) {
        List<String> args = new ArrayList<>(List.of("-host", "127.0.0.1", "-port", Integer.toString(port), "-server_name",
                TlcpCredentials.SERVER_NAME, "-cacert", credentials.rootPem().toString(), "-cipher_suite", gmsslName(suite)));
        if (withClientCertificate) {
            TlcpCredentials.Side client = credentials.client();
            Path certificates = suite.ephemeral() ? client.certs() : client.signChain();
            args.addAll(List.of("-cert", certificates.toString(), "-key", client.keys().toString(), "-pass",
                    TlcpCredentials.PASSWORD));
        }
        return client(credentials.directory(), args, data, timeout);
    }

    /** Runs {@code tlcp_client args... -in FILE} in {@code directory}, FILE holding {@code data}. */
    public static Result client(Path directory, List<String> args, byte[] data, Duration timeout) {
        Path in = null;
        Path out = null;
        Path err = null;
        try {
            in = Files.createTempFile(directory, "tlcp-client-", ".in");
            out = Files.createTempFile(directory, "tlcp-client-", ".out");
            err = Files.createTempFile(directory, "tlcp-client-", ".err");
            Files.write(in, data);
            List<String> line = new ArrayList<>(List.of(GmsslPeer.command().toString(), "tlcp_client"));
            line.addAll(args);
            line.addAll(List.of("-in", in.toString()));
            Process process = new ProcessBuilder(line).directory(directory.toFile())
                    .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
                    .redirectOutput(out.toFile()).redirectError(err.toFile()).start();
            String command = String.join(" ", line);
            try {
                if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                    process.destroyForcibly().waitFor(2, TimeUnit.SECONDS);
                    throw new AssertionError(command + " did not end within " + timeout
                            + new Result(command, -1, Files.readAllBytes(out), Files.readString(err, StandardCharsets.ISO_8859_1))
                                    .describe());
                }
            } finally {
                if (process.isAlive()) {
                    process.destroyForcibly();
                }
            }
            return new Result(command, process.exitValue(), Files.readAllBytes(out),
                    Files.readString(err, StandardCharsets.ISO_8859_1));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted while running tlcp_client", e);
        } finally {
            for (Path file : new Path[] {in, out, err}) {
                if (file != null) {
                    try {
                        Files.deleteIfExists(file);
                    } catch (IOException e) {
                        // a temporary file of the set's directory
                    }
                }
            }
        }
    }

    /** How {@code tlcp_client} ended: exit status (0 success, 255 failure), what it received (stdout), its report (stderr). */
    public record Result(String command, int exit, byte[] stdout, String stderr) {

        /** Whether it completed the handshake (its stderr says {@code Connection established}). */
        public boolean connected() {
            return stderr.contains("Connection established");
        }

        /** The suite it reports, or null. */
        public String cipherSuite() {
            for (String line : stderr.lines().toList()) {
                if (line.startsWith("CipherSuite: ")) {
                    return line.substring("CipherSuite: ".length()).strip();
                }
            }
            return null;
        }

        /** The command, exit status and output, for a failure message. */
        public String describe() {
            return "\n--- " + command + (exit < 0 ? "" : " (exit " + exit + ")") + "\n--- stdout:\n"
                    + new String(stdout, StandardCharsets.ISO_8859_1) + "\n--- stderr:\n" + stderr;
        }
    }

    /** A running {@code tlcp_server}; {@link #close} ends it. */
    public static final class Server implements AutoCloseable {

        private final GmsslPeer.Running running;
        private final int port;

        private Server(GmsslPeer.Running running, int port) {
            this.running = running;
            this.port = port;
        }

        public int port() {
            return port;
        }

        public boolean isAlive() {
            return running.isAlive();
        }

        /** Its stderr so far: one {@code tlcp_server: Disconnected by remote} per connection closed by the client. */
        public String stderr() {
            return running.stderr();
        }

        /** How many connections the client closed after a handshake, so far. */
        public int disconnections() {
            return (int) stderr().lines().filter(line -> line.equals("tlcp_server: Disconnected by remote")).count();
        }

        /** Waits up to {@code timeout} until {@link #disconnections} reaches {@code count}; whether it did. */
        public boolean awaitDisconnections(int count, Duration timeout) {
            long deadline = System.nanoTime() + timeout.toNanos();
            while (disconnections() < count) {
                if (System.nanoTime() > deadline || !isAlive()) {
                    return disconnections() >= count;
                }
                try {
                    Thread.sleep(20);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return false;
                }
            }
            return true;
        }

        /** The command line, exit status if it ended and output so far, for a failure message. */
        public String describe() {
            return running.describe();
        }

        @Override
        public void close() {
            running.close();
        }
    }
}
