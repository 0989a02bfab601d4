package org.shangmi.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.PrivateKey;
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

    @Mixin
    DeviceKeys.SdfOption sdf;

    @Option(names = "-key", paramLabel = "FILE", required = true,
            description = "The private key file (any form), or sdf:N with -sdf (the pair's encryption key).")
    Path keyFile;

    @Option(names = "-format", paramLabel = "FORMAT", defaultValue = "DER",
            description = "Ciphertext layout: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}).")
    Sm2CiphertextFormat format;

    @Override
    public Integer call() throws GeneralSecurityException, IOException {
        PrivateKey key = KeyFiles.readDecryptionKey(main, keyFile);
        Cipher cipher = Cipher.getInstance("SM2", DeviceKeys.providerFor(main, key));
        cipher.init(Cipher.DECRYPT_MODE, key, format);
        byte[] plaintext = cipher.doFinal(io.readInput(main));
        try {
            io.write(main, plaintext, true);
        } finally {
            Arrays.fill(plaintext, (byte) 0);
        }
        return 0;
    }
}
