package org.shangmi.core.testing;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/** Runs the {@code openssl} command line as an outside oracle for interop tests. */
public final class OpenSslCommand {

    private static Boolean available;

    private OpenSslCommand() {
    }

    /** Skips the calling test, saying why, when there is no {@code openssl} command. */
    public static void assumeAvailable() {
        assumeTrue(available(), "the openssl command is not on the PATH: this interop check cannot run");
    }

    public static synchronized boolean available() {
        if (available == null) {
            try {
                Process p = new ProcessBuilder("openssl", "version").redirectErrorStream(true).start();
                p.getInputStream().readAllBytes();
                available = p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0;
            } catch (IOException e) {
                available = false;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                available = false;
            }
        }
        return available;
    }

    /** Runs {@code openssl args...} with {@code stdin}; returns standard output, fails on a non-zero exit. */
    public static byte[] run(byte[] stdin, String... args) {
        Result result = attempt(stdin, args);
        if (result.exit() != 0) {
            throw new AssertionError("openssl " + String.join(" ", args) + " exited " + result.exit() + ": "
                    + new String(result.stderr(), StandardCharsets.UTF_8));
        }
        return result.stdout();
    }

    /** Runs {@code openssl args...} with no input; returns what it printed on both streams as text, fails on a non-zero exit. */
    public static String text(String... args) {
        Result result = attempt(new byte[0], args);
        String both = new String(result.stdout(), StandardCharsets.UTF_8) + new String(result.stderr(), StandardCharsets.UTF_8);
        if (result.exit() != 0) {
            throw new AssertionError("openssl " + String.join(" ", args) + " exited " + result.exit() + ": " + both);
        }
        return both;
    }

    /** How a command ended. */
    public record Result(int exit, byte[] stdout, byte[] stderr) {
    }

    /** Runs {@code openssl args...} with {@code stdin} and reports how it ended, whatever the exit code. */
    public static Result attempt(byte[] stdin, String... args) {
        List<String> command = new ArrayList<>();
        command.add("openssl");
        command.addAll(List.of(args));
        try {
            Process p = new ProcessBuilder(command).start();
            CompletableFuture<byte[]> out = CompletableFuture.supplyAsync(() -> readAll(p.getInputStream()));
            CompletableFuture<byte[]> err = CompletableFuture.supplyAsync(() -> readAll(p.getErrorStream()));
            try (OutputStream in = p.getOutputStream()) {
                in.write(stdin);
            }
            if (!p.waitFor(120, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new AssertionError(command + " did not finish");
            }
            return new Result(p.exitValue(), out.join(), err.join());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    /** Runs {@code openssl kdf} and returns the key it prints (hex with colons). */
    public static byte[] kdf(int length, String kdf, String... options) {
        List<String> args = new ArrayList<>(List.of("kdf", "-keylen", Integer.toString(length)));
        for (String option : options) {
            args.add("-kdfopt");
            args.add(option);
        }
        args.add(kdf);
        String printed = new String(run(new byte[0], args.toArray(String[]::new)), StandardCharsets.US_ASCII);
        return HexFormat.ofDelimiter(":").parseHex(printed.strip());
    }

    private static byte[] readAll(InputStream in) {
        try {
            ByteArrayOutputStream buffer = new ByteArrayOutputStream();
            in.transferTo(buffer);
            return buffer.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
