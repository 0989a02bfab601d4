package org.shangmi.cms;

import org.bouncycastle.asn1.ASN1ObjectIdentifier;

/**
 * Which object identifiers, versions and signature form a message is written with. Readers
 * accept all three.
 */
public enum CmsProfile {

    /**
     * RFC 5652: the PKCS#7 content types (id-data, id-signedData, id-envelopedData) with the SM
     * algorithms, versions as RFC 5652 computes them, signed attributes (content type, signing
     * time, message digest), SM2 signatures with Z from the signer's ID, SM2 key transport under
     * GM/T 0006's SM2-3 (1.2.156.10197.1.301.3). What OpenSSL and Tongsuo read.
     */
    RFC5652(CmsOids.PKCS7_DATA, CmsOids.PKCS7_SIGNED_DATA, CmsOids.PKCS7_ENVELOPED_DATA, false, true,
            CmsOids.SM2_ENCRYPT),

    /**
     * GM/T 0010: its own content types (1.2.156.10197.6.1.4.2.1 to .3), version 1 throughout,
     * otherwise as {@link #RFC5652}: signed attributes, SM2 signatures with Z from the signer's
     * ID, key transport under SM2-3.
     */
    GMT0010(CmsOids.GMT_DATA, CmsOids.GMT_SIGNED_DATA, CmsOids.GMT_ENVELOPED_DATA, true, true, CmsOids.SM2_ENCRYPT),

    /**
     * GM/T 0010's content types as GmSSL 3 writes and requires them: version 1, no signed
     * attributes, each signature an SM2 signature of the SM3 hash of the encapsulated
     * ContentInfo's DER without Z (so without any ID), and SM2 key transport under
     * 1.2.156.10197.1.301.2, the OID GM/T 0006 gives SM2 key exchange. For messages that
     * GmSSL's {@code cmsverify} and {@code cmsdecrypt} must read.
     */
    GMSSL(CmsOids.GMT_DATA, CmsOids.GMT_SIGNED_DATA, CmsOids.GMT_ENVELOPED_DATA, true, false, CmsOids.SM2_KEY_EXCHANGE);

    final ASN1ObjectIdentifier dataType;
    final ASN1ObjectIdentifier signedDataType;
    final ASN1ObjectIdentifier envelopedDataType;
    final boolean versionOne;
    final boolean signedAttributes;
    final ASN1ObjectIdentifier keyTransport;

    CmsProfile(ASN1ObjectIdentifier dataType, ASN1ObjectIdentifier signedDataType, ASN1ObjectIdentifier envelopedDataType,
            boolean versionOne, boolean signedAttributes, ASN1ObjectIdentifier keyTransport) {
        this.dataType = dataType;
        this.signedDataType = signedDataType;
        this.envelopedDataType = envelopedDataType;
        this.versionOne = versionOne;
        this.signedAttributes = signedAttributes;
        this.keyTransport = keyTransport;
    }
}
