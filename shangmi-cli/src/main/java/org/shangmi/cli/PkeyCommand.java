package org.shangmi.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.Key;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.util.HexFormat;
import java.util.concurrent.Callable;
import org.shangmi.provider.Sm2PrivateKey;
import org.shangmi.provider.Sm2PublicKey;
import org.shangmi.provider.spec.PemKeySpec;
import org.shangmi.provider.spec.Sm2RawPrivateKeySpec;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/** {@code shangmi pkey}: convert an SM2 key between its forms, like {@code openssl pkey}. */
@Command(name = "pkey", mixinStandardHelpOptions = true,
        description = "Read an SM2 key in any form (PEM, DER, raw or hex) and write it in another.")
final class PkeyCommand implements Callable<Integer> {

    /** The forms a key can be written in. */
    enum Form { PEM, DER, RAW, COMPRESSED, UNCOMPRESSED }

    @ParentCommand
    Main main;

    @Mixin
    Passwords.PassinOption passin;

    @Mixin
    InputOutputOptions io;

    @Option(names = "-key", paramLabel = "FILE", required = true, description = "The key file.")
    Path keyFile;

    @Option(names = "-pubin", description = "The file holds a public key.")
    boolean publicIn;

    @Option(names = "-pubout", description = "Write the public key (of a private key, derived).")
    boolean publicOut;

    @Option(names = "-outform", paramLabel = "FORM", defaultValue = "PEM",
            description = "PEM, DER, RAW (hex of the 32-byte private scalar, or of 04||x||y), "
                    + "COMPRESSED or UNCOMPRESSED (hex of the public point). Default: ${DEFAULT-VALUE}.")
    Form form;

    @Override
    public Integer call() throws GeneralSecurityException, IOException {
        KeyFactory factory = KeyFactory.getInstance("SM2", main.provider());
        Key key;
        if (publicIn) {
            key = KeyFiles.readPublic(main, keyFile);
        } else {
            PrivateKey privateKey = KeyFiles.readPrivate(main, keyFile);
            key = publicOut || form == Form.COMPRESSED || form == Form.UNCOMPRESSED
                    ? ((Sm2PrivateKey) privateKey).getPublicKey() : privateKey;
        }
        boolean secret = key instanceof PrivateKey;
        byte[] bytes = switch (form) {
            case PEM -> factory.getKeySpec(key, PemKeySpec.class).getText().getBytes(StandardCharsets.US_ASCII);
            case DER -> key.getEncoded();
            case RAW -> hexLine(secret ? factory.getKeySpec(key, Sm2RawPrivateKeySpec.class).getEncoded()
                    : ((Sm2PublicKey) key).getUncompressed());
            case COMPRESSED -> hexLine(((Sm2PublicKey) key).getCompressed());
            case UNCOMPRESSED -> hexLine(((Sm2PublicKey) key).getUncompressed());
        };
        io.write(main, bytes, secret);
        return 0;
    }

    private static byte[] hexLine(byte[] bytes) {
        return (HexFormat.of().formatHex(bytes) + "\n").getBytes(StandardCharsets.US_ASCII);
    }
}
