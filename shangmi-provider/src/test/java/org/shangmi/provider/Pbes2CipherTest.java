package org.shangmi.provider;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.AlgorithmParameters;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.Security;
import java.time.Duration;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import javax.crypto.BadPaddingException;
import javax.crypto.Cipher;
import javax.crypto.SecretKey;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.PBEKeySpec;
import javax.crypto.spec.PBEParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.bouncycastle.asn1.pkcs.PBES2Parameters;
import org.bouncycastle.asn1.pkcs.PBKDF2Params;
import org.junit.jupiter.api.Test;
import org.shangmi.core.testing.Chunks;
import org.shangmi.core.testing.OpenSslCommand;
import org.shangmi.core.util.Der;
import org.shangmi.provider.spec.Pbes2HmacSm3ParameterSpec;

/**
 * Cipher and AlgorithmParameters "PBEWith&lt;prf&gt;AndSM4" and "PBES2": PBES2 with SM4-CBC against
 * OpenSSL's PBKDF2 and SM4-CBC, every update path, every backend crossed, and the refusals.
 */
class Pbes2CipherTest {

    private static final HexFormat HEX = HexFormat.of();
    private static final byte[] SALT = HEX.parseHex("0f1e2d3c4b5a69788796a5b4c3d2e1f0");
    private static final byte[] IV = HEX.parseHex("00112233445566778899aabbccddeeff");

    private static SecretKey pbeKey(String password) throws Exception {
        return SecretKeyFactory.getInstance("PBE").generateSecret(new PBEKeySpec(password.toCharArray()));
    }

    @Test
    void encryptsAsOpenSslsPbkdf2AndSm4Cbc() throws Exception {
        OpenSslCommand.assumeAvailable();
        byte[] plaintext = "PBES2 with SM4-CBC, more than one block of text".getBytes(StandardCharsets.US_ASCII);
        for (String digest : List.of("SHA1", "SHA256", "SHA512", "SM3")) {
            for (String password : List.of("secret1", "pässwörd 水")) {
                byte[] utf8 = password.getBytes(StandardCharsets.UTF_8);
                byte[] key = OpenSslCommand.kdf(16, "PBKDF2", "digest:" + digest, "hexpass:" + HEX.formatHex(utf8),
                        "hexsalt:" + HEX.formatHex(SALT), "iter:1000");
                byte[] expected = OpenSslCommand.run(plaintext, "enc", "-sm4-cbc", "-K", HEX.formatHex(key),
                        "-iv", HEX.formatHex(IV));
                String name = "PBEWithHmac" + digest + "AndSM4";
                // a PBEKey carries any characters; SunJCE's "PBE" keys only ASCII
                SecretKey secret = password.equals("secret1") ? pbeKey(password)
                        : SecretKeyFactory.getInstance("PBKDF2WithHmacSM3", Providers.each().get(0))
                                .generateSecret(new PBEKeySpec(password.toCharArray(), SALT, 1, 128));
                for (ShangMiProvider provider : Providers.serving("SM4")) {
                    Cipher cipher = Cipher.getInstance(name, provider);
                    cipher.init(Cipher.ENCRYPT_MODE, secret, new PBEParameterSpec(SALT, 1000, new IvParameterSpec(IV)));
                    assertArrayEquals(expected, cipher.doFinal(plaintext), name + " '" + password + "'");
                    cipher.init(Cipher.DECRYPT_MODE, secret, new PBEParameterSpec(SALT, 1000, new IvParameterSpec(IV)));
                    assertArrayEquals(plaintext, cipher.doFinal(expected));
                }
            }
        }
    }

    @Test
    void everyUpdatePathAndEveryBackendAgree() throws Exception {
        long seed = System.nanoTime();
        Random random = new Random(seed);
        List<ShangMiProvider> providers = Providers.serving("SM4");
        SecretKey key = pbeKey("chunked");
        for (int round = 0; round < 20; round++) {
            byte[] plaintext = new byte[random.nextInt(200)];
            random.nextBytes(plaintext);
            ShangMiProvider encrypting = providers.get(random.nextInt(providers.size()));
            ShangMiProvider decrypting = providers.get(random.nextInt(providers.size()));
            Cipher encryptor = Cipher.getInstance("PBEWithHmacSM3AndSM4", encrypting);
            encryptor.init(Cipher.ENCRYPT_MODE, key, new PBEParameterSpec(SALT, 10, new IvParameterSpec(IV)));
            byte[] oneShot = encryptor.doFinal(plaintext);

            ByteArrayOutputStream chunked = new ByteArrayOutputStream();
            encryptor.init(Cipher.ENCRYPT_MODE, key, new PBEParameterSpec(SALT, 10, new IvParameterSpec(IV)));
            Chunks.feed(random, plaintext.length, 40, (off, len) -> {
                byte[] out = encryptor.update(plaintext, off, len);
                if (out != null) { // null when the input makes no new block
                    chunked.writeBytes(out);
                }
            });
            chunked.writeBytes(encryptor.doFinal());
            assertArrayEquals(oneShot, chunked.toByteArray(), "seed " + seed);

            Cipher decryptor = Cipher.getInstance("PBEWithHmacSM3AndSM4", decrypting);
            decryptor.init(Cipher.DECRYPT_MODE, key, encryptor.getParameters());
            byte[] inPlace = Arrays.copyOf(oneShot, oneShot.length + 16);
            int length = decryptor.doFinal(inPlace, 0, oneShot.length, inPlace, 0);
            assertArrayEquals(plaintext, Arrays.copyOf(inPlace, length), encrypting.backendFor("SM4") + " to "
                    + decrypting.backendFor("SM4") + ", seed " + seed);
        }
    }

    @Test
    void encryptionWithoutParametersChoosesThemAndEncodesThemAsPbes2() throws Exception {
        for (ShangMiProvider provider : Providers.serving("SM4")) {
            Cipher cipher = Cipher.getInstance("PBEWithHmacSM3AndSM4", provider);
            cipher.init(Cipher.ENCRYPT_MODE, pbeKey("fresh"));
            byte[] ciphertext = cipher.doFinal(new byte[20]);
            AlgorithmParameters chosen = cipher.getParameters();
            assertEquals("PBEWithHmacSM3AndSM4", chosen.toString());
            PBEParameterSpec spec = chosen.getParameterSpec(PBEParameterSpec.class);
            assertEquals(Pbes2CipherSpi.DEFAULT_ITERATIONS, spec.getIterationCount());
            assertEquals(16, spec.getSalt().length);
            assertArrayEquals(cipher.getIV(), ((IvParameterSpec) spec.getParameterSpec()).getIV());

            // Bouncy Castle reads the encoding as PBES2: PBKDF2 over hmacWithSM3, then SM4-CBC with the IV
            PBES2Parameters bc = PBES2Parameters.getInstance(chosen.getEncoded());
            PBKDF2Params kdf = PBKDF2Params.getInstance(bc.getKeyDerivationFunc().getParameters());
            assertEquals("1.2.840.113549.1.5.12", bc.getKeyDerivationFunc().getAlgorithm().getId());
            assertEquals("1.2.156.10197.1.401.2", kdf.getPrf().getAlgorithm().getId(), "HMAC-SM3's own OID by default");
            assertEquals(null, kdf.getPrf().getParameters(), "with no parameters, as GmSSL writes it");
            assertArrayEquals(spec.getSalt(), kdf.getSalt());
            assertEquals("1.2.156.10197.1.104.2", bc.getEncryptionScheme().getAlgorithm().getId());

            // and "PBES2" decodes it back into parameters that decrypt
            AlgorithmParameters decoded = AlgorithmParameters.getInstance("PBES2", provider);
            decoded.init(chosen.getEncoded());
            assertEquals("PBEWithHmacSM3AndSM4", decoded.toString());
            assertArrayEquals(chosen.getEncoded(), decoded.getEncoded());
            Cipher decryptor = Cipher.getInstance(decoded.toString(), provider);
            decryptor.init(Cipher.DECRYPT_MODE, pbeKey("fresh"), decoded);
            assertArrayEquals(new byte[20], decryptor.doFinal(ciphertext));
        }
    }

    /**
     * What Bouncy Castle's readers of PBES2 do with the PRF of a file (its PBKDF2 by the PRF's
     * OID, then SM4-CBC) undoes our encryption under HMAC-SM3's own OID (1.2.156.10197.1.401.2),
     * the default and what {@link Pbes2HmacSm3ParameterSpec.PrfOid#HMAC_SM3} names, and fails under
     * GM/T 0091-2020 A.2's 1.2.156.10197.1.401.3.1, which the spec and the system property can
     * name and its PBKDF2 does not know (recorded).
     */
    @Test
    void bouncyCastlesPbkdf2ReadsHmacSm3UnderItsOwnOid() throws Exception {
        java.security.Provider bc = new org.bouncycastle.jce.provider.BouncyCastleProvider();
        byte[] plaintext = "a private key's PKCS#8 bytes, or any other secret".getBytes(StandardCharsets.US_ASCII);
        String[] ways = {"default", "spec HMAC_SM3", "spec GMT_0091_A2", "property 1.2.156.10197.1.401.3.1"};
        for (ShangMiProvider provider : Providers.serving("SM4")) {
            for (String way : ways) {
                byte[] ciphertext;
                byte[] encoded;
                try {
                    if (way.startsWith("property ")) {
                        System.setProperty(Pbes2.HMAC_SM3_OID_PROPERTY, way.substring("property ".length()));
                    }
                    Cipher cipher = Cipher.getInstance("PBEWithHmacSM3AndSM4", provider);
                    if (way.startsWith("spec ")) {
                        cipher.init(Cipher.ENCRYPT_MODE, pbeKey("to Bouncy Castle"), new Pbes2HmacSm3ParameterSpec(SALT, 1000,
                                new IvParameterSpec(IV), Pbes2HmacSm3ParameterSpec.PrfOid.valueOf(way.substring("spec ".length()))));
                    } else {
                        cipher.init(Cipher.ENCRYPT_MODE, pbeKey("to Bouncy Castle"));
                    }
                    ciphertext = cipher.doFinal(plaintext);
                    encoded = cipher.getParameters().getEncoded();
                } finally {
                    System.clearProperty(Pbes2.HMAC_SM3_OID_PROPERTY);
                }
                boolean own = !way.contains("A2") && !way.contains("401.3.1");
                PBES2Parameters scheme = PBES2Parameters.getInstance(encoded);
                PBKDF2Params kdf = PBKDF2Params.getInstance(scheme.getKeyDerivationFunc().getParameters());
                assertEquals(own ? "1.2.156.10197.1.401.2" : "1.2.156.10197.1.401.3.1", kdf.getPrf().getAlgorithm().getId(), way);
                org.bouncycastle.jcajce.spec.PBKDF2KeySpec spec = new org.bouncycastle.jcajce.spec.PBKDF2KeySpec(
                        "to Bouncy Castle".toCharArray(), kdf.getSalt(), kdf.getIterationCount().intValueExact(), 128, kdf.getPrf());
                SecretKeyFactory pbkdf2 = SecretKeyFactory.getInstance("PBKDF2", bc);
                if (!own) {
                    java.security.spec.InvalidKeySpecException refused =
                            assertThrows(java.security.spec.InvalidKeySpecException.class, () -> pbkdf2.generateSecret(spec));
                    assertTrue(refused.getMessage().contains("unknown PRF algorithm 1.2.156.10197.1.401.3.1"), refused.getMessage());
                    continue;
                }
                byte[] key = pbkdf2.generateSecret(spec).getEncoded();
                byte[] iv = org.bouncycastle.asn1.ASN1OctetString.getInstance(scheme.getEncryptionScheme().getParameters()).getOctets();
                Cipher sm4 = Cipher.getInstance("SM4/CBC/PKCS5Padding", bc);
                sm4.init(Cipher.DECRYPT_MODE, new SecretKeySpec(key, "SM4"), new IvParameterSpec(iv));
                assertArrayEquals(plaintext, sm4.doFinal(ciphertext), "Bouncy Castle decrypts, " + way + ", backend "
                        + provider.backendFor("SM4"));
            }
        }
    }

    /**
     * Parameters read from a file encode as they were, whatever OID new ones would name HMAC-SM3
     * by, and report it through their spec; a spec naming the OID for another PRF is refused.
     */
    @Test
    void decodedParametersKeepTheirPrfOid() throws Exception {
        for (ShangMiProvider provider : Providers.serving("SM4")) {
            for (Pbes2HmacSm3ParameterSpec.PrfOid oid : Pbes2HmacSm3ParameterSpec.PrfOid.values()) {
                AlgorithmParameters written = AlgorithmParameters.getInstance("PBEWithHmacSM3AndSM4", provider);
                written.init(new Pbes2HmacSm3ParameterSpec(SALT, 2048, new IvParameterSpec(IV), oid));
                byte[] encoded = written.getEncoded();
                PBKDF2Params kdf = PBKDF2Params.getInstance(PBES2Parameters.getInstance(encoded).getKeyDerivationFunc().getParameters());
                assertEquals(oid.oid(), kdf.getPrf().getAlgorithm().getId());
                AlgorithmParameters read = AlgorithmParameters.getInstance("PBES2", provider);
                read.init(encoded);
                assertEquals("PBEWithHmacSM3AndSM4", read.toString());
                assertArrayEquals(encoded, read.getEncoded(), "re-encoded under the OID it was read with");
                assertEquals(oid, read.getParameterSpec(Pbes2HmacSm3ParameterSpec.class).getPrfOid());
                assertEquals(oid, ((Pbes2HmacSm3ParameterSpec) read.getParameterSpec(PBEParameterSpec.class)).getPrfOid());

                // a cipher initialised with them decrypts, and its parameters keep the OID too
                Cipher encryptor = Cipher.getInstance("PBEWithHmacSM3AndSM4", provider);
                encryptor.init(Cipher.ENCRYPT_MODE, pbeKey("kept"), written);
                byte[] ciphertext = encryptor.doFinal(new byte[5]);
                Cipher decryptor = Cipher.getInstance("PBEWithHmacSM3AndSM4", provider);
                decryptor.init(Cipher.DECRYPT_MODE, pbeKey("kept"), read);
                assertArrayEquals(new byte[5], decryptor.doFinal(ciphertext));
                assertArrayEquals(encoded, decryptor.getParameters().getEncoded());
            }
            AlgorithmParameters fresh = AlgorithmParameters.getInstance("PBEWithHmacSM3AndSM4", provider);
            fresh.init(new PBEParameterSpec(SALT, 2048, new IvParameterSpec(IV)));
            assertEquals(Pbes2HmacSm3ParameterSpec.PrfOid.HMAC_SM3,
                    fresh.getParameterSpec(Pbes2HmacSm3ParameterSpec.class).getPrfOid(), "the default");
            Cipher sha256 = Cipher.getInstance("PBEWithHmacSHA256AndSM4", provider);
            assertThrows(InvalidAlgorithmParameterException.class, () -> sha256.init(Cipher.ENCRYPT_MODE, pbeKey("x"),
                    new Pbes2HmacSm3ParameterSpec(SALT, 1000, new IvParameterSpec(IV),
                            Pbes2HmacSm3ParameterSpec.PrfOid.HMAC_SM3)));
        }
        assertThrows(IllegalArgumentException.class, () -> Pbes2HmacSm3ParameterSpec.PrfOid.of("1.2.156.10197.1.401"));
    }

    @Test
    void otherPbes2SchemesAreSunJcesUnchanged() throws Exception {
        Cipher aes = Cipher.getInstance("PBEWithHmacSHA256AndAES_256", "SunJCE");
        aes.init(Cipher.ENCRYPT_MODE, pbeKey("aes"));
        AlgorithmParameters theirs = aes.getParameters();
        for (ShangMiProvider provider : Providers.serving("SM4")) {
            AlgorithmParameters ours = AlgorithmParameters.getInstance("PBES2", provider);
            ours.init(theirs.getEncoded());
            assertEquals(theirs.toString(), ours.toString());
            assertArrayEquals(theirs.getEncoded(), ours.getEncoded());
            PBEParameterSpec spec = ours.getParameterSpec(PBEParameterSpec.class);
            assertArrayEquals(theirs.getParameterSpec(PBEParameterSpec.class).getSalt(), spec.getSalt());

            Cipher sm4 = Cipher.getInstance("PBEWithHmacSHA256AndSM4", provider);
            InvalidAlgorithmParameterException refused = assertThrows(InvalidAlgorithmParameterException.class,
                    () -> sm4.init(Cipher.DECRYPT_MODE, pbeKey("aes"), theirs));
            assertTrue(refused.getMessage().contains("AES"), refused.getMessage());
        }
    }

    @Test
    void wrongPasswordNeverGivesThePlaintext() throws Exception {
        byte[] plaintext = "the plaintext".getBytes(StandardCharsets.US_ASCII);
        for (ShangMiProvider provider : Providers.serving("SM4")) {
            for (int i = 0; i < 20; i++) {
                Cipher cipher = Cipher.getInstance("PBEWithHmacSHA256AndSM4", provider);
                cipher.init(Cipher.ENCRYPT_MODE, pbeKey("right"));
                byte[] ciphertext = cipher.doFinal(plaintext);
                Cipher decryptor = Cipher.getInstance("PBEWithHmacSHA256AndSM4", provider);
                decryptor.init(Cipher.DECRYPT_MODE, pbeKey("wrong" + i), cipher.getParameters());
                try {
                    assertFalse(Arrays.equals(plaintext, decryptor.doFinal(ciphertext)));
                } catch (BadPaddingException expected) {
                    assertNotNull(expected.getMessage());
                }
            }
        }
    }

    @Test
    void refusesKeysAndParametersItCannotUse() throws Exception {
        ShangMiProvider provider = Providers.serving("SM4").get(0);
        Cipher cipher = Cipher.getInstance("PBEWithHmacSM3AndSM4", provider);
        assertThrows(InvalidKeyException.class, () -> cipher.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(new byte[16], "SM4")));
        assertThrows(InvalidKeyException.class,
                () -> cipher.init(Cipher.ENCRYPT_MODE, new SecretKeySpec("p\u00e4ss".getBytes(StandardCharsets.ISO_8859_1), "PBE")));
        assertThrows(InvalidKeyException.class, () -> cipher.init(Cipher.DECRYPT_MODE, pbeKey("x")));
        assertThrows(InvalidAlgorithmParameterException.class,
                () -> cipher.init(Cipher.DECRYPT_MODE, pbeKey("x"), new PBEParameterSpec(SALT, 10)));
        assertThrows(InvalidAlgorithmParameterException.class,
                () -> cipher.init(Cipher.ENCRYPT_MODE, pbeKey("x"), new PBEParameterSpec(SALT, 10, new IvParameterSpec(new byte[8]))));
        assertThrows(InvalidAlgorithmParameterException.class,
                () -> cipher.init(Cipher.ENCRYPT_MODE, pbeKey("x"), new PBEParameterSpec(SALT, 0)));
        assertThrows(InvalidAlgorithmParameterException.class,
                () -> cipher.init(Cipher.ENCRYPT_MODE, pbeKey("x"), new IvParameterSpec(IV)));
        assertThrows(java.security.NoSuchAlgorithmException.class,
                () -> Cipher.getInstance("PBEWithHmacSM3AndSM4/ECB/PKCS5Padding", provider));
    }

    /** Parameters read from a file cannot buy hours of PBKDF2: counts above the bound are refused at once. */
    @Test
    void decryptionRefusesIterationCountsAboveTheBound() throws Exception {
        ShangMiProvider provider = Providers.serving("SM4").get(0);
        AlgorithmParameters made = AlgorithmParameters.getInstance("PBEWithHmacSM3AndSM4", provider);
        made.init(new PBEParameterSpec(SALT, Integer.MAX_VALUE, new IvParameterSpec(IV)));
        AlgorithmParameters fromFile = AlgorithmParameters.getInstance("PBES2", provider);
        fromFile.init(made.getEncoded());
        Cipher cipher = Cipher.getInstance("PBEWithHmacSM3AndSM4", provider);
        InvalidAlgorithmParameterException refused = assertTimeoutPreemptively(Duration.ofSeconds(30),
                () -> assertThrows(InvalidAlgorithmParameterException.class,
                        () -> cipher.init(Cipher.DECRYPT_MODE, pbeKey("x"), fromFile)));
        assertTrue(refused.getMessage().contains("5000000") && refused.getMessage().contains(PbeLimits.MAX_ITERATIONS_PROPERTY),
                refused.getMessage());

        String previous = System.setProperty(PbeLimits.MAX_ITERATIONS_PROPERTY, "1000");
        try {
            cipher.init(Cipher.DECRYPT_MODE, pbeKey("x"), new PBEParameterSpec(SALT, 1000, new IvParameterSpec(IV)));
            assertThrows(InvalidAlgorithmParameterException.class,
                    () -> cipher.init(Cipher.DECRYPT_MODE, pbeKey("x"), new PBEParameterSpec(SALT, 1001, new IvParameterSpec(IV))));
            System.setProperty(PbeLimits.MAX_ITERATIONS_PROPERTY, "many");
            InvalidAlgorithmParameterException malformed = assertThrows(InvalidAlgorithmParameterException.class,
                    () -> cipher.init(Cipher.DECRYPT_MODE, pbeKey("x"), new PBEParameterSpec(SALT, 10, new IvParameterSpec(IV))));
            assertTrue(malformed.getMessage().contains("'many'"), malformed.getMessage());
        } finally {
            if (previous == null) {
                System.clearProperty(PbeLimits.MAX_ITERATIONS_PROPERTY);
            } else {
                System.setProperty(PbeLimits.MAX_ITERATIONS_PROPERTY, previous);
            }
        }
    }

    @Test
    void encryptionNeedsASaltOfEightBytes() throws Exception {
        Cipher cipher = Cipher.getInstance("PBEWithHmacSM3AndSM4", Providers.serving("SM4").get(0));
        InvalidAlgorithmParameterException refused = assertThrows(InvalidAlgorithmParameterException.class,
                () -> cipher.init(Cipher.ENCRYPT_MODE, pbeKey("x"), new PBEParameterSpec(new byte[7], 10, new IvParameterSpec(IV))));
        assertTrue(refused.getMessage().contains("7"), refused.getMessage());
        cipher.init(Cipher.ENCRYPT_MODE, pbeKey("x"), new PBEParameterSpec(new byte[8], 10, new IvParameterSpec(IV)));
        assertEquals(16, cipher.doFinal(new byte[5]).length);
        // an old file's short salt still decrypts: OpenSSL's PBKDF2 and SM4-CBC with a 4-byte salt
        OpenSslCommand.assumeAvailable();
        byte[] salt = HEX.parseHex("a1b2c3d4");
        byte[] key = OpenSslCommand.kdf(16, "PBKDF2", "digest:SM3", "pass:x", "hexsalt:a1b2c3d4", "iter:10");
        byte[] ciphertext = OpenSslCommand.run(new byte[5], "enc", "-sm4-cbc", "-K", HEX.formatHex(key), "-iv", HEX.formatHex(IV));
        cipher.init(Cipher.DECRYPT_MODE, pbeKey("x"), new PBEParameterSpec(salt, 10, new IvParameterSpec(IV)));
        assertArrayEquals(new byte[5], cipher.doFinal(ciphertext));
    }

    @Test
    void malformedSm4ParametersAreRefusedWithTheReason() throws Exception {
        ShangMiProvider provider = Providers.each().get(0);
        byte[] pbkdf2 = Der.oid("1.2.840.113549.1.5.12");
        byte[] sm4Cbc = Der.oid("1.2.156.10197.1.104.2");
        List<byte[]> bad = List.of(
                pbes2(kdf(pbkdf2, new Der.Writer().element(Der.OCTET_STRING, SALT).smallInteger(10)), sm4Cbc, new byte[15]),
                pbes2(kdf(pbkdf2, new Der.Writer().element(Der.OCTET_STRING, SALT).smallInteger(10).smallInteger(32)), sm4Cbc, IV),
                pbes2(kdf(Der.oid("1.3.6.1.4.1.11591.4.11"), new Der.Writer().element(Der.OCTET_STRING, SALT).smallInteger(10)),
                        sm4Cbc, IV),
                pbes2(kdf(pbkdf2, new Der.Writer().element(Der.OCTET_STRING, SALT).smallInteger(10).raw(new Der.Writer()
                        .element(Der.OBJECT_IDENTIFIER, Der.oid("1.2.840.113549.2.5")).wrap(Der.SEQUENCE))), sm4Cbc, IV),
                pbes2(kdf(pbkdf2, new Der.Writer().element(Der.OCTET_STRING, SALT).smallInteger(0)), sm4Cbc, IV));
        for (byte[] encoded : bad) {
            AlgorithmParameters parameters = AlgorithmParameters.getInstance("PBES2", provider);
            IOException refused = assertThrows(IOException.class, () -> parameters.init(encoded), HEX.formatHex(encoded));
            assertNotNull(refused.getMessage());
        }
        assertNotNull(Security.getProvider("SunJCE"));
    }

    @Test
    void corruptedEncodingsFailOnlyWithIOException() throws Exception {
        long seed = System.nanoTime();
        Random random = new Random(seed);
        Cipher cipher = Cipher.getInstance("PBEWithHmacSM3AndSM4", Providers.each().get(0));
        cipher.init(Cipher.ENCRYPT_MODE, pbeKey("fuzz"));
        byte[] valid = cipher.getParameters().getEncoded();
        int ours = 0;
        for (int i = 0; i < 50_000; i++) {
            byte[] corrupted = org.shangmi.core.testing.Mutations.mutate(random, valid);
            try {
                Pbes2.Parameters decoded = Pbes2.decode(corrupted);
                if (decoded != null) {
                    ours++;
                    assertEquals(16, decoded.iv().length, "seed " + seed);
                    assertTrue(decoded.iterations() > 0, "seed " + seed);
                }
            } catch (IOException expected) {
                assertNotNull(expected.getMessage());
            }
        }
        assertTrue(ours > 0, "some corrupted encodings still decode (changed salts, IVs, counts)");
    }

    private static byte[] kdf(byte[] oid, Der.Writer parameters) {
        return new Der.Writer().element(Der.OBJECT_IDENTIFIER, oid).raw(parameters.wrap(Der.SEQUENCE)).wrap(Der.SEQUENCE);
    }

    private static byte[] pbes2(byte[] kdf, byte[] scheme, byte[] iv) {
        byte[] encryption = new Der.Writer().element(Der.OBJECT_IDENTIFIER, scheme).element(Der.OCTET_STRING, iv)
                .wrap(Der.SEQUENCE);
        return new Der.Writer().raw(kdf).raw(encryption).wrap(Der.SEQUENCE);
    }
}
