package org.shangmi.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.security.GeneralSecurityException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * What {@code dgst} and {@code mac} share: stream each file (or standard input) through an
 * engine in constant memory and print one line per input, in openssl's or sha256sum's format.
 * A file that cannot be read is reported and skipped; the exit code is then 1.
 */
abstract class DigestingCommand implements Callable<Integer> {

    private static final int BUFFER_SIZE = 64 * 1024;
    /**
     * Under {@code auto}, inputs of at most this many bytes in all are digested by the Java engine:
     * loading libcrypto through FFM costs a new JVM about 70 ms, which its faster SM3 wins back
     * only from about 8 MiB (a whole {@code dgst} took 0.88x, 0.93x, 1.01x and 1.11x the time
     * through libcrypto for 1, 4, 8 and 32 MiB; docs/cli.md, "Start-up").
     */
    static final long JAVA_UP_TO = 4L << 20;

    @ParentCommand
    Main main;

    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "FILE", arity = "0..*",
            description = "Files to read; '-' or none reads standard input.")
    List<String> files = new ArrayList<>();

    @Option(names = "--sum", description = "Print 'HEX  FILE' lines as sha256sum does, instead of 'ALG(FILE)= HEX'.")
    boolean sumFormat;

    /**
     * The provider for {@code algorithm} (a JCA name, {@code "SM3"} or {@code "HmacSM3"}): the
     * command's, except that when nothing names a backend for it and the inputs are files of at
     * most {@link #JAVA_UP_TO} bytes in all, one whose Java engine serves it, since this process
     * ends before a native library's loading would pay off. The digests are the same either way.
     */
    java.security.Provider providerFor(String algorithm) {
        org.shangmi.provider.BackendChoice choice = main.backendChoice();
        if (!"auto".equals(choice.requested(algorithm)) || !smallRegularFiles(files, JAVA_UP_TO)) {
            return main.provider();
        }
        return new org.shangmi.provider.ShangMiProvider(
                org.shangmi.provider.BackendChoice.parse(algorithm + "=java").orElse(choice));
    }

    /** Whether {@code names} are one or more regular files (no standard input) of at most {@code limit} bytes in all. */
    static boolean smallRegularFiles(List<String> names, long limit) {
        if (names.isEmpty()) {
            return false;
        }
        long total = 0;
        for (String name : names) {
            try {
                Path path = Paths.get(name);
                if ("-".equals(name) || !Files.isRegularFile(path)) {
                    return false;
                }
                total += Files.size(path);
            } catch (IOException | java.nio.file.InvalidPathException e) {
                return false; // reported when the file is read
            }
            if (total > limit) {
                return false;
            }
        }
        return true;
    }

    /** The name printed before each result, for example {@code SM3}. */
    abstract String label();

    /** Prepares the engine once, before the first input. */
    abstract void start() throws GeneralSecurityException, IOException;

    abstract void update(byte[] input, int off, int len);

    /** The result for everything fed since the last finish or reset. */
    abstract byte[] finish();

    /** Drops a partly read input. */
    abstract void reset();

    @Override
    public final Integer call() throws GeneralSecurityException, IOException {
        start();
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = main.stderr();
        byte[] buffer = new byte[BUFFER_SIZE];
        int status = 0;
        for (String name : files.isEmpty() ? List.of("-") : files) {
            try {
                String hex = HexFormat.of().formatHex(digest(name, buffer));
                if (sumFormat) {
                    out.println(hex + "  " + name);
                } else {
                    out.println(label() + "(" + ("-".equals(name) ? "stdin" : name) + ")= " + hex);
                }
            } catch (IOException e) {
                reset();
                err.println("shangmi " + spec.name() + ": " + name + ": " + describe(e));
                status = Main.EXIT_FAILURE;
            }
        }
        out.flush();
        return status;
    }

    private byte[] digest(String name, byte[] buffer) throws IOException {
        if ("-".equals(name)) {
            feed(main.stdin(), buffer, Progress.NONE);
            return finish();
        }
        Path path = Paths.get(name);
        if (Files.isDirectory(path)) {
            throw new IOException("Is a directory");
        }
        long size = Files.isRegularFile(path) ? Files.size(path) : 0;
        try (InputStream in = Files.newInputStream(path);
                Progress progress = Progress.start(main.stderr(), main.stderrIsTerminal(), name, size)) {
            feed(in, buffer, progress);
        }
        return finish();
    }

    private void feed(InputStream in, byte[] buffer, Progress progress) throws IOException {
        for (int n; (n = in.read(buffer)) > 0; ) {
            update(buffer, 0, n);
            progress.advance(n);
        }
    }

    static String describe(IOException e) {
        if (e instanceof NoSuchFileException) {
            return "No such file or directory";
        }
        if (e instanceof AccessDeniedException) {
            return "Permission denied";
        }
        return e.getMessage();
    }
}
