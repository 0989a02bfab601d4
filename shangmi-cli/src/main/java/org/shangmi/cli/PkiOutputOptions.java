package org.shangmi.cli;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/**
 * What {@code req} and {@code x509} print and write: the fields asked for, then, unless
 * {@code -noout}, the request or certificate itself in {@code -outform}, to {@code -out} or
 * standard output, as OpenSSL orders them.
 */
final class PkiOutputOptions {

    @Option(names = "-subject", description = "Print the subject.")
    boolean subject;

    @Option(names = "-pubkey", description = "Print the public key (PEM).")
    boolean publicKey;

    @Option(names = "-text", description = "Print it in text form.")
    boolean text;

    @Option(names = "-noout", description = "Do not write the request or certificate itself.")
    boolean noout;

    @Option(names = "-out", paramLabel = "FILE", description = "Output file (default: standard output).")
    Path out;

    @Option(names = "-outform", paramLabel = "PEM|DER", description = "Output form (default: PEM).")
    String outform;

    /** @throws ParameterException if {@code -outform} is neither PEM nor DER */
    void checkForm(CommandSpec spec) {
        PkiFiles.isDer(spec, "-outform", outform);
    }

    /** Writes what was printed, then unless -noout the object (its DER, in PEM under {@code label} unless DER). */
    void write(Main main, String printed, String label, byte[] der) throws IOException {
        ByteArrayOutputStream output = new ByteArrayOutputStream();
        output.writeBytes(printed.getBytes(StandardCharsets.UTF_8));
        if (!noout) {
            output.writeBytes(PkiFiles.encoded(outform, label, der));
        }
        InputOutputOptions.write(main, out, output.toByteArray(), false);
    }
}
