package org.shangmi.provider;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyFactory;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.Signature;
import java.security.UnrecoverableKeyException;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.crypto.Cipher;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.PBEKeySpec;
import org.bouncycastle.asn1.ASN1OctetString;
import org.bouncycastle.asn1.ASN1Sequence;
import org.bouncycastle.asn1.pkcs.AuthenticatedSafe;
import org.bouncycastle.asn1.pkcs.ContentInfo;
import org.bouncycastle.asn1.pkcs.PBES2Parameters;
import org.bouncycastle.asn1.pkcs.PBKDF2Params;
import org.bouncycastle.asn1.pkcs.PKCSObjectIdentifiers;
import org.bouncycastle.asn1.pkcs.Pfx;
import org.bouncycastle.asn1.pkcs.SafeBag;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.shangmi.core.testing.OpenSslPki;
import org.junit.jupiter.api.io.TempDir;
import org.shangmi.core.testing.OpenSslCommand;
import org.shangmi.provider.spec.PemKeySpec;

/**
 * The JDK's {@code KeyStore "PKCS12"} with SM2 keys and chains, ShangMi installed ahead of SunEC:
 * files from {@code openssl pkcs12 -export} (AES and SM4 protection, SHA-256 and SM3 MACs) load,
 * and files it writes (default and SM4 protection, SM3 MAC) are read back by
 * {@code openssl pkcs12 -info} and by Java.
 */
class Pkcs12KeyStoreTest {

    private static final String PASSWORD = "secret pass1";

    @TempDir
    static Path directory;
    private static OpenSslPki pki;

    @BeforeAll
    static void makePki() {
        pki = new OpenSslPki(directory).chain();
    }

    @Test
    void loadsOpenSslsFiles() throws Exception {
        List<List<String>> protections = List.of(List.of(),
                List.of("-keypbe", "SM4-CBC", "-certpbe", "SM4-CBC", "-macalg", "SM3"),
                List.of("-keypbe", "SM4-CBC", "-certpbe", "AES-128-CBC", "-macalg", "SHA256"));
        for (ShangMiProvider provider : Providers.each()) {
            try (Installed installed = Installed.first(provider)) {
                for (List<String> protection : protections) {
                    Path file = export(protection);
                    KeyStore store = KeyStore.getInstance("PKCS12");
                    store.load(new ByteArrayInputStream(Files.readAllBytes(file)), PASSWORD.toCharArray());
                    assertEquals(List.of("leaf"), java.util.Collections.list(store.aliases()), protection.toString());
                    PrivateKey key = (PrivateKey) store.getKey("leaf", PASSWORD.toCharArray());
                    assertEquals(opensslKey(), key, protection.toString());
                    Certificate[] chain = store.getCertificateChain("leaf");
                    assertEquals(2, chain.length);
                    assertArrayEquals(der("leaf"), chain[0].getEncoded());
                    assertArrayEquals(der("inter"), chain[1].getEncoded());
                    signAndVerify(key, chain[0]);

                    KeyStore wrong = KeyStore.getInstance("PKCS12");
                    IOException refused = assertThrows(IOException.class,
                            () -> wrong.load(new ByteArrayInputStream(Files.readAllBytes(file)), "wrong".toCharArray()));
                    assertInstanceOf(UnrecoverableKeyException.class, refused.getCause(), refused.toString());
                }
            }
        }
    }

    /**
     * The provider-order trap that docs/pki.md describes, with the messages it quotes: with
     * ShangMi after SunEC, the JDK's PKCS12 keystore reports a correct password as wrong (only the
     * cause names the curve), or, for SM4-protected bags, fails on the PBES2 parameters.
     */
    @Test
    void withShangMiAfterSunEcTheKeystoreMisleads() throws Exception {
        // certificates this JVM has not parsed before: the JDK's factory caches what it parsed
        Path aes = exportUnseen("unseen-aes", List.of());
        Path sm4 = exportUnseen("unseen-sm4", List.of("-keypbe", "SM4-CBC", "-certpbe", "SM4-CBC", "-macalg", "SM3"));
        try (Installed installed = Installed.last(Providers.each().get(0))) {
            List<String> aesFailure = loadFailure(aes);
            assertEquals("java.io.IOException: keystore password was incorrect", aesFailure.get(0), "AES-protected");
            assertTrue(String.join("\n", aesFailure).contains("Unknown named curve: 1.2.156.10197.1.301"), aesFailure.toString());
            // JDK 17 puts "parseAlgParameters failed: " in front
            String sm4Failure = loadFailure(sm4).get(0);
            assertTrue(sm4Failure.startsWith("java.io.IOException: ")
                    && sm4Failure.endsWith("PBE parameter parsing error: expecting the object identifier for AES cipher"), sm4Failure);
        }
    }

    /**
     * The way out of that trap: {@link ShangMiProvider#install()} moves the provider installed
     * behind SunEC first, and the file that failed with "keystore password was incorrect" opens
     * with the same password.
     */
    @Test
    void installMovesShangMiAheadOfSunEcAndTheFileOpens() throws Exception {
        Path aes = exportUnseen("unseen-install", List.of());
        ShangMiProvider provider = Providers.each().get(0);
        try (Installed installed = Installed.last(provider)) {
            assertEquals("java.io.IOException: keystore password was incorrect", loadFailure(aes).get(0));
            assertEquals(provider, ShangMiProvider.install());
            KeyStore store = KeyStore.getInstance("PKCS12");
            store.load(new ByteArrayInputStream(Files.readAllBytes(aes)), PASSWORD.toCharArray());
            assertEquals(KeyFactory.getInstance("SM2", provider).generatePrivate(
                    new PemKeySpec(Files.readString(pki.path("unseen-install.key")))),
                    store.getKey("unseen-install", PASSWORD.toCharArray()));
        }
    }

    /** The exception and its causes, as toString() gives them, of loading {@code file} with the right password. */
    private static List<String> loadFailure(Path file) throws Exception {
        KeyStore store = KeyStore.getInstance("PKCS12");
        IOException refused = assertThrows(IOException.class,
                () -> store.load(new ByteArrayInputStream(Files.readAllBytes(file)), PASSWORD.toCharArray()));
        List<String> chain = new java.util.ArrayList<>();
        for (Throwable cause = refused; cause != null; cause = cause.getCause()) {
            chain.add(cause.toString());
        }
        return chain;
    }

    @Test
    void storesFilesOpenSslReads() throws Exception {
        record Protection(String key, String certificates, String mac, List<String> opensslSays) {
        }
        List<Protection> protections = List.of(
                new Protection(null, null, null, List.of("PBES2, PBKDF2, AES-256-CBC", "MAC: sha256")),
                new Protection("PBEWithHmacSHA256AndSM4", "PBEWithHmacSHA256AndSM4", "HmacPBESM3",
                        List.of("Shrouded Keybag: PBES2, PBKDF2, SM4-CBC, Iteration 10000, PRF hmacWithSHA256",
                                "PKCS7 Encrypted data: PBES2, PBKDF2, SM4-CBC", "MAC: sm3")),
                new Protection("PBEWithHmacSHA1AndSM4", null, "HmacPBESM3",
                        List.of("Shrouded Keybag: PBES2, PBKDF2, SM4-CBC, Iteration 10000, PRF hmacWithSHA1", "MAC: sm3")));
        PrivateKey key = opensslKey();
        for (ShangMiProvider provider : Providers.each()) {
            try (Installed installed = Installed.first(provider)) {
                Certificate[] chain = chainOf("leaf", "inter");
                for (Protection protection : protections) {
                    byte[] file = withProperties(protection.certificates(), protection.mac(), () -> {
                        KeyStore store = KeyStore.getInstance("PKCS12");
                        store.load(null, null);
                        store.setEntry("leaf", new KeyStore.PrivateKeyEntry(key, chain), protection.key() == null
                                ? new KeyStore.PasswordProtection(PASSWORD.toCharArray())
                                : new KeyStore.PasswordProtection(PASSWORD.toCharArray(), protection.key(), null));
                        ByteArrayOutputStream out = new ByteArrayOutputStream();
                        store.store(out, PASSWORD.toCharArray());
                        return out.toByteArray();
                    });
                    Path written = Files.write(directory.resolve("java.p12"), file);
                    // -info reports the algorithms on standard error, the keys and certificates on standard output
                    OpenSslCommand.Result read = OpenSslCommand.attempt(new byte[0], "pkcs12", "-in", written.toString(), "-info",
                            "-nodes", "-passin", "pass:" + PASSWORD);
                    String info = new String(read.stdout(), StandardCharsets.UTF_8) + new String(read.stderr(), StandardCharsets.UTF_8);
                    assertEquals(0, read.exit(), info);
                    for (String expected : protection.opensslSays()) {
                        assertTrue(info.contains(expected), expected + " in:\n" + info);
                    }
                    assertEquals(1, readPem(info, "PRIVATE KEY").size());
                    assertEquals(key, KeyFactory.getInstance("SM2", provider).generatePrivate(new PemKeySpec(info)));
                    List<byte[]> certificates = readPem(info, "CERTIFICATE");
                    assertEquals(2, certificates.size());
                    assertArrayEquals(der("leaf"), certificates.get(0));
                    assertArrayEquals(der("inter"), certificates.get(1));

                    KeyStore again = KeyStore.getInstance("PKCS12");
                    again.load(new ByteArrayInputStream(file), PASSWORD.toCharArray());
                    assertEquals(key, again.getKey("leaf", PASSWORD.toCharArray()));
                }
            }
        }
    }

    @Test
    void hmacSm3SchemeRoundTripsAndNamesGmT0091sPrf() throws Exception {
        PrivateKey key = opensslKey();
        for (ShangMiProvider provider : Providers.each()) {
            try (Installed installed = Installed.first(provider)) {
                byte[] file = withProperties("PBEWithHmacSM3AndSM4", "HmacPBESM3", () -> storedUnderHmacSm3(key));
                KeyStore again = KeyStore.getInstance("PKCS12");
                again.load(new ByteArrayInputStream(file), PASSWORD.toCharArray());
                assertEquals(key, again.getKey("leaf", PASSWORD.toCharArray()));
                assertEquals(2, again.getCertificateChain("leaf").length);

                // Bouncy Castle's ASN.1 reading of the key bag: PBES2, PBKDF2 over hmacWithSM3, SM4-CBC
                PBES2Parameters scheme = keyBagScheme(file);
                assertEquals("1.2.156.10197.1.104.2", scheme.getEncryptionScheme().getAlgorithm().getId());
                PBKDF2Params kdf = PBKDF2Params.getInstance(scheme.getKeyDerivationFunc().getParameters());
                assertEquals("1.2.156.10197.1.401.2", kdf.getPrf().getAlgorithm().getId());
                assertEquals(10_000, kdf.getIterationCount().intValueExact());
            }
        }
    }

    /**
     * GM/T 0091-2020 gives id-hmacWithSM3 two OIDs (appendix A.2: 401.3.1, which OpenSSL writes;
     * appendix C: 401.2, HMAC-SM3's own, which GmSSL and Bouncy Castle read): the
     * keystore writes the second by default, the one the property names otherwise, and reads both. (Bouncy Castle's own PKCS12
     * keystore reads no SM4 PBES2 at all: its key-size table has no SM4; Pbes2CipherTest checks
     * its PBKDF2 against both OIDs.)
     */
    @Test
    void keystoreWritesTheHmacSm3OidThePropertyNames() throws Exception {
        PrivateKey key = opensslKey();
        try (Installed installed = Installed.first(Providers.each().get(0))) {
            for (String oid : new String[] {null, "1.2.156.10197.1.401.2", "1.2.156.10197.1.401.3.1"}) {
                byte[] file = withPrfOid(oid, () -> withProperties("PBEWithHmacSM3AndSM4", "HmacPBESM3", () -> storedUnderHmacSm3(key)));
                String written = oid == null ? "1.2.156.10197.1.401.2" : oid;
                PBKDF2Params kdf = PBKDF2Params.getInstance(keyBagScheme(file).getKeyDerivationFunc().getParameters());
                assertEquals(written, kdf.getPrf().getAlgorithm().getId());
                KeyStore again = KeyStore.getInstance("PKCS12");
                again.load(new ByteArrayInputStream(file), PASSWORD.toCharArray());
                assertEquals(key, again.getKey("leaf", PASSWORD.toCharArray()), "read back under " + written);
            }
            assertThrows(IOException.class, () -> withPrfOid("1.2.156.10197.1.401", () -> {
                java.security.AlgorithmParameters parameters = java.security.AlgorithmParameters.getInstance("PBEWithHmacSM3AndSM4");
                parameters.init(new javax.crypto.spec.PBEParameterSpec(new byte[16], 1000,
                        new javax.crypto.spec.IvParameterSpec(new byte[16])));
                return parameters.getEncoded();
            }), "a property naming neither OID is refused, not ignored");
        }
    }

    /** A PKCS#12 file of the JDK's keystore with the key and its chain, the key protected by PBEWithHmacSM3AndSM4. */
    private static byte[] storedUnderHmacSm3(PrivateKey key) throws Exception {
        KeyStore store = KeyStore.getInstance("PKCS12");
        store.load(null, null);
        store.setEntry("leaf", new KeyStore.PrivateKeyEntry(key, chainOf("leaf", "inter")),
                new KeyStore.PasswordProtection(PASSWORD.toCharArray(), "PBEWithHmacSM3AndSM4", null));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        store.store(out, PASSWORD.toCharArray());
        return out.toByteArray();
    }

    private static <T> T withPrfOid(String oid, Action<T> action) throws Exception {
        try {
            if (oid != null) {
                System.setProperty(Pbes2.HMAC_SM3_OID_PROPERTY, oid);
            }
            return action.run();
        } finally {
            System.clearProperty(Pbes2.HMAC_SM3_OID_PROPERTY);
        }
    }

    @Test
    void encryptedPrivateKeyInfoFromOpenSslPkcs8() throws Exception {
        PrivateKey expected = opensslKey();
        for (ShangMiProvider provider : Providers.each()) {
            try (Installed installed = Installed.first(provider)) {
                for (String prf : List.of("hmacWithSHA1", "hmacWithSHA256", "hmacWithSHA512")) {
                    Path encrypted = directory.resolve("leaf-" + prf + ".p8");
                    OpenSslCommand.run(new byte[0], "pkcs8", "-topk8", "-in", pki.path("leaf.key").toString(), "-v2", "sm4-cbc",
                            "-v2prf", prf, "-iter", "1000", "-outform", "DER", "-passout", "pass:" + PASSWORD, "-out",
                            encrypted.toString());
                    javax.crypto.EncryptedPrivateKeyInfo info = new javax.crypto.EncryptedPrivateKeyInfo(Files.readAllBytes(encrypted));
                    assertEquals("PBEWithHmac" + prf.substring("hmacWith".length()) + "AndSM4", info.getAlgParameters().toString());
                    Cipher cipher = Cipher.getInstance(info.getAlgParameters().toString());
                    cipher.init(Cipher.DECRYPT_MODE, SecretKeyFactory.getInstance("PBE")
                            .generateSecret(new PBEKeySpec(PASSWORD.toCharArray())), info.getAlgParameters());
                    PKCS8EncodedKeySpec spec = info.getKeySpec(cipher);
                    assertEquals(expected, KeyFactory.getInstance("EC").generatePrivate(spec), prf);
                }
            }
        }
    }

    private interface Action<T> {
        T run() throws Exception;
    }

    /** Runs with the JDK's PKCS12 properties for certificate protection and the MAC set (when not null). */
    private static <T> T withProperties(String certificates, String mac, Action<T> action) throws Exception {
        String certificatesProperty = "keystore.pkcs12.certProtectionAlgorithm";
        String macProperty = "keystore.pkcs12.macAlgorithm";
        try {
            if (certificates != null) {
                System.setProperty(certificatesProperty, certificates);
            }
            if (mac != null) {
                System.setProperty(macProperty, mac);
            }
            return action.run();
        } finally {
            System.clearProperty(certificatesProperty);
            System.clearProperty(macProperty);
        }
    }

    /** The PBES2 parameters of the first shrouded key bag, as Bouncy Castle reads the file. */
    private static PBES2Parameters keyBagScheme(byte[] file) {
        Pfx pfx = Pfx.getInstance(file);
        AuthenticatedSafe safe = AuthenticatedSafe.getInstance(
                ASN1OctetString.getInstance(pfx.getAuthSafe().getContent()).getOctets());
        for (ContentInfo info : safe.getContentInfo()) {
            if (!info.getContentType().equals(PKCSObjectIdentifiers.data)) {
                continue; // the encrypted certificate bags
            }
            ASN1Sequence bags = ASN1Sequence.getInstance(ASN1OctetString.getInstance(info.getContent()).getOctets());
            for (int i = 0; i < bags.size(); i++) {
                SafeBag bag = SafeBag.getInstance(bags.getObjectAt(i));
                if (bag.getBagId().equals(PKCSObjectIdentifiers.pkcs8ShroudedKeyBag)) {
                    var key = org.bouncycastle.asn1.pkcs.EncryptedPrivateKeyInfo.getInstance(bag.getBagValue());
                    return PBES2Parameters.getInstance(key.getEncryptionAlgorithm().getParameters());
                }
            }
        }
        throw new AssertionError("no shrouded key bag");
    }

    private static Path export(List<String> protection) {
        Path file = directory.resolve("openssl" + protection.hashCode() + ".p12");
        List<String> args = new ArrayList<>(List.of("pkcs12", "-export", "-name", "leaf", "-inkey",
                pki.path("leaf.key").toString(), "-in", pki.path("leaf.pem").toString(), "-certfile",
                pki.path("inter.pem").toString(), "-passout", "pass:" + PASSWORD, "-out", file.toString()));
        args.addAll(protection);
        OpenSslCommand.run(new byte[0], args.toArray(String[]::new));
        return file;
    }

    /** A new leaf certificate, issued by the intermediate CA, with its key in a PKCS#12 file. */
    private static Path exportUnseen(String name, List<String> protection) {
        pki.issue(name, "/CN=" + name, "inter", "leaf", 10);
        Path file = directory.resolve(name + ".p12");
        List<String> args = new ArrayList<>(List.of("pkcs12", "-export", "-name", name, "-inkey",
                pki.path(name + ".key").toString(), "-in", pki.path(name + ".pem").toString(),
                "-passout", "pass:" + PASSWORD, "-out", file.toString()));
        args.addAll(protection);
        OpenSslCommand.run(new byte[0], args.toArray(String[]::new));
        return file;
    }

    private static PrivateKey opensslKey() throws Exception {
        return KeyFactory.getInstance("SM2", Providers.each().get(0))
                .generatePrivate(new PemKeySpec(Files.readString(pki.path("leaf.key"))));
    }

    private static Certificate[] chainOf(String... names) throws Exception {
        CertificateFactory factory = CertificateFactory.getInstance("X.509");
        Certificate[] chain = new Certificate[names.length];
        for (int i = 0; i < names.length; i++) {
            chain[i] = OpenSslPki.certificate(factory, pki.path(names[i] + ".pem"));
        }
        return chain;
    }

    private static byte[] der(String name) {
        return OpenSslCommand.run(new byte[0], "x509", "-in", pki.path(name + ".pem").toString(), "-outform", "DER");
    }

    /** Signs with the key and verifies with the certificate, by a provider serving SM2 (the installed one may serve SM4 only). */
    private static void signAndVerify(PrivateKey key, Certificate certificate) throws Exception {
        byte[] message = "pkcs12".getBytes(StandardCharsets.US_ASCII);
        ShangMiProvider sm2 = Providers.serving("SM2").get(0);
        Signature signer = Signature.getInstance("SM3withSM2", sm2);
        signer.initSign(key);
        signer.update(message);
        Signature verifier = Signature.getInstance("SM3withSM2", sm2);
        verifier.initVerify(certificate);
        verifier.update(message);
        assertTrue(verifier.verify(signer.sign()));
    }

    /** The DER of every PEM block with this label in the text. */
    private static List<byte[]> readPem(String text, String label) {
        List<byte[]> blocks = new ArrayList<>();
        Matcher matcher = Pattern.compile("-----BEGIN " + label + "-----([^-]*)-----END " + label + "-----").matcher(text);
        while (matcher.find()) {
            blocks.add(java.util.Base64.getMimeDecoder().decode(matcher.group(1)));
        }
        return blocks;
    }
}
