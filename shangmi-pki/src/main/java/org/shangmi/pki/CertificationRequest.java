package org.shangmi.pki;

import java.security.Signature;
import java.security.SignatureException;
import java.util.Arrays;
import javax.security.auth.x500.X500Principal;
import org.shangmi.core.util.Der;

/**
 * A PKCS#10 certification request (RFC 2986), read strictly (DER only, nothing after it): its
 * subject, public key, the extensions it asks for, and its self-signature. {@link CsrBuilder}
 * makes them.
 */
public final class CertificationRequest {

    /** PKCS#9's extensionRequest attribute. */
    static final byte[] EXTENSION_REQUEST = Der.oid("1.2.840.113549.1.9.14");

    private final Signed signed;
    private final X500Principal subject;
    private final byte[] publicKeyInfo;
    /** The DER Extensions the request asks for, or null. */
    private final byte[] requestedExtensions;

    private CertificationRequest(Signed signed, X500Principal subject, byte[] publicKeyInfo, byte[] requestedExtensions) {
        this.signed = signed;
        this.subject = subject;
        this.publicKeyInfo = publicKeyInfo;
        this.requestedExtensions = requestedExtensions;
    }

    /**
     * Reads a request.
     *
     * @param der the request's DER
     * @return the request
     * @throws IllegalArgumentException if {@code der} is not a version 1 PKCS#10 request
     */
    public static CertificationRequest parse(byte[] der) {
        Signed signed = Signed.parse(der.clone(), "certificate request");
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
            return new CertificationRequest(signed, name(subject), spki, requested);
        } catch (Der.MalformedException e) {
            throw new IllegalArgumentException("not a DER certificate request: " + e.getMessage(), e);
        }
    }

    private static X500Principal name(byte[] der) {
        try {
            return new X500Principal(der);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("the request's subject is not a DER Name: " + e.getMessage(), e);
        }
    }

    /**
     * The request's encoding.
     *
     * @return its DER
     */
    public byte[] encoded() {
        return signed.encoded().clone();
    }

    /**
     * The subject's name.
     *
     * @return the subject
     */
    public X500Principal subject() {
        return subject;
    }

    /**
     * The subject's public key, as the request encodes it.
     *
     * @return the DER SubjectPublicKeyInfo, for {@link java.security.spec.X509EncodedKeySpec}
     */
    public byte[] publicKeyInfo() {
        return publicKeyInfo.clone();
    }

    /** The DER Extensions the request asks for, or null. */
    byte[] requestedExtensions() {
        return requestedExtensions == null ? null : requestedExtensions.clone();
    }

    /**
     * Whether the request is signed with SM3withSM2 (its AlgorithmIdentifier without parameters, or with NULL ones).
     *
     * @return true for SM3withSM2
     */
    public boolean signedWithSm3WithSm2() {
        return signed.isSm3WithSm2();
    }

    /**
     * Checks the self-signature.
     *
     * @param verifier initialised for verifying with the request's own public key (for SM2, its
     *     parameters say the ID: OpenSSL 3 signs with an empty ID unless told otherwise)
     * @return whether the verifier accepts the signature
     * @throws SignatureException if the verifier is not initialised
     */
    public boolean verify(Signature verifier) throws SignatureException {
        return signed.verify(verifier);
    }
}
