package org.shangmi.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.PrivateKey;
import java.util.Arrays;
import java.util.concurrent.Callable;
import javax.crypto.Cipher;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/** {@code shangmi sm9decrypt}: SM9 decryption with a user key, as {@code gmssl sm9decrypt}. */
@Command(name = "sm9decrypt", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Decrypt an SM9 ciphertext (DER) with the recipient's user key and identity.",
            "Example:",
            "  shangmi sm9decrypt -key bob.pem -pass Q -id Bob -in msg.der -out msg"})
final class Sm9DecryptCommand implements Callable<Integer> {

    @ParentCommand
    Main main;

    @Option(names = "-key", paramLabel = "FILE", required = true, description = "The recipient's SM9 encryption user key.")
    Path key;

    @Mixin
    Sm9Files.PassOption pass;

    @Mixin
    Sm9CipherOptions options;

    @Mixin
    InputOutputOptions io;

    @Override
    public Integer call() throws GeneralSecurityException, IOException {
        PrivateKey user = Sm9Files.readPrivate(main, key, pass.password);
        byte[] plaintext = null;
        try {
            Cipher cipher = Cipher.getInstance("SM9", main.provider());
            cipher.init(Cipher.DECRYPT_MODE, user, options.spec());
            plaintext = cipher.doFinal(io.readInput(main));
            io.write(main, plaintext, true);
        } finally {
            Sm9Files.destroy(user);
            if (plaintext != null) {
                Arrays.fill(plaintext, (byte) 0);
            }
        }
        return 0;
    }
}
