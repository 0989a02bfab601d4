package org.shangmi.cms;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import org.bouncycastle.asn1.ASN1InputStream;
import org.bouncycastle.asn1.ASN1ObjectIdentifier;
import org.bouncycastle.asn1.ASN1Primitive;
import org.bouncycastle.asn1.cms.ContentInfo;

/** What the readers share: the outer ContentInfo, read whole and checked for its type, and certificates for users. */
final class MessageReading {

    private MessageReading() {
    }

    /**
     * The ContentInfo in {@code der} (BER is accepted, as RFC 5652 allows), refusing trailing
     * bytes and any content type but the two given (any, if {@code expected} is null).
     */
    static ContentInfo read(byte[] der, ASN1ObjectIdentifier expected, ASN1ObjectIdentifier alternative, String what)
            throws CmsException {
        if (der == null || der.length == 0) {
            throw new CmsException("no message: the input is empty");
        }
        ContentInfo info;
        try (ASN1InputStream in = new ASN1InputStream(der)) {
            ASN1Primitive object = in.readObject();
            if (object == null) {
                throw new CmsException("no message: the input holds no ASN.1 object");
            }
            if (in.available() > 0) {
                throw new CmsException("trailing bytes after the message's ContentInfo");
            }
            info = ContentInfo.getInstance(object);
        } catch (IOException | IllegalArgumentException | IllegalStateException | ClassCastException e) {
            throw new CmsException("not a CMS message (malformed or truncated ASN.1): " + e.getMessage(), e);
        }
        ASN1ObjectIdentifier type = info.getContentType();
        if (expected != null && !type.equals(expected) && !type.equals(alternative)) {
            throw new CmsException("not " + what + ": the message's content type is " + type + " (" + what + " is "
                    + expected + " or " + alternative + ")");
        }
        if (info.getContent() == null) {
            throw new CmsException(what + " without content");
        }
        return info;
    }

    /**
     * A distinguished name as text, or a placeholder when its strings do not decode (an invalid
     * UTF-8 string, say): names from a message are untrusted input, and printing one must not fail.
     */
    static String name(Object name) {
        try {
            return String.valueOf(name);
        } catch (RuntimeException e) {
            return "(a name whose strings do not decode)";
        }
    }

    /** Refuses a version outside [{@code low}, {@code high}], which no writer of RFC 5652 or GM/T 0010 uses. */
    static void checkVersion(String what, org.bouncycastle.asn1.ASN1Integer version, int low, int high) throws CmsException {
        java.math.BigInteger value = version.getValue();
        if (value.compareTo(java.math.BigInteger.valueOf(low)) < 0 || value.compareTo(java.math.BigInteger.valueOf(high)) > 0) {
            throw new CmsException(what + " has version " + value + ", not one of " + low + " to " + high);
        }
    }

    /** Refuses a certificate without an SM2 public key, naming its {@code role} (signer, recipient). */
    static void requireSm2(X509Certificate certificate, String role) {
        java.security.PublicKey key = java.util.Objects.requireNonNull(certificate, "certificate").getPublicKey();
        if (!(key instanceof java.security.interfaces.ECPublicKey ec)
                || !org.shangmi.provider.spec.Sm2ParameterSpec.isSm2(ec.getParams())) {
            throw new IllegalArgumentException("the " + role + " " + certificate.getSubjectX500Principal().getName()
                    + " holds no SM2 public key (" + key.getAlgorithm() + ")");
        }
    }

    /** A certificate for users, through the JDK's factory (which needs ShangMi installed ahead of SunEC for SM2 keys). */
    static X509Certificate certificate(byte[] encoded) throws CmsException {
        try {
            return (X509Certificate) CertificateFactory.getInstance("X.509").generateCertificate(new ByteArrayInputStream(encoded));
        } catch (CertificateException e) {
            throw new CmsException("cannot read a certificate of the message: " + e.getMessage()
                    + " (for SM2 keys, install ShangMi ahead of SunEC: ShangMiProvider.install())", e);
        }
    }
}
