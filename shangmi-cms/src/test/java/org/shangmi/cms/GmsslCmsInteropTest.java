package org.shangmi.cms;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.AlgorithmParameters;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.Security;
import java.security.SignatureException;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import javax.crypto.Cipher;
import javax.crypto.EncryptedPrivateKeyInfo;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.PBEKeySpec;
import org.bouncycastle.asn1.cms.ContentInfo;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.shangmi.core.testing.GmsslPeer;
import org.shangmi.core.testing.OpenSslPki;
import org.shangmi.provider.ShangMiProvider;

/**
 * CMS against GmSSL 3's {@code cmssign}, {@code cmsverify}, {@code cmsencrypt} and
 * {@code cmsdecrypt}, both ways, on a GmSSL-made chain of three (root, ca, ee). GmSSL writes and
 * reads only {@link CmsProfile#GMSSL}'s form; the tests that GmSSL refuses our
 * {@link CmsProfile#GMT0010} messages record where it departs from GM/T 0006 and GB/T 32918.
 */
class GmsslCmsInteropTest {

    private static final String PASSWORD = "P@ssw0rd";
    private static final int[] SIZES = {0, 1, 1 << 20};

    @TempDir
    static Path directory;
    private static X509Certificate root;
    private static X509Certificate ca;
    private static X509Certificate ee;
    private static PrivateKey eeKey;

    @BeforeAll
    static void install() throws Exception {
        Security.insertProviderAt(new ShangMiProvider(), 1);
        GmsslPeer.command();
        issue("root", "GmSSL Root", null, "-key_usage", "keyCertSign", "-key_usage", "cRLSign", "-ca");
        issue("ca", "GmSSL CA", "root", "-key_usage", "keyCertSign", "-key_usage", "cRLSign", "-ca", "-path_len_constraint", "0");
        issue("ee", "GmSSL EE", "ca", "-key_usage", "digitalSignature", "-key_usage", "keyEncipherment");
        CertificateFactory factory = CertificateFactory.getInstance("X.509");
        root = OpenSslPki.certificate(factory, directory.resolve("root.pem"));
        ca = OpenSslPki.certificate(factory, directory.resolve("ca.pem"));
        ee = OpenSslPki.certificate(factory, directory.resolve("ee.pem"));
        eeKey = gmsslKey(directory.resolve("ee.key"));
    }

    @AfterAll
    static void uninstall() {
        Security.removeProvider(ShangMiProvider.NAME);
    }

    @Test
    void weVerifyWhatGmsslSigns() throws Exception {
        for (int size : SIZES) {
            byte[] content = content(size);
            Path in = write("gmssl-signed-" + size + ".txt", content);
            Path out = directory.resolve("gmssl-signed-" + size + ".pem");
            GmsslPeer.run(directory, "cmssign", "-key", "ee.key", "-pass", PASSWORD, "-cert", "ee.pem", "-in", in.toString(),
                    "-out", out.toString());
            SignedMessage message = SignedMessage.read(CmsPem.decode(Files.readString(out)));
            assertTrue(message.gmtContentTypes());
            List<VerifiedSigner> signers = message.verify();
            assertEquals(ee, signers.get(0).certificate());
            assertNull(signers.get(0).id(), "GmSSL signs without Z: " + signers.get(0).form());
            assertArrayEquals(content, message.content());
            message.validate(signers.get(0), List.of(root), List.of(ca));
            // an explicit ID excludes GmSSL's form
            assertThrows(SignatureException.class, () -> message.verify("1234567812345678".getBytes(StandardCharsets.US_ASCII)));
        }
    }

    @Test
    void gmsslVerifiesWhatWeSignInItsForm() throws Exception {
        for (int size : SIZES) {
            byte[] content = content(size);
            byte[] message = new CmsSigner(CmsProfile.GMSSL).addSigner(eeKey, ee).sign(content);
            Path file = Files.writeString(directory.resolve("ours-signed-" + size + ".pem"), CmsPem.encode(message));
            Path out = directory.resolve("ours-signed-" + size + ".out");
            String said = GmsslPeer.run(directory, "cmsverify", "-in", file.toString(), "-out", out.toString());
            assertTrue(said.contains("verify success"), said);
            assertArrayEquals(content, Files.readAllBytes(out));
        }
    }

    /**
     * GM/T 0010 with signed attributes and Z (GB/T 32918.2's signature with the default ID), as
     * {@link CmsProfile#GMT0010} writes it: GmSSL hashes the ContentInfo and attributes without Z,
     * so it cannot verify it.
     */
    @Test
    void gmsslCannotVerifyTheStandardSignatureForm() throws Exception {
        byte[] message = new CmsSigner(CmsProfile.GMT0010).addSigner(eeKey, ee).sign(content(10));
        Path file = Files.writeString(directory.resolve("standard-signed.pem"), CmsPem.encode(message));
        AssertionError refused = assertThrows(AssertionError.class,
                () -> GmsslPeer.run(directory, "cmsverify", "-in", file.toString()));
        assertTrue(refused.getMessage().contains("exited"), refused.getMessage());
        assertEquals(1, SignedMessage.read(message).verify().size(), "while it verifies here");
    }

    /** GmSSL refuses to encrypt empty content ("invalid input length"), which CMS allows. */
    @Test
    void gmsslCannotEncryptNothing() throws Exception {
        Path in = write("empty.txt", new byte[0]);
        AssertionError refused = assertThrows(AssertionError.class, () -> GmsslPeer.run(directory, "cmsencrypt", "-rcptcert",
                "ee.pem", "-in", in.toString(), "-out", directory.resolve("empty.pem").toString()));
        assertTrue(refused.getMessage().contains("invalid input length"), refused.getMessage());
    }

    @Test
    void weDecryptWhatGmsslEncrypts() throws Exception {
        for (int size : new int[] {1, 1 << 20}) {
            byte[] content = content(size);
            Path in = write("gmssl-enveloped-" + size + ".txt", content);
            Path out = directory.resolve("gmssl-enveloped-" + size + ".pem");
            GmsslPeer.run(directory, "cmsencrypt", "-rcptcert", "ee.pem", "-in", in.toString(), "-out", out.toString());
            byte[] der = CmsPem.decode(Files.readString(out));
            assertEquals("1.2.156.10197.6.1.4.2.3", ContentInfo.getInstance(der).getContentType().getId());
            assertArrayEquals(content, EnvelopedMessage.read(der).decrypt(eeKey, ee));
        }
    }

    @Test
    void gmsslDecryptsWhatWeEncryptInItsForm() throws Exception {
        for (int size : SIZES) {
            byte[] content = content(size);
            Path file = Files.writeString(directory.resolve("ours-enveloped-" + size + ".pem"),
                    CmsPem.encode(new CmsEnveloper(CmsProfile.GMSSL).addRecipient(ee).encrypt(content)));
            Path out = directory.resolve("ours-enveloped-" + size + ".out");
            GmsslPeer.run(directory, "cmsdecrypt", "-key", "ee.key", "-pass", PASSWORD, "-cert", "ee.pem", "-in", file.toString(),
                    "-out", out.toString());
            assertArrayEquals(content, Files.readAllBytes(out));
        }
    }

    /**
     * GmSSL names SM2 key transport 1.2.156.10197.1.301.2, which GM/T 0006 assigns to SM2 key
     * exchange (SM2-3, public-key encryption, is .301.3): it refuses the OID of the standard.
     */
    @Test
    void gmsslRefusesTheStandardKeyTransportOid() throws Exception {
        Path file = Files.writeString(directory.resolve("standard-enveloped.pem"),
                CmsPem.encode(new CmsEnveloper(CmsProfile.GMT0010).addRecipient(ee).encrypt(content(10))));
        assertThrows(AssertionError.class, () -> GmsslPeer.run(directory, "cmsdecrypt", "-key", "ee.key", "-pass", PASSWORD,
                "-cert", "ee.pem", "-in", file.toString()));
    }

    private static byte[] content(int size) {
        byte[] content = new byte[size];
        new Random(size).nextBytes(content);
        return content;
    }

    private static Path write(String name, byte[] content) throws Exception {
        return Files.write(directory.resolve(name), content);
    }

    private static void issue(String name, String commonName, String issuer, String... extensions) {
        GmsslPeer.run(directory, "sm2keygen", "-pass", PASSWORD, "-out", name + ".key");
        List<String> args = new ArrayList<>();
        if (issuer == null) {
            args.addAll(List.of("certgen", "-C", "CN", "-O", "GmSSL Test", "-CN", commonName, "-days", "30", "-key", name + ".key",
                    "-pass", PASSWORD, "-out", name + ".pem"));
        } else {
            GmsslPeer.run(directory, "reqgen", "-C", "CN", "-O", "GmSSL Test", "-CN", commonName, "-key", name + ".key",
                    "-pass", PASSWORD, "-out", name + ".req");
            args.addAll(List.of("reqsign", "-in", name + ".req", "-days", "20", "-cacert", issuer + ".pem", "-key", issuer + ".key",
                    "-pass", PASSWORD, "-out", name + ".pem"));
        }
        args.addAll(List.of(extensions));
        GmsslPeer.run(directory, args.toArray(String[]::new));
    }

    /** A GmSSL private key: PEM ENCRYPTED PRIVATE KEY, PBES2 with PBKDF2-HMAC-SM3 and SM4-CBC, opened by ShangMi. */
    private static PrivateKey gmsslKey(Path file) throws Exception {
        String text = Files.readString(file, StandardCharsets.US_ASCII);
        String begin = "-----BEGIN ENCRYPTED PRIVATE KEY-----";
        byte[] der = java.util.Base64.getMimeDecoder().decode(
                text.substring(text.indexOf(begin) + begin.length(), text.indexOf("-----END ENCRYPTED PRIVATE KEY-----")));
        EncryptedPrivateKeyInfo info = new EncryptedPrivateKeyInfo(der);
        AlgorithmParameters parameters = info.getAlgParameters();
        Cipher cipher = Cipher.getInstance(parameters.toString());
        cipher.init(Cipher.DECRYPT_MODE, SecretKeyFactory.getInstance("PBE").generateSecret(new PBEKeySpec(PASSWORD.toCharArray())),
                parameters);
        return KeyFactory.getInstance("SM2", ShangMiProvider.NAME).generatePrivate(info.getKeySpec(cipher));
    }
}
