package org.shangmi.cli.pki;

import java.security.PublicKey;
import java.security.Signature;
import java.security.SignatureException;
import java.util.Arrays;
import org.shangmi.core.util.Der;

/**
 * PKCS#10 certification requests (RFC 2986) signed with SM3withSM2: built from a subject, a public
 * key and requested extensions, and read strictly for the checks and the issuing of
 * {@code x509 -req}.
 */
public final class CertificationRequest {

    private static final byte[] EXTENSION_REQUEST = Der.oid("1.2.840.113549.1.9.14");

    private final Signed signed;
    private final byte[] subject;
    private final byte[] publicKeyInfo;
    /** The DER Extensions the request asks for, or null. */
    private final byte[] requestedExtensions;

    private CertificationRequest(Signed signed, byte[] subject, byte[] publicKeyInfo, byte[] requestedExtensions) {
        this.signed = signed;
        this.subject = subject;
        this.publicKeyInfo = publicKeyInfo;
        this.requestedExtensions = requestedExtensions;
    }

    /**
     * The DER of a request for {@code subject} (a DER Name) and {@code key}, asking for the
     * extensions given (none if null or empty), signed by {@code signer} (initialised with the
     * key's private half).
     */
    public static byte[] build(byte[] subject, PublicKey key, Extensions extensions, Signature signer) throws SignatureException {
        byte[] spki = key.getEncoded();
        Der.Writer attributes = new Der.Writer();
        if (extensions != null && !extensions.isEmpty()) {
            byte[] requested = extensions.encode(new Extensions.KeyIds(spki, null));
            attributes.raw(new Der.Writer().element(Der.OBJECT_IDENTIFIER, EXTENSION_REQUEST)
                    .raw(new Der.Writer().raw(requested).wrap(Der.SET)).wrap(Der.SEQUENCE));
        }
        byte[] info = new Der.Writer().smallInteger(0).raw(subject).raw(spki).raw(attributes.wrap(Der.CONTEXT))
                .wrap(Der.SEQUENCE);
        return Signed.sign(info, signer);
    }

    /** @throws IllegalArgumentException if {@code der} is not a version 1 PKCS#10 request */
    public static CertificationRequest parse(byte[] der) {
        Signed signed = Signed.parse(der, "certificate request");
        try {
            Der.Reader outer = new Der.Reader(signed.body());
            Der.Reader info = outer.sequence();
            outer.expectEnd();
            if (info.smallInteger() != 0) {
                throw new IllegalArgumentException("only version 1 certificate requests are defined");
            }
            byte[] subject = info.element();
            byte[] spki = info.element();
            byte[] requested = null;
            Der.Reader attributes = info.read(Der.CONTEXT);
            info.expectEnd();
            while (attributes.hasMore()) {
                Der.Reader attribute = attributes.sequence();
                boolean extensionRequest = Arrays.equals(EXTENSION_REQUEST, attribute.bytes(Der.OBJECT_IDENTIFIER));
                Der.Reader values = attribute.read(Der.SET);
                attribute.expectEnd();
                if (extensionRequest) {
                    requested = values.element();
                    values.expectEnd();
                }
            }
            return new CertificationRequest(signed, subject, spki, requested);
        } catch (Der.MalformedException e) {
            throw new IllegalArgumentException("not a DER certificate request: " + e.getMessage(), e);
        }
    }

    public byte[] encoded() {
        return signed.encoded().clone();
    }

    /** The subject, a DER Name. */
    public byte[] subject() {
        return subject.clone();
    }

    /** The DER SubjectPublicKeyInfo. */
    public byte[] publicKeyInfo() {
        return publicKeyInfo.clone();
    }

    /** The DER Extensions the request asks for, or null. */
    public byte[] requestedExtensions() {
        return requestedExtensions == null ? null : requestedExtensions.clone();
    }

    public boolean signedWithSm3WithSm2() {
        return signed.isSm3WithSm2();
    }

    /** Whether {@code verifier}, initialised with the request's own key, accepts its self-signature. */
    public boolean verify(Signature verifier) throws SignatureException {
        return signed.verify(verifier);
    }
}
