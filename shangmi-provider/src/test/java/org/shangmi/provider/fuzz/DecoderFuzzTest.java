package org.shangmi.provider.fuzz;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.AlgorithmParameters;
import java.security.GeneralSecurityException;
import java.security.InvalidAlgorithmParameterException;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.ProviderException;
import java.security.PublicKey;
import java.security.Security;
import java.security.Signature;
import java.security.cert.CRLException;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.security.cert.X509CRL;
import java.security.cert.X509Certificate;
import java.security.spec.InvalidKeySpecException;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.X509EncodedKeySpec;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import javax.crypto.AEADBadTagException;
import javax.crypto.BadPaddingException;
import javax.crypto.Cipher;
import javax.crypto.IllegalBlockSizeException;
import javax.crypto.SecretKey;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.PBEKeySpec;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.shangmi.core.testing.Vectors;
import org.shangmi.core.util.Der;
import org.shangmi.provider.Backend;
import org.shangmi.provider.ShangMiProvider;
import org.shangmi.provider.Sm2PrivateKey;
import org.shangmi.provider.Sm9MasterPrivateKey;
import org.shangmi.provider.spec.PemKeySpec;
import org.shangmi.provider.spec.Sm9CipherParameterSpec;
import org.shangmi.provider.spec.Sm9ParameterSpec;
import org.shangmi.provider.spec.Sm9UserKeySpec;

/**
 * Fuzz targets for every decoder and every decrypt and verify path. Each may refuse its input
 * only with the exception its API documents; any other exception, or a wrong answer, is a
 * finding. In every build they run on their inputs (src/test/resources/.../DecoderFuzzTestInputs:
 * valid samples from OpenSSL and Bouncy Castle, and past findings); {@code bin/fuzz} fuzzes them
 * for as long as asked. The first byte of the signature and ciphertext inputs picks the backend
 * and the layout.
 */
class DecoderFuzzTest {

    /** A test key (openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:SM2), used by the seeds. */
    private static final String KEY_PEM = """
            -----BEGIN PRIVATE KEY-----
            MIGHAgEAMBMGByqGSM49AgEGCCqBHM9VAYItBG0wawIBAQQgeMnzcSQv8o1NltiY
            Iv+9XyRuSk6F+hdWnn1eqD3usOihRANCAASO3cKx8VnpUkW8gMCs/7Tipp8oUkV3
            OdX0WkNWH4J8JslOFH8euWfoF9m2EbaWAfjUtYb17rYnmP0Qf3GRrIjC
            -----END PRIVATE KEY-----
            """;
    /** What the seeds sign and encrypt. */
    private static final byte[] MESSAGE = "fuzz".getBytes(StandardCharsets.US_ASCII);
    private static final String[] LAYOUTS = {"SM2", "SM2/DER_C1C2C3/NoPadding", "SM2/C1C3C2/NoPadding", "SM2/C1C2C3/NoPadding"};

    private static final List<ShangMiProvider> BACKENDS = new ArrayList<>();
    private static final KeyFactory KEYS;
    private static final PrivateKey PRIVATE_KEY;
    private static final PublicKey PUBLIC_KEY;
    private static final String MAX_ITERATIONS = "shangmi.pbe.maxIterations";
    private static final SecretKey PASSWORD;
    private static final SecretKeySpec SM4_KEY = new SecretKeySpec(
            new byte[] {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}, "SM4");

    /** The SM9 examples of GM/T 0044.5 (vectors/sm9-gmt0044.jsonl): Alice's signature of MESSAGE_SM9_SIGN, Bob's ciphertext. */
    private static final byte[] MESSAGE_SM9_SIGN = "Chinese IBS standard".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] MESSAGE_SM9_ENCRYPT = "Chinese IBE standard".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] SM9_SIGNATURE;
    private static final PublicKey SM9_SIGN_MASTER;
    private static final PrivateKey SM9_BOB;
    private static final KeyFactory SM9_KEYS;

    static {
        BACKENDS.add(new ShangMiProvider(Backend.JAVA));
        for (Backend backend : new Backend[] {Backend.FFM, Backend.JNI}) {
            try {
                BACKENDS.add(new ShangMiProvider(backend));
            } catch (ProviderException unavailable) {
                // FFM before JDK 22, no C library, or no libcrypto: the other backends
            }
        }
        try {
            KEYS = KeyFactory.getInstance("SM2", BACKENDS.get(0));
            PRIVATE_KEY = KEYS.generatePrivate(new PemKeySpec(KEY_PEM));
            PUBLIC_KEY = ((Sm2PrivateKey) PRIVATE_KEY).getPublicKey();
            PASSWORD = SecretKeyFactory.getInstance("PBE").generateSecret(new PBEKeySpec("fuzz".toCharArray()));
            SM9_KEYS = KeyFactory.getInstance("SM9", BACKENDS.get(0));
            Vectors.Record sign = Vectors.load(Vectors.SM9, "SM9-SIGN").get(0);
            SM9_SIGN_MASTER = ((Sm9MasterPrivateKey) SM9_KEYS.generatePrivate(new PKCS8EncodedKeySpec(
                    sm9MasterPkcs8("1.2.156.10197.1.302.1", sign.hex("ks"), "04" + sign.text("ppub_s"))))).getPublicKey();
            SM9_SIGNATURE = new Der.Writer().element(Der.OCTET_STRING, sign.hex("h")).bitString(sign.hex("s")).wrap(Der.SEQUENCE);
            Vectors.Record encrypt = Vectors.load(Vectors.SM9, "SM9-ENCRYPT").get(0);
            PrivateKey master = SM9_KEYS.generatePrivate(new PKCS8EncodedKeySpec(
                    sm9MasterPkcs8("1.2.156.10197.1.302.3", encrypt.hex("ke"), "04" + encrypt.text("ppub_e"))));
            SM9_BOB = SM9_KEYS.generatePrivate(new Sm9UserKeySpec(master, encrypt.hex("idb"), encrypt.hex("hid")[0]));
        } catch (GeneralSecurityException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private static byte[] sm9MasterPkcs8(String kindOid, byte[] secret, String pointHex) {
        byte[] inner = new Der.Writer().unsignedInteger(secret, 0, secret.length).bitString(HexFormat.of().parseHex(pointHex))
                .wrap(Der.SEQUENCE);
        byte[] algorithm = new Der.Writer().element(Der.OBJECT_IDENTIFIER, Der.oid("1.2.156.10197.1.302"))
                .element(Der.OBJECT_IDENTIFIER, Der.oid(kindOid)).wrap(Der.SEQUENCE);
        return new Der.Writer().smallInteger(0).raw(algorithm).element(Der.OCTET_STRING, inner).wrap(Der.SEQUENCE);
    }

    /** The certificate targets go through the JDK's factory, which reads SM2 keys with ShangMi first. */
    @BeforeAll
    static void installFirst() {
        Security.insertProviderAt(new ShangMiProvider(Backend.JAVA), 1);
    }

    @AfterAll
    static void uninstall() {
        Security.removeProvider(ShangMiProvider.NAME);
    }

    @FuzzTest(maxDuration = "5s")
    void x509PublicKey(byte[] input) {
        try {
            PublicKey key = KEYS.generatePublic(new X509EncodedKeySpec(input));
            assertArrayEquals(input, key.getEncoded(), "a key read back differs from its encoding: the reader is not strict");
        } catch (InvalidKeySpecException refused) {
            // documented
        }
    }

    @FuzzTest(maxDuration = "5s")
    void pkcs8PrivateKey(byte[] input) {
        try {
            KEYS.generatePrivate(new PKCS8EncodedKeySpec(input));
        } catch (InvalidKeySpecException refused) {
            // documented
        }
    }

    @FuzzTest(maxDuration = "5s")
    void pemKey(byte[] input) {
        String text = new String(input, StandardCharsets.ISO_8859_1);
        try {
            KEYS.generatePrivate(new PemKeySpec(text));
        } catch (InvalidKeySpecException refused) {
            // documented
        }
        try {
            KEYS.generatePublic(new PemKeySpec(text));
        } catch (InvalidKeySpecException refused) {
            // documented
        }
    }

    /** A bad signature gives false, never an exception, and both backends say the same of any signature. */
    @FuzzTest(maxDuration = "5s")
    void signature(byte[] input) throws GeneralSecurityException {
        if (input.length == 0) {
            return;
        }
        ShangMiProvider provider = BACKENDS.get((input[0] & 0xff) % BACKENDS.size());
        boolean raw = (input[0] & 2) != 0;
        Signature verifier = Signature.getInstance(raw ? "SM3withSM2inP1363Format" : "SM3withSM2", provider);
        verifier.initVerify(PUBLIC_KEY);
        verifier.update(MESSAGE);
        byte[] signature = Arrays.copyOfRange(input, 1, input.length);
        if (verifier.verify(signature)) {
            Signature again = Signature.getInstance(raw ? "SM3withSM2inP1363Format" : "SM3withSM2", BACKENDS.get(0));
            again.initVerify(PUBLIC_KEY);
            again.update(MESSAGE);
            assertEquals(true, again.verify(signature), "the backends disagree on a signature");
        }
    }

    /** A ciphertext in any of the four layouts decrypts to the seeds' message, or is refused. */
    @FuzzTest(maxDuration = "5s")
    void sm2Ciphertext(byte[] input) throws GeneralSecurityException {
        if (input.length == 0) {
            return;
        }
        ShangMiProvider provider = BACKENDS.get((input[0] & 0xff) % BACKENDS.size());
        Cipher cipher = Cipher.getInstance(LAYOUTS[(input[0] >> 1) & 3], provider);
        cipher.init(Cipher.DECRYPT_MODE, PRIVATE_KEY);
        try {
            assertArrayEquals(MESSAGE, cipher.doFinal(input, 1, input.length - 1));
        } catch (BadPaddingException refused) {
            // documented: not a ciphertext of this key
        }
    }

    /**
     * SM9 keys in every encoding KeyFactory "SM9" reads (X.509 or GmSSL's DER, PKCS#8 master and
     * user keys): a key read is re-read from its own encoding to an equal key.
     */
    @FuzzTest(maxDuration = "5s")
    void sm9Key(byte[] input) throws GeneralSecurityException {
        try {
            PublicKey key = SM9_KEYS.generatePublic(new X509EncodedKeySpec(input));
            assertEquals(key, SM9_KEYS.generatePublic(new X509EncodedKeySpec(key.getEncoded())));
        } catch (InvalidKeySpecException refused) {
            // documented
        }
        try {
            PrivateKey key = SM9_KEYS.generatePrivate(new PKCS8EncodedKeySpec(input));
            assertEquals(key, SM9_KEYS.generatePrivate(new PKCS8EncodedKeySpec(key.getEncoded())));
        } catch (InvalidKeySpecException refused) {
            // documented
        }
    }

    /**
     * An SM9 signature of the standard's message by Alice: false, never an exception, for
     * anything but the standard's own signature (DER allows no second encoding of it, and another
     * valid signature would be a forgery).
     */
    @FuzzTest(maxDuration = "5s")
    void sm9Signature(byte[] input) throws GeneralSecurityException {
        Signature verifier = Signature.getInstance("SM9", BACKENDS.get(0));
        verifier.initVerify(SM9_SIGN_MASTER);
        verifier.setParameter(new Sm9ParameterSpec("Alice", Sm9ParameterSpec.HID_SIGN));
        verifier.update(MESSAGE_SM9_SIGN);
        if (verifier.verify(input)) {
            assertArrayEquals(SM9_SIGNATURE, input, "a second signature verified: a lax decoder or a forgery");
        }
    }

    /**
     * An SM9 ciphertext to Bob in the layout, cipher and MAC the first byte picks: the standard's
     * message, or a BadPaddingException.
     */
    @FuzzTest(maxDuration = "5s")
    void sm9Ciphertext(byte[] input) throws GeneralSecurityException {
        if (input.length == 0) {
            return;
        }
        Sm9CipherParameterSpec.Cipher[] ciphers = Sm9CipherParameterSpec.Cipher.values();
        Sm9CipherParameterSpec spec = new Sm9CipherParameterSpec(new Sm9ParameterSpec("Bob", Sm9ParameterSpec.HID_ENCRYPT),
                ciphers[(input[0] & 0xff) % ciphers.length],
                (input[0] & 0x10) == 0 ? Sm9CipherParameterSpec.Mac.SM3 : Sm9CipherParameterSpec.Mac.HMAC_SM3,
                (input[0] & 0x20) == 0 ? Sm9CipherParameterSpec.Layout.DER : Sm9CipherParameterSpec.Layout.C1C3C2);
        Cipher cipher = Cipher.getInstance("SM9", BACKENDS.get(0));
        cipher.init(Cipher.DECRYPT_MODE, SM9_BOB, spec);
        try {
            assertArrayEquals(MESSAGE_SM9_ENCRYPT, cipher.doFinal(input, 1, input.length - 1));
        } catch (BadPaddingException refused) {
            // documented: not a ciphertext for Bob (AEADBadTagException included)
        }
    }

    @FuzzTest(maxDuration = "5s")
    void sm4Gcm(byte[] input) throws GeneralSecurityException {
        aead("SM4/GCM/NoPadding", input);
    }

    @FuzzTest(maxDuration = "5s")
    void sm4Ccm(byte[] input) throws GeneralSecurityException {
        aead("SM4/CCM/NoPadding", input);
    }

    /**
     * SM4WRAPPAD (and, for inputs of a KW length, SM4WRAP) unwrapping on every backend: the key
     * the seeds wrap, or {@link IllegalBlockSizeException} (a failed integrity check, or a length the RFC excludes).
     */
    @FuzzTest(maxDuration = "5s")
    void sm4Unwrap(byte[] input) throws GeneralSecurityException {
        for (ShangMiProvider provider : BACKENDS) {
            for (String name : new String[] {"SM4WRAPPAD", "SM4WRAP"}) {
                Cipher cipher = Cipher.getInstance(name, provider);
                cipher.init(Cipher.DECRYPT_MODE, SM4_KEY);
                try {
                    assertArrayEquals(MESSAGE, cipher.doFinal(input), name);
                } catch (IllegalBlockSizeException refused) {
                    // documented: not wrapped under this key, or of a length the RFC excludes
                }
            }
        }
    }

    /** GCM and CCM run on the Java engines whatever the backend (libcrypto 3.0's SM4 has neither). */
    private static void aead(String transformation, byte[] input) throws GeneralSecurityException {
        Cipher cipher = Cipher.getInstance(transformation, BACKENDS.get(0));
        cipher.init(Cipher.DECRYPT_MODE, SM4_KEY, new GCMParameterSpec(128, new byte[12]));
        try {
            assertArrayEquals(MESSAGE, cipher.doFinal(input));
        } catch (AEADBadTagException refused) {
            // documented: a wrong tag, or shorter than the tag
        } catch (IllegalBlockSizeException refused) {
            // documented for CCM: longer than the nonce's length field allows
        }
    }

    /**
     * PBES2 parameters as an EncryptedPrivateKeyInfo or a PKCS#12 bag carries them: decoded and
     * used to decrypt, or refused. Iteration counts above 64 are refused here (the bound is a
     * system property), so that the fuzzer spends its time on the decoder, not on PBKDF2.
     */
    @FuzzTest(maxDuration = "5s")
    void pbes2Parameters(byte[] input) throws GeneralSecurityException {
        AlgorithmParameters parameters = AlgorithmParameters.getInstance("PBES2", BACKENDS.get(0));
        try {
            parameters.init(input);
        } catch (IOException refused) {
            return; // documented
        }
        Cipher cipher = Cipher.getInstance("PBEWithHmacSM3AndSM4", BACKENDS.get(0));
        String bound = System.setProperty(MAX_ITERATIONS, "64");
        try {
            cipher.init(Cipher.DECRYPT_MODE, PASSWORD, parameters);
        } catch (InvalidAlgorithmParameterException refused) {
            return; // documented: another PRF or scheme, or too many iterations
        } finally {
            if (bound == null) {
                System.clearProperty(MAX_ITERATIONS);
            } else {
                System.setProperty(MAX_ITERATIONS, bound);
            }
        }
        try {
            cipher.doFinal(new byte[16]);
        } catch (BadPaddingException refused) {
            // documented: the padding of a wrong key's plaintext
        }
    }

    @FuzzTest(maxDuration = "5s")
    void certificate(byte[] input) throws GeneralSecurityException {
        X509Certificate certificate;
        try {
            certificate = (X509Certificate) CertificateFactory.getInstance("X.509")
                    .generateCertificate(new ByteArrayInputStream(input));
        } catch (CertificateException refused) {
            return; // documented
        }
        try {
            certificate.verify(certificate.getPublicKey());
        } catch (GeneralSecurityException refused) {
            // documented: a signature that does not verify, or a key it cannot take
        }
    }

    @FuzzTest(maxDuration = "5s")
    void crl(byte[] input) throws GeneralSecurityException {
        try {
            ((X509CRL) CertificateFactory.getInstance("X.509").generateCRL(new ByteArrayInputStream(input))).verify(PUBLIC_KEY);
        } catch (CRLException | CertificateException refused) {
            // documented
        } catch (GeneralSecurityException refused) {
            // documented: the CRL's signature does not verify with the key
        }
    }
}
