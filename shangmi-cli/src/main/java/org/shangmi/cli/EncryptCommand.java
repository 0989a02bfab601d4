package org.shangmi.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.util.concurrent.Callable;
import javax.crypto.Cipher;
import org.shangmi.provider.spec.Sm2CiphertextFormat;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/** {@code shangmi encrypt}: SM2 public-key encryption, like {@code openssl pkeyutl -encrypt -pubin -inkey KEY}. */
@Command(name = "encrypt", mixinStandardHelpOptions = true, description = "Encrypt the input with an SM2 public key.")
final class EncryptCommand implements Callable<Integer> {

    @ParentCommand
    Main main;

    @Mixin
    InputOutputOptions io;

    /** For a -pubkey file that is an encrypted private key. */
    @Mixin
    Passwords.PassinOption passin;

    @Option(names = "-pubkey", paramLabel = "FILE", required = true,
            description = "The recipient's public key file (any form), or certificate.")
    Path keyFile;

    @Option(names = "-certin", description = "The -pubkey file is a certificate (accepted without it too), as in openssl.")
    boolean certificateIn;

    @Option(names = "-format", paramLabel = "FORMAT", defaultValue = "DER",
            description = "Ciphertext layout: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}, as OpenSSL writes).")
    Sm2CiphertextFormat format;

    @Override
    public Integer call() throws GeneralSecurityException, IOException {
        Cipher cipher = Cipher.getInstance("SM2", main.provider());
        cipher.init(Cipher.ENCRYPT_MODE, KeyFiles.readPublic(main, keyFile, certificateIn), format);
        io.write(main, cipher.doFinal(io.readInput(main)), false);
        return 0;
    }
}
