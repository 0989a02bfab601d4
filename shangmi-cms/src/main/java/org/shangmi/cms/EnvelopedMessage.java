package org.shangmi.cms;

import java.io.IOException;
import java.io.InputStream;
import java.security.GeneralSecurityException;
import java.security.PrivateKey;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import javax.crypto.Cipher;
import org.bouncycastle.asn1.ASN1ObjectIdentifier;
import org.bouncycastle.asn1.cms.ContentInfo;
import org.bouncycastle.asn1.cms.EnvelopedData;
import org.bouncycastle.asn1.x509.AlgorithmIdentifier;
import org.bouncycastle.cms.CMSEnvelopedData;
import org.bouncycastle.cms.CMSException;
import org.bouncycastle.cms.KeyTransRecipient;
import org.bouncycastle.cms.KeyTransRecipientId;
import org.bouncycastle.cms.RecipientId;
import org.bouncycastle.cms.RecipientInformation;
import org.bouncycastle.cms.RecipientOperator;
import org.bouncycastle.cms.jcajce.JceKeyTransRecipientId;
import org.bouncycastle.operator.InputDecryptor;

/**
 * An EnvelopedData message read from its encoding (either profile's content types), to decrypt
 * with a recipient's SM2 private key.
 *
 * <pre>{@code
 * byte[] content = EnvelopedMessage.read(bytes).decrypt(privateKey, certificate);
 * }</pre>
 */
public final class EnvelopedMessage {

    private final CMSEnvelopedData enveloped;
    private final ASN1ObjectIdentifier type;
    private final ASN1ObjectIdentifier contentType;

    private EnvelopedMessage(CMSEnvelopedData enveloped, ASN1ObjectIdentifier type, ASN1ObjectIdentifier contentType) {
        this.enveloped = enveloped;
        this.type = type;
        this.contentType = contentType;
    }

    /** @throws CmsException if the message is malformed or not EnvelopedData */
    public static EnvelopedMessage read(byte[] message) throws CmsException {
        ContentInfo info = MessageReading.read(message, CmsOids.PKCS7_ENVELOPED_DATA, CmsOids.GMT_ENVELOPED_DATA, "EnvelopedData");
        try {
            CMSEnvelopedData enveloped = new CMSEnvelopedData(info);
            enveloped.getRecipientInfos().getRecipients().forEach(RecipientInformation::getKeyEncryptionAlgorithm);
            EnvelopedData data = EnvelopedData.getInstance(info.getContent());
            MessageReading.checkVersion("EnvelopedData", data.getVersion(), 0, 4);
            for (org.bouncycastle.asn1.ASN1Encodable element : data.getRecipientInfos()) {
                org.bouncycastle.asn1.cms.RecipientInfo recipient = org.bouncycastle.asn1.cms.RecipientInfo.getInstance(element);
                if (recipient.getInfo() instanceof org.bouncycastle.asn1.cms.KeyTransRecipientInfo transport) {
                    MessageReading.checkVersion("a key-transport RecipientInfo", transport.getVersion(), 0, 2);
                }
            }
            ASN1ObjectIdentifier contentType = data.getEncryptedContentInfo().getContentType();
            return new EnvelopedMessage(enveloped, info.getContentType(), contentType);
        } catch (CMSException | RuntimeException e) {
            throw new CmsException("malformed EnvelopedData: " + e.getMessage(), e);
        }
    }

    /** Whether the message uses GM/T 0010's content types. */
    public boolean gmtContentTypes() {
        return type.equals(CmsOids.GMT_ENVELOPED_DATA);
    }

    /** The type of the encrypted content: a data type, or another message's (signed, then enveloped). */
    public String contentType() {
        return contentType.getId();
    }

    /**
     * The message enveloped by {@link CmsEnveloper#encryptMessage}, decrypted and typed again: a
     * ContentInfo's DER, for {@link SignedMessage#read(byte[])}.
     *
     * @throws CmsException if the content is plain data, or not the message its type says
     */
    public byte[] decryptMessage(PrivateKey key, X509Certificate certificate) throws GeneralSecurityException {
        String type = contentType();
        if (isData(contentType)) {
            throw new CmsException("the enveloped content is data, not a message: use decrypt");
        }
        byte[] content = decryptContent(key, certificate);
        try {
            return new ContentInfo(new ASN1ObjectIdentifier(type), org.bouncycastle.asn1.ASN1Primitive.fromByteArray(content))
                    .getEncoded(org.bouncycastle.asn1.ASN1Encoding.DL);
        } catch (java.io.IOException | RuntimeException e) {
            throw new CmsException("the enveloped content is not the " + type + " message its type says: " + e.getMessage(), e);
        }
    }

    /** The recipients named by issuer and serial number, as text ("issuer, serial hex"). */
    public List<String> recipients() {
        List<String> names = new ArrayList<>();
        for (RecipientInformation recipient : enveloped.getRecipientInfos().getRecipients()) {
            RecipientId id = recipient.getRID();
            names.add(id instanceof KeyTransRecipientId transport && transport.getIssuer() != null
                    ? MessageReading.name(transport.getIssuer()) + ", serial " + transport.getSerialNumber().toString(16)
                    : "a recipient of type " + id.getType());
        }
        return names;
    }

    /**
     * The content (data), decrypted with the key of the recipient whose certificate is given.
     *
     * @throws CmsException if no recipient of the message is that certificate, or the content's
     *         algorithms are not SM2 key transport and SM4-CBC
     * @throws javax.crypto.BadPaddingException if the content key or the content does not decrypt:
     *         a tampered or truncated message, or a key not matching the certificate (CBC has no
     *         integrity: tampering may also give other content, see docs/cms.md)
     */
    public byte[] decrypt(PrivateKey key, X509Certificate certificate) throws GeneralSecurityException {
        if (!isData(contentType)) {
            throw new CmsException("the enveloped content is a " + contentType + " message, not data: use decryptMessage");
        }
        return decryptContent(key, certificate);
    }

    private static boolean isData(ASN1ObjectIdentifier type) {
        return type.equals(CmsOids.PKCS7_DATA) || type.equals(CmsOids.GMT_DATA);
    }

    private byte[] decryptContent(PrivateKey key, X509Certificate certificate) throws GeneralSecurityException {
        Objects.requireNonNull(key, "key");
        RecipientInformation recipient;
        try {
            recipient = enveloped.getRecipientInfos().get(new JceKeyTransRecipientId(certificate));
        } catch (RuntimeException e) {
            throw new CmsException("malformed recipient information: " + e.getMessage(), e);
        }
        if (recipient == null) {
            throw new CmsException("not a recipient: the message names none with issuer "
                    + certificate.getIssuerX500Principal().getName() + " and serial " + certificate.getSerialNumber().toString(16)
                    + " (it names " + recipients() + ")");
        }
        DecryptingRecipient decrypting = new DecryptingRecipient(key);
        try {
            return recipient.getContent(decrypting);
        } catch (CMSException | RuntimeException e) {
            if (decrypting.failure != null) {
                throw decrypting.failure;
            }
            throw new CmsException("cannot decrypt: " + e.getMessage(), e);
        } finally {
            decrypting.wipe();
        }
    }

    /**
     * Bouncy Castle's hook: checks the algorithms, unwraps the content key with SM2 and decrypts
     * the content whole; the content key is wiped when done ({@link #wipe}).
     */
    private static final class DecryptingRecipient implements KeyTransRecipient {

        private final PrivateKey key;
        private byte[] contentKey;
        GeneralSecurityException failure;

        DecryptingRecipient(PrivateKey key) {
            this.key = key;
        }

        void wipe() {
            if (contentKey != null) {
                Arrays.fill(contentKey, (byte) 0);
            }
        }

        @Override
        public RecipientOperator getRecipientOperator(AlgorithmIdentifier keyEncryption, AlgorithmIdentifier contentEncryption,
                byte[] encryptedKey) throws CMSException {
            ASN1ObjectIdentifier transport = keyEncryption.getAlgorithm();
            byte[] iv;
            try {
                if (!transport.equals(CmsOids.SM2_ENCRYPT) && !transport.equals(CmsOids.SM2_KEY_EXCHANGE)) {
                    throw new CmsException("the content key is encrypted with " + transport
                            + "; this library decrypts SM2 key transport (" + CmsOids.SM2_ENCRYPT + ", or "
                            + CmsOids.SM2_KEY_EXCHANGE + " as GmSSL writes it) only");
                }
                iv = Sm4Cbc.checkedIv(contentEncryption);
            } catch (CmsException e) {
                failure = e;
                throw new CMSException(e.getMessage(), e);
            }
            try {
                contentKey = JcaObjects.cipher("SM2", Cipher.DECRYPT_MODE, key).doFinal(encryptedKey);
            } catch (javax.crypto.BadPaddingException | javax.crypto.IllegalBlockSizeException e) {
                failure = new javax.crypto.BadPaddingException("the content key does not decrypt with this private key "
                        + "(tampered, not the certificate's key, or a provider that reads SM2 ciphertext in another layout): "
                        + e.getMessage());
                throw new CMSException(failure.getMessage(), e);
            } catch (GeneralSecurityException e) {
                failure = e;
                throw new CMSException(e.getMessage(), e);
            }
            return new RecipientOperator(new InputDecryptor() {
                @Override
                public AlgorithmIdentifier getAlgorithmIdentifier() {
                    return contentEncryption;
                }

                @Override
                public InputStream getInputStream(InputStream in) {
                    try {
                        return new java.io.ByteArrayInputStream(Sm4Cbc.decrypt(iv, contentKey, in));
                    } catch (GeneralSecurityException e) {
                        failure = e;
                        throw new IllegalStateException(e.getMessage(), e);
                    } catch (IOException e) {
                        throw new java.io.UncheckedIOException(e);
                    }
                }
            });
        }
    }
}
