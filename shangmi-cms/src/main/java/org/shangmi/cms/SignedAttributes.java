package org.shangmi.cms;

import java.util.Date;
import java.util.Hashtable;
import java.util.Map;
import org.bouncycastle.asn1.ASN1ObjectIdentifier;
import org.bouncycastle.asn1.DEROctetString;
import org.bouncycastle.asn1.DERSet;
import org.bouncycastle.asn1.cms.Attribute;
import org.bouncycastle.asn1.cms.AttributeTable;
import org.bouncycastle.asn1.cms.CMSAttributes;
import org.bouncycastle.asn1.cms.Time;
import org.bouncycastle.cms.CMSAttributeTableGenerator;

/**
 * The signed attributes every signer of the attribute-carrying profiles gets: content type,
 * signing time and message digest (what OpenSSL writes, less its S/MIME capabilities).
 */
final class SignedAttributes implements CMSAttributeTableGenerator {

    private final Date signingTime;

    SignedAttributes(Date signingTime) {
        this.signingTime = signingTime;
    }

    @Override
    public AttributeTable getAttributes(@SuppressWarnings("rawtypes") Map parameters) {
        Hashtable<ASN1ObjectIdentifier, Attribute> attributes = new Hashtable<>();
        ASN1ObjectIdentifier type = (ASN1ObjectIdentifier) parameters.get(CMSAttributeTableGenerator.CONTENT_TYPE);
        if (type != null) {
            attributes.put(CMSAttributes.contentType, new Attribute(CMSAttributes.contentType, new DERSet(type)));
        }
        attributes.put(CMSAttributes.signingTime, new Attribute(CMSAttributes.signingTime, new DERSet(new Time(signingTime))));
        byte[] digest = (byte[]) parameters.get(CMSAttributeTableGenerator.DIGEST);
        attributes.put(CMSAttributes.messageDigest,
                new Attribute(CMSAttributes.messageDigest, new DERSet(new DEROctetString(digest))));
        return new AttributeTable(attributes);
    }
}
