package org.shangmi.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.util.Arrays;
import java.util.HexFormat;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/** {@code shangmi mac}: HMAC-SM3 of files, like {@code openssl dgst -sm3 -mac HMAC}. */
@Command(name = "mac", mixinStandardHelpOptions = true,
        description = "Print the HMAC-SM3 of each FILE as 'HMAC-SM3(FILE)= HEX'.")
final class MacCommand extends DigestingCommand {

    @Option(names = "-sm3", description = "Use HMAC-SM3 (the default, and for now the only MAC).")
    boolean sm3;

    @ArgGroup(exclusive = true, multiplicity = "1")
    KeySource key;

    static final class KeySource {
        @Option(names = "-key", paramLabel = "HEX", required = true, description = "The key in hex.")
        String hex;

        @Option(names = "-keyfile", paramLabel = "FILE", required = true, description = "A file whose bytes are the key.")
        Path file;
    }

    private Mac mac;

    @Override
    String label() {
        return "HMAC-SM3";
    }

    @Override
    void start() throws GeneralSecurityException, IOException {
        byte[] keyBytes;
        if (key.hex != null) {
            try {
                keyBytes = HexFormat.of().parseHex(key.hex);
            } catch (IllegalArgumentException e) {
                throw new ParameterException(spec.commandLine(), "-key must be hex digits, an even number of them");
            }
        } else {
            try {
                keyBytes = Files.readAllBytes(key.file);
            } catch (IOException e) {
                throw new IOException("-keyfile " + key.file + ": " + describe(e), e);
            }
        }
        try {
            if (keyBytes.length == 0) {
                throw new ParameterException(spec.commandLine(), "the key must not be empty");
            }
            mac = Mac.getInstance("HmacSM3", providerFor("HmacSM3"));
            mac.init(new SecretKeySpec(keyBytes, "HmacSM3"));
        } finally {
            Arrays.fill(keyBytes, (byte) 0);
        }
    }

    @Override
    void update(byte[] input, int off, int len) {
        mac.update(input, off, len);
    }

    @Override
    byte[] finish() {
        return mac.doFinal();
    }

    @Override
    void reset() {
        mac.reset();
    }
}
