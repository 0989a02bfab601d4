package org.shangmi.cli;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
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
            // never echo the value: a password typed without its "pass:" is still a password
            throw new IOException(option + " takes pass:TEXT, env:VAR, file:PATH, fd:N or stdin");
        }
        try {
            CharBuffer chars = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes));
            char[] password = Arrays.copyOf(chars.array(), chars.limit());
            Arrays.fill(chars.array(), '\0');
            return password;
        } catch (CharacterCodingException e) {
            throw new IOException(option + ": the password is not UTF-8 text", e);
        } finally {
            Arrays.fill(bytes, (byte) 0);
        }
    }

    /** The longest password line read: a file without line ends (or /dev/zero) must not fill the memory. */
    private static final int MAX_LINE = 4096;

    /** The bytes up to the first line end (or the end), without it; the buffer is wiped. */
    private static byte[] firstLine(InputStream in) throws IOException {
        byte[] line = new byte[MAX_LINE];
        int length = 0;
        try {
            for (int b = in.read(); b != -1 && b != '\n'; b = in.read()) {
                if (length == MAX_LINE) {
                    throw new IOException("a password line is at most " + MAX_LINE + " bytes");
                }
                line[length++] = (byte) b;
            }
            if (length > 0 && line[length - 1] == '\r') {
                length--;
            }
            return Arrays.copyOf(line, length);
        } finally {
            Arrays.fill(line, (byte) 0);
        }
    }
}
