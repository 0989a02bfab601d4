package org.shangmi.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.NoSuchAlgorithmException;
import java.security.PrivateKey;
import java.security.Provider;
import java.security.PublicKey;
import java.security.spec.InvalidKeySpecException;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.X509EncodedKeySpec;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.shangmi.provider.Sm2PrivateKey;
import org.shangmi.provider.spec.PemKeySpec;
import org.shangmi.provider.spec.Sm2CompressedPublicKeySpec;
import org.shangmi.provider.spec.Sm2RawPrivateKeySpec;
import org.shangmi.provider.spec.Sm2UncompressedPublicKeySpec;
import org.shangmi.pki.KeyAlgorithm;

/**
 * Reads SM2 keys from files in whatever form they come: PEM (PKCS#8, SEC1, X.509), DER, or the
 * bare forms, binary or hex text: a 32-byte private scalar, a 65-byte 04 || x || y or 33-byte
 * 02/03 || x point.
 */
final class KeyFiles {

    private KeyFiles() {
    }

    static PrivateKey readPrivate(Main main, Path file) throws IOException, GeneralSecurityException {
        if (DeviceKeys.names(file)) {
            return DeviceKeys.key(main, file, false);
        }
        byte[] bytes = decrypted(main, file, InputOutputOptions.read(main, file));
        try {
            return sm2Private(main, file, bytes);
        } finally {
            Arrays.fill(bytes, (byte) 0);
        }
    }

    /**
     * {@code bytes} itself, or for an encrypted PKCS#8 key (PEM "ENCRYPTED PRIVATE KEY" or DER) the
     * PKCS#8 DER inside, decrypted with the command's {@code -passin}; the encrypted bytes are wiped.
     */
    /** The private key to decrypt with: as {@link #readPrivate}, and for a device key (sdf:N) the pair's encryption key. */
    static PrivateKey readDecryptionKey(Main main, Path file) throws IOException, GeneralSecurityException {
        return DeviceKeys.names(file) ? DeviceKeys.key(main, file, true) : readPrivate(main, file);
    }

    private static byte[] decrypted(Main main, Path file, byte[] bytes) throws IOException, GeneralSecurityException {
        byte[] der = isPem(bytes) ? encryptedPem(bytes) : bytes;
        if (der == null) {
            return bytes;
        }
        main.installedFirst(); // the JDK parses the PBES2 parameters through the providers: SM4's are ShangMi's
        javax.crypto.EncryptedPrivateKeyInfo info = EncryptedKeys.parse(der);
        String name = file == null ? "standard input" : file.toString();
        if (info == null) {
            if (isPem(bytes)) {
                throw new InvalidKeySpecException(ProviderOrder.explain(name
                        + ": an encrypted private key whose scheme no installed provider reads"));
            }
            return bytes;
        }
        if (main.passin() == null) {
            throw new InvalidKeySpecException(name + ": the key is encrypted: give its password with -passin");
        }
        char[] password = Passwords.read(main, main.passin(), "-passin");
        try {
            return EncryptedKeys.decrypt(info, password, name);
        } finally {
            EncryptedKeys.wipe(password);
            Arrays.fill(bytes, (byte) 0);
        }
    }

    /** The first PEM block labelled ENCRYPTED PRIVATE KEY, or null. */
    private static byte[] encryptedPem(byte[] bytes) {
        List<byte[]> blocks = Pem.decodeAll(bytes, "ENCRYPTED PRIVATE KEY");
        return blocks.isEmpty() ? null : blocks.get(0);
    }

    /**
     * A private key of any algorithm: a PKCS#8 key (PEM, the first "PRIVATE KEY" block of a
     * file that may hold certificates too, or DER) through the installed providers, ShangMi's
     * for SM2; an SM2 key in any other form {@link #readPrivate} reads.
     */
    static PrivateKey readPrivateAnyAlgorithm(Main main, Path file) throws IOException, GeneralSecurityException {
        if (DeviceKeys.names(file)) {
            return DeviceKeys.key(main, file, false);
        }
        byte[] bytes = decrypted(main, file, InputOutputOptions.read(main, file));
        byte[] der = null;
        try {
            der = pkcs8(bytes);
            KeyAlgorithm algorithm = der == null ? null : KeyAlgorithm.ofPkcs8(der);
            if (algorithm == null) {
                return sm2Private(main, file, bytes);
            }
            PKCS8EncodedKeySpec spec = new PKCS8EncodedKeySpec(der);
            if (SM2_CURVE.equals(algorithm.parameterOid()) || SM2_CURVE.equals(algorithm.oid())) {
                return KeyFactory.getInstance("SM2", main.provider()).generatePrivate(spec);
            }
            String name = KEY_ALGORITHMS.getOrDefault(algorithm.oid(), algorithm.oid());
            try {
                return KeyFactory.getInstance(name).generatePrivate(spec);
            } catch (NoSuchAlgorithmException e) {
                throw new NoSuchAlgorithmException(file + ": no installed provider reads " + name + " keys", e);
            } catch (InvalidKeySpecException e) {
                throw new InvalidKeySpecException(file + ": not a " + name + " private key (" + e.getMessage() + ")", e);
            }
        } finally {
            Arrays.fill(bytes, (byte) 0);
            if (der != null) {
                Arrays.fill(der, (byte) 0);
            }
        }
    }

    /** sm2p256v1, as an EC key's curve or as the key algorithm itself. */
    private static final String SM2_CURVE = "1.2.156.10197.1.301";

    /** Key algorithm names for OIDs the JDK does not take as aliases everywhere (EC on JDK 17). */
    private static final Map<String, String> KEY_ALGORITHMS = Map.of(
            "1.2.840.10045.2.1", "EC",
            "1.2.840.113549.1.1.1", "RSA",
            "1.2.840.113549.1.1.10", "RSASSA-PSS",
            "1.3.101.112", "Ed25519",
            "1.3.101.113", "Ed448",
            "1.2.840.10040.4.1", "DSA");

    /** The DER of a PKCS#8 key: the first PEM "PRIVATE KEY" block, or the bytes if they are DER; null otherwise. */
    private static byte[] pkcs8(byte[] bytes) {
        if (!isPem(bytes)) {
            return bytes.clone();
        }
        List<byte[]> blocks = Pem.decodeAll(bytes, "PRIVATE KEY");
        return blocks.isEmpty() ? null : blocks.get(0);
    }

    private static PrivateKey sm2Private(Main main, Path file, byte[] bytes) throws GeneralSecurityException {
        Provider provider = main.provider();
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
        }
    }

    static PublicKey readPublic(Main main, Path file) throws IOException, GeneralSecurityException {
        return readPublic(main, file, false);
    }

    /**
     * The SM2 public key of a file: a public or private key in any form {@link #readPrivate}
     * reads, or a certificate (PEM or DER), as openssl's {@code -certin} takes; with
     * {@code certificateOnly}, a certificate and nothing else.
     */
    static PublicKey readPublic(Main main, Path file, boolean certificateOnly) throws IOException, GeneralSecurityException {
        Provider provider = main.provider();
        byte[] bytes = InputOutputOptions.read(main, file);
        KeyFactory factory = KeyFactory.getInstance("SM2", provider);
        if (!certificateOnly) {
            byte[] plain = decrypted(main, file, bytes);
            if (plain != bytes) { // an encrypted private key, decrypted with -passin: its public key
                try {
                    return ((Sm2PrivateKey) factory.generatePrivate(new PKCS8EncodedKeySpec(plain))).getPublicKey();
                } catch (InvalidKeySpecException e) {
                    throw new InvalidKeySpecException(file + ": not an SM2 private key (" + e.getMessage() + ")", e);
                } finally {
                    Arrays.fill(plain, (byte) 0);
                }
            }
        }
        // a file holding a private key and certificates (a chain) stands for the private key's public key
        byte[] certificate = !certificateOnly && isPem(bytes)
                && new String(bytes, StandardCharsets.US_ASCII).contains("PRIVATE KEY-----") ? null : certificatePem(bytes);
        if (certificate != null || certificateOnly) {
            return certificateKey(main, factory, file, certificate != null ? certificate : bytes);
        }
        try {
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
            try {
                return factory.generatePublic(new X509EncodedKeySpec(bytes));
            } catch (InvalidKeySpecException notAKey) {
                try {
                    return certificateKey(main, factory, file, bytes); // a DER certificate
                } catch (InvalidKeySpecException notACertificate) {
                    throw notAKey;
                }
            }
        } catch (InvalidKeySpecException e) {
            throw new InvalidKeySpecException(file + ": not an SM2 public key (" + e.getMessage() + ")", e);
        }
    }

    /** The DER of the first PEM block labelled CERTIFICATE in {@code bytes}, or null. */
    private static byte[] certificatePem(byte[] bytes) {
        if (!isPem(bytes) || !new String(bytes, StandardCharsets.US_ASCII).contains("-----BEGIN CERTIFICATE-----")) {
            return null;
        }
        return Pem.derOf(bytes, "CERTIFICATE");
    }

    /** The SM2 public key of a DER certificate, through the JDK's factory with ShangMi first. */
    private static PublicKey certificateKey(Main main, KeyFactory factory, Path file, byte[] der)
            throws InvalidKeySpecException {
        main.installedFirst();
        try {
            PublicKey key = PkiFiles.parse(der).getPublicKey();
            return factory.generatePublic(new X509EncodedKeySpec(key.getEncoded()));
        } catch (java.security.cert.CertificateException | InvalidKeySpecException | RuntimeException e) {
            throw new InvalidKeySpecException(ProviderOrder.explain(file + ": not a certificate with an SM2 public key ("
                    + e.getMessage() + ")"), e);
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
