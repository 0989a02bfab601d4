package org.shangmi.core.testing;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * GmSSL 3's {@code gmssl} command as an independent peer for interoperability tests. Its build
 * script ({@code shared/peers/gmssl/build} beside the repository) compiles GmSSL once per machine
 * and prints the command's path; this class finds the script, runs it, and runs the command.
 *
 * <p>Where the script is looked for: {@link PeerScripts}, with the system property
 * {@value #BUILD_PROPERTY}.
 */
public final class GmsslPeer {

    public static final String BUILD_PROPERTY = "shangmi.gmssl.build";

    /** The first build compiles GmSSL (about a minute on two cores); later ones only print the cached path. */
    private static final long BUILD_MINUTES = 10;
    /** Every command that is expected to end on its own. */
    private static final long COMMAND_SECONDS = 30;

    private static Path command;

    private GmsslPeer() {
    }

    /** The {@code gmssl} command, built by the script if needed; fails the test, saying how to provide it, if there is none. */
    public static synchronized Path command() {
        if (command == null) {
            Path script = buildScript();
            Result built = execute(List.of(script.toString()), null, TimeUnit.MINUTES.toMillis(BUILD_MINUTES));
            List<String> lines = built.stdout().strip().lines().toList();
            if (built.exit() != 0 || lines.isEmpty()) {
                throw new AssertionError("the GmSSL build script " + script + " exited " + built.exit()
                        + " without printing the gmssl path" + built.describe());
            }
            Path gmssl = Path.of(lines.get(lines.size() - 1));
            if (!Files.isExecutable(gmssl)) {
                throw new AssertionError("the GmSSL build script " + script + " printed " + gmssl + ", which is no executable file"
                        + built.describe());
            }
            Result version = execute(List.of(gmssl.toString(), "version"), null, TimeUnit.SECONDS.toMillis(COMMAND_SECONDS));
            if (version.exit() != 0 || !version.stdout().startsWith("GmSSL 3.")) {
                throw new AssertionError(gmssl + " version does not say GmSSL 3" + version.describe());
            }
            command = gmssl;
        }
        return command;
    }

    /** Where the build script is, by the rules in the class comment. */
    public static Path buildScript() {
        return PeerScripts.buildScript("gmssl", BUILD_PROPERTY, "the script and GmSSL's source archive; it needs gcc and cmake");
    }

    /** Runs {@code gmssl args...} in {@code directory} to its end; fails with its output on a non-zero exit. */
    public static String run(Path directory, String... args) {
        List<String> line = commandLine(args);
        Result result = execute(line, directory, TimeUnit.SECONDS.toMillis(COMMAND_SECONDS));
        if (result.exit() != 0) {
            throw new AssertionError(String.join(" ", line) + " exited " + result.exit() + result.describe());
        }
        return result.stdout();
    }

    /** Runs {@code gmssl args...} in {@code directory} to its end and returns its exit status, for commands that must fail. */
    public static int attempt(Path directory, String... args) {
        return execute(commandLine(args), directory, TimeUnit.SECONDS.toMillis(COMMAND_SECONDS)).exit();
    }

    /** Starts {@code gmssl args...} in {@code directory}, its output going to files there; close it to end it. */
    public static Running start(Path directory, String... args) {
        List<String> line = commandLine(args);
        try {
            Path out = Files.createTempFile(directory, "gmssl-", ".out");
            Path err = Files.createTempFile(directory, "gmssl-", ".err");
            Process process = new ProcessBuilder(line).directory(directory.toFile())
                    .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                    .redirectOutput(out.toFile()).redirectError(err.toFile()).start();
            return new Running(String.join(" ", line), process, out, err);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start " + line, e);
        }
    }

    /** A TCP port that was free a moment ago on the loopback interface. */
    public static int freePort() {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static List<String> commandLine(String... args) {
        List<String> line = new ArrayList<>();
        line.add(command().toString());
        line.addAll(List.of(args));
        return line;
    }

    /** How a command that ran to its end (or was ended) went. */
    record Result(String command, int exit, String stdout, String stderr) {

        /** The command line, how it ended and its output, for a failure message. */
        public String describe() {
            return "\n--- " + command + (exit < 0 ? "" : " (exit " + exit + ")") + "\n--- stdout:\n" + stdout + "\n--- stderr:\n"
                    + stderr;
        }
    }

    private static Result execute(List<String> line, Path directory, long timeoutMillis) {
        try {
            Path out = Files.createTempFile("gmssl-", ".out");
            Path err = Files.createTempFile("gmssl-", ".err");
            try {
                ProcessBuilder builder = new ProcessBuilder(line).redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                        .redirectOutput(out.toFile()).redirectError(err.toFile());
                if (directory != null) {
                    builder.directory(directory.toFile());
                }
                Process process = builder.start();
                try {
                    if (!process.waitFor(timeoutMillis, TimeUnit.MILLISECONDS)) {
                        throw new AssertionError(String.join(" ", line) + " did not end within " + timeoutMillis + " ms"
                                + new Result(String.join(" ", line), -1, read(out), read(err)).describe());
                    }
                } finally {
                    end(process);
                }
                return new Result(String.join(" ", line), process.exitValue(), read(out), read(err));
            } finally {
                Files.deleteIfExists(out);
                Files.deleteIfExists(err);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot run " + line, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted while running " + line, e);
        }
    }

    /** Ends a process if it still runs: politely, then by force. */
    private static void end(Process process) {
        if (!process.isAlive()) {
            return;
        }
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

    private static String read(Path file) {
        try {
            return Files.readString(file, StandardCharsets.ISO_8859_1);
        } catch (IOException e) {
            return "(cannot read " + file + ": " + e + ")";
        }
    }

    /** A started {@code gmssl} command (a server or a client); {@link #close} ends it if it still runs. */
    public static final class Running implements AutoCloseable {

        private final String command;
        private final Process process;
        private final Path out;
        private final Path err;

        private Running(String command, Process process, Path out, Path err) {
            this.command = command;
            this.process = process;
            this.out = out;
            this.err = err;
        }

        public boolean isAlive() {
            return process.isAlive();
        }

        /** Waits up to {@code seconds} for the command to end; its exit value, or fails with its output. */
        public int waitFor(long seconds) {
            try {
                if (!process.waitFor(seconds, TimeUnit.SECONDS)) {
                    throw new AssertionError(command + " did not end within " + seconds + " s" + describe());
                }
                return process.exitValue();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted while waiting for " + command, e);
            }
        }

        /** What the command wrote to its standard output so far, byte for byte. */
        public byte[] stdout() {
            try {
                return Files.readAllBytes(out);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        /** What the command wrote to its standard error so far. */
        public String stderr() {
            return read(err);
        }

        /** The command line, its exit value if it ended, and its output so far, for a failure message. */
        public String describe() {
            return new Result(command, process.isAlive() ? -1 : process.exitValue(), read(out), read(err)).describe();
        }

        @Override
        public void close() {
            end(process);
        }
    }
}
