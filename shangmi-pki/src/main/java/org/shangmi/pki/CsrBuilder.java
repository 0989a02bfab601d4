package org.shangmi.pki;

import java.security.GeneralSecurityException;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.Signature;
import javax.security.auth.x500.X500Principal;
import org.shangmi.core.util.Der;

/**
 * PKCS#10 certification requests (RFC 2986) signed with SM3withSM2 (or SHA256withECDSA): a
 * subject, its public key and the extensions it asks for, signed with the subject's private key.
 *
 * <pre>{@code
 * byte[] csr = new CsrBuilder()
 *         .subject(Names.parse("/C=CN/O=Example/CN=www.example.com"))
 *         .publicKey(keys.getPublic())
 *         .extensions(new Extensions().add("subjectAltName = DNS:www.example.com"))
 *         .signDer(keys.getPrivate());
 * }</pre>
 */
public final class CsrBuilder {

    private X500Principal subject;
    private byte[] publicKeyInfo;
    private Extensions extensions;
    private String signatureAlgorithm = Signed.DEFAULT_ALGORITHM;

    /** A builder with nothing set. */
    public CsrBuilder() {
    }

    /**
     * Sets the subject's name.
     *
     * @param name the subject, for instance from {@link Names#parse}
     * @return this
     */
    public CsrBuilder subject(X500Principal name) {
        subject = name;
        return this;
    }

    /**
     * Sets the subject's public key.
     *
     * @param key the key to be certified (its X.509 encoding is copied as it is)
     * @return this
     */
    public CsrBuilder publicKey(PublicKey key) {
        publicKeyInfo = key.getEncoded().clone();
        return this;
    }

    /**
     * Sets the extensions the request asks for, encoded when it is signed.
     *
     * @param value the extensions, or null for none
     * @return this
     */
    public CsrBuilder extensions(Extensions value) {
        extensions = value;
        return this;
    }

    /**
     * Sets the algorithm with which {@link #sign(PrivateKey)} and {@link #signDer(PrivateKey)} sign.
     *
     * @param algorithm {@code SM3withSM2} (the default, with the default SM2 ID
     *     1234567812345678) or {@code SHA256withECDSA}
     * @return this
     */
    public CsrBuilder signatureAlgorithm(String algorithm) {
        signatureAlgorithm = Signed.checkedAlgorithm(algorithm);
        return this;
    }

    /**
     * Signs the request with the subject's private key.
     *
     * @param subjectKey the private key of the public key set, of any provider that signs with the algorithm
     * @return the request
     * @throws GeneralSecurityException if no provider signs with the key
     */
    public CertificationRequest sign(PrivateKey subjectKey) throws GeneralSecurityException {
        return CertificationRequest.parse(signDer(subjectKey));
    }

    /**
     * Signs the request.
     *
     * @param signer initialised for signing with the subject's private key
     * @return the request
     * @throws GeneralSecurityException if signing fails
     */
    public CertificationRequest sign(Signature signer) throws GeneralSecurityException {
        return CertificationRequest.parse(signDer(signer));
    }

    /**
     * Signs the request with the subject's private key.
     *
     * @param subjectKey the private key of the public key set, of any provider that signs with the algorithm
     * @return the request's DER
     * @throws GeneralSecurityException if no provider signs with the key
     */
    public byte[] signDer(PrivateKey subjectKey) throws GeneralSecurityException {
        return signDer(Signed.signer(signatureAlgorithm, subjectKey));
    }

    /**
     * Signs the request.
     *
     * @param signer initialised for signing with the subject's private key (its algorithm
     *     SM3withSM2 or SHA256withECDSA; for SM2, its parameters say the ID)
     * @return the request's DER
     * @throws GeneralSecurityException if signing fails
     * @throws IllegalStateException if the subject or the public key is not set
     */
    public byte[] signDer(Signature signer) throws GeneralSecurityException {
        if (subject == null || publicKeyInfo == null) {
            throw new IllegalStateException("a request needs its subject and public key");
        }
        Der.Writer attributes = new Der.Writer();
        if (extensions != null && !extensions.isEmpty()) {
            byte[] requested = extensions.encode(new Extensions.KeyIds(publicKeyInfo, null));
            attributes.raw(new Der.Writer().element(Der.OBJECT_IDENTIFIER, CertificationRequest.EXTENSION_REQUEST)
                    .raw(new Der.Writer().raw(requested).wrap(Der.SET)).wrap(Der.SEQUENCE));
        }
        byte[] info = new Der.Writer().smallInteger(0).raw(subject.getEncoded()).raw(publicKeyInfo)
                .raw(attributes.wrap(Der.CONTEXT)).wrap(Der.SEQUENCE);
        return Signed.sign(info, signer);
    }
}
