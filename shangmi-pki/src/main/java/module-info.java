/**
 * SM2 certificates in code: X.509 certificates with extensions ({@link org.shangmi.pki.CertificateBuilder}),
 * PKCS#10 requests ({@link org.shangmi.pki.CsrBuilder}, {@link org.shangmi.pki.CertificationRequest})
 * and CRLs ({@link org.shangmi.pki.CrlBuilder}), signed with SM3withSM2 by any JCA
 * {@link java.security.PrivateKey}; names and extensions in OpenSSL's syntax
 * ({@link org.shangmi.pki.Names}, {@link org.shangmi.pki.Extensions}).
 */
module org.shangmi.pki {
    requires org.shangmi.core;
    requires org.shangmi.provider;

    exports org.shangmi.pki;
}
