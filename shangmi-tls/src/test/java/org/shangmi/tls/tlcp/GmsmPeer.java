package org.shangmi.tls.tlcp;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.shangmi.core.testing.GmsslPeer;

/**
 * The Go TLCP peer {@code src/test/go/tlcp-peer} (github.com/tjfoc/gmsm v1.4.1, package
 * {@code gmtls}; its {@code main.go} documents its options and output), built with the Go
 * toolchain into {@code target/tlcp-peer/} once per build (again when its source is newer) and
 * run with the credentials of {@link TlcpCredentials}. It covers ECC_SM4_CBC_SM3 (0xE013) alone.
 *
 * <p>Measured against itself and GmSSL 24ae4827: the server prints {@code listening on
 * 127.0.0.1:P} when ready and, per connection, {@code handshake ok: version 0x0101 suite 0xe013
 * client <subject or ->} and {@code closed: N bytes read} on stdout; it echoes until the client
 * closes and serves connections one after another (with {@code -once} it exits after the first,
 * 0 if it went well). The client prints {@code handshake ok: …} on stderr, the reply on stdout,
 * and exits 0, or 1 with {@code error: …} on stderr. gmsm itself prints
 * {@code handshake error : …} on stdout when a handshake fails. The Go client refuses a server
 * list holding the root (it checks every certificate for the server name), so a GmSSL server
 * facing it is given {@link TlcpCredentials.Side#pair}. Client authentication fails between gmsm
 * and GmSSL either way round: gmsm signs and checks CertificateVerify over SM3 of the handshake
 * messages, GmSSL over the messages themselves.
 *
 * <p>The toolchain: the system property {@value #GO_PROPERTY}, else {@code go} on the PATH, else
 * {@code /usr/local/go/bin/go}; modules come from the module proxy of the environment
 * ({@code GOPROXY}). Without a toolchain the tests fail and say so.
 */
public final class GmsmPeer {

    public static final String GO_PROPERTY = "shangmi.go";
    public static final String SOURCE_PROPERTY = "shangmi.tlcp.peer.source";
    /** The first build downloads gmsm and compiles (about 25 s on two cores). */
    private static final long BUILD_MINUTES = 10;
    private static final Duration LISTEN_TIMEOUT = Duration.ofSeconds(10);

    private static Path binary;

    private GmsmPeer() {
    }

    /** The built peer; builds it if needed. */
    public static synchronized Path binary() {
        if (binary == null) {
            Path source = source();
            Path target = Path.of("target", "tlcp-peer").toAbsolutePath();
            Path built = target.resolve("tlcp-peer");
            if (!Files.isExecutable(built) || newer(source, built)) {
                build(source, target, built);
            }
            binary = built;
        }
        return binary;
    }

    private static Path source() {
        String property = System.getProperty(SOURCE_PROPERTY);
        List<Path> candidates = property != null && !property.isBlank() ? List.of(Path.of(property))
                : List.of(Path.of("src", "test", "go", "tlcp-peer"), Path.of("shangmi-tls", "src", "test", "go", "tlcp-peer"));
        for (Path candidate : candidates) {
            if (Files.isRegularFile(candidate.resolve("main.go"))) {
                return candidate.toAbsolutePath();
            }
        }
        throw new AssertionError("no Go peer source (main.go) at " + candidates + " from " + Path.of("").toAbsolutePath()
                + ": run from the shangmi-tls module or set -D" + SOURCE_PROPERTY);
    }

    private static boolean newer(Path source, Path built) {
        try {
            FileTime builtTime = Files.getLastModifiedTime(built);
            for (String file : List.of("main.go", "go.mod", "go.sum")) {
                if (Files.getLastModifiedTime(source.resolve(file)).compareTo(builtTime) > 0) {
                    return true;
                }
            }
            return false;
        } catch (IOException e) {
            return true;
        }
    }

    private static Path go() {
        String property = System.getProperty(GO_PROPERTY);
        if (property != null && !property.isBlank()) {
            return Path.of(property);
        }
        String path = System.getenv("PATH");
        if (path != null) {
            for (String directory : path.split(File.pathSeparator)) {
                Path candidate = Path.of(directory.isEmpty() ? "." : directory, "go");
                if (Files.isExecutable(candidate)) {
                    return candidate;
                }
            }
        }
        Path fallback = Path.of("/usr/local/go/bin/go");
        if (Files.isExecutable(fallback)) {
            return fallback;
        }
        throw new AssertionError("no Go toolchain (go on the PATH or /usr/local/go/bin/go): the TLCP peer on"
                + " github.com/tjfoc/gmsm needs it; install Go 1.21 or newer or give its path with -D" + GO_PROPERTY);
    }

    private static void build(Path source, Path target, Path built) {
        try {
            Files.createDirectories(target);
            Path log = target.resolve("build.log");
            ProcessBuilder builder = new ProcessBuilder(go().toString(), "build", "-mod=readonly", "-o", built.toString(), ".")
                    .directory(source.toFile()).redirectErrorStream(true).redirectOutput(log.toFile())
                    .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
            // the toolchain of the machine, never one downloaded for the go.mod
            builder.environment().put("GOTOOLCHAIN", "local");
            Process process = builder.start();
            if (!process.waitFor(BUILD_MINUTES, TimeUnit.MINUTES)) {
                process.destroyForcibly();
                throw new AssertionError("go build of " + source + " did not end within " + BUILD_MINUTES + " minutes: "
                        + Files.readString(log));
            }
            if (process.exitValue() != 0 || !Files.isExecutable(built)) {
                throw new AssertionError("go build of " + source + " failed (exit " + process.exitValue() + "):\n"
                        + Files.readString(log));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot build the Go TLCP peer in " + source, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted while building the Go TLCP peer", e);
        }
    }

    /**
     * Starts the Go server on a free port with the server's sign and enc pairs (Certificates[0]
     * and [1]; its list is [sign, enc]), requiring and verifying a client certificate against the
     * root if {@code requireClientCertificate}, and waits until it listens. {@code extra}: more
     * options, such as {@code -once} or {@code -reply LINE}.
     */
    public static Server server(TlcpCredentials credentials, boolean requireClientCertificate, String... extra) {
        TlcpCredentials.Side side = credentials.server();
        int port = GmsslPeer.freePort();
        List<String> args = new ArrayList<>(List.of("server", "-port", Integer.toString(port), "-sign-cert",
                side.signPem().toString(), "-sign-key", side.signKey().toString(), "-enc-cert", side.encPem().toString(),
                "-enc-key", side.encKey().toString(), "-pass", TlcpCredentials.PASSWORD));
        if (requireClientCertificate) {
            args.addAll(List.of("-client-ca", credentials.rootPem().toString()));
        }
        args.addAll(List.of(extra));
        Server server = new Server(credentials.directory(), args, port);
        try {
            server.awaitListening();
        } catch (RuntimeException | Error e) {
            server.close();
            throw e;
        }
        return server;
    }

    /**
     * Runs the Go client against 127.0.0.1:{@code port} (server name {@code localhost}, the root
     * as its trust), with the client's signing pair if {@code withClientCertificate}, sending
     * {@code message} and a newline and reading as many bytes back.
     */
    public static Result client(TlcpCredentials credentials, int port, boolean withClientCertificate, String message,
            Duration timeout, String... extra) {
        List<String> args = new ArrayList<>(List.of("client", "-port", Integer.toString(port), "-ca",
                credentials.rootPem().toString(), "-message", message, "-timeout", timeout.toMillis() + "ms"));
        if (withClientCertificate) {
            TlcpCredentials.Side side = credentials.client();
            args.addAll(List.of("-sign-cert", side.signPem().toString(), "-sign-key", side.signKey().toString(), "-pass",
                    TlcpCredentials.PASSWORD));
        }
        args.addAll(List.of(extra));
        return run(credentials.directory(), args, timeout.plusSeconds(5));
    }

    /** Runs the peer with {@code args} in {@code directory} to its end. */
    public static Result run(Path directory, List<String> args, Duration timeout) {
        List<String> line = new ArrayList<>();
        line.add(binary().toString());
        line.addAll(args);
        String command = String.join(" ", line);
        Path out = null;
        Path err = null;
        try {
            out = Files.createTempFile(directory, "tlcp-peer-", ".out");
            err = Files.createTempFile(directory, "tlcp-peer-", ".err");
            Process process = new ProcessBuilder(line).directory(directory.toFile())
                    .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                    .redirectOutput(out.toFile()).redirectError(err.toFile()).start();
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly().waitFor(2, TimeUnit.SECONDS);
                throw new AssertionError(command + " did not end within " + timeout
                        + new Result(command, -1, Files.readAllBytes(out), Files.readString(err)).describe());
            }
            return new Result(command, process.exitValue(), Files.readAllBytes(out), Files.readString(err));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot run " + command, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted while running " + command, e);
        } finally {
            delete(out);
            delete(err);
        }
    }

    private static void delete(Path file) {
        if (file != null) {
            try {
                Files.deleteIfExists(file);
            } catch (IOException e) {
                // a temporary file of the set's directory
            }
        }
    }

    /** How a run ended: exit status (0 success, 1 failure), stdout (the reply, for the client), stderr. */
    public record Result(String command, int exit, byte[] stdout, String stderr) {

        public String stdoutText() {
            return new String(stdout, StandardCharsets.UTF_8);
        }

        /** The command, exit status and output, for a failure message. */
        public String describe() {
            return "\n--- " + command + (exit < 0 ? "" : " (exit " + exit + ")") + "\n--- stdout:\n" + stdoutText()
                    + "\n--- stderr:\n" + stderr;
        }
    }

    /** A running Go server; {@link #close} ends it. */
    public static final class Server implements AutoCloseable {

        private final String command;
        private final Process process;
        private final Path out;
        private final Path err;
        private final int port;

        private Server(Path directory, List<String> args, int port) {
            List<String> line = new ArrayList<>();
            line.add(binary().toString());
            line.addAll(args);
            this.command = String.join(" ", line);
            this.port = port;
            try {
                out = Files.createTempFile(directory, "tlcp-peer-server-", ".out");
                err = Files.createTempFile(directory, "tlcp-peer-server-", ".err");
                process = new ProcessBuilder(line).directory(directory.toFile())
                        .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                        .redirectOutput(out.toFile()).redirectError(err.toFile()).start();
            } catch (IOException e) {
                throw new UncheckedIOException("cannot start " + command, e);
            }
        }

        public int port() {
            return port;
        }

        public boolean isAlive() {
            return process.isAlive();
        }

        /** Its stdout so far: the {@code listening}, {@code handshake ok} and {@code closed} lines. */
        public String stdout() {
            return read(out);
        }

        /** Its stderr so far: {@code error: …} lines. */
        public String stderr() {
            return read(err);
        }

        /** Waits up to {@code timeout} for it to end (a {@code -once} server); its exit status, or fails. */
        public int waitFor(Duration timeout) {
            try {
                if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                    throw new AssertionError(command + " did not end within " + timeout + describe());
                }
                return process.exitValue();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted while waiting for " + command, e);
            }
        }

        /** Waits up to {@code timeout} until its stdout has a line starting with {@code prefix}; whether it did. */
        public boolean awaitLine(String prefix, Duration timeout) {
            long deadline = System.nanoTime() + timeout.toNanos();
            while (stdout().lines().noneMatch(line -> line.startsWith(prefix))) {
                if (System.nanoTime() > deadline || !process.isAlive() && stdout().lines().noneMatch(line -> line.startsWith(prefix))) {
                    return false;
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

        private void awaitListening() {
            if (!awaitLine("listening on ", LISTEN_TIMEOUT)) {
                throw new AssertionError(command + (process.isAlive() ? " does not listen after " + LISTEN_TIMEOUT : " ended")
                        + describe());
            }
        }

        /** The command line, exit status if it ended and output so far, for a failure message. */
        public String describe() {
            return "\n--- " + command + (process.isAlive() ? "" : " (exit " + process.exitValue() + ")") + "\n--- stdout:\n"
                    + stdout() + "\n--- stderr:\n" + stderr();
        }

        @Override
        public void close() {
            if (process.isAlive()) {
                process.destroy();
                try {
                    if (!process.waitFor(2, TimeUnit.SECONDS)) {
                        process.destroyForcibly().waitFor(2, TimeUnit.SECONDS);
                    }
                } catch (InterruptedException e) {
                    process.destroyForcibly();
                    Thread.currentThread().interrupt();
                }
            }
        }

        private static String read(Path file) {
            try {
                return Files.readString(file, StandardCharsets.UTF_8);
            } catch (IOException e) {
                return "(cannot read " + file + ": " + e + ")";
            }
        }
    }
}
