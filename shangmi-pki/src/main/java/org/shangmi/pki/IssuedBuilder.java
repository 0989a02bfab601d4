package org.shangmi.pki;

import java.security.PublicKey;
import java.security.cert.X509Certificate;
import javax.security.auth.x500.X500Principal;

/**
 * What the builders of issued objects (certificates, CRLs) share: the issuer's name and the key
 * identifier that their authority key identifier carries.
 *
 * @param <B> the builder
 * @param <T> what it makes, read back from the DER
 */
abstract class IssuedBuilder<B extends IssuedBuilder<B, T>, T> extends SigningBuilder<B, T> {

    /** The issuer's name, or null until set. */
    X500Principal issuer;
    /** The issuer's key identifier, set with the name. */
    byte[] issuerKeyIdentifier;

    IssuedBuilder() {
    }

    /**
     * Sets the issuer by name and key; the key gives the authority key identifier. For a
     * self-signed certificate, the subject's own name and key.
     *
     * @param name the issuer's name
     * @param key the issuer's public key
     * @return this
     */
    public B issuer(X500Principal name, PublicKey key) {
        issuer = name;
        issuerKeyIdentifier = Extensions.keyIdentifier(key.getEncoded());
        return self();
    }

    /**
     * Sets the issuer from its certificate: its subject name, and its subject key identifier (or,
     * without one, the identifier computed from its key) for the authority key identifier.
     *
     * @param ca the issuer's certificate
     * @return this
     */
    public B issuer(X509Certificate ca) {
        issuer = ca.getSubjectX500Principal();
        issuerKeyIdentifier = Extensions.keyIdentifier(ca);
        return self();
    }
}
