package org.shangmi.pki;

import java.io.ByteArrayInputStream;
import java.math.BigInteger;
import java.security.GeneralSecurityException;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.Signature;
import java.security.cert.CertificateFactory;
import java.security.cert.X509CRL;
import java.security.cert.X509Certificate;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import javax.security.auth.x500.X500Principal;
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
public final class CrlBuilder {

    private static final String CRL_NUMBER = "2.5.29.20";

    private X500Principal issuer;
    private byte[] issuerKeyIdentifier;
    private BigInteger number;
    private Instant thisUpdate;
    private Instant nextUpdate;
    private final Der.Writer revoked = new Der.Writer();
    private String signatureAlgorithm = Signed.DEFAULT_ALGORITHM;

    /** A builder with nothing set and nothing revoked. */
    public CrlBuilder() {
    }

    /**
     * Sets the issuer by name and key; the key gives the authority key identifier.
     *
     * @param name the issuer's name
     * @param key the issuer's public key
     * @return this
     */
    public CrlBuilder issuer(X500Principal name, PublicKey key) {
        issuer = name;
        issuerKeyIdentifier = Extensions.keyIdentifier(key.getEncoded());
        return this;
    }

    /**
     * Sets the issuer from its certificate: its subject name, and its subject key identifier (or,
     * without one, the identifier computed from its key).
     *
     * @param ca the issuer's certificate
     * @return this
     */
    public CrlBuilder issuer(X509Certificate ca) {
        issuer = ca.getSubjectX500Principal();
        issuerKeyIdentifier = Extensions.keyIdentifier(ca);
        return this;
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

    /**
     * Sets the algorithm with which {@link #sign(PrivateKey)} and {@link #signDer(PrivateKey)} sign.
     *
     * @param algorithm {@code SM3withSM2} (the default, with the default SM2 ID
     *     1234567812345678) or {@code SHA256withECDSA}
     * @return this
     */
    public CrlBuilder signatureAlgorithm(String algorithm) {
        signatureAlgorithm = Signed.checkedAlgorithm(algorithm);
        return this;
    }

    /**
     * Signs the CRL with the issuer's private key and reads it back through the JDK's {@code CertificateFactory}.
     *
     * @param issuerKey the issuer's private key, of any provider that signs with the algorithm
     * @return the CRL
     * @throws GeneralSecurityException if no provider signs with the key
     */
    public X509CRL sign(PrivateKey issuerKey) throws GeneralSecurityException {
        return crl(signDer(issuerKey));
    }

    /**
     * Signs the CRL and reads it back through the JDK's {@code CertificateFactory}.
     *
     * @param signer initialised for signing with the issuer's private key
     * @return the CRL
     * @throws GeneralSecurityException if signing fails
     */
    public X509CRL sign(Signature signer) throws GeneralSecurityException {
        return crl(signDer(signer));
    }

    /**
     * Signs the CRL with the issuer's private key.
     *
     * @param issuerKey the issuer's private key, of any provider that signs with the algorithm
     * @return the CRL's DER
     * @throws GeneralSecurityException if no provider signs with the key
     */
    public byte[] signDer(PrivateKey issuerKey) throws GeneralSecurityException {
        return signDer(Signed.signer(signatureAlgorithm, issuerKey));
    }

    /**
     * Signs the CRL.
     *
     * @param signer initialised for signing with the issuer's private key (its algorithm
     *     SM3withSM2 or SHA256withECDSA; for SM2, its parameters say the ID)
     * @return the CRL's DER
     * @throws GeneralSecurityException if signing fails
     * @throws IllegalStateException if the issuer, the number or the updates are not set
     */
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

    private static X509CRL crl(byte[] der) throws GeneralSecurityException {
        return (X509CRL) CertificateFactory.getInstance("X.509").generateCRL(new ByteArrayInputStream(der));
    }
}
