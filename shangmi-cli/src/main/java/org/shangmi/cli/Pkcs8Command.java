package org.shangmi.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.PrivateKey;
import java.util.Arrays;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code shangmi pkcs8}: private keys to and from PKCS#8, encrypted (PBES2) or not, like
 * {@code openssl pkcs8}: with {@code -topk8} a key in any form becomes PKCS#8, encrypted under
 * {@code -passout} with {@code -v2} and {@code -v2prf} unless {@code -nocrypt}; without it an
 * encrypted (or plain) PKCS#8 key is written out unencrypted.
 */
@Command(name = "pkcs8", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Encrypt a private key to PKCS#8 (-topk8), or decrypt one, as openssl pkcs8 does.",
            "Example:",
            "  shangmi pkcs8 -topk8 -in key.pem -v2 sm4-cbc -v2prf hmacWithSM3 \\",
            "      -passout pass:secret -out key.p8",
            "For OpenSSL 3.0, which has no PBKDF2 with HMAC-SM3:",
            "  shangmi pkcs8 -topk8 -in key.pem -v2 sm4-cbc -v2prf hmacWithSHA256 \\",
            "      -passout pass:secret -out key.p8"})
final class Pkcs8Command implements Callable<Integer> {

    @ParentCommand
    Main main;

    @Mixin
    Passwords.PassinOption passin;

    @Spec
    CommandSpec spec;

    @Option(names = "-in", paramLabel = "FILE", description = "The key (default: standard input).")
    Path in;

    @Option(names = "-out", paramLabel = "FILE", description = "Output file (default: standard output).")
    Path out;

    @Option(names = "-topk8", description = "Write PKCS#8, encrypted unless -nocrypt.")
    boolean toPkcs8;

    @Option(names = "-nocrypt", description = "With -topk8, write the key unencrypted.")
    boolean noCrypt;

    @Option(names = "-v2", paramLabel = "CIPHER", description = "With -topk8, the PBES2 cipher: sm4-cbc (the default), "
            + "aes-128-cbc or aes-256-cbc.")
    String cipher;

    @Option(names = "-v2prf", paramLabel = "PRF", description = "With -topk8, PBKDF2's PRF: hmacWithSM3 (the default for "
            + "sm4-cbc; GmSSL and Bouncy Castle read it, OpenSSL 3.0 does not: for OpenSSL 3.0 use hmacWithSHA256) or "
            + "hmacWithSHA1/224/256/384/512 (hmacWithSHA256 the default for AES).")
    String prf;

    @Mixin
    EncryptedKeys.HmacSm3OidOption hmacSm3Oid;

    @Option(names = "-iter", paramLabel = "N", description = "With -topk8, PBKDF2's iterations (default: 10000, as the JDK's PKCS12).")
    Integer iterations;

    @Option(names = "-passout", paramLabel = "SOURCE", description = "With -topk8, the new password: pass:TEXT, env:VAR, "
            + "file:PATH, fd:N or stdin.")
    String passout;

    @Option(names = "-outform", paramLabel = "PEM|DER", description = "Output form (default: PEM).")
    String outform;

    @Override
    public Integer call() throws GeneralSecurityException, IOException {
        boolean der = PkiFiles.isDer(spec, "-outform", outform);
        boolean encrypt = toPkcs8 && !noCrypt;
        if (!encrypt && (cipher != null || prf != null || iterations != null || passout != null || hmacSm3Oid.oid != null)) {
            throw new ParameterException(spec.commandLine(), "-v2, -v2prf, -hmac_sm3_oid, -iter and -passout encrypt: they "
                    + "go with -topk8 and without -nocrypt");
        }
        if (noCrypt && !toPkcs8) {
            throw new ParameterException(spec.commandLine(), "-nocrypt goes with -topk8");
        }
        PrivateKey key = KeyFiles.readPrivateAnyAlgorithm(main, in);
        byte[] pkcs8 = key.getEncoded();
        try {
            byte[] output;
            String label;
            if (encrypt) {
                output = encrypt(pkcs8);
                label = "ENCRYPTED PRIVATE KEY";
            } else {
                output = pkcs8.clone();
                label = "PRIVATE KEY";
            }
            InputOutputOptions.write(main, out, PkiFiles.encoded(der ? "DER" : "PEM", label, output), true);
            Arrays.fill(output, (byte) 0);
        } finally {
            Arrays.fill(pkcs8, (byte) 0);
        }
        return 0;
    }

    private byte[] encrypt(byte[] pkcs8) throws GeneralSecurityException, IOException {
        String chosenCipher = cipher != null ? cipher : EncryptedKeys.DEFAULT_CIPHER;
        String chosenPrf = prf != null ? prf : EncryptedKeys.defaultPrf(chosenCipher);
        String problem = EncryptedKeys.checkNames(chosenCipher, chosenPrf);
        if (problem != null) {
            throw new ParameterException(spec.commandLine(), problem);
        }
        int count = iterations != null ? iterations : EncryptedKeys.DEFAULT_ITERATIONS;
        if (count < 1) {
            throw new ParameterException(spec.commandLine(), "-iter is at least 1, not " + count);
        }
        if (passout == null) {
            throw new ParameterException(spec.commandLine(), "-topk8 encrypts: give the password with -passout (or -nocrypt)");
        }
        return EncryptedKeys.encrypt(main, passout, pkcs8, chosenCipher, chosenPrf, count, hmacSm3Oid.chosen(spec, chosenPrf));
    }
}
