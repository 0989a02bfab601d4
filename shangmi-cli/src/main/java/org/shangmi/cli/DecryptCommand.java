package org.shangmi.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.util.Arrays;
import java.util.concurrent.Callable;
import javax.crypto.Cipher;
import org.shangmi.provider.spec.Sm2CiphertextFormat;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/** {@code shangmi decrypt}: SM2 decryption, like {@code openssl pkeyutl -decrypt -inkey KEY}. */
@Command(name = "decrypt", mixinStandardHelpOptions = true, description = "Decrypt the input with an SM2 private key.")
final class DecryptCommand implements Callable<Integer> {

    @ParentCommand
    Main main;

    @Mixin
    Passwords.PassinOption passin;

    @Mixin
    InputOutputOptions io;

    @Option(names = "-key", paramLabel = "FILE", required = true, description = "The private key file (any form).")
    Path keyFile;

    @Option(names = "-format", paramLabel = "FORMAT", defaultValue = "DER",
            description = "Ciphertext layout: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}).")
    Sm2CiphertextFormat format;

    @Override
    public Integer call() throws GeneralSecurityException, IOException {
        Cipher cipher = Cipher.getInstance("SM2", main.provider());
        cipher.init(Cipher.DECRYPT_MODE, KeyFiles.readPrivate(main, keyFile), format);
        byte[] plaintext = cipher.doFinal(io.readInput(main));
        try {
            io.write(main, plaintext, true);
        } finally {
            Arrays.fill(plaintext, (byte) 0);
        }
        return 0;
    }
}
