package org.shangmi.provider;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyFactory;
import java.security.Signature;
import java.security.SignatureException;
import java.security.cert.CRLReason;
import java.security.cert.Certificate;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.security.cert.X509CRL;
import java.security.cert.X509Certificate;
import java.text.SimpleDateFormat;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Date;
import java.util.List;
import java.util.Locale;
import java.util.TimeZone;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.shangmi.core.testing.OpenSslPki;
import org.junit.jupiter.api.io.TempDir;
import org.shangmi.provider.spec.PemKeySpec;
import org.shangmi.provider.spec.Sm2SignatureSpec;

/**
 * The JDK's own {@code CertificateFactory "X.509"} on SM2 certificates and CRLs made by the
 * {@code openssl} command, with ShangMi installed ahead of SunEC; every getter checked against
 * what openssl prints, signatures checked by every backend and by Bouncy Castle.
 */
class CertificateFactoryTest {

    @TempDir
    static Path directory;
    private static OpenSslPki pki;

    @BeforeAll
    static void makePki() {
        pki = new OpenSslPki(directory).chain();
        pki.issue("revoked", "/CN=Revoked", "inter", "leaf", 10);
        pki.crl("inter", "revoked");
    }

    @Test
    void gettersAgreeWithOpenSsl() throws Exception {
        try (Installed installed = Installed.first(Providers.each().get(0))) {
            X509Certificate leaf = OpenSslPki.certificate(CertificateFactory.getInstance("X.509"), pki.path("leaf.pem"));
            String pem = pki.path("leaf.pem").toString();
            assertArrayEquals(OpenSslPki.read(derOf(pem)), leaf.getEncoded());
            assertEquals(3, leaf.getVersion());
            assertEquals(new BigInteger(field(pki.text("x509", "-in", pem, "-noout", "-serial"), "serial"), 16),
                    leaf.getSerialNumber());
            assertEquals(field(pki.text("x509", "-in", pem, "-noout", "-subject", "-nameopt", "RFC2253"), "subject"),
                    leaf.getSubjectX500Principal().getName());
            assertEquals(field(pki.text("x509", "-in", pem, "-noout", "-issuer", "-nameopt", "RFC2253"), "issuer"),
                    leaf.getIssuerX500Principal().getName());
            assertEquals(date(field(pki.text("x509", "-in", pem, "-noout", "-startdate"), "notBefore")), leaf.getNotBefore());
            assertEquals(date(field(pki.text("x509", "-in", pem, "-noout", "-enddate"), "notAfter")), leaf.getNotAfter());
            leaf.checkValidity();
            assertEquals("1.2.156.10197.1.501", leaf.getSigAlgOID());
            assertTrue("SM3withSM2".equalsIgnoreCase(leaf.getSigAlgName()), leaf.getSigAlgName());
            assertEquals(-1, leaf.getBasicConstraints());
            boolean[] usage = leaf.getKeyUsage();
            assertTrue(usage[0] && !usage[1] && usage[2] && !usage[5], "digitalSignature and keyEncipherment only");
            assertEquals(List.of("1.3.6.1.5.5.7.3.2", "1.3.6.1.5.5.7.3.1"), leaf.getExtendedKeyUsage());
            Collection<List<?>> names = leaf.getSubjectAlternativeNames();
            assertTrue(names.contains(List.of(2, "leaf.example.com")), names.toString());
            assertTrue(names.contains(List.of(1, "leaf@example.com")), names.toString());
            assertTrue(leaf.getCriticalExtensionOIDs().contains("2.5.29.15"));
            assertFalse(leaf.hasUnsupportedCriticalExtension());

            // the public key is openssl's, read by our key factory through the JDK
            PemKeySpec opensslKey = new PemKeySpec(pki.text("x509", "-in", pem, "-noout", "-pubkey"));
            assertEquals(KeyFactory.getInstance("SM2", "ShangMi").generatePublic(opensslKey), leaf.getPublicKey());
            assertInstanceOf(Sm2PublicKey.class, leaf.getPublicKey());

            X509Certificate inter = OpenSslPki.certificate(CertificateFactory.getInstance("X.509"), pki.path("inter.pem"));
            assertEquals(Integer.MAX_VALUE, inter.getBasicConstraints());
            assertTrue(inter.getKeyUsage()[5], "keyCertSign");
        }
    }

    @Test
    void everyBackendVerifiesTheChainWithTheDefaultId() throws Exception {
        for (ShangMiProvider provider : Providers.serving("SM2")) {
            try (Installed installed = Installed.first(provider)) {
                CertificateFactory factory = CertificateFactory.getInstance("X.509");
                X509Certificate root = OpenSslPki.certificate(factory, pki.path("root.pem"));
                X509Certificate inter = OpenSslPki.certificate(factory, pki.path("inter.pem"));
                X509Certificate leaf = OpenSslPki.certificate(factory, pki.path("leaf.pem"));
                root.verify(root.getPublicKey());
                inter.verify(root.getPublicKey());
                leaf.verify(inter.getPublicKey());
                leaf.verify(inter.getPublicKey(), ShangMiProvider.NAME);
                leaf.verify(inter.getPublicKey(), provider);
                assertThrows(SignatureException.class, () -> leaf.verify(root.getPublicKey()));
                assertThrows(SignatureException.class, () -> tampered(factory, leaf).verify(inter.getPublicKey()));

                // the signature is over the TBSCertificate with the default ID, as a plain Signature sees it
                Signature withDefaultId = Signature.getInstance("SM3withSM2", provider);
                withDefaultId.setParameter(new Sm2SignatureSpec(Sm2SignatureSpec.defaultId()));
                withDefaultId.initVerify(inter.getPublicKey());
                withDefaultId.update(leaf.getTBSCertificate());
                assertTrue(withDefaultId.verify(leaf.getSignature()));
            }
        }
    }

    @Test
    void bouncyCastleAgreesOnTheSignatures() throws Exception {
        CertificateFactory bc = CertificateFactory.getInstance("X.509", Providers.bouncyCastle());
        X509Certificate inter = OpenSslPki.certificate(bc, pki.path("inter.pem"));
        X509Certificate leaf = OpenSslPki.certificate(bc, pki.path("leaf.pem"));
        leaf.verify(inter.getPublicKey(), Providers.bouncyCastle());
        assertThrows(SignatureException.class, () -> tampered(bc, leaf).verify(inter.getPublicKey(), Providers.bouncyCastle()));
    }

    @Test
    void crlsParseVerifyAndListTheRevoked() throws Exception {
        for (ShangMiProvider provider : Providers.serving("SM2")) {
            try (Installed installed = Installed.first(provider)) {
                CertificateFactory factory = CertificateFactory.getInstance("X.509");
                X509Certificate root = OpenSslPki.certificate(factory, pki.path("root.pem"));
                X509Certificate inter = OpenSslPki.certificate(factory, pki.path("inter.pem"));
                X509Certificate revoked = OpenSslPki.certificate(factory, pki.path("revoked.pem"));
                X509Certificate leaf = OpenSslPki.certificate(factory, pki.path("leaf.pem"));
                X509CRL crl = OpenSslPki.crl(factory, pki.path("inter.crl"));
                crl.verify(inter.getPublicKey());
                assertThrows(SignatureException.class, () -> crl.verify(root.getPublicKey()));
                assertEquals(inter.getSubjectX500Principal(), crl.getIssuerX500Principal());
                assertTrue(crl.isRevoked(revoked));
                assertFalse(crl.isRevoked(leaf));
                assertEquals(CRLReason.KEY_COMPROMISE,
                        crl.getRevokedCertificate(revoked.getSerialNumber()).getRevocationReason());
                String crlFile = pki.path("inter.crl").toString();
                assertEquals(date(field(pki.text("crl", "-in", crlFile, "-noout", "-lastupdate"), "lastUpdate")),
                        crl.getThisUpdate());
                assertEquals(date(field(pki.text("crl", "-in", crlFile, "-noout", "-nextupdate"), "nextUpdate")),
                        crl.getNextUpdate());
            }
        }
    }

    @Test
    void mixedStoresKeepRsaAndP256() throws Exception {
        Path rsa = pki.otherRoot("rsa", "/CN=RSA", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:2048");
        Path p256 = pki.otherRoot("p256", "/CN=P-256", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256");
        ByteArrayOutputStream bundle = new ByteArrayOutputStream();
        for (Path pem : List.of(rsa, pki.path("root.pem"), p256, pki.path("inter.pem"))) {
            bundle.write(Files.readAllBytes(pem));
        }
        try (Installed installed = Installed.first(Providers.each().get(0))) {
            List<Certificate> certificates = new ArrayList<>(CertificateFactory.getInstance("X.509")
                    .generateCertificates(new ByteArrayInputStream(bundle.toByteArray())));
            assertEquals(4, certificates.size());
            assertEquals("RSA", certificates.get(0).getPublicKey().getAlgorithm());
            assertEquals("SunRsaSign", keyProvider(certificates.get(0)));
            assertInstanceOf(Sm2PublicKey.class, certificates.get(1).getPublicKey());
            assertEquals("SunEC", keyProvider(certificates.get(2)));
            certificates.get(0).verify(certificates.get(0).getPublicKey());
            certificates.get(1).verify(certificates.get(1).getPublicKey());
            certificates.get(2).verify(certificates.get(2).getPublicKey());
            certificates.get(3).verify(certificates.get(1).getPublicKey());
        }
    }

    @Test
    void theJdksFactoryNeedsShangMiAheadOfSunEc() throws Exception {
        // a certificate this JVM has not parsed before: the JDK's factory caches what it parsed
        Path unseen = pki.issue("unseen", "/CN=Unseen", "inter", "leaf", 10);
        try (Installed installed = Installed.last(Providers.each().get(0))) {
            CertificateException refused = assertThrows(CertificateException.class,
                    () -> OpenSslPki.certificate(CertificateFactory.getInstance("X.509"), unseen));
            assertTrue(String.valueOf(refused.getMessage()).contains("1.2.156.10197.1.301"), refused.getMessage());
        }
    }

    /** The certificate with the last byte of its signature changed (still valid DER). */
    static X509Certificate tampered(CertificateFactory factory, X509Certificate certificate) throws Exception {
        byte[] encoded = certificate.getEncoded();
        encoded[encoded.length - 1] ^= 0x01;
        return (X509Certificate) factory.generateCertificate(new ByteArrayInputStream(encoded));
    }

    private static String keyProvider(Certificate certificate) {
        // SunRsaSign's and SunEC's key classes live in the packages of their providers
        String name = certificate.getPublicKey().getClass().getName();
        return name.startsWith("sun.security.rsa.") ? "SunRsaSign" : name.startsWith("sun.security.ec.") ? "SunEC" : name;
    }

    private static Path derOf(String pem) throws Exception {
        Path der = Files.createTempFile(directory, "cert", ".der");
        pki.text("x509", "-in", pem, "-outform", "DER", "-out", der.toString());
        return der;
    }

    /** The value of {@code name=value} in openssl's output. */
    private static String field(String printed, String name) {
        String line = printed.strip();
        assertTrue(line.startsWith(name + "="), printed);
        return line.substring(name.length() + 1).strip();
    }

    /** openssl's date form, "Nov 24 06:21:19 2026 GMT". */
    private static Date date(String text) throws Exception {
        SimpleDateFormat format = new SimpleDateFormat("MMM d HH:mm:ss yyyy z", Locale.ROOT);
        format.setTimeZone(TimeZone.getTimeZone("GMT"));
        return format.parse(text.replaceAll(" +", " "));
    }
}
