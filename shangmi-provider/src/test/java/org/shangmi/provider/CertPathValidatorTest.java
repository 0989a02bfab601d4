package org.shangmi.provider;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.security.Provider;
import java.security.cert.CertPath;
import java.security.cert.CertPathValidator;
import java.security.cert.CertPathValidatorException;
import java.security.cert.CertPathValidatorException.BasicReason;
import java.security.cert.CertStore;
import java.security.cert.CertificateFactory;
import java.security.cert.CollectionCertStoreParameters;
import java.security.cert.PKIXCertPathValidatorResult;
import java.security.cert.PKIXParameters;
import java.security.cert.PKIXReason;
import java.security.cert.TrustAnchor;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.shangmi.core.testing.OpenSslPki;
import org.junit.jupiter.api.io.TempDir;

/**
 * The JDK's {@code CertPathValidator "PKIX"} on SM2 chains made by the {@code openssl} command,
 * with CRL revocation checking, on every backend installed ahead of SunEC; Bouncy Castle's PKIX
 * gives a second opinion on the same files.
 */
class CertPathValidatorTest {

    @TempDir
    static Path directory;
    private static OpenSslPki pki;

    @BeforeAll
    static void makePki() {
        pki = new OpenSslPki(directory).chain();
        pki.issue("revoked", "/CN=Revoked", "inter", "leaf", 10);
        // the same issuer name as inter, another key
        pki.issue("impostor", OpenSslPki.INTERMEDIATE, "root", "ca", 20);
        pki.issue("impostor-leaf", "/CN=Impostor Leaf", "impostor", "leaf", 10);
        // a CA whose key usage lacks keyCertSign
        pki.issue("weak", "/CN=Weak", "root", "ca_without_cert_sign", 20);
        pki.issue("weak-leaf", "/CN=Weak Leaf", "weak", "leaf", 10);
        pki.crl("root");
        pki.crl("inter", "revoked");
        pki.crl("impostor");
        pki.crl("weak");
    }

    @Test
    void validatesTheChainWithRevocationOnEveryBackend() throws Exception {
        for (ShangMiProvider provider : Providers.serving("SM2")) {
            try (Installed installed = Installed.first(provider)) {
                Validation validation = new Validation(CertificateFactory.getInstance("X.509"), null);
                PKIXCertPathValidatorResult result = validation.validate("leaf", "inter");
                assertEquals(validation.certificate("leaf").getPublicKey(), result.getPublicKey());
                assertEquals(validation.certificate("root"), result.getTrustAnchor().getTrustedCert());
            }
        }
    }

    @Test
    void rejectsWhatItShould() throws Exception {
        for (ShangMiProvider provider : Providers.serving("SM2")) {
            try (Installed installed = Installed.first(provider)) {
                Validation validation = new Validation(CertificateFactory.getInstance("X.509"), null);
                assertRejected(BasicReason.REVOKED, () -> validation.validate("revoked", "inter"));
                assertRejected(BasicReason.INVALID_SIGNATURE, () -> validation.validate(
                        CertificateFactoryTest.tampered(validation.factory, validation.certificate("leaf")),
                        validation.certificate("inter")));
                // impostor bears inter's name: the leaf's signature does not verify under its key
                assertRejected(BasicReason.INVALID_SIGNATURE, () -> validation.validate("leaf", "impostor"));
                assertRejected(PKIXReason.NAME_CHAINING, () -> validation.validate("leaf", "root"));
                assertRejected(PKIXReason.INVALID_KEY_USAGE, () -> validation.validate("weak-leaf", "weak"));
                validation.date = new Date(System.currentTimeMillis() + TimeUnit.DAYS.toMillis(15));
                assertRejected(BasicReason.EXPIRED, () -> validation.validate("leaf", "inter"));
            }
        }
    }

    @Test
    void bouncyCastlesPkixAgrees() throws Exception {
        Provider bc = Providers.bouncyCastle();
        Validation validation = new Validation(CertificateFactory.getInstance("X.509", bc), bc);
        validation.validate("leaf", "inter");
        assertThrows(CertPathValidatorException.class, () -> validation.validate("revoked", "inter"));
        assertThrows(CertPathValidatorException.class, () -> validation.validate("leaf", "impostor"));
        assertThrows(CertPathValidatorException.class, () -> validation.validate("weak-leaf", "weak"));
    }

    private static void assertRejected(CertPathValidatorException.Reason reason, Attempt attempt) {
        CertPathValidatorException rejected = assertThrows(CertPathValidatorException.class, attempt::run);
        assertEquals(reason, rejected.getReason(), rejected.toString());
    }

    private interface Attempt {
        void run() throws Exception;
    }

    /** Validation against the root as trust anchor, with every CRL of the PKI in a cert store. */
    private static final class Validation {

        final CertificateFactory factory;
        private final Provider pkix;
        Date date;

        Validation(CertificateFactory factory, Provider pkix) {
            this.factory = factory;
            this.pkix = pkix;
        }

        X509Certificate certificate(String name) throws Exception {
            return OpenSslPki.certificate(factory, pki.path(name + ".pem"));
        }

        PKIXCertPathValidatorResult validate(String leaf, String issuer) throws Exception {
            return validate(certificate(leaf), certificate(issuer));
        }

        PKIXCertPathValidatorResult validate(X509Certificate leaf, X509Certificate issuer) throws Exception {
            CertPath path = factory.generateCertPath(List.of(leaf, issuer));
            PKIXParameters parameters = new PKIXParameters(Set.of(new TrustAnchor(certificate("root"), null)));
            List<Object> crls = new ArrayList<>();
            for (String name : List.of("root", "inter", "impostor", "weak")) {
                crls.add(OpenSslPki.crl(factory, pki.path(name + ".crl")));
            }
            parameters.addCertStore(CertStore.getInstance("Collection", new CollectionCertStoreParameters(crls)));
            parameters.setRevocationEnabled(true);
            parameters.setDate(date);
            CertPathValidator validator = pkix == null
                    ? CertPathValidator.getInstance("PKIX") : CertPathValidator.getInstance("PKIX", pkix);
            PKIXCertPathValidatorResult result = (PKIXCertPathValidatorResult) validator.validate(path, parameters);
            assertTrue(result.getPolicyTree() == null || result.getPolicyTree().getDepth() >= 0);
            return result;
        }
    }
}
