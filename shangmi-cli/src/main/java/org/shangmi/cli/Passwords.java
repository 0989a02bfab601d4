package org.shangmi.cli;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import picocli.CommandLine.Option;

/**
 * Passwords in OpenSSL's forms ({@code -passin}, {@code -passout}): {@code pass:TEXT},
 * {@code env:VARIABLE}, {@code file:PATH} and {@code fd:N} (the first line), {@code stdin} (the
 * first line of standard input). The password's bytes are wiped once decoded.
 */
final class Passwords {

    /** The {@code -passin} option of every command that reads private keys; {@link Main} hands its value to {@link KeyFiles}. */
    static final class PassinOption {
        @Option(names = "-passin", paramLabel = "SOURCE",
                description = "The password of an encrypted private key: pass:TEXT, env:VAR, file:PATH, fd:N or stdin.")
        String source;
    }

    private Passwords() {
    }

    /**
     * The password {@code source} names ({@code option} names the option in messages).
     *
     * @throws IOException if the source cannot be read or is not one of the forms
     */
    static char[] read(Main main, String source, String option) throws IOException {
        byte[] bytes;
        if (source.startsWith("pass:")) {
            bytes = source.substring(5).getBytes(StandardCharsets.UTF_8);
        } else if (source.startsWith("env:")) {
            String value = System.getenv(source.substring(4));
            if (value == null) {
                throw new IOException(option + ": no environment variable " + source.substring(4));
            }
            bytes = value.getBytes(StandardCharsets.UTF_8);
        } else if (source.startsWith("file:")) {
            try (InputStream in = Files.newInputStream(Path.of(source.substring(5)))) {
                bytes = firstLine(in);
            }
        } else if (source.startsWith("fd:")) {
            String fd = source.substring(3);
            if (!fd.matches("[0-9]+")) {
                throw new IOException(option + ": fd: takes a file descriptor number, not " + fd);
            }
            try (InputStream in = Files.newInputStream(Path.of("/dev/fd/" + fd))) {
                bytes = firstLine(in);
            }
        } else if (source.equals("stdin")) {
            bytes = firstLine(main.stdin());
        } else {
            throw new IOException(option + " takes pass:TEXT, env:VAR, file:PATH, fd:N or stdin, not " + source.split(":", 2)[0]
                    + (source.contains(":") ? ":..." : ""));
        }
        try {
            CharBuffer chars = StandardCharsets.UTF_8.decode(ByteBuffer.wrap(bytes));
            char[] password = Arrays.copyOf(chars.array(), chars.limit());
            Arrays.fill(chars.array(), '\0');
            return password;
        } finally {
            Arrays.fill(bytes, (byte) 0);
        }
    }

    /** The bytes up to the first line end (or the end), without it. */
    private static byte[] firstLine(InputStream in) throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        for (int b = in.read(); b != -1 && b != '\n'; b = in.read()) {
            line.write(b);
        }
        byte[] bytes = line.toByteArray();
        int length = bytes.length;
        if (length > 0 && bytes[length - 1] == '\r') {
            length--;
        }
        byte[] result = Arrays.copyOf(bytes, length);
        Arrays.fill(bytes, (byte) 0);
        return result;
    }
}
