package org.shangmi.cms;

import org.bouncycastle.asn1.ASN1ObjectIdentifier;

/** The object identifiers of the profiles (RFC 5652, GM/T 0006 and GM/T 0010). */
final class CmsOids {

    static final ASN1ObjectIdentifier PKCS7_DATA = new ASN1ObjectIdentifier("1.2.840.113549.1.7.1");
    static final ASN1ObjectIdentifier PKCS7_SIGNED_DATA = new ASN1ObjectIdentifier("1.2.840.113549.1.7.2");
    static final ASN1ObjectIdentifier PKCS7_ENVELOPED_DATA = new ASN1ObjectIdentifier("1.2.840.113549.1.7.3");

    /** GM/T 0010's content types: data, signedData, envelopedData. */
    static final ASN1ObjectIdentifier GMT_DATA = new ASN1ObjectIdentifier("1.2.156.10197.6.1.4.2.1");
    static final ASN1ObjectIdentifier GMT_SIGNED_DATA = new ASN1ObjectIdentifier("1.2.156.10197.6.1.4.2.2");
    static final ASN1ObjectIdentifier GMT_ENVELOPED_DATA = new ASN1ObjectIdentifier("1.2.156.10197.6.1.4.2.3");

    static final ASN1ObjectIdentifier SM3 = new ASN1ObjectIdentifier("1.2.156.10197.1.401");
    static final ASN1ObjectIdentifier SM3_WITH_SM2 = new ASN1ObjectIdentifier("1.2.156.10197.1.501");
    /** GM/T 0006's SM2-1, the SM2 signature algorithm, which GM/T 0010 readers may find as a signer's algorithm. */
    static final ASN1ObjectIdentifier SM2_SIGN = new ASN1ObjectIdentifier("1.2.156.10197.1.301.1");
    /** The SM2 curve, which some writers put where the signature algorithm belongs. */
    static final ASN1ObjectIdentifier SM2 = new ASN1ObjectIdentifier("1.2.156.10197.1.301");
    /** GM/T 0006's SM2-3, SM2 public-key encryption. */
    static final ASN1ObjectIdentifier SM2_ENCRYPT = new ASN1ObjectIdentifier("1.2.156.10197.1.301.3");
    /** GM/T 0006's SM2-2 (key exchange), which GmSSL 3 writes for SM2 key transport. */
    static final ASN1ObjectIdentifier SM2_KEY_EXCHANGE = new ASN1ObjectIdentifier("1.2.156.10197.1.301.2");
    static final ASN1ObjectIdentifier SM4_CBC = new ASN1ObjectIdentifier("1.2.156.10197.1.104.2");

    private CmsOids() {
    }
}
