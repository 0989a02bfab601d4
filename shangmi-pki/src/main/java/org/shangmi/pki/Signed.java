package org.shangmi.pki;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.PrivateKey;
import java.security.Signature;
import java.security.SignatureException;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Arrays;
import java.util.Locale;
import org.shangmi.core.util.Der;

/**
 * The envelope that certificates, CRLs and PKCS#10 requests share: SEQUENCE { body,
 * AlgorithmIdentifier, BIT STRING signature }, signed with SM3withSM2 (or, for comparisons,
 * SHA256withECDSA); neither AlgorithmIdentifier has parameters, as OpenSSL writes them. Also the
 * Time of RFC 5280 that the signed bodies share.
 */
record Signed(byte[] encoded, byte[] body, byte[] algorithm, byte[] signature) {

    /** The signature algorithm the builders use unless told otherwise. */
    static final String DEFAULT_ALGORITHM = "SM3withSM2";

    static final byte[] SM3_WITH_SM2 = Der.oid("1.2.156.10197.1.501");
    private static final byte[] SHA256_WITH_ECDSA = Der.oid("1.2.840.10045.4.3.2");

    private static final DateTimeFormatter UTC_TIME = DateTimeFormatter.ofPattern("yyMMddHHmmss'Z'").withZone(ZoneOffset.UTC);
    private static final DateTimeFormatter GENERALIZED_TIME =
            DateTimeFormatter.ofPattern("yyyyMMddHHmmss'Z'").withZone(ZoneOffset.UTC);
    private static final Instant UTC_TIME_END = Instant.parse("2050-01-01T00:00:00Z");

    /**
     * A {@code Signature} for {@code algorithm} initialised with {@code key}: the JCA picks the
     * first installed provider that accepts the key (a hardware token's provider for its keys).
     */
    static Signature signer(String algorithm, PrivateKey key) throws GeneralSecurityException {
        Signature signer = Signature.getInstance(algorithm);
        signer.initSign(key);
        return signer;
    }

    /** The signature algorithm name, checked: SM3withSM2 or SHA256withECDSA. */
    static String checkedAlgorithm(String algorithm) {
        algorithmOf(algorithm);
        return algorithm;
    }

    /** The AlgorithmIdentifier of a signer's algorithm: SM3withSM2 or SHA256withECDSA. */
    static byte[] algorithmOf(Signature signer) {
        return algorithmOf(signer.getAlgorithm());
    }

    private static byte[] algorithmOf(String algorithm) {
        byte[] oid = switch (algorithm.toUpperCase(Locale.ROOT)) {
            case "SM3WITHSM2" -> SM3_WITH_SM2;
            case "SHA256WITHECDSA" -> SHA256_WITH_ECDSA;
            default -> throw new IllegalArgumentException("signs with SM3withSM2 or SHA256withECDSA, not " + algorithm);
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

    /** RFC 5280's Time: UTCTime through 2049, GeneralizedTime after, in whole seconds. */
    static byte[] time(Instant instant) {
        boolean utc = instant.isBefore(UTC_TIME_END);
        String text = (utc ? UTC_TIME : GENERALIZED_TIME).format(instant);
        return new Der.Writer().element(utc ? Der.UTC_TIME : Der.GENERALIZED_TIME, text.getBytes(StandardCharsets.US_ASCII))
                .toByteArray();
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
