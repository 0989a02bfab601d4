package org.shangmi.cli;

import java.io.FilterInputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;
import picocli.CommandLine.Option;

/** The {@code -in} and {@code -out} options: files, or standard input and output. */
final class InputOutputOptions {

    @Option(names = "-in", paramLabel = "FILE", description = "Input file (default: standard input).")
    Path in;

    @Option(names = "-out", paramLabel = "FILE", description = "Output file (default: standard output).")
    Path out;

    /** A stream over {@code -in} or standard input (which closing leaves open). */
    InputStream openInput(Main main) throws IOException {
        if (in == null) {
            return new FilterInputStream(main.stdin()) {
                @Override
                public void close() {
                }
            };
        }
        try {
            return Files.newInputStream(in);
        } catch (IOException e) {
            throw new IOException(in + ": " + DigestingCommand.describe(e), e);
        }
    }

    /**
     * A stream to {@code -out} (created readable by the owner only if {@code secret}) or to
     * standard output (which closing flushes but leaves open).
     */
    OutputStream openOutput(Main main, boolean secret) throws IOException {
        if (out == null) {
            return new FilterOutputStream(main.stdout()) {
                @Override
                public void write(byte[] b, int off, int len) throws IOException {
                    out.write(b, off, len);
                }

                @Override
                public void close() throws IOException {
                    flush();
                }
            };
        }
        try {
            createPrivateIfSecret(out, secret);
            return Files.newOutputStream(out, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING,
                    StandardOpenOption.WRITE);
        } catch (IOException e) {
            throw new IOException(out + ": " + DigestingCommand.describe(e), e);
        }
    }

    byte[] readInput(Main main) throws IOException {
        return read(main, in);
    }

    /** Writes the bytes to {@code -out} (created readable by the owner only if {@code secret}) or standard output. */
    void write(Main main, byte[] bytes, boolean secret) throws IOException {
        write(main, out, bytes, secret);
    }

    /** The bytes of {@code file}, or of standard input if it is null; errors name the file. */
    static byte[] read(Main main, Path file) throws IOException {
        if (file == null) {
            return main.stdin().readAllBytes();
        }
        try {
            return Files.readAllBytes(file);
        } catch (IOException e) {
            throw new IOException(file + ": " + DigestingCommand.describe(e), e);
        }
    }

    /** Creates {@code out} readable by its owner only, before any secret byte is written to it. */
    private static void createPrivateIfSecret(Path out, boolean secret) throws IOException {
        if (secret && !Files.exists(out) && out.getFileSystem().supportedFileAttributeViews().contains("posix")) {
            Files.createFile(out, PosixFilePermissions.asFileAttribute(
                    Set.of(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE)));
        }
    }

    /** Writes the bytes to {@code out}, or to standard output if it is null. */
    static void write(Main main, Path out, byte[] bytes, boolean secret) throws IOException {
        if (out == null) {
            main.stdout().write(bytes);
            main.stdout().flush();
            return;
        }
        try {
            createPrivateIfSecret(out, secret);
            Files.write(out, bytes, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING, StandardOpenOption.WRITE);
        } catch (IOException e) {
            throw new IOException(out + ": " + DigestingCommand.describe(e), e);
        }
    }
}
