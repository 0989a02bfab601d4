package org.shangmi.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.spec.InvalidKeySpecException;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.X509EncodedKeySpec;
import java.util.Arrays;
import java.util.List;
import javax.crypto.EncryptedPrivateKeyInfo;
import org.shangmi.provider.Sm9MasterPublicKey;
import org.shangmi.provider.spec.PemKeySpec;
import picocli.CommandLine.Option;

/**
 * SM9 keys in GmSSL's files: private keys (master and user) as PEM "ENCRYPTED PRIVATE KEY"
 * (PBES2, PBKDF2 with HMAC-SM3, SM4-CBC), master public keys as PEM "SM9 SIGN MASTER PUBLIC KEY"
 * or "SM9 ENC MASTER PUBLIC KEY". Passwords are given as GmSSL takes them: the text itself.
 */
final class Sm9Files {

    static final String ENCRYPTED_PEM = "ENCRYPTED PRIVATE KEY";

    /** GmSSL's {@code -pass} of the commands that read one private key. */
    static final class PassOption {
        @Option(names = "-pass", paramLabel = "PASSWORD", required = true,
                description = "The password of the private key file (the text itself, as GmSSL takes it).")
        String password;
    }

    private Sm9Files() {
    }

    /** The private key in {@code file} (encrypted PEM or DER, or plain PKCS#8), decrypted with {@code password}. */
    static PrivateKey readPrivate(Main main, Path file, String password) throws IOException, GeneralSecurityException {
        byte[] bytes = InputOutputOptions.read(main, file);
        byte[] der = null;
        char[] chars = password == null ? null : password.toCharArray();
        try {
            List<byte[]> blocks = Pem.decodeAll(bytes, ENCRYPTED_PEM, "PRIVATE KEY");
            der = blocks.isEmpty() ? bytes.clone() : blocks.get(0);
            main.installedFirst(); // the JDK parses PBES2 with SM4 through the installed providers
            EncryptedPrivateKeyInfo info = EncryptedKeys.parse(der);
            String name = file == null ? "standard input" : file.toString();
            if (info != null) {
                if (chars == null) {
                    throw new InvalidKeySpecException(name + ": the key is encrypted: give its password");
                }
                byte[] plain = EncryptedKeys.decrypt(info, chars, name);
                Arrays.fill(der, (byte) 0);
                der = plain;
            }
            try {
                return KeyFactory.getInstance("SM9", main.provider()).generatePrivate(new PKCS8EncodedKeySpec(der));
            } catch (InvalidKeySpecException e) {
                throw new InvalidKeySpecException(name + ": not an SM9 private key (" + e.getMessage() + ")", e);
            }
        } finally {
            Arrays.fill(bytes, (byte) 0);
            if (der != null) {
                Arrays.fill(der, (byte) 0);
            }
            EncryptedKeys.wipe(chars);
        }
    }

    /** Writes {@code key} to {@code out} as GmSSL does: PKCS#8 encrypted under {@code password}, PEM. */
    static void writePrivate(Main main, Path out, PrivateKey key, String password) throws IOException, GeneralSecurityException {
        byte[] pkcs8 = key.getEncoded();
        char[] chars = password.toCharArray();
        try {
            main.installedFirst();
            byte[] encrypted = EncryptedKeys.encrypt(pkcs8, chars, EncryptedKeys.DEFAULT_CIPHER, EncryptedKeys.DEFAULT_PRF,
                    EncryptedKeys.DEFAULT_ITERATIONS, null);
            InputOutputOptions.write(main, out, Pem.encode(ENCRYPTED_PEM, encrypted).getBytes(StandardCharsets.US_ASCII), true);
        } finally {
            Arrays.fill(pkcs8, (byte) 0);
            EncryptedKeys.wipe(chars);
        }
    }

    /** A master public key from GmSSL's PEM, or DER (GmSSL's or X.509). */
    static Sm9MasterPublicKey readPublic(Main main, Path file) throws IOException, GeneralSecurityException {
        byte[] bytes = InputOutputOptions.read(main, file);
        KeyFactory factory = KeyFactory.getInstance("SM9", main.provider());
        String name = file == null ? "standard input" : file.toString();
        try {
            PublicKey key = Pem.isPem(bytes)
                    ? factory.generatePublic(new PemKeySpec(new String(bytes, StandardCharsets.US_ASCII)))
                    : factory.generatePublic(new X509EncodedKeySpec(bytes));
            return (Sm9MasterPublicKey) key;
        } catch (InvalidKeySpecException e) {
            throw new InvalidKeySpecException(name + ": not an SM9 master public key (" + e.getMessage() + ")", e);
        }
    }

    /** Wipes a key of this provider (their destroy never fails); other objects are left alone. */
    static void destroy(Object key) {
        if (key instanceof javax.security.auth.Destroyable destroyable) {
            try {
                destroyable.destroy();
            } catch (javax.security.auth.DestroyFailedException notWipeable) {
                // a key of another provider that cannot be wiped: nothing more to do here
            }
        }
    }

    /** The master public key as GmSSL's PEM. */
    static byte[] publicPem(Main main, PublicKey key) throws GeneralSecurityException {
        return KeyFactory.getInstance("SM9", main.provider()).getKeySpec(key, PemKeySpec.class).getText()
                .getBytes(StandardCharsets.US_ASCII);
    }
}
