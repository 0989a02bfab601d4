package org.shangmi.cms;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.Security;
import java.security.SignatureException;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import javax.crypto.BadPaddingException;
import org.bouncycastle.asn1.ASN1Encoding;
import org.bouncycastle.asn1.ASN1Integer;
import org.bouncycastle.asn1.ASN1Primitive;
import org.bouncycastle.asn1.ASN1Sequence;
import org.bouncycastle.asn1.ASN1TaggedObject;
import org.bouncycastle.asn1.cms.ContentInfo;
import org.bouncycastle.asn1.cms.SignedData;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.shangmi.provider.ShangMiProvider;

/** Signed and enveloped messages through the helpers, in every profile, and what bad input does. */
class CmsTest {

    private static final byte[] ID = "alice@example.com".getBytes(StandardCharsets.US_ASCII);

    @TempDir
    static Path directory;
    private static CmsPki pki;

    @BeforeAll
    static void install() throws Exception {
        Security.insertProviderAt(new ShangMiProvider(), 1);
        pki = new CmsPki(directory);
    }

    @AfterAll
    static void uninstall() {
        Security.removeProvider(ShangMiProvider.NAME);
    }

    private static byte[] content(int size) {
        byte[] content = new byte[size];
        new Random(size).nextBytes(content);
        return content;
    }

    @ParameterizedTest
    @EnumSource(CmsProfile.class)
    void signsAndVerifiesEmptyOneByteAndOneMebibyte(CmsProfile profile) throws Exception {
        for (int size : new int[] {0, 1, 1 << 20}) {
            byte[] content = content(size);
            byte[] message = new CmsSigner(profile).addSigner(pki.leafKey, pki.leaf).addCertificates(List.of(pki.inter))
                    .sign(content);
            SignedMessage read = SignedMessage.read(message);
            List<VerifiedSigner> signers = read.verify();
            assertEquals(1, signers.size());
            assertEquals(pki.leaf, signers.get(0).certificate());
            assertArrayEquals(content, read.content(), "content of " + size + " bytes");
            assertEquals(profile != CmsProfile.RFC5652, read.gmtContentTypes());
            assertEquals(profile == CmsProfile.GMSSL ? null : "1234567812345678",
                    signers.get(0).id() == null ? null : new String(signers.get(0).id(), StandardCharsets.US_ASCII));
            assertEquals(profile == CmsProfile.GMSSL, signers.get(0).signingTime() == null);
            read.validate(signers.get(0), List.of(pki.root));
            assertEquals(java.util.Set.of(pki.leaf, pki.inter), java.util.Set.copyOf(read.certificates()));
        }
    }

    @ParameterizedTest
    @EnumSource(value = CmsProfile.class, names = {"RFC5652", "GMT0010"})
    void detachedSignatureNeedsItsContent(CmsProfile profile) throws Exception {
        byte[] content = content(1000);
        byte[] message = new CmsSigner(profile).addSigner(pki.leafKey, pki.leaf).detached(true).sign(content);
        CmsException missing = assertThrows(CmsException.class, () -> SignedMessage.read(message));
        assertTrue(missing.getMessage().contains("detached"), missing.getMessage());
        SignedMessage read = SignedMessage.read(message, content);
        assertTrue(read.detached());
        assertEquals(1, read.verify().size());
        byte[] other = content.clone();
        other[999] ^= 1;
        SignatureException wrong = assertThrows(SignatureException.class, () -> SignedMessage.read(message, other).verify());
        assertTrue(wrong.getMessage().contains("message digest"), wrong.getMessage());
    }

    @Test
    void versionsAndContentTypesFollowTheProfile() throws Exception {
        for (CmsProfile profile : CmsProfile.values()) {
            ContentInfo info = ContentInfo.getInstance(new CmsSigner(profile).addSigner(pki.leafKey, pki.leaf).sign(content(5)));
            SignedData signed = SignedData.getInstance(info.getContent());
            assertEquals(profile == CmsProfile.RFC5652 ? "1.2.840.113549.1.7.2" : "1.2.156.10197.6.1.4.2.2",
                    info.getContentType().getId());
            assertEquals(profile == CmsProfile.RFC5652 ? "1.2.840.113549.1.7.1" : "1.2.156.10197.6.1.4.2.1",
                    signed.getEncapContentInfo().getContentType().getId());
            assertEquals(1, signed.getVersion().intValueExact(), profile + ": id-data and version 1 go together in RFC 5652");
        }
        ContentInfo enveloped = ContentInfo.getInstance(new CmsEnveloper(CmsProfile.GMT0010).addRecipient(pki.leaf).encrypt(content(5)));
        ASN1Sequence fields = ASN1Sequence.getInstance(enveloped.getContent());
        assertEquals(1, ASN1Integer.getInstance(fields.getObjectAt(0)).intValueExact());
        ASN1Sequence recipient = ASN1Sequence.getInstance(
                org.bouncycastle.asn1.ASN1Set.getInstance(fields.getObjectAt(1)).getObjectAt(0));
        assertEquals(1, ASN1Integer.getInstance(recipient.getObjectAt(0)).intValueExact());
    }

    @Test
    void severalSignersWithTheirOwnIdsAndCrls() throws Exception {
        byte[] content = content(300);
        byte[] message = new CmsSigner(CmsProfile.RFC5652)
                .addSigner(pki.leafKey, pki.leaf, ID)
                .addSigner(pki.otherKey, pki.other)
                .addCertificates(List.of(pki.inter))
                .addCrls(List.of(pki.crl))
                .sign(content);
        SignedMessage read = SignedMessage.read(message);
        assertEquals(2, read.signerCount());
        assertEquals(List.of(pki.crl), read.crls());
        SignatureException unknownId = assertThrows(SignatureException.class, read::verify);
        assertTrue(unknownId.getMessage().contains("leaf.example.com"), unknownId.getMessage());
        List<VerifiedSigner> signers = read.verify(List.of(ID, "1234567812345678".getBytes(StandardCharsets.US_ASCII)),
                false, List.of());
        assertEquals(2, signers.size());
        for (VerifiedSigner signer : signers) {
            assertArrayEquals(signer.certificate().equals(pki.leaf) ? ID : "1234567812345678".getBytes(StandardCharsets.US_ASCII),
                    signer.id());
        }
        assertEquals(java.util.Set.of(pki.leaf, pki.other),
                java.util.Set.of(signers.get(0).certificate(), signers.get(1).certificate()));
        SignatureException wrongId = assertThrows(SignatureException.class, () -> read.verify(new byte[0]));
        assertTrue(wrongId.getMessage().contains("empty ID"), wrongId.getMessage());
    }

    @Test
    void aSignerWhoseCertificateIsMissingIsNamed() throws Exception {
        byte[] message = new CmsSigner(CmsProfile.GMT0010).addSigner(pki.leafKey, pki.leaf).sign(content(10));
        byte[] withoutCertificates = stripCertificates(message);
        CmsException missing = assertThrows(CmsException.class, () -> SignedMessage.read(withoutCertificates).verify());
        assertTrue(missing.getMessage().contains("neither in the message nor given"), missing.getMessage());
        assertEquals(1, SignedMessage.read(withoutCertificates)
                .verify(List.of("1234567812345678".getBytes(StandardCharsets.US_ASCII)), false, List.of(pki.leaf)).size());
    }

    @Test
    void aKeyThatIsNotTheCertificatesCannotSign() {
        CmsException refused = assertThrows(CmsException.class,
                () -> new CmsSigner(CmsProfile.RFC5652).addSigner(pki.otherKey, pki.leaf).sign(content(1)));
        assertTrue(refused.getMessage().contains("cannot sign"), refused.getMessage());
    }

    @Test
    void onlyEndEntitiesThatMaySignValidate() throws Exception {
        SignedMessage byCa = SignedMessage.read(new CmsSigner(CmsProfile.RFC5652).addSigner(pki.key("inter"), pki.inter)
                .sign(content(3)));
        VerifiedSigner ca = byCa.verify().get(0);
        CmsException notAnEndEntity = assertThrows(CmsException.class, () -> byCa.validate(ca, List.of(pki.root)));
        assertTrue(notAnEndEntity.getMessage().contains("a CA's"), notAnEndEntity.getMessage());

        SignedMessage byLeaf = SignedMessage.read(new CmsSigner(CmsProfile.RFC5652).addSigner(pki.leafKey, pki.leaf).sign(content(3)));
        CmsException notVerified = assertThrows(CmsException.class,
                () -> byLeaf.validate(new VerifiedSigner(pki.leaf, null, null), List.of(pki.root), List.of(pki.inter)));
        assertTrue(notVerified.getMessage().contains("verify() returned"), notVerified.getMessage());
        CmsException fromAnother = assertThrows(CmsException.class, () -> byLeaf.validate(ca, List.of(pki.root)));
        assertTrue(fromAnother.getMessage().contains("verify() returned"), fromAnother.getMessage());

        SignedMessage byEncryptionKey = SignedMessage.read(new CmsSigner(CmsProfile.GMT0010)
                .addSigner(pki.key("encipher"), pki.encipherOnly).addCertificates(List.of(pki.inter)).sign(content(3)));
        VerifiedSigner encipher = byEncryptionKey.verify().get(0);
        CmsException noSigning = assertThrows(CmsException.class, () -> byEncryptionKey.validate(encipher, List.of(pki.root)));
        assertTrue(noSigning.getMessage().contains("allows no signatures"), noSigning.getMessage());
    }

    /** A certificate with the signer's issuer name and serial number but another key, tried first, delays the right one only. */
    @Test
    void aLookAlikeCertificateDoesNotHideTheRightOne() throws Exception {
        pki.openssl.root("fakeinter", org.shangmi.core.testing.OpenSslPki.INTERMEDIATE, 10);
        pki.openssl.sm2Key("lookalike");
        String csr = pki.openssl.path("lookalike.csr").toString();
        org.shangmi.core.testing.OpenSslCommand.run(new byte[0], "req", "-new", "-key", pki.openssl.path("lookalike.key").toString(),
                "-sm3", "-sigopt", org.shangmi.core.testing.OpenSslPki.ID_OPTION, "-subj", "/CN=look-alike", "-out", csr);
        org.shangmi.core.testing.OpenSslCommand.run(new byte[0], "x509", "-req", "-in", csr, "-vfyopt",
                org.shangmi.core.testing.OpenSslPki.ID_OPTION, "-CA", pki.openssl.path("fakeinter.pem").toString(), "-CAkey",
                pki.openssl.path("fakeinter.key").toString(), "-set_serial", "0x" + pki.leaf.getSerialNumber().toString(16),
                "-sm3", "-sigopt", org.shangmi.core.testing.OpenSslPki.ID_OPTION, "-days", "5", "-out",
                pki.openssl.path("lookalike.pem").toString());
        java.security.cert.X509Certificate lookAlike = org.shangmi.core.testing.OpenSslPki.certificate(
                java.security.cert.CertificateFactory.getInstance("X.509"), pki.openssl.path("lookalike.pem"));
        assertEquals(pki.leaf.getIssuerX500Principal(), lookAlike.getIssuerX500Principal());
        assertEquals(pki.leaf.getSerialNumber(), lookAlike.getSerialNumber());

        byte[] withoutCertificates = stripCertificates(new CmsSigner(CmsProfile.RFC5652).addSigner(pki.leafKey, pki.leaf)
                .sign(content(5)));
        List<byte[]> defaultId = List.of("1234567812345678".getBytes(StandardCharsets.US_ASCII));
        List<VerifiedSigner> signers = SignedMessage.read(withoutCertificates).verify(defaultId, false, List.of(lookAlike, pki.leaf));
        assertEquals(pki.leaf, signers.get(0).certificate());
        SignatureException alone = assertThrows(SignatureException.class,
                () -> SignedMessage.read(withoutCertificates).verify(defaultId, false, List.of(lookAlike)));
        assertTrue(alone.getMessage().contains("look-alike"), alone.getMessage());
    }

    @Test
    void anSm2KeyWithAnRsaCertificateIsRefusedAtOnce() throws Exception {
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> new CmsSigner(CmsProfile.RFC5652).addSigner(pki.leafKey, rsaCertificate()));
        assertTrue(refused.getMessage().contains("no SM2 public key"), refused.getMessage());
        CmsException mismatch = assertThrows(CmsException.class,
                () -> new CmsSigner(CmsProfile.GMSSL).addSigner(pki.otherKey, pki.leaf).sign(content(1)));
        assertTrue(mismatch.getMessage().contains("does not verify with the certificate's public key"), mismatch.getMessage());
    }

    @Test
    void anUntrustedChainDoesNotValidate() throws Exception {
        SignedMessage read = SignedMessage.read(new CmsSigner(CmsProfile.RFC5652).addSigner(pki.leafKey, pki.leaf).sign(content(3)));
        VerifiedSigner signer = read.verify().get(0);
        CmsException noPath = assertThrows(CmsException.class, () -> read.validate(signer, List.of(pki.root)));
        assertTrue(noPath.getMessage().contains("does not validate"), noPath.getMessage());
    }

    @Test
    void everyTamperedByteOfASignedMessageIsCaught() throws Exception {
        byte[] message = new CmsSigner(CmsProfile.GMT0010).addSigner(pki.leafKey, pki.leaf).sign(content(40));
        int accepted = 0;
        for (int i = 0; i < message.length; i++) {
            byte[] tampered = message.clone();
            tampered[i] ^= 0x01;
            try {
                SignedMessage read = SignedMessage.read(tampered);
                read.verify();
                accepted++;
                // what still verifies must say what the signer signed: a flip in an unsigned part
                assertArrayEquals(SignedMessage.read(message).content(), read.content(), "byte " + i);
            } catch (CmsException | SignatureException expected) {
                assertFalse(expected.getMessage().isEmpty());
            }
        }
        assertTrue(accepted < message.length / 2, accepted + " of " + message.length + " flips accepted");
    }

    @Test
    void truncatedAndTrailingInputIsRefused() throws Exception {
        byte[] message = new CmsSigner(CmsProfile.RFC5652).addSigner(pki.leafKey, pki.leaf).sign(content(20));
        for (int length : new int[] {0, 1, 2, message.length / 2, message.length - 1}) {
            CmsException truncated = assertThrows(CmsException.class, () -> SignedMessage.read(Arrays.copyOf(message, length)));
            assertFalse(truncated.getMessage().isEmpty());
        }
        byte[] longer = Arrays.copyOf(message, message.length + 1);
        assertTrue(assertThrows(CmsException.class, () -> SignedMessage.read(longer)).getMessage().contains("trailing"));
        CmsException enveloped = assertThrows(CmsException.class,
                () -> SignedMessage.read(new CmsEnveloper(CmsProfile.RFC5652).addRecipient(pki.leaf).encrypt(content(3))));
        assertTrue(enveloped.getMessage().contains("not SignedData"), enveloped.getMessage());
    }

    @Test
    void berEncodingsAreRead() throws Exception {
        byte[] content = content(100);
        byte[] der = new CmsSigner(CmsProfile.GMT0010).addSigner(pki.leafKey, pki.leaf).sign(content);
        byte[] ber = ASN1Primitive.fromByteArray(der).toASN1Primitive().getEncoded(ASN1Encoding.BER);
        byte[] indefinite = Ber.indefinite(der);
        assertFalse(Arrays.equals(der, indefinite), "the BER form differs from the DER");
        for (byte[] encoding : List.of(ber, indefinite)) {
            SignedMessage read = SignedMessage.read(encoding);
            assertEquals(1, read.verify().size());
            assertArrayEquals(content, read.content());
        }
    }

    @ParameterizedTest
    @EnumSource(CmsProfile.class)
    void envelopesForSeveralRecipients(CmsProfile profile) throws Exception {
        for (int size : new int[] {0, 1, 15, 16, 1 << 20}) {
            byte[] content = content(size);
            byte[] message = new CmsEnveloper(profile).addRecipient(pki.leaf).addRecipient(pki.other).encrypt(content);
            EnvelopedMessage read = EnvelopedMessage.read(message);
            assertEquals(profile != CmsProfile.RFC5652, read.gmtContentTypes());
            assertEquals(2, read.recipients().size());
            assertArrayEquals(content, read.decrypt(pki.leafKey, pki.leaf), "leaf, " + size + " bytes");
            assertArrayEquals(content, read.decrypt(pki.otherKey, pki.other), "other, " + size + " bytes");
        }
    }

    @ParameterizedTest
    @EnumSource(value = CmsProfile.class, names = {"RFC5652", "GMT0010"})
    void signedThenEnveloped(CmsProfile profile) throws Exception {
        byte[] content = content(500);
        byte[] signed = new CmsSigner(profile).addSigner(pki.leafKey, pki.leaf).sign(content);
        EnvelopedMessage enveloped = EnvelopedMessage.read(new CmsEnveloper(profile).addRecipient(pki.other).encryptMessage(signed));
        assertEquals(ContentInfo.getInstance(signed).getContentType().getId(), enveloped.contentType());
        SignedMessage inner = SignedMessage.read(enveloped.decryptMessage(pki.otherKey, pki.other));
        assertEquals(pki.leaf, inner.verify().get(0).certificate());
        assertArrayEquals(content, inner.content());
        EnvelopedMessage plain = EnvelopedMessage.read(new CmsEnveloper(profile).addRecipient(pki.other).encrypt(content));
        CmsException notAMessage = assertThrows(CmsException.class, () -> plain.decryptMessage(pki.otherKey, pki.other));
        assertTrue(notAMessage.getMessage().contains("use decrypt"), notAMessage.getMessage());
    }

    @Test
    void onlyRecipientsDecrypt() throws Exception {
        byte[] message = new CmsEnveloper(CmsProfile.GMT0010).addRecipient(pki.leaf).encrypt(content(30));
        CmsException notUs = assertThrows(CmsException.class, () -> EnvelopedMessage.read(message).decrypt(pki.otherKey, pki.other));
        assertTrue(notUs.getMessage().startsWith("not a recipient"), notUs.getMessage());
        BadPaddingException wrongKey = assertThrows(BadPaddingException.class,
                () -> EnvelopedMessage.read(message).decrypt(pki.otherKey, pki.leaf));
        assertTrue(wrongKey.getMessage().contains("content key"), wrongKey.getMessage());
        IllegalArgumentException rsa = assertThrows(IllegalArgumentException.class,
                () -> new CmsEnveloper(CmsProfile.RFC5652).addRecipient(rsaCertificate()));
        assertTrue(rsa.getMessage().contains("no SM2 public key"), rsa.getMessage());
    }

    /**
     * CBC has no integrity: a flip in the IV or a ciphertext block before the last two gives other
     * plaintext, as it does for every CMS EnvelopedData with CBC (docs/cms.md says so). Every other
     * flip must fail, with a GeneralSecurityException, and a failure returns nothing.
     */
    @Test
    void tamperedEnvelopesFailWithoutPlaintext() throws Exception {
        byte[] content = content(64);
        byte[] message = new CmsEnveloper(CmsProfile.RFC5652).addRecipient(pki.leaf).encrypt(content);
        int accepted = 0;
        for (int i = 0; i < message.length; i++) {
            byte[] tampered = message.clone();
            tampered[i] ^= 0x80;
            try {
                EnvelopedMessage.read(tampered).decrypt(pki.leafKey, pki.leaf);
                accepted++;
            } catch (java.security.GeneralSecurityException expected) {
                assertFalse(String.valueOf(expected.getMessage()).isEmpty());
            }
        }
        // the IV and the first three of five ciphertext blocks; a flip in the last block gives a valid
        // padding byte by chance (about 1 in 256), so a few more may pass
        assertTrue(accepted >= 16 + 48 && accepted <= 16 + 48 + 4, accepted + " of " + message.length + " flips accepted");
    }

    @Test
    void gmsslProfileRefusesIdsAndDetachment() {
        assertThrows(IllegalArgumentException.class, () -> new CmsSigner(CmsProfile.GMSSL).addSigner(pki.leafKey, pki.leaf, ID));
        assertThrows(IllegalArgumentException.class, () -> new CmsSigner(CmsProfile.GMSSL).detached(true));
        assertTrue(assertThrows(CmsException.class, () -> new CmsSigner(CmsProfile.GMSSL).sign(new byte[1])).getMessage()
                .startsWith("no signer"));
    }

    private static java.security.cert.X509Certificate rsaCertificate() throws Exception {
        Path pem = pki.openssl.otherRoot("rsa", "/CN=RSA", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:2048");
        return org.shangmi.core.testing.OpenSslPki.certificate(java.security.cert.CertificateFactory.getInstance("X.509"), pem);
    }

    /** The message with its certificate set removed. */
    private static byte[] stripCertificates(byte[] message) throws Exception {
        ContentInfo info = ContentInfo.getInstance(message);
        ASN1Sequence fields = ASN1Sequence.getInstance(info.getContent());
        org.bouncycastle.asn1.ASN1EncodableVector kept = new org.bouncycastle.asn1.ASN1EncodableVector();
        for (org.bouncycastle.asn1.ASN1Encodable field : fields) {
            if (!(field instanceof ASN1TaggedObject tagged && tagged.getTagNo() == 0)) {
                kept.add(field);
            }
        }
        return new ContentInfo(info.getContentType(), new org.bouncycastle.asn1.DERSequence(kept)).getEncoded(ASN1Encoding.DER);
    }
}
