package org.shangmi.cms;

import java.io.IOException;
import org.bouncycastle.asn1.ASN1Encodable;
import org.bouncycastle.asn1.ASN1EncodableVector;
import org.bouncycastle.asn1.ASN1Encoding;
import org.bouncycastle.asn1.ASN1Integer;
import org.bouncycastle.asn1.ASN1ObjectIdentifier;
import org.bouncycastle.asn1.ASN1Set;
import org.bouncycastle.asn1.DERSequence;
import org.bouncycastle.asn1.DERSet;
import org.bouncycastle.asn1.DERTaggedObject;
import org.bouncycastle.asn1.cms.ContentInfo;
import org.bouncycastle.asn1.cms.EncryptedContentInfo;
import org.bouncycastle.asn1.cms.EnvelopedData;
import org.bouncycastle.asn1.cms.KeyTransRecipientInfo;
import org.bouncycastle.asn1.cms.RecipientInfo;
import org.bouncycastle.asn1.cms.SignedData;

/**
 * The GM/T 0010 shape of a message Bouncy Castle generated: the outer content type replaced by
 * GM/T 0010's, and the version of SignedData, EnvelopedData and each key-transport RecipientInfo
 * set to 1 (RFC 5652 computes 3 for SignedData with another eContentType, and 0 for the others).
 * Nothing signed changes: signatures cover the content and the signed attributes only.
 */
final class Gmt0010Shape {

    private static final ASN1Integer ONE = new ASN1Integer(1);

    private Gmt0010Shape() {
    }

    static byte[] signedData(ContentInfo generated, ASN1ObjectIdentifier type) throws IOException {
        SignedData signed = SignedData.getInstance(generated.getContent());
        ASN1EncodableVector fields = new ASN1EncodableVector();
        fields.add(ONE);
        fields.add(signed.getDigestAlgorithms());
        fields.add(signed.getEncapContentInfo());
        if (signed.getCertificates() != null) {
            fields.add(new DERTaggedObject(false, 0, signed.getCertificates()));
        }
        if (signed.getCRLs() != null) {
            fields.add(new DERTaggedObject(false, 1, signed.getCRLs()));
        }
        fields.add(signed.getSignerInfos());
        return new ContentInfo(type, new DERSequence(fields)).getEncoded(ASN1Encoding.DER);
    }

    static byte[] envelopedData(ContentInfo generated, ASN1ObjectIdentifier type) throws IOException {
        EnvelopedData enveloped = EnvelopedData.getInstance(generated.getContent());
        ASN1Set recipients = enveloped.getRecipientInfos();
        ASN1EncodableVector rewritten = new ASN1EncodableVector();
        for (ASN1Encodable element : recipients) {
            KeyTransRecipientInfo transport = KeyTransRecipientInfo.getInstance(RecipientInfo.getInstance(element).getInfo());
            rewritten.add(new DERSequence(new ASN1Encodable[] {ONE, transport.getRecipientIdentifier(),
                    transport.getKeyEncryptionAlgorithm(), transport.getEncryptedKey()}));
        }
        EncryptedContentInfo content = enveloped.getEncryptedContentInfo();
        ASN1EncodableVector fields = new ASN1EncodableVector();
        fields.add(ONE);
        fields.add(new DERSet(rewritten));
        fields.add(content);
        return new ContentInfo(type, new DERSequence(fields)).getEncoded(ASN1Encoding.DER);
    }
}
