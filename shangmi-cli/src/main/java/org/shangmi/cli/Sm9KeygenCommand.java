package org.shangmi.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.util.concurrent.Callable;
import org.shangmi.provider.Sm9MasterPrivateKey;
import org.shangmi.provider.spec.Sm9KeyKind;
import org.shangmi.provider.spec.Sm9ParameterSpec;
import org.shangmi.provider.spec.Sm9UserKeySpec;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/** {@code shangmi sm9keygen}: a user's private key from a master key and an identity, as {@code gmssl sm9keygen}. */
@Command(name = "sm9keygen", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Extract an SM9 user's private key from a master key (the KGC's work), in GmSSL's files.",
            "Example:",
            "  shangmi sm9keygen -alg sm9sign -in sign_msk.pem -inpass P -id Alice \\",
            "      -out alice.pem -outpass Q"})
final class Sm9KeygenCommand implements Callable<Integer> {

    @ParentCommand
    Main main;

    @Option(names = "-alg", paramLabel = "sm9sign|sm9encrypt|sm9keyagreement", required = true,
            description = "sm9sign (hid 1) from a signature master key; sm9encrypt (hid 3) or sm9keyagreement (hid 2) "
                    + "from an encryption master key.")
    String algorithm;

    @Option(names = "-in", paramLabel = "FILE", description = "The master private key (default: standard input).")
    Path in;

    @Option(names = "-inpass", paramLabel = "PASSWORD", required = true, description = "The master key's password.")
    String inpass;

    @Option(names = "-id", paramLabel = "ID", required = true, description = "The user's identity.")
    String id;

    @Option(names = "-out", paramLabel = "FILE", description = "The user key, encrypted PEM (default: standard output).")
    Path out;

    @Option(names = "-outpass", paramLabel = "PASSWORD", required = true, description = "The password to encrypt it with.")
    String outpass;

    @Override
    public Integer call() throws GeneralSecurityException, IOException {
        Sm9KeyKind kind;
        byte hid;
        switch (algorithm) {
            case "sm9sign" -> {
                kind = Sm9KeyKind.SIGN;
                hid = Sm9ParameterSpec.HID_SIGN;
            }
            case "sm9encrypt" -> {
                kind = Sm9KeyKind.ENCRYPT;
                hid = Sm9ParameterSpec.HID_ENCRYPT;
            }
            case "sm9keyagreement" -> {
                kind = Sm9KeyKind.ENCRYPT;
                hid = Sm9ParameterSpec.HID_EXCHANGE;
            }
            default -> throw new IllegalArgumentException("-alg is sm9sign, sm9encrypt or sm9keyagreement, not " + algorithm);
        }
        PrivateKey master = Sm9Files.readPrivate(main, in, inpass);
        try {
            if (!(master instanceof Sm9MasterPrivateKey masterKey) || masterKey.getKind() != kind) {
                throw new GeneralSecurityException((in == null ? "standard input" : in) + ": -alg " + algorithm + " needs an SM9 "
                        + (kind == Sm9KeyKind.SIGN ? "signature" : "encryption") + " master key");
            }
            PrivateKey user = KeyFactory.getInstance("SM9", main.provider())
                    .generatePrivate(new Sm9UserKeySpec(master, id.getBytes(StandardCharsets.UTF_8), hid));
            try {
                Sm9Files.writePrivate(main, out, user, outpass);
            } finally {
                Sm9Files.destroy(user);
            }
        } finally {
            Sm9Files.destroy(master);
        }
        return 0;
    }
}
