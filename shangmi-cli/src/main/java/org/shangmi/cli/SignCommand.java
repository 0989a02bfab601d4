package org.shangmi.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.PrivateKey;
import java.security.Signature;
import java.util.concurrent.Callable;
import org.shangmi.provider.spec.Sm2SignatureSpec;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/** {@code shangmi sign}: an SM3withSM2 signature, like {@code openssl dgst -sm3 -sign KEY -sigopt distid:ID}. */
@Command(name = "sign", mixinStandardHelpOptions = true,
        description = "Sign the input with SM3withSM2; the signature is DER (or 64-byte r||s with -raw).")
final class SignCommand implements Callable<Integer> {

    @ParentCommand
    Main main;

    @Mixin
    Passwords.PassinOption passin;

    @Mixin
    InputOutputOptions io;

    @Mixin
    DeviceKeys.SdfOption sdf;

    @Option(names = "-key", paramLabel = "FILE", required = true, description = "The private key file (any form), or sdf:N with -sdf.")
    Path keyFile;

    @Option(names = "-id", paramLabel = "ID", defaultValue = "1234567812345678",
            description = "The signer's ID (default: ${DEFAULT-VALUE}).")
    String id;

    @Option(names = "-raw", description = "Write r||s (64 bytes) instead of DER.")
    boolean raw;

    /** SM3withSM2 (DER, or r || s if {@code raw}) with the signer's ID, for sign and verify alike. */
    static Signature signature(Main main, boolean raw, String id) throws GeneralSecurityException {
        Signature signature = Signature.getInstance(raw ? "SM3withSM2inP1363Format" : "SM3withSM2", main.provider());
        signature.setParameter(new Sm2SignatureSpec(id.getBytes(StandardCharsets.UTF_8)));
        return signature;
    }

    @Override
    public Integer call() throws GeneralSecurityException, IOException {
        PrivateKey key = KeyFiles.readPrivate(main, keyFile);
        if (raw && DeviceKeys.names(keyFile)) {
            throw new GeneralSecurityException("-raw: a device signs in DER only; convert with the signature's r and s");
        }
        Signature signer = Signature.getInstance(raw ? "SM3withSM2inP1363Format" : "SM3withSM2", DeviceKeys.providerFor(main, key));
        signer.setParameter(new Sm2SignatureSpec(id.getBytes(StandardCharsets.UTF_8)));
        signer.initSign(key);
        signer.update(io.readInput(main));
        io.write(main, signer.sign(), false);
        return 0;
    }
}
