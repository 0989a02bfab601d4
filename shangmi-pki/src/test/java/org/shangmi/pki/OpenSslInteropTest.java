package org.shangmi.pki;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.Security;
import java.security.Signature;
import java.security.cert.CertificateFactory;
import java.security.cert.X509CRL;
import java.security.cert.X509Certificate;
import java.security.spec.ECGenParameterSpec;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.X509EncodedKeySpec;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import org.bouncycastle.jce.provider.BouncyCastleProvider;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.shangmi.core.testing.OpenSslCommand;
import org.shangmi.core.testing.OpenSslPki;
import org.shangmi.provider.ShangMiProvider;
import org.shangmi.provider.spec.Sm2SignatureSpec;

/**
 * Certificates, requests and CRLs made here are accepted by the {@code openssl} command (which
 * checks every signature with the default SM2 ID, as {@link OpenSslPki#ID_OPTION}), and those it
 * makes are read and built upon here.
 */
class OpenSslInteropTest {

    private static final String ID = OpenSslPki.ID_OPTION;

    @TempDir
    Path directory;

    @BeforeAll
    static void installShangMiFirst() {
        // the JDK's CertificateFactory reads SM2 keys only with ShangMi ahead of SunEC
        if (Security.getProvider("ShangMi") == null) {
            Security.insertProviderAt(new ShangMiProvider(), 1);
        }
    }

    @BeforeEach
    void needsOpenssl() {
        OpenSslCommand.assumeAvailable();
    }

    private static KeyPair sm2Keys() throws Exception {
        return KeyPairGenerator.getInstance("SM2", "ShangMi").generateKeyPair();
    }

    private String write(String name, String label, byte[] der) throws Exception {
        Path file = directory.resolve(name);
        Files.writeString(file, "-----BEGIN " + label + "-----\n" + Base64.getMimeEncoder(64, new byte[] {'\n'}).encodeToString(der)
                + "\n-----END " + label + "-----\n");
        return file.toString();
    }

    private String file(String name) {
        return directory.resolve(name).toString();
    }

    private static String openssl(String... args) {
        OpenSslCommand.Result result = OpenSslCommand.attempt(new byte[0], args);
        String both = new String(result.stdout(), StandardCharsets.UTF_8) + new String(result.stderr(), StandardCharsets.UTF_8);
        assertEquals(0, result.exit(), "openssl " + String.join(" ", args) + ": " + both);
        return both;
    }

    private static String opensslFailing(String... args) {
        OpenSslCommand.Result result = OpenSslCommand.attempt(new byte[0], args);
        String both = new String(result.stdout(), StandardCharsets.UTF_8) + new String(result.stderr(), StandardCharsets.UTF_8);
        assertTrue(result.exit() != 0, "openssl " + String.join(" ", args) + " should fail: " + both);
        return both;
    }

    private static X509Certificate root(KeyPair keys) throws Exception {
        return new CertificateBuilder().serial(BigInteger.ONE).subject(Names.parse("/C=CN/O=ShangMi Test/CN=Root"))
                .issuer(Names.parse("/C=CN/O=ShangMi Test/CN=Root"), keys.getPublic()).publicKey(keys.getPublic())
                .validity(Instant.now(), 30)
                .extensions(new Extensions().add("basicConstraints = critical,CA:TRUE,pathlen:1")
                        .add("keyUsage = critical,keyCertSign,cRLSign").add("subjectKeyIdentifier = hash"))
                .sign(keys.getPrivate());
    }

    @Test
    void opensslAcceptsOurRequestCertificatesAndCrl() throws Exception {
        KeyPair rootKeys = sm2Keys();
        X509Certificate root = root(rootKeys);
        write("root.pem", "CERTIFICATE", root.getEncoded());

        KeyPair leafKeys = sm2Keys();
        CertificationRequest csr = new CsrBuilder().subject(Names.parse("/C=CN/O=ShangMi Test/CN=leaf.example.com"))
                .publicKey(leafKeys.getPublic())
                .extensions(new Extensions().add("subjectAltName = DNS:leaf.example.com,IP:10.0.0.1,email:ops@example.com"))
                .sign(leafKeys.getPrivate());
        write("leaf.csr", "CERTIFICATE REQUEST", csr.encoded());
        assertTrue(openssl("req", "-in", file("leaf.csr"), "-noout", "-verify", "-vfyopt", ID).contains("verify OK"));
        assertTrue(openssl("req", "-in", file("leaf.csr"), "-noout", "-text").contains("DNS:leaf.example.com"));

        X509Certificate leaf = new CertificateBuilder().serial(BigInteger.valueOf(0x1000)).issuer(root)
                .subject(csr.subject()).publicKey(leafKeys.getPublic()).validity(Instant.now(), 10)
                .extensions(new Extensions().add("basicConstraints = critical,CA:FALSE")
                        .add("keyUsage = critical,digitalSignature,keyEncipherment").add("extendedKeyUsage = serverAuth,clientAuth")
                        .add("subjectKeyIdentifier = hash").add("authorityKeyIdentifier = keyid").addRequested(csr))
                .sign(rootKeys.getPrivate());
        write("leaf.pem", "CERTIFICATE", leaf.getEncoded());
        assertTrue(openssl("verify", "-vfyopt", ID, "-CAfile", file("root.pem"), file("leaf.pem")).contains("leaf.pem: OK"));
        String text = openssl("x509", "-in", file("leaf.pem"), "-noout", "-text");
        for (String expected : new String[] {"Serial Number: 4096 (0x1000)", "Signature Algorithm: SM2-with-SM3",
                "Issuer: C = CN, O = ShangMi Test, CN = Root", "Subject: C = CN, O = ShangMi Test, CN = leaf.example.com",
                "X509v3 Basic Constraints: critical\n                CA:FALSE",
                "Digital Signature, Key Encipherment", "TLS Web Server Authentication, TLS Web Client Authentication",
                "DNS:leaf.example.com, IP Address:10.0.0.1, email:ops@example.com", "ASN1 OID: SM2"}) {
            assertTrue(text.contains(expected), expected + " in\n" + text);
        }
        // the key identifiers are openssl's own: its "hash" of the same keys
        String rootText = openssl("x509", "-in", file("root.pem"), "-noout", "-text");
        assertTrue(rootText.contains("CA:TRUE, pathlen:1"), rootText);
        assertEquals(keyIdLine(rootText, "Subject Key Identifier"), keyIdLine(text, "Authority Key Identifier"));
        assertEquals(openssl("x509", "-in", file("leaf.pem"), "-noout", "-pubkey"),
                openssl("req", "-in", file("leaf.csr"), "-noout", "-pubkey"));

        KeyPair revokedKeys = sm2Keys();
        X509Certificate revoked = new CertificateBuilder().serial(BigInteger.valueOf(0x1001)).issuer(root)
                .subject(Names.parse("/C=CN/CN=revoked.example.com")).publicKey(revokedKeys.getPublic())
                .validity(Instant.now(), 10).sign(rootKeys.getPrivate());
        write("revoked.pem", "CERTIFICATE", revoked.getEncoded());
        // OpenSSL 3.0 checks CRL signatures with an empty SM2 ID whatever -vfyopt says: this CRL is signed so
        Instant now = Instant.now();
        X509CRL crl = new CrlBuilder().issuer(root).number(BigInteger.valueOf(7)).updates(now, now.plus(Duration.ofDays(7)))
                .revoke(revoked.getSerialNumber(), now.minusSeconds(60)).sign(emptyIdSigner(rootKeys.getPrivate()));
        write("root.crl", "X509 CRL", crl.getEncoded());
        assertTrue(openssl("crl", "-in", file("root.crl"), "-CAfile", file("root.pem"), "-noout").contains("verify OK"));
        String crlText = openssl("crl", "-in", file("root.crl"), "-noout", "-text");
        for (String expected : new String[] {"Version 2 (0x1)", "Issuer: C = CN, O = ShangMi Test, CN = Root",
                "X509v3 CRL Number: \n                7", "Serial Number: 1001"}) {
            assertTrue(crlText.contains(expected), expected + " in\n" + crlText);
        }
        assertEquals(keyIdLine(rootText, "Subject Key Identifier"), keyIdLine(crlText, "Authority Key Identifier"));
        assertTrue(openssl("verify", "-vfyopt", ID, "-crl_check", "-CRLfile", file("root.crl"), "-CAfile", file("root.pem"),
                file("leaf.pem")).contains("leaf.pem: OK"));
        assertTrue(opensslFailing("verify", "-vfyopt", ID, "-crl_check", "-CRLfile", file("root.crl"), "-CAfile",
                file("root.pem"), file("revoked.pem")).contains("certificate revoked"));
    }

    /** The line after an extension's heading in openssl's text: a key identifier. */
    private static String keyIdLine(String text, String heading) {
        int at = text.indexOf("X509v3 " + heading + ":");
        assertTrue(at >= 0, heading + " in\n" + text);
        String after = text.substring(text.indexOf('\n', at) + 1);
        return after.substring(0, after.indexOf('\n')).strip().replaceFirst("^keyid:", "");
    }

    private static Signature emptyIdSigner(PrivateKey key) throws Exception {
        Signature signer = Signature.getInstance("SM3withSM2", "ShangMi");
        signer.setParameter(new Sm2SignatureSpec(new byte[0]));
        signer.initSign(key);
        return signer;
    }

    @Test
    void crlsAreSignedWithTheDefaultIdUnlessTheSignerSaysOtherwise() throws Exception {
        KeyPair rootKeys = sm2Keys();
        X509Certificate root = root(rootKeys);
        Files.writeString(directory.resolve("root.pub"), openssl("x509", "-in", write("root.pem", "CERTIFICATE", root.getEncoded()),
                "-noout", "-pubkey"));
        Instant now = Instant.now();
        X509CRL crl = new CrlBuilder().issuer(root).number(BigInteger.ONE).updates(now, now.plus(Duration.ofDays(1)))
                .sign(rootKeys.getPrivate());
        Files.write(directory.resolve("tbs"), crl.getTBSCertList());
        Files.write(directory.resolve("signature"), crl.getSignature());
        assertTrue(openssl("dgst", "-sm3", "-verify", file("root.pub"), "-sigopt", ID, "-signature", file("signature"),
                file("tbs")).contains("Verified OK"));
        write("default-id.crl", "X509 CRL", crl.getEncoded());
        assertTrue(openssl("crl", "-in", file("default-id.crl"), "-CAfile", file("root.pem"), "-noout").contains("verify failure"));
    }

    @Test
    void keysOfAnotherProviderSign() throws Exception {
        // Bouncy Castle's SM2 key: the JCA finds the provider that signs with it
        BouncyCastleProvider bc = new BouncyCastleProvider();
        KeyPairGenerator generator = KeyPairGenerator.getInstance("EC", bc);
        generator.initialize(new ECGenParameterSpec("sm2p256v1"));
        KeyPair keys = generator.generateKeyPair();
        Security.addProvider(bc);
        try {
            X509Certificate root = root(keys);
            write("bc.pem", "CERTIFICATE", root.getEncoded());
            assertTrue(openssl("verify", "-vfyopt", ID, "-CAfile", file("bc.pem"), file("bc.pem")).contains("bc.pem: OK"));
        } finally {
            Security.removeProvider(bc.getName());
        }
    }

    @Test
    void weReadAndBuildOnWhatOpensslMakes() throws Exception {
        OpenSslPki pki = new OpenSslPki(directory).chain();
        pki.crl("inter", "leaf");
        CertificateFactory factory = CertificateFactory.getInstance("X.509");
        X509Certificate inter = OpenSslPki.certificate(factory, pki.path("inter.pem"));

        CertificationRequest csr = CertificationRequest.parse(pem(pki.path("leaf.csr")));
        assertEquals("C = CN, O = ShangMi Test, CN = leaf.example.com", Names.oneLine(csr.subject()));
        assertTrue(csr.signedWithSm3WithSm2());
        PublicKey leafKey = KeyFactory.getInstance("SM2", "ShangMi").generatePublic(new X509EncodedKeySpec(csr.publicKeyInfo()));
        Signature verifier = Signature.getInstance("SM3withSM2", "ShangMi");
        verifier.initVerify(leafKey);
        assertTrue(csr.verify(verifier));
        assertArrayEquals(OpenSslPki.certificate(factory, pki.path("leaf.pem")).getPublicKey().getEncoded(), csr.publicKeyInfo());

        // a certificate issued from openssl's request by openssl's intermediate CA and key
        PrivateKey interKey = KeyFactory.getInstance("SM2", "ShangMi").generatePrivate(new PKCS8EncodedKeySpec(pem(pki.path("inter.key"))));
        X509Certificate reissued = new CertificateBuilder().serial(BigInteger.valueOf(42)).issuer(inter).subject(csr.subject())
                .publicKey(leafKey).validity(Instant.now(), 5)
                .extensions(new Extensions().add("keyUsage = critical,digitalSignature").add("authorityKeyIdentifier = keyid"))
                .sign(interKey);
        write("reissued.pem", "CERTIFICATE", reissued.getEncoded());
        assertTrue(openssl("verify", "-vfyopt", ID, "-partial_chain", "-CAfile", pki.path("inter.pem").toString(),
                file("reissued.pem")).contains("reissued.pem: OK"));
        String text = openssl("x509", "-in", file("reissued.pem"), "-noout", "-text");
        String interText = openssl("x509", "-in", pki.path("inter.pem").toString(), "-noout", "-text");
        assertEquals(keyIdLine(interText, "Subject Key Identifier"), keyIdLine(text, "Authority Key Identifier"));

        // openssl's CRL and certificate read back, and printed as openssl prints them
        X509CRL crl = OpenSslPki.crl(factory, pki.path("inter.crl"));
        assertTrue(crl.isRevoked(OpenSslPki.certificate(factory, pki.path("leaf.pem"))));
        assertTrue(PkiText.certificate(inter).contains("X509v3 Basic Constraints: critical\n                CA:TRUE"));
    }

    private static byte[] pem(Path file) throws Exception {
        String text = Files.readString(file);
        return Base64.getMimeDecoder().decode(text.replaceAll("-----[A-Z ]+-----", ""));
    }
}
