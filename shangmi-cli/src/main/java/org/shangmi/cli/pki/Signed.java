package org.shangmi.cli.pki;

import java.security.Signature;
import java.security.SignatureException;
import java.util.Arrays;
import org.shangmi.core.util.Der;

/**
 * The envelope that certificates, CRLs and PKCS#10 requests share: SEQUENCE { body,
 * AlgorithmIdentifier, BIT STRING signature }, signed here with SM3withSM2 (its AlgorithmIdentifier
 * has no parameters, as OpenSSL writes it).
 */
record Signed(byte[] encoded, byte[] body, byte[] algorithm, byte[] signature) {

    static final byte[] SM3_WITH_SM2 = Der.oid("1.2.156.10197.1.501");

    /** SEQUENCE { body, sm3WithSM2, BIT STRING }, signed by {@code signer} (initialised for signing). */
    static byte[] sign(byte[] body, Signature signer) throws SignatureException {
        signer.update(body);
        byte[] signature = signer.sign();
        byte[] algorithm = new Der.Writer().element(Der.OBJECT_IDENTIFIER, SM3_WITH_SM2).wrap(Der.SEQUENCE);
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
