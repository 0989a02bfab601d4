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
import org.shangmi.provider.spec.Pbes2HmacSm3ParameterSpec;
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

    @Option(names = "-cipher", paramLabel = "CIPHER", description = "Encrypt the private key (PKCS#8, PBES2) with sm4-cbc "
            + "(PRF HMAC-SM3: GmSSL and Bouncy Castle read it, OpenSSL 3.0 does not; for OpenSSL 3.0 use pkcs8 -topk8 "
            + "-v2prf hmacWithSHA256), aes-128-cbc or aes-256-cbc (PRF HMAC-SHA256) under -passout.")
    String cipher;

    @picocli.CommandLine.Mixin
    EncryptedKeys.HmacSm3OidOption hmacSm3Oid;

    @Option(names = "-passout", paramLabel = "SOURCE", description = "With -cipher, the password: pass:TEXT, env:VAR, "
            + "file:PATH, fd:N or stdin.")
    String passout;

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws GeneralSecurityException, IOException {
        if ((cipher == null) != (passout == null)) {
            throw new picocli.CommandLine.ParameterException(spec.commandLine(),
                    "-cipher and -passout go together: the cipher and the password of the encrypted key");
        }
        String prf = cipher == null ? null : EncryptedKeys.defaultPrf(cipher);
        if (cipher != null && EncryptedKeys.checkNames(cipher, prf) != null) {
            throw new picocli.CommandLine.ParameterException(spec.commandLine(), EncryptedKeys.checkNames(cipher, prf));
        }
        Pbes2HmacSm3ParameterSpec.PrfOid oid = hmacSm3Oid.oid == null ? null : hmacSm3Oid.chosen(spec, prf);
        KeyPair pair = KeyPairGenerator.getInstance("SM2", main.provider()).generateKeyPair();
        KeyFactory factory = KeyFactory.getInstance("SM2", main.provider());
        if (cipher != null) {
            byte[] pkcs8 = pair.getPrivate().getEncoded();
            try {
                byte[] encrypted = EncryptedKeys.encrypt(main, passout, pkcs8, cipher, prf, EncryptedKeys.DEFAULT_ITERATIONS, oid);
                InputOutputOptions.write(main, out, PkiFiles.encoded("PEM", "ENCRYPTED PRIVATE KEY", encrypted), true);
            } finally {
                java.util.Arrays.fill(pkcs8, (byte) 0);
            }
        } else {
            InputOutputOptions.write(main, out, factory.getKeySpec(pair.getPrivate(), PemKeySpec.class).getText()
                    .getBytes(StandardCharsets.US_ASCII), true);
        }
        if (publicOut != null) {
            InputOutputOptions.write(main, publicOut, factory.getKeySpec(pair.getPublic(), PemKeySpec.class).getText()
                    .getBytes(StandardCharsets.US_ASCII), false);
        }
        return 0;
    }
}
