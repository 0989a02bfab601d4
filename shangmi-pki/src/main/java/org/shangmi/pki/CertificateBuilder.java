package org.shangmi.pki;

import java.io.ByteArrayInputStream;
import java.math.BigInteger;
import java.security.GeneralSecurityException;
import java.security.PublicKey;
import java.security.Signature;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import javax.security.auth.x500.X500Principal;
import org.shangmi.core.util.Der;

/**
 * X.509 v3 certificates (RFC 5280) signed with SM3withSM2 (or SHA256withECDSA, for comparisons).
 * Times are whole seconds, UTCTime through 2049 and GeneralizedTime after, as RFC 5280 requires;
 * the signature's AlgorithmIdentifier has no parameters, as OpenSSL writes it.
 *
 * <pre>{@code
 * X509Certificate root = new CertificateBuilder()
 *         .serial(BigInteger.ONE)
 *         .subject(Names.parse("/C=CN/O=Example/CN=Root"))
 *         .issuer(Names.parse("/C=CN/O=Example/CN=Root"), rootKeys.getPublic())   // self-signed
 *         .publicKey(rootKeys.getPublic())
 *         .validity(Instant.now(), 3650)
 *         .extensions(new Extensions().add("basicConstraints = critical,CA:TRUE")
 *                 .add("keyUsage = critical,keyCertSign,cRLSign").add("subjectKeyIdentifier = hash"))
 *         .sign(rootKeys.getPrivate());
 * }</pre>
 */
public final class CertificateBuilder extends IssuedBuilder<CertificateBuilder, X509Certificate> {

    private BigInteger serial;
    private X500Principal subject;
    private byte[] publicKeyInfo;
    private Instant notBefore;
    private Instant notAfter;
    private Extensions extensions;

    /** A builder with nothing set. */
    public CertificateBuilder() {
    }

    /**
     * Sets the serial number.
     *
     * @param value positive and at most 20 bytes, as RFC 5280 allows
     * @return this
     */
    public CertificateBuilder serial(BigInteger value) {
        if (value.signum() <= 0 || value.bitLength() > 159) {
            throw new IllegalArgumentException("a serial number is positive and at most 20 bytes, not " + value);
        }
        serial = value;
        return this;
    }

    /**
     * Sets the subject's name.
     *
     * @param name the subject, for instance from {@link Names#parse}
     * @return this
     */
    public CertificateBuilder subject(X500Principal name) {
        subject = name;
        return this;
    }

    /**
     * Sets the subject's public key.
     *
     * @param key the key the certificate certifies (its X.509 encoding is copied as it is)
     * @return this
     */
    public CertificateBuilder publicKey(PublicKey key) {
        publicKeyInfo = key.getEncoded().clone();
        return this;
    }

    /**
     * Sets the validity to a number of days.
     *
     * @param from the start (cut to whole seconds)
     * @param days how many days from the start, at least one
     * @return this
     */
    public CertificateBuilder validity(Instant from, int days) {
        if (days < 1) {
            throw new IllegalArgumentException("a certificate is valid for at least one day, not " + days);
        }
        Instant start = from.truncatedTo(ChronoUnit.SECONDS);
        return validity(start, start.plus(days, ChronoUnit.DAYS));
    }

    /**
     * Sets the validity.
     *
     * @param from the start (cut to whole seconds)
     * @param until the end (cut to whole seconds), after the start
     * @return this
     */
    public CertificateBuilder validity(Instant from, Instant until) {
        Instant start = from.truncatedTo(ChronoUnit.SECONDS);
        Instant end = until.truncatedTo(ChronoUnit.SECONDS);
        if (!end.isAfter(start)) {
            throw new IllegalArgumentException("a certificate's validity ends after it starts: " + start + " to " + end);
        }
        notBefore = start;
        notAfter = end;
        return this;
    }

    /**
     * Sets the extensions, encoded when the certificate is signed.
     *
     * @param value the extensions, or null for none (a version 3 certificate all the same)
     * @return this
     */
    public CertificateBuilder extensions(Extensions value) {
        extensions = value;
        return this;
    }

    @Override
    CertificateBuilder self() {
        return this;
    }

    @Override
    public byte[] signDer(Signature signer) throws GeneralSecurityException {
        if (serial == null || issuer == null || subject == null || publicKeyInfo == null || notBefore == null) {
            throw new IllegalStateException("serial, issuer, subject, public key and validity are all needed");
        }
        byte[] serialBytes = serial.toByteArray();
        Der.Writer tbs = new Der.Writer()
                .element(Der.CONTEXT, new Der.Writer().smallInteger(2).toByteArray())
                .unsignedInteger(serialBytes, 0, serialBytes.length)
                .raw(Signed.algorithmOf(signer))
                .raw(issuer.getEncoded())
                .raw(new Der.Writer().raw(Signed.time(notBefore)).raw(Signed.time(notAfter)).wrap(Der.SEQUENCE))
                .raw(subject.getEncoded())
                .raw(publicKeyInfo);
        if (extensions != null && !extensions.isEmpty()) {
            tbs.element(Der.CONTEXT | 3, extensions.encode(new Extensions.KeyIds(publicKeyInfo, issuerKeyIdentifier)));
        }
        return Signed.sign(tbs.wrap(Der.SEQUENCE), signer);
    }

    @Override
    X509Certificate read(byte[] der) throws GeneralSecurityException {
        return (X509Certificate) CertificateFactory.getInstance("X.509").generateCertificate(new ByteArrayInputStream(der));
    }
}
