package org.shangmi.cms;

import java.io.IOException;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.bouncycastle.asn1.ASN1Encoding;
import org.bouncycastle.asn1.cms.ContentInfo;
import org.bouncycastle.asn1.x509.AlgorithmIdentifier;
import org.bouncycastle.cms.CMSEnvelopedData;
import org.bouncycastle.cms.CMSEnvelopedDataGenerator;
import org.bouncycastle.cms.CMSException;
import org.bouncycastle.cms.CMSProcessableByteArray;
import org.bouncycastle.cms.jcajce.JceKeyTransRecipientInfoGenerator;

/**
 * Writes EnvelopedData: the content encrypted with SM4-CBC under a fresh key, that key encrypted
 * with SM2 (GM/T 0009 DER ciphertext) to each recipient's certificate.
 *
 * <pre>{@code
 * byte[] message = new CmsEnveloper(CmsProfile.GMT0010).addRecipient(certificate).encrypt(content);
 * }</pre>
 */
public final class CmsEnveloper {

    private final CmsProfile profile;
    private final List<X509Certificate> recipients = new ArrayList<>();
    private SecureRandom random;

    public CmsEnveloper(CmsProfile profile) {
        this.profile = Objects.requireNonNull(profile, "profile");
    }

    /**
     * Adds a recipient, named in the message by the certificate's issuer and serial number.
     *
     * @throws IllegalArgumentException if the certificate holds no SM2 public key
     */
    public CmsEnveloper addRecipient(X509Certificate certificate) {
        MessageReading.requireSm2(certificate, "recipient");
        recipients.add(certificate);
        return this;
    }

    /** The randomness for the content key and IV (default: a new SecureRandom); SM2 encryption uses its provider's. */
    public CmsEnveloper random(SecureRandom random) {
        this.random = Objects.requireNonNull(random, "random");
        return this;
    }

    /** The DER of a ContentInfo holding EnvelopedData for {@code content} (of the profile's data type). */
    public byte[] encrypt(byte[] content) throws CmsException {
        Objects.requireNonNull(content, "content");
        return encrypt(new CMSProcessableByteArray(profile.dataType, content));
    }

    /**
     * The DER of a ContentInfo holding EnvelopedData for another message, {@link CmsSigner}'s for
     * instance (signed, then enveloped): the encrypted content is that message's content, typed
     * as it was (RFC 5652's nesting), with definite lengths but not re-encoded as DER, so that
     * certificates whose signed encoding is not DER keep it. {@link EnvelopedMessage#decryptMessage}
     * gives it back.
     *
     * @throws CmsException if {@code message} is no ContentInfo
     */
    public byte[] encryptMessage(byte[] message) throws CmsException {
        ContentInfo info = MessageReading.read(message, null, null, "a CMS message");
        try {
            return encrypt(new CMSProcessableByteArray(info.getContentType(),
                    info.getContent().toASN1Primitive().getEncoded(ASN1Encoding.DL)));
        } catch (IOException e) {
            throw new CmsException("cannot encode the message to encrypt: " + e.getMessage(), e);
        }
    }

    private byte[] encrypt(CMSProcessableByteArray content) throws CmsException {
        if (recipients.isEmpty()) {
            throw new CmsException("no recipient: add one with addRecipient");
        }
        SecureRandom source = random != null ? random : new SecureRandom();
        try {
            CMSEnvelopedDataGenerator generator = new CMSEnvelopedDataGenerator();
            for (X509Certificate recipient : recipients) {
                generator.addRecipientInfoGenerator(new JceKeyTransRecipientInfoGenerator(recipient,
                        new AlgorithmIdentifier(profile.keyTransport))
                        .setProvider(JcaObjects.shangMi())
                        .setAlgorithmMapping(profile.keyTransport, "SM2"));
            }
            CMSEnvelopedData enveloped;
            ContentKey[] key = new ContentKey[1];
            try {
                enveloped = generator.generate(content, Sm4Cbc.encryptor(source, key));
            } finally {
                if (key[0] != null) {
                    key[0].destroy();
                }
            }
            return profile.versionOne
                    ? Gmt0010Shape.envelopedData(enveloped.toASN1Structure(), profile.envelopedDataType)
                    : enveloped.toASN1Structure().getEncoded(ASN1Encoding.DER);
        } catch (GeneralSecurityException | CMSException | IOException | IllegalStateException e) {
            throw new CmsException("cannot encrypt: " + e.getMessage(), e);
        }
    }
}
