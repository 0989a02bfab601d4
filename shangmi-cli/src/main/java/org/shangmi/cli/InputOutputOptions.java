package org.shangmi.cli;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
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
     * The output for {@code -out} (readable by the owner only if {@code secret}) or standard
     * output; {@link OutputFile#commit} makes it final, closing without a commit leaves nothing.
     */
    OutputFile openOutput(Main main, boolean secret) throws IOException {
        return out == null ? OutputFile.of(main.stdout()) : OutputFile.create(out, secret);
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

    /**
     * Writes the bytes to {@code out} whole (readable by the owner only if {@code secret}), or to
     * standard output if it is null.
     */
    static void write(Main main, Path out, byte[] bytes, boolean secret) throws IOException {
        try (OutputFile output = out == null ? OutputFile.of(main.stdout()) : OutputFile.create(out, secret)) {
            output.write(bytes);
            output.commit();
        }
    }
}
