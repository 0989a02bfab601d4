package org.shangmi.cli.pki;

import java.security.Signature;
import java.security.SignatureException;
import java.util.Arrays;
import org.shangmi.core.util.Der;

/**
 * The envelope that certificates, CRLs and PKCS#10 requests share: SEQUENCE { body,
 * AlgorithmIdentifier, BIT STRING signature }, signed with SM3withSM2 (or, for comparisons,
 * SHA256withECDSA); neither AlgorithmIdentifier has parameters, as OpenSSL writes them.
 */
record Signed(byte[] encoded, byte[] body, byte[] algorithm, byte[] signature) {

    static final byte[] SM3_WITH_SM2 = Der.oid("1.2.156.10197.1.501");
    private static final byte[] SHA256_WITH_ECDSA = Der.oid("1.2.840.10045.4.3.2");

    /** The AlgorithmIdentifier of a signer's algorithm: SM3withSM2 or SHA256withECDSA. */
    static byte[] algorithmOf(Signature signer) {
        byte[] oid = switch (signer.getAlgorithm().toUpperCase(java.util.Locale.ROOT)) {
            case "SM3WITHSM2" -> SM3_WITH_SM2;
            case "SHA256WITHECDSA" -> SHA256_WITH_ECDSA;
            default -> throw new IllegalArgumentException("signs with SM3withSM2 or SHA256withECDSA, not " + signer.getAlgorithm());
        };
        return new Der.Writer().element(Der.OBJECT_IDENTIFIER, oid).wrap(Der.SEQUENCE);
    }

    /** SEQUENCE { body, the signer's AlgorithmIdentifier, BIT STRING }, signed by {@code signer} (initialised for signing). */
    static byte[] sign(byte[] body, Signature signer) throws SignatureException {
        byte[] algorithm = algorithmOf(signer);
        signer.update(body);
        byte[] signature = signer.sign();
        return new Der.Writer().raw(body).raw(algorithm).bitString(signature).wrap(Der.SEQUENCE);
    }

    /** Reads the envelope strictly; the body is kept whole, as the signature covers its exact bytes. */
    static Signed parse(byte[] encoded, String what) {
        try {
            Der.Reader outer = new Der.Reader(encoded);
            Der.Reader fields = outer.sequence();
            outer.expectEnd();
            byte[] body = fields.element();
            byte[] algorithm = fields.element();
            byte[] signature = fields.bitString();
            fields.expectEnd();
            return new Signed(encoded, body, algorithm, signature);
        } catch (Der.MalformedException e) {
            throw new IllegalArgumentException("not a DER " + what + ": " + e.getMessage(), e);
        }
    }

    /** Whether the signature algorithm is SM3withSM2 (without parameters, or with NULL ones). */
    boolean isSm3WithSm2() {
        try {
            Der.Reader outer = new Der.Reader(algorithm);
            Der.Reader fields = outer.sequence();
            boolean sm2 = Arrays.equals(SM3_WITH_SM2, fields.bytes(Der.OBJECT_IDENTIFIER));
            if (fields.hasMore() && fields.bytes(Der.NULL).length != 0) {
                return false;
            }
            fields.expectEnd();
            return sm2;
        } catch (Der.MalformedException e) {
            return false;
        }
    }

    /** Whether {@code verifier} (initialised for verifying) accepts the signature over the body. */
    boolean verify(Signature verifier) throws SignatureException {
        verifier.update(body);
        return verifier.verify(signature);
    }
}
