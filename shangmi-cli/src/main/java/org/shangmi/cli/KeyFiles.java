package org.shangmi.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.Provider;
import java.security.PublicKey;
import java.security.spec.InvalidKeySpecException;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.X509EncodedKeySpec;
import java.util.Arrays;
import java.util.HexFormat;
import org.shangmi.provider.Sm2PrivateKey;
import org.shangmi.provider.spec.PemKeySpec;
import org.shangmi.provider.spec.Sm2CompressedPublicKeySpec;
import org.shangmi.provider.spec.Sm2RawPrivateKeySpec;
import org.shangmi.provider.spec.Sm2UncompressedPublicKeySpec;

/**
 * Reads SM2 keys from files in whatever form they come: PEM (PKCS#8, SEC1, X.509), DER, or the
 * bare forms, binary or hex text: a 32-byte private scalar, a 65-byte 04 || x || y or 33-byte
 * 02/03 || x point.
 */
final class KeyFiles {

    private KeyFiles() {
    }

    static PrivateKey readPrivate(Main main, Path file) throws IOException, GeneralSecurityException {
        Provider provider = main.provider();
        byte[] bytes = InputOutputOptions.read(main, file);
        try {
            KeyFactory factory = KeyFactory.getInstance("SM2", provider);
            if (isPem(bytes)) {
                return factory.generatePrivate(new PemKeySpec(new String(bytes, StandardCharsets.US_ASCII)));
            }
            byte[] bare = bare(bytes);
            if (bare != null && bare.length == 32) {
                return factory.generatePrivate(new Sm2RawPrivateKeySpec(bare));
            }
            return factory.generatePrivate(new PKCS8EncodedKeySpec(bytes));
        } catch (InvalidKeySpecException e) {
            throw new InvalidKeySpecException(file + ": not an SM2 private key (" + e.getMessage() + ")", e);
        } finally {
            Arrays.fill(bytes, (byte) 0);
        }
    }

    static PublicKey readPublic(Main main, Path file) throws IOException, GeneralSecurityException {
        Provider provider = main.provider();
        byte[] bytes = InputOutputOptions.read(main, file);
        try {
            KeyFactory factory = KeyFactory.getInstance("SM2", provider);
            if (isPem(bytes)) {
                String text = new String(bytes, StandardCharsets.US_ASCII);
                if (text.contains("PRIVATE KEY-----")) {
                    return ((Sm2PrivateKey) factory.generatePrivate(new PemKeySpec(text))).getPublicKey();
                }
                return factory.generatePublic(new PemKeySpec(text));
            }
            byte[] bare = bare(bytes);
            if (bare != null && bare.length == 65) {
                return factory.generatePublic(new Sm2UncompressedPublicKeySpec(bare));
            }
            if (bare != null && bare.length == 33) {
                return factory.generatePublic(new Sm2CompressedPublicKeySpec(bare));
            }
            return factory.generatePublic(new X509EncodedKeySpec(bytes));
        } catch (InvalidKeySpecException e) {
            throw new InvalidKeySpecException(file + ": not an SM2 public key (" + e.getMessage() + ")", e);
        }
    }

    private static boolean isPem(byte[] bytes) {
        return new String(bytes, 0, Math.min(bytes.length, 4096), StandardCharsets.US_ASCII).contains("-----BEGIN ");
    }

    /** The bytes of a bare key: the file itself if 32, 33 or 65 bytes, or its hex text; null if neither. */
    private static byte[] bare(byte[] bytes) {
        if (bytes.length == 32 || bytes.length == 33 || bytes.length == 65) {
            return bytes.clone();
        }
        String text = new String(bytes, StandardCharsets.US_ASCII).strip();
        if (text.matches("[0-9a-fA-F]+") && text.length() % 2 == 0) {
            return HexFormat.of().parseHex(text);
        }
        return null;
    }
}
