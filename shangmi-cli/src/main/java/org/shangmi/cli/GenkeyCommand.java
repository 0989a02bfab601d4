package org.shangmi.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.util.concurrent.Callable;
import org.shangmi.provider.spec.PemKeySpec;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/** {@code shangmi genkey}: a new SM2 key pair, as {@code openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:SM2}. */
@Command(name = "genkey", mixinStandardHelpOptions = true,
        description = "Generate an SM2 key pair on sm2p256v1 and write the private key as PEM PKCS#8.")
final class GenkeyCommand implements Callable<Integer> {

    @ParentCommand
    Main main;

    @Option(names = "-out", paramLabel = "FILE", description = "Write the private key to FILE (default: standard output).")
    Path out;

    @Option(names = "-pubout", paramLabel = "FILE", description = "Also write the public key (PEM X.509) to FILE.")
    Path publicOut;

    @Override
    public Integer call() throws GeneralSecurityException, IOException {
        KeyPair pair = KeyPairGenerator.getInstance("SM2", main.provider()).generateKeyPair();
        KeyFactory factory = KeyFactory.getInstance("SM2", main.provider());
        InputOutputOptions.write(main, out, factory.getKeySpec(pair.getPrivate(), PemKeySpec.class).getText()
                .getBytes(StandardCharsets.US_ASCII), true);
        if (publicOut != null) {
            InputOutputOptions.write(main, publicOut, factory.getKeySpec(pair.getPublic(), PemKeySpec.class).getText()
                    .getBytes(StandardCharsets.US_ASCII), false);
        }
        return 0;
    }
}
