package org.shangmi.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.util.concurrent.Callable;
import org.shangmi.provider.spec.Sm9KeyGenParameterSpec;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/** {@code shangmi sm9setup}: a KGC's master key pair, as {@code gmssl sm9setup} writes it. */
@Command(name = "sm9setup", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Generate an SM9 master key pair (the KGC's), in GmSSL's files.",
            "Example:",
            "  shangmi sm9setup -alg sm9sign -pass P -out sign_msk.pem \\",
            "      -pubout sign_mpk.pem"})
final class Sm9SetupCommand implements Callable<Integer> {

    @ParentCommand
    Main main;

    @Option(names = "-alg", paramLabel = "sm9sign|sm9encrypt", required = true,
            description = "sm9sign: a signature master key; sm9encrypt: an encryption master key (also for key exchange).")
    String algorithm;

    @Option(names = "-pass", paramLabel = "PASSWORD", required = true, description = "The password to encrypt the master key with.")
    String password;

    @Option(names = "-out", paramLabel = "FILE", description = "The master private key, encrypted PEM (default: standard output).")
    Path out;

    @Option(names = "-pubout", paramLabel = "FILE", description = "The master public key, PEM (default: standard output).")
    Path pubout;

    @Override
    public Integer call() throws GeneralSecurityException, IOException {
        Sm9KeyGenParameterSpec spec = switch (algorithm) {
            case "sm9sign" -> Sm9KeyGenParameterSpec.SIGN;
            case "sm9encrypt" -> Sm9KeyGenParameterSpec.ENCRYPT;
            default -> throw new IllegalArgumentException("-alg is sm9sign or sm9encrypt, not " + algorithm);
        };
        KeyPairGenerator generator = KeyPairGenerator.getInstance("SM9", main.provider());
        generator.initialize(spec);
        KeyPair pair = generator.generateKeyPair();
        try {
            Sm9Files.writePrivate(main, out, pair.getPrivate(), password);
            InputOutputOptions.write(main, pubout, Sm9Files.publicPem(main, pair.getPublic()), false);
        } finally {
            Sm9Files.destroy(pair.getPrivate());
        }
        return 0;
    }
}
