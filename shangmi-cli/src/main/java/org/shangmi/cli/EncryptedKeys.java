package org.shangmi.cli;

import java.io.IOException;
import java.security.AlgorithmParameters;
import java.security.GeneralSecurityException;
import java.security.InvalidKeyException;
import java.security.SecureRandom;
import java.security.spec.InvalidKeySpecException;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.Arrays;
import java.util.Locale;
import java.util.Map;
import javax.crypto.Cipher;
import javax.crypto.EncryptedPrivateKeyInfo;
import javax.crypto.SecretKey;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.PBEKeySpec;
import javax.crypto.spec.PBEParameterSpec;
import org.shangmi.provider.spec.Pbes2HmacSm3ParameterSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/**
 * Encrypted PKCS#8 keys (EncryptedPrivateKeyInfo with PBES2), as {@code openssl pkcs8 -topk8 -v2}
 * writes them: SM4-CBC through ShangMi's PBES2 (with HMAC-SM3, which OpenSSL 3.0 cannot read, or
 * an HMAC-SHA-2), AES-CBC through the JDK's. HMAC-SM3 is named by its own OID, as GmSSL and Bouncy
 * Castle read it, unless -hmac_sm3_oid names the other. Reading takes whatever scheme the file
 * names and an installed provider knows, both of HMAC-SM3's OIDs among them.
 */
final class EncryptedKeys {

    /** -hmac_sm3_oid, of the commands that write encrypted keys. */
    static final class HmacSm3OidOption {
        @Option(names = "-hmac_sm3_oid", paramLabel = "OID",
                description = "With the PRF hmacWithSM3, the OID that names it: 1.2.156.10197.1.401.2 (the default; "
                        + "HMAC-SM3's own, which GmSSL and Bouncy Castle read) or 1.2.156.10197.1.401.3.1 (GM/T "
                        + "0091-2020 A.2, which OpenSSL after 3.0 reads). OpenSSL 3.0 reads neither: for it, "
                        + "-v2prf hmacWithSHA256.")
        String oid;

        /**
         * The OID chosen, or null for the default.
         *
         * @throws ParameterException if it is not one of HMAC-SM3's, or the PRF is not HMAC-SM3
         */
        Pbes2HmacSm3ParameterSpec.PrfOid chosen(CommandSpec spec, String prf) {
            if (oid == null) {
                return null;
            }
            if (prf == null || !PRFS.get(prf.toLowerCase(Locale.ROOT)).equals("HmacSM3")) {
                throw new ParameterException(spec.commandLine(), "-hmac_sm3_oid goes with the PRF hmacWithSM3");
            }
            try {
                return Pbes2HmacSm3ParameterSpec.PrfOid.of(oid.trim());
            } catch (IllegalArgumentException e) {
                throw new ParameterException(spec.commandLine(), "-hmac_sm3_oid: " + e.getMessage());
            }
        }
    }

    /** openssl's -v2 cipher names and the JCA's scheme suffix. */
    private static final Map<String, String> CIPHERS = Map.of(
            "sm4-cbc", "SM4", "sm4", "SM4",
            "aes-128-cbc", "AES_128", "aes128", "AES_128",
            "aes-256-cbc", "AES_256", "aes256", "AES_256");
    /** openssl's -v2prf names and the JCA's. */
    private static final Map<String, String> PRFS = Map.of(
            "hmacwithsm3", "HmacSM3", "hmacwithsha1", "HmacSHA1", "hmacwithsha224", "HmacSHA224",
            "hmacwithsha256", "HmacSHA256", "hmacwithsha384", "HmacSHA384", "hmacwithsha512", "HmacSHA512");

    static final String DEFAULT_CIPHER = "sm4-cbc";
    static final String DEFAULT_PRF = "hmacWithSM3";
    /** PBKDF2's iterations for new files: the JDK's PKCS12 default and the provider's (openssl's is 2048). */
    static final int DEFAULT_ITERATIONS = 10_000;

    private EncryptedKeys() {
    }

    /** Whether {@code cipher} and {@code prf} are names {@link #encrypt} takes (messages for the caller). */
    static String checkNames(String cipher, String prf) {
        if (!CIPHERS.containsKey(cipher.toLowerCase(Locale.ROOT))) {
            return "the cipher is sm4-cbc, aes-128-cbc or aes-256-cbc, not " + cipher;
        }
        if (!PRFS.containsKey(prf.toLowerCase(Locale.ROOT))) {
            return "the PRF is hmacWithSM3 or hmacWithSHA1/224/256/384/512, not " + prf;
        }
        return null;
    }

    /** The PRF a cipher gets unless one is named: HMAC-SM3 for SM4, HMAC-SHA256 (openssl's default) for AES. */
    static String defaultPrf(String cipher) {
        return cipher.toLowerCase(Locale.ROOT).startsWith("sm4") ? DEFAULT_PRF : "hmacWithSHA256";
    }

    /** {@link #encrypt} under the password that {@code passout} names (read, used, wiped). */
    static byte[] encrypt(Main main, String passout, byte[] pkcs8, String cipher, String prf, int iterations,
            Pbes2HmacSm3ParameterSpec.PrfOid hmacSm3Oid) throws GeneralSecurityException, IOException {
        char[] password = Passwords.read(main, passout, "-passout");
        main.installedFirst(); // PBES2 with SM4 is ShangMi's
        try {
            return encrypt(pkcs8, password, cipher, prf, iterations, hmacSm3Oid);
        } finally {
            wipe(password);
        }
    }

    /**
     * The DER EncryptedPrivateKeyInfo of {@code pkcs8} under {@code password} (PBES2, fresh salt
     * and IV); {@code hmacSm3Oid} names HMAC-SM3's OID (null: the provider's default).
     */
    static byte[] encrypt(byte[] pkcs8, char[] password, String cipher, String prf, int iterations,
            Pbes2HmacSm3ParameterSpec.PrfOid hmacSm3Oid) throws GeneralSecurityException, IOException {
        String scheme = "PBEWith" + PRFS.get(prf.toLowerCase(Locale.ROOT)) + "And" + CIPHERS.get(cipher.toLowerCase(Locale.ROOT));
        SecureRandom random = new SecureRandom();
        byte[] salt = new byte[16];
        byte[] iv = new byte[16];
        random.nextBytes(salt);
        random.nextBytes(iv);
        Cipher encryptor = Cipher.getInstance(scheme);
        PBEParameterSpec parameters = hmacSm3Oid == null ? new PBEParameterSpec(salt, iterations, new IvParameterSpec(iv))
                : new Pbes2HmacSm3ParameterSpec(salt, iterations, new IvParameterSpec(iv), hmacSm3Oid);
        encryptor.init(Cipher.ENCRYPT_MODE, passwordKey(password), parameters);
        byte[] encrypted = encryptor.doFinal(pkcs8);
        // as "PBES2" parameters: the JDK names the scheme's own parameters (PBEWithHmacSHA256AndAES_256)
        // with no OID of its own, but knows PBES2's
        AlgorithmParameters pbes2 = AlgorithmParameters.getInstance("PBES2");
        pbes2.init(encryptor.getParameters().getEncoded());
        return new EncryptedPrivateKeyInfo(pbes2, encrypted).getEncoded();
    }

    /** The EncryptedPrivateKeyInfo in DER {@code der}, or null if it is none (a plain key, say). */
    static EncryptedPrivateKeyInfo parse(byte[] der) {
        try {
            return new EncryptedPrivateKeyInfo(der);
        } catch (IOException | RuntimeException notEncrypted) {
            return null;
        }
    }

    /**
     * The PKCS#8 DER inside {@code info}, decrypted with {@code password}.
     *
     * @throws InvalidKeyException saying the password is wrong when the decryption or its result does not check out
     */
    static byte[] decrypt(EncryptedPrivateKeyInfo info, char[] password, String file) throws GeneralSecurityException {
        AlgorithmParameters parameters = info.getAlgParameters();
        if (parameters == null) {
            throw new InvalidKeySpecException(file + ": an encrypted key without parameters (" + info.getAlgName() + ")");
        }
        Cipher decryptor;
        try {
            decryptor = Cipher.getInstance(parameters.toString()); // PBES2: the scheme's name, as the JDK documents
        } catch (GeneralSecurityException | RuntimeException notPbes2) {
            try {
                decryptor = Cipher.getInstance(info.getAlgName()); // PBES1 and others: the algorithm's own name
            } catch (GeneralSecurityException e) {
                throw new InvalidKeySpecException(file + ": encrypted with " + info.getAlgName()
                        + ", which no installed provider decrypts", e);
            }
        }
        decryptor.init(Cipher.DECRYPT_MODE, passwordKey(password), parameters);
        try {
            PKCS8EncodedKeySpec spec = info.getKeySpec(decryptor);
            return spec.getEncoded();
        } catch (InvalidKeySpecException e) {
            throw new InvalidKeyException(file + ": wrong password (or a damaged file): the key does not decrypt", e);
        }
    }

    private static SecretKey passwordKey(char[] password) throws GeneralSecurityException {
        PBEKeySpec spec = new PBEKeySpec(password);
        try {
            return SecretKeyFactory.getInstance("PBE").generateSecret(spec);
        } finally {
            spec.clearPassword();
        }
    }

    static void wipe(char[] password) {
        if (password != null) {
            Arrays.fill(password, '\0');
        }
    }
}
