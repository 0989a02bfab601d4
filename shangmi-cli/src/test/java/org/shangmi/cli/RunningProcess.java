package org.shangmi.cli;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A process a test talks to: {@code openssl}, or the shangmi command in a JVM of its own. Its
 * standard output and error are collected as they come; every wait has a deadline; closing it
 * destroys it (and whatever it started) if it is still running.
 */
final class RunningProcess implements AutoCloseable {

    private final String name;
    private final Process process;
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();
    private final Thread outReader;
    private final Thread errReader;

    private RunningProcess(List<String> command, Path directory) {
        this.name = String.join(" ", command);
        try {
            this.process = new ProcessBuilder(command).directory(directory.toFile()).start();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start " + name, e);
        }
        outReader = collect(process.getInputStream(), out);
        errReader = collect(process.getErrorStream(), err);
    }

    /** {@code openssl args...}, with standard input open until {@link #closeInput()}. */
    static RunningProcess openssl(Path directory, String... args) {
        List<String> command = new ArrayList<>(List.of("openssl"));
        command.addAll(List.of(args));
        return new RunningProcess(command, directory);
    }

    /** {@code shangmi args...} on the JDK and class path running the tests. */
    static RunningProcess shangmi(Path directory, String... args) {
        return new RunningProcess(shangmiCommand(List.of(), args), directory);
    }

    /** Any command. */
    static RunningProcess command(Path directory, List<String> command) {
        return new RunningProcess(command, directory);
    }

    /** The command line of {@code java [jvmOptions] -cp CLASSPATH org.shangmi.cli.Main args...}. */
    static List<String> shangmiCommand(List<String> jvmOptions, String... args) {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add("--enable-native-access=ALL-UNNAMED");
        command.addAll(jvmOptions);
        command.addAll(List.of("-cp", classPath(), "org.shangmi.cli.Main"));
        command.addAll(List.of(args));
        return command;
    }

    /** The test class path, without the surefire booter's manifest-only jar. */
    private static String classPath() {
        String classPath = System.getProperty("java.class.path");
        if (!classPath.contains("shangmi-cli")) {
            throw new IllegalStateException("the class path holds no shangmi-cli classes: " + classPath);
        }
        return classPath;
    }

    private Thread collect(InputStream in, ByteArrayOutputStream sink) {
        Thread reader = new Thread(() -> {
            byte[] buffer = new byte[8192];
            try {
                for (int n; (n = in.read(buffer)) >= 0; ) {
                    synchronized (sink) {
                        sink.write(buffer, 0, n);
                    }
                }
            } catch (IOException e) {
                // the process is gone
            }
        }, "reader of " + name);
        reader.setDaemon(true);
        reader.start();
        return reader;
    }

    String out() {
        synchronized (out) {
            return out.toString(StandardCharsets.UTF_8);
        }
    }

    String err() {
        synchronized (err) {
            return err.toString(StandardCharsets.UTF_8);
        }
    }

    /** What it printed so far, for failure messages. */
    String printed() {
        return name + "\n--- standard output:\n" + out() + "\n--- standard error:\n" + err();
    }

    /** Waits until standard output or error (as {@code fromErr}) matches, and returns the first match's group 1 (or whole match). */
    String await(boolean fromErr, Pattern pattern, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            Matcher matcher = pattern.matcher(fromErr ? err() : out());
            if (matcher.find()) {
                return matcher.groupCount() > 0 ? matcher.group(1) : matcher.group();
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("no " + pattern + " on " + (fromErr ? "standard error" : "standard output")
                        + " within " + timeout + ":\n" + printed());
            }
            if (!process.isAlive() && !outReader.isAlive() && !errReader.isAlive()) {
                Matcher last = pattern.matcher(fromErr ? err() : out());
                if (last.find()) {
                    return last.groupCount() > 0 ? last.group(1) : last.group();
                }
                throw new AssertionError("ended (exit " + process.exitValue() + ") before printing " + pattern + ":\n" + printed());
            }
            sleep();
        }
    }

    String awaitOut(String text, Duration timeout) {
        return await(false, Pattern.compile(Pattern.quote(text)), timeout);
    }

    String awaitErr(String text, Duration timeout) {
        return await(true, Pattern.compile(Pattern.quote(text)), timeout);
    }

    /** The port of the first line "ACCEPT ...:PORT" (openssl's and ours). */
    int acceptedPort(Duration timeout) {
        return Integer.parseInt(await(false, Pattern.compile("(?m)^ACCEPT .*:(\\d+)\\s*$"), timeout));
    }

    void send(String text) {
        try {
            OutputStream in = process.getOutputStream();
            in.write(text.getBytes(StandardCharsets.UTF_8));
            in.flush();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write to " + name + ":\n" + printed(), e);
        }
    }

    void closeInput() {
        try {
            process.getOutputStream().close();
        } catch (IOException e) {
            // already gone
        }
    }

    /** Waits for the exit code, and until both streams are read to their end. */
    int waitFor(Duration timeout) {
        try {
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                throw new AssertionError("did not end within " + timeout + ":\n" + printed());
            }
            outReader.join(timeout.toMillis());
            errReader.join(timeout.toMillis());
            return process.exitValue();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    @Override
    public void close() {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
        try {
            process.waitFor(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void sleep() {
        try {
            Thread.sleep(20);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }
}
