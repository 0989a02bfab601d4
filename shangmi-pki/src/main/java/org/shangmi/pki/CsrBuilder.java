package org.shangmi.pki;

import java.security.GeneralSecurityException;
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
public final class CsrBuilder extends SigningBuilder<CsrBuilder, CertificationRequest> {

    private X500Principal subject;
    private byte[] publicKeyInfo;
    private Extensions extensions;

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

    @Override
    CsrBuilder self() {
        return this;
    }

    @Override
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

    @Override
    CertificationRequest read(byte[] der) {
        return CertificationRequest.parse(der);
    }
}
