package org.shangmi.cli;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.PrivateKey;
import java.security.Signature;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/** {@code shangmi sm9sign}: an SM9 signature (DER, 104 bytes), as {@code gmssl sm9sign}. */
@Command(name = "sm9sign", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Sign the input with an SM9 user key; the signature is DER (104 bytes), as GmSSL writes it.",
            "Example:",
            "  shangmi sm9sign -key alice.pem -pass Q -in data -out data.sig"})
final class Sm9SignCommand implements Callable<Integer> {

    @ParentCommand
    Main main;

    @Option(names = "-key", paramLabel = "FILE", required = true, description = "The signer's SM9 user key.")
    Path key;

    @Mixin
    Sm9Files.PassOption pass;

    @Mixin
    InputOutputOptions io;

    @Override
    public Integer call() throws GeneralSecurityException, IOException {
        PrivateKey user = Sm9Files.readPrivate(main, key, pass.password);
        try {
            Signature signer = Signature.getInstance("SM9", main.provider());
            signer.initSign(user);
            try (InputStream input = io.openInput(main)) {
                byte[] buffer = new byte[8192];
                for (int n; (n = input.read(buffer)) > 0; ) {
                    signer.update(buffer, 0, n);
                }
            }
            io.write(main, signer.sign(), false);
        } finally {
            Sm9Files.destroy(user);
        }
        return 0;
    }
}
