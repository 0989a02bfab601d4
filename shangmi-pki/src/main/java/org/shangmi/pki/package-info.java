/**
 * SM2 certificates, certification requests and CRLs in code, signed through any JCA
 * {@link java.security.PrivateKey}: {@link org.shangmi.pki.CertificateBuilder},
 * {@link org.shangmi.pki.CsrBuilder}, {@link org.shangmi.pki.CrlBuilder}, with names and extensions
 * in OpenSSL's syntax ({@link org.shangmi.pki.Names}, {@link org.shangmi.pki.Extensions}).
 * What is written is strict DER, as OpenSSL writes it.
 */
package org.shangmi.pki;
