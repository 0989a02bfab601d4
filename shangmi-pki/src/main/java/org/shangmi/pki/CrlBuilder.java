package org.shangmi.pki;

import java.io.ByteArrayInputStream;
import java.math.BigInteger;
import java.security.GeneralSecurityException;
import java.security.Signature;
import java.security.cert.CertificateFactory;
import java.security.cert.X509CRL;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import org.shangmi.core.util.Der;

/**
 * Version 2 CRLs (RFC 5280) signed with SM3withSM2 (or SHA256withECDSA): the certificates an
 * issuer revoked, with the CRL number and the issuer's key identifier that RFC 5280 requires.
 * Times are whole seconds.
 *
 * <pre>{@code
 * X509CRL crl = new CrlBuilder()
 *         .issuer(caCertificate)
 *         .number(BigInteger.ONE)
 *         .updates(Instant.now(), Instant.now().plus(Duration.ofDays(7)))
 *         .revoke(leaf.getSerialNumber(), Instant.now())
 *         .sign(caKey);
 * }</pre>
 */
public final class CrlBuilder extends IssuedBuilder<CrlBuilder, X509CRL> {

    private static final String CRL_NUMBER = "2.5.29.20";

    private BigInteger number;
    private Instant thisUpdate;
    private Instant nextUpdate;
    private final Der.Writer revoked = new Der.Writer();

    /** A builder with nothing set and nothing revoked. */
    public CrlBuilder() {
    }

    /**
     * Sets the CRL number, which grows with each CRL the issuer publishes.
     *
     * @param value non-negative and at most 20 bytes, as RFC 5280 allows
     * @return this
     */
    public CrlBuilder number(BigInteger value) {
        if (value.signum() < 0 || value.bitLength() > 159) {
            throw new IllegalArgumentException("a CRL number is non-negative and at most 20 bytes, not " + value);
        }
        number = value;
        return this;
    }

    /**
     * Sets when this CRL was issued and when the next will be.
     *
     * @param thisTime this CRL's date (cut to whole seconds)
     * @param nextTime the next CRL's date (cut to whole seconds), after this one
     * @return this
     */
    public CrlBuilder updates(Instant thisTime, Instant nextTime) {
        Instant start = thisTime.truncatedTo(ChronoUnit.SECONDS);
        Instant next = nextTime.truncatedTo(ChronoUnit.SECONDS);
        if (!next.isAfter(start)) {
            throw new IllegalArgumentException("the next update comes after this one: " + start + " to " + next);
        }
        thisUpdate = start;
        nextUpdate = next;
        return this;
    }

    /**
     * Adds a revoked certificate.
     *
     * @param serial the certificate's serial number
     * @param date when it was revoked (cut to whole seconds)
     * @return this
     */
    public CrlBuilder revoke(BigInteger serial, Instant date) {
        if (serial.signum() <= 0) {
            throw new IllegalArgumentException("a serial number is positive, not " + serial);
        }
        byte[] serialBytes = serial.toByteArray();
        revoked.raw(new Der.Writer().unsignedInteger(serialBytes, 0, serialBytes.length)
                .raw(Signed.time(date.truncatedTo(ChronoUnit.SECONDS))).wrap(Der.SEQUENCE));
        return this;
    }

    @Override
    CrlBuilder self() {
        return this;
    }

    @Override
    public byte[] signDer(Signature signer) throws GeneralSecurityException {
        if (issuer == null || number == null || thisUpdate == null) {
            throw new IllegalStateException("issuer, number and updates are all needed");
        }
        byte[] numberBytes = number.toByteArray();
        byte[] extensions = new Der.Writer()
                .raw(Extensions.extension(Extensions.AUTHORITY_KEY_IDENTIFIER, false,
                        Extensions.authorityKeyIdentifier(issuerKeyIdentifier)))
                .raw(Extensions.extension(CRL_NUMBER, false,
                        new Der.Writer().unsignedInteger(numberBytes, 0, numberBytes.length).toByteArray()))
                .wrap(Der.SEQUENCE);
        Der.Writer tbs = new Der.Writer()
                .smallInteger(1) // v2
                .raw(Signed.algorithmOf(signer))
                .raw(issuer.getEncoded())
                .raw(Signed.time(thisUpdate))
                .raw(Signed.time(nextUpdate));
        byte[] entries = revoked.toByteArray();
        if (entries.length > 0) { // revokedCertificates is left out when empty
            tbs.raw(new Der.Writer().raw(entries).wrap(Der.SEQUENCE));
        }
        tbs.element(Der.CONTEXT, extensions);
        return Signed.sign(tbs.wrap(Der.SEQUENCE), signer);
    }

    @Override
    X509CRL read(byte[] der) throws GeneralSecurityException {
        return (X509CRL) CertificateFactory.getInstance("X.509").generateCRL(new ByteArrayInputStream(der));
    }
}
