package org.shangmi.cms;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.bouncycastle.asn1.ASN1Encodable;
import org.bouncycastle.asn1.ASN1ObjectIdentifier;
import org.bouncycastle.asn1.ASN1OctetString;
import org.bouncycastle.asn1.ASN1Set;
import org.bouncycastle.asn1.cms.ContentInfo;
import org.bouncycastle.asn1.cms.EnvelopedData;
import org.bouncycastle.asn1.cms.IssuerAndSerialNumber;
import org.bouncycastle.asn1.cms.KeyTransRecipientInfo;
import org.bouncycastle.asn1.cms.RecipientInfo;
import org.bouncycastle.asn1.cms.SignedData;
import org.bouncycastle.asn1.cms.SignerInfo;
import org.bouncycastle.asn1.x509.Certificate;

/**
 * A message's structure as text, for people ({@code shangmi cms -cmsout -print}): content types,
 * signers, recipients, algorithms and certificates. Nothing is verified or decrypted.
 */
public final class CmsText {

    private static final Map<ASN1ObjectIdentifier, String> NAMES = Map.ofEntries(
            Map.entry(CmsOids.PKCS7_DATA, "data (RFC 5652)"),
            Map.entry(CmsOids.PKCS7_SIGNED_DATA, "signedData (RFC 5652)"),
            Map.entry(CmsOids.PKCS7_ENVELOPED_DATA, "envelopedData (RFC 5652)"),
            Map.entry(CmsOids.GMT_DATA, "data (GM/T 0010)"),
            Map.entry(CmsOids.GMT_SIGNED_DATA, "signedData (GM/T 0010)"),
            Map.entry(CmsOids.GMT_ENVELOPED_DATA, "envelopedData (GM/T 0010)"),
            Map.entry(CmsOids.SM3, "SM3"),
            Map.entry(CmsOids.SM3_WITH_SM2, "SM3withSM2"),
            Map.entry(CmsOids.SM2_SIGN, "SM2-1 (signature)"),
            Map.entry(CmsOids.SM2, "SM2"),
            Map.entry(CmsOids.SM2_ENCRYPT, "SM2-3 (encryption)"),
            Map.entry(CmsOids.SM2_KEY_EXCHANGE, "SM2-2 (GmSSL's key transport)"),
            Map.entry(CmsOids.SM4_CBC, "SM4-CBC"));

    private CmsText() {
    }

    /** The structure of a SignedData or EnvelopedData message (either profile), one fact a line. */
    public static String describe(byte[] message) throws CmsException {
        ContentInfo info = MessageReading.read(message, null, null, "a CMS message");
        List<String> lines = new ArrayList<>();
        lines.add("content type: " + name(info.getContentType()));
        try {
            if (info.getContentType().equals(CmsOids.PKCS7_SIGNED_DATA) || info.getContentType().equals(CmsOids.GMT_SIGNED_DATA)) {
                describeSigned(SignedData.getInstance(info.getContent()), lines);
            } else if (info.getContentType().equals(CmsOids.PKCS7_ENVELOPED_DATA)
                    || info.getContentType().equals(CmsOids.GMT_ENVELOPED_DATA)) {
                describeEnveloped(EnvelopedData.getInstance(info.getContent()), lines);
            }
        } catch (RuntimeException e) {
            throw new CmsException("malformed " + name(info.getContentType()) + ": " + e.getMessage(), e);
        }
        return String.join("\n", lines) + "\n";
    }

    private static void describeSigned(SignedData signed, List<String> lines) {
        lines.add("version: " + signed.getVersion());
        ASN1Encodable content = signed.getEncapContentInfo().getContent();
        lines.add("encapsulated content: " + name(signed.getEncapContentInfo().getContentType()) + ", "
                + (content == null ? "detached" : ASN1OctetString.getInstance(content).getOctets().length + " bytes"));
        int number = 0;
        for (ASN1Encodable element : signed.getSignerInfos()) {
            SignerInfo signer = SignerInfo.getInstance(element);
            number++;
            lines.add("signer " + number + ": version " + signer.getVersion() + ", " + signerName(signer));
            lines.add("  digest " + name(signer.getDigestAlgorithm().getAlgorithm()) + ", signature "
                    + name(signer.getDigestEncryptionAlgorithm().getAlgorithm()) + ", signed attributes: "
                    + (signer.getAuthenticatedAttributes() == null ? "none" : signer.getAuthenticatedAttributes().size()));
        }
        ASN1Set certificates = signed.getCertificates();
        lines.add("certificates: " + (certificates == null ? 0 : certificates.size()));
        if (certificates != null) {
            for (ASN1Encodable element : certificates) {
                Certificate certificate = Certificate.getInstance(element);
                lines.add("  subject " + MessageReading.name(certificate.getSubject()) + ", issuer " + MessageReading.name(certificate.getIssuer()));
            }
        }
        lines.add("CRLs: " + (signed.getCRLs() == null ? 0 : signed.getCRLs().size()));
    }

    private static void describeEnveloped(EnvelopedData enveloped, List<String> lines) {
        lines.add("version: " + enveloped.getVersion());
        int number = 0;
        for (ASN1Encodable element : enveloped.getRecipientInfos()) {
            RecipientInfo recipient = RecipientInfo.getInstance(element);
            number++;
            if (recipient.getInfo() instanceof KeyTransRecipientInfo transport) {
                String named = transport.getRecipientIdentifier().isTagged() ? "subject key identifier"
                        : issuerAndSerial(transport.getRecipientIdentifier().getId());
                lines.add("recipient " + number + ": key transport, version " + transport.getVersion() + ", " + named
                        + ", " + name(transport.getKeyEncryptionAlgorithm().getAlgorithm()));
            } else {
                lines.add("recipient " + number + ": not key transport (" + recipient.getInfo().getClass().getSimpleName() + ")");
            }
        }
        lines.add("encrypted content: " + name(enveloped.getEncryptedContentInfo().getContentType()) + ", "
                + name(enveloped.getEncryptedContentInfo().getContentEncryptionAlgorithm().getAlgorithm()) + ", "
                + (enveloped.getEncryptedContentInfo().getEncryptedContent() == null ? "absent"
                        : enveloped.getEncryptedContentInfo().getEncryptedContent().getOctets().length + " bytes"));
    }

    private static String signerName(SignerInfo signer) {
        if (signer.getSID().isTagged()) {
            return "subject key identifier";
        }
        return "issuer " + issuerAndSerial(signer.getSID().getId());
    }

    private static String issuerAndSerial(ASN1Encodable id) {
        IssuerAndSerialNumber issuer = IssuerAndSerialNumber.getInstance(id);
        return MessageReading.name(issuer.getName()) + ", serial " + issuer.getSerialNumber().getValue().toString(16);
    }

    private static String name(ASN1ObjectIdentifier oid) {
        String known = NAMES.get(oid);
        return known == null ? oid.getId() : known + ", " + oid.getId();
    }
}
