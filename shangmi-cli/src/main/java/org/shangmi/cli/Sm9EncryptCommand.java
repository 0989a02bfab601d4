package org.shangmi.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.util.concurrent.Callable;
import javax.crypto.Cipher;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/** {@code shangmi sm9encrypt}: SM9 encryption to an identity, the ciphertext in GmSSL's DER. */
@Command(name = "sm9encrypt", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Encrypt the input to an identity with the SM9 encryption master public key (DER output).",
            "For GmSSL 3 to read it, use -mac hmac-sm3 (and xor, its only cipher).",
            "Example:",
            "  shangmi sm9encrypt -pubmaster enc_mpk.pem -id Bob -in msg -out msg.der"})
final class Sm9EncryptCommand implements Callable<Integer> {

    @ParentCommand
    Main main;

    @Option(names = "-pubmaster", paramLabel = "FILE", required = true, description = "The encryption master public key (PEM).")
    Path pubmaster;

    @Mixin
    Sm9CipherOptions options;

    @Mixin
    InputOutputOptions io;

    @Override
    public Integer call() throws GeneralSecurityException, IOException {
        Cipher cipher = Cipher.getInstance("SM9", main.provider());
        cipher.init(Cipher.ENCRYPT_MODE, Sm9Files.readPublic(main, pubmaster), options.spec());
        io.write(main, cipher.doFinal(io.readInput(main)), false);
        return 0;
    }
}
