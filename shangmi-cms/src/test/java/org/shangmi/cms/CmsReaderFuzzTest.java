package org.shangmi.cms;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.Security;
import java.security.SignatureException;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.shangmi.provider.ShangMiProvider;
import org.shangmi.provider.spec.PemKeySpec;

/**
 * A fuzz target over the readers of untrusted messages: {@link CmsText#describe},
 * {@link SignedMessage} (read attached and detached, certificates, CRLs, verify, validate) and
 * {@link EnvelopedMessage} (read, decrypt and decryptMessage with the key of the certificate in
 * {@code fuzz/}, to which the seed messages are addressed). They may refuse input only with a
 * {@link CmsException}, {@link SignatureException} or, when decrypting, another
 * {@link GeneralSecurityException}; any other exception is a finding, and so is a verified signer
 * other than the one key that signed the seeds, or verified content other than theirs. {@code bin/fuzz 600
 * cmsMessages} fuzzes it; every build runs its inputs.
 */
class CmsReaderFuzzTest {

    /** What every seed signs or encrypts. */
    private static final byte[] SEEDS_CONTENT = "fuzz".getBytes(StandardCharsets.US_ASCII);

    private static X509Certificate certificate;
    private static PrivateKey key;

    @BeforeAll
    static void setUp() throws Exception {
        Security.insertProviderAt(new ShangMiProvider(), 1);
        try (InputStream pem = resource("fuzz.pem")) {
            certificate = (X509Certificate) CertificateFactory.getInstance("X.509").generateCertificate(pem);
        }
        try (InputStream pem = resource("fuzz.key")) {
            key = KeyFactory.getInstance("SM2", ShangMiProvider.NAME)
                    .generatePrivate(new PemKeySpec(new String(pem.readAllBytes(), StandardCharsets.US_ASCII)));
        }
    }

    @AfterAll
    static void tearDown() {
        Security.removeProvider(ShangMiProvider.NAME);
    }

    private static InputStream resource(String name) throws IOException {
        InputStream in = CmsReaderFuzzTest.class.getResourceAsStream("fuzz/" + name);
        if (in == null) {
            throw new IOException("no test resource fuzz/" + name);
        }
        return in;
    }

    @FuzzTest(maxDuration = "5s")
    void cmsMessages(byte[] input) throws IOException {
        try {
            CmsText.describe(input);
        } catch (CmsException refused) {
            // malformed: said so
        }
        signed(input, null);
        signed(input, SEEDS_CONTENT); // as a detached signature of the seeds' content
        try {
            EnvelopedMessage message = EnvelopedMessage.read(input);
            message.contentType();
            message.recipients();
            message.decrypt(key, certificate);
        } catch (GeneralSecurityException refused) {
            // malformed, not for us, not data, or tampered
        }
        try {
            SignedMessage inner = SignedMessage.read(EnvelopedMessage.read(input).decryptMessage(key, certificate));
            inner.verify();
        } catch (GeneralSecurityException refused) {
            // as above, or not a signed message inside
        }
    }

    private static void signed(byte[] input, byte[] detachedContent) {
        try {
            SignedMessage message = SignedMessage.read(input, detachedContent);
            message.certificates();
            message.crls();
            for (VerifiedSigner signer : message.verify()) {
                if (!signer.certificate().getPublicKey().equals(certificate.getPublicKey())) {
                    throw new AssertionError("a signer verified with a key that signed nothing: " + signer.certificate());
                }
                if (!java.util.Arrays.equals(SEEDS_CONTENT, message.content())) {
                    throw new AssertionError("verified content the key never signed");
                }
                try {
                    message.validate(signer, List.of(certificate));
                } catch (CmsException refused) {
                    // the seeds' certificate is self-signed: it validates, or says why not
                }
            }
        } catch (CmsException | SignatureException refused) {
            // malformed, or not signed by the key that signed the seeds
        }
    }
}
