package org.shangmi.tls.tlcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.List;
import javax.net.ssl.TrustManager;
import javax.net.ssl.X509ExtendedTrustManager;
import javax.net.ssl.X509TrustManager;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.shangmi.core.testing.OpenSslPki;

/**
 * The SM-only context's own check of a peer's chain, behind whatever the application's trust
 * manager decided: every certificate holds an SM2 key and is signed with SM3withSM2. openssl made
 * the certificates: an SM2 chain, an SM2 leaf under an RSA root, and an RSA certificate.
 */
class SmOnlyTrustTest extends WithShangMi {

    @TempDir
    static Path pkiDirectory;
    static OpenSslPki pki;
    static CertificateFactory certificates;

    @BeforeAll
    static void makePki() throws Exception {
        pki = new OpenSslPki(pkiDirectory).chain();
        pki.otherRoot("rsa", "/CN=RSA Root", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:2048");
        Path key = pki.sm2Key("sm2_under_rsa");
        Path csr = pki.path("sm2_under_rsa.csr");
        pki.text("req", "-new", "-key", key.toString(), "-sm3", "-sigopt", OpenSslPki.ID_OPTION, "-subj", "/CN=leaf", "-out",
                csr.toString());
        pki.text("x509", "-req", "-in", csr.toString(), "-vfyopt", OpenSslPki.ID_OPTION, "-CA", pki.path("rsa.pem").toString(),
                "-CAkey", pki.path("rsa.key").toString(), "-sha256", "-days", "10", "-out", pki.path("sm2_under_rsa.pem").toString());
        certificates = CertificateFactory.getInstance("X.509");
    }

    private static X509Certificate certificate(String name) throws Exception {
        return OpenSslPki.certificate(certificates, pki.path(name + ".pem"));
    }

    @Test
    void anSmChainPasses() throws Exception {
        SmOnlyTrust.check(new X509Certificate[] {certificate("leaf"), certificate("inter")});
    }

    @Test
    void anRsaSignatureOrKeyIsRefusedWithItsReason() throws Exception {
        CertificateException signed = assertThrows(CertificateException.class,
                () -> SmOnlyTrust.check(new X509Certificate[] {certificate("sm2_under_rsa"), certificate("rsa")}));
        assertTrue(signed.getMessage().contains("signed with SHA256withRSA"), signed.getMessage());
        CertificateException key = assertThrows(CertificateException.class,
                () -> SmOnlyTrust.check(new X509Certificate[] {certificate("rsa")}));
        assertTrue(key.getMessage().contains("holds a RSA key"), key.getMessage());
    }

    /** A trust manager that takes every chain: the SM-only check still stands behind it, plain or extended. */
    @Test
    void theCheckStandsBehindATrustManagerThatTakesEverything() throws Exception {
        List<String> asked = new ArrayList<>();
        X509TrustManager everything = new X509TrustManager() {
            @Override
            public void checkClientTrusted(X509Certificate[] chain, String authType) {
                asked.add("client");
            }

            @Override
            public void checkServerTrusted(X509Certificate[] chain, String authType) {
                asked.add("server");
            }

            @Override
            public X509Certificate[] getAcceptedIssuers() {
                return new X509Certificate[0];
            }
        };
        TrustManager[] wrapped = SmOnlyTrust.wrap(new TrustManager[] {everything});
        assertTrue(!(wrapped[0] instanceof X509ExtendedTrustManager), "a plain manager stays plain, for Bouncy Castle's own checks");
        X509Certificate[] rsaChain = {certificate("sm2_under_rsa"), certificate("rsa")};
        assertThrows(CertificateException.class, () -> ((X509TrustManager) wrapped[0]).checkServerTrusted(rsaChain, "UNKNOWN"));
        ((X509TrustManager) wrapped[0]).checkServerTrusted(new X509Certificate[] {certificate("leaf")}, "UNKNOWN");
        assertEquals(List.of("server", "server"), asked, "the application's verdict comes first");
    }
}
