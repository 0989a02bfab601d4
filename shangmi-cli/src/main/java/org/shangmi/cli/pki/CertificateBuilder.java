package org.shangmi.cli.pki;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.Signature;
import java.security.SignatureException;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import org.shangmi.core.util.Der;

/**
 * X.509 v3 certificates (RFC 5280) signed with SM3withSM2 (or SHA256withECDSA, for comparisons):
 * a TBSCertificate from its fields, then the signed certificate. Times are UTCTime through 2049
 * and GeneralizedTime after, as RFC 5280 requires.
 */
public final class CertificateBuilder {

    private static final DateTimeFormatter UTC_TIME = DateTimeFormatter.ofPattern("yyMMddHHmmss'Z'").withZone(ZoneOffset.UTC);
    private static final DateTimeFormatter GENERALIZED_TIME =
            DateTimeFormatter.ofPattern("yyyyMMddHHmmss'Z'").withZone(ZoneOffset.UTC);
    private static final Instant UTC_TIME_END = Instant.parse("2050-01-01T00:00:00Z");

    private BigInteger serial;
    private byte[] issuer;
    private byte[] subject;
    private byte[] publicKeyInfo;
    private Instant notBefore;
    private Instant notAfter;
    private byte[] extensions;

    /** A positive serial number of at most 20 bytes, as RFC 5280 allows. */
    public CertificateBuilder serial(BigInteger value) {
        if (value.signum() <= 0 || value.bitLength() > 159) {
            throw new IllegalArgumentException("a serial number is positive and at most 20 bytes, not " + value);
        }
        serial = value;
        return this;
    }

    /** The issuer and subject, DER Names. */
    public CertificateBuilder names(byte[] issuerName, byte[] subjectName) {
        issuer = issuerName.clone();
        subject = subjectName.clone();
        return this;
    }

    /** The subject's DER SubjectPublicKeyInfo. */
    public CertificateBuilder publicKeyInfo(byte[] spki) {
        publicKeyInfo = spki.clone();
        return this;
    }

    /** Valid from {@code from} (whole seconds) for {@code days} days. */
    public CertificateBuilder validity(Instant from, int days) {
        if (days < 1) {
            throw new IllegalArgumentException("a certificate is valid for at least one day, not " + days);
        }
        notBefore = from.truncatedTo(ChronoUnit.SECONDS);
        notAfter = notBefore.plus(days, ChronoUnit.DAYS);
        return this;
    }

    /** The DER Extensions, or null for none. */
    public CertificateBuilder extensions(byte[] der) {
        extensions = der == null ? null : der.clone();
        return this;
    }

    /** The signed certificate's DER; {@code signer} is initialised with the issuer's private key. */
    public byte[] sign(Signature signer) throws SignatureException {
        if (serial == null || issuer == null || publicKeyInfo == null || notBefore == null) {
            throw new IllegalStateException("serial, names, public key and validity are all needed");
        }
        byte[] algorithm = Signed.algorithmOf(signer);
        byte[] serialBytes = serial.toByteArray();
        Der.Writer tbs = new Der.Writer()
                .element(Der.CONTEXT, new Der.Writer().smallInteger(2).toByteArray())
                .unsignedInteger(serialBytes, 0, serialBytes.length)
                .raw(algorithm)
                .raw(issuer)
                .raw(new Der.Writer().raw(time(notBefore)).raw(time(notAfter)).wrap(Der.SEQUENCE))
                .raw(subject)
                .raw(publicKeyInfo);
        if (extensions != null) {
            tbs.element(Der.CONTEXT | 3, extensions);
        }
        return Signed.sign(tbs.wrap(Der.SEQUENCE), signer);
    }

    private static byte[] time(Instant instant) {
        boolean utc = instant.isBefore(UTC_TIME_END);
        String text = (utc ? UTC_TIME : GENERALIZED_TIME).format(instant);
        return new Der.Writer().element(utc ? Der.UTC_TIME : Der.GENERALIZED_TIME, text.getBytes(StandardCharsets.US_ASCII))
                .toByteArray();
    }
}
