package org.shangmi.cms;

import java.io.IOException;
import java.io.OutputStream;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PublicKey;
import java.security.Signature;
import java.security.SignatureException;
import java.security.cert.CertPathBuilder;
import java.security.cert.CertStore;
import java.security.cert.CollectionCertStoreParameters;
import java.security.cert.PKIXBuilderParameters;
import java.security.cert.TrustAnchor;
import java.security.cert.X509CRL;
import java.security.cert.X509CertSelector;
import java.security.cert.X509Certificate;
import java.security.spec.X509EncodedKeySpec;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import org.bouncycastle.asn1.ASN1ObjectIdentifier;
import org.bouncycastle.asn1.ASN1OctetString;
import org.bouncycastle.asn1.cms.Attribute;
import org.bouncycastle.asn1.cms.AttributeTable;
import org.bouncycastle.asn1.cms.CMSAttributes;
import org.bouncycastle.asn1.cms.ContentInfo;
import org.bouncycastle.asn1.cms.SignedData;
import org.bouncycastle.asn1.cms.Time;
import org.bouncycastle.asn1.x509.AlgorithmIdentifier;
import org.bouncycastle.cert.X509CRLHolder;
import org.bouncycastle.cert.X509CertificateHolder;
import org.bouncycastle.cert.jcajce.JcaX509CertificateHolder;
import org.bouncycastle.cms.CMSException;
import org.bouncycastle.cms.CMSProcessableByteArray;
import org.bouncycastle.cms.CMSSignedData;
import org.bouncycastle.cms.CMSSignerDigestMismatchException;
import org.bouncycastle.cms.SignerInformation;
import org.bouncycastle.cms.SignerInformationVerifier;
import org.bouncycastle.operator.ContentVerifier;
import org.bouncycastle.operator.ContentVerifierProvider;
import org.bouncycastle.operator.OperatorCreationException;
import org.bouncycastle.operator.jcajce.JcaDigestCalculatorProviderBuilder;
import org.bouncycastle.util.Selector;
import org.shangmi.provider.spec.Sm2SignatureSpec;

/**
 * A SignedData message read from its encoding (either profile's content types, BER or DER), to
 * verify its SM3withSM2 signers and read its content, certificates and CRLs.
 *
 * <pre>{@code
 * SignedMessage message = SignedMessage.read(bytes);
 * List<VerifiedSigner> signers = message.verify();      // throws SignatureException if any fails
 * message.validate(signers.get(0), List.of(rootCertificate));
 * byte[] content = message.content();
 * }</pre>
 */
public final class SignedMessage {

    /** The IDs {@link #verify()} tries: GB/T 35276's default, then the empty ID OpenSSL 3.0 signs with. */
    private static final List<byte[]> USUAL_IDS = List.of(Sm2SignatureSpec.defaultId(), new byte[0]);

    private final CMSSignedData signed;
    private final ASN1ObjectIdentifier type;
    private final ASN1ObjectIdentifier contentType;
    private final byte[] content;
    private final boolean detached;
    /** The signers {@link #verify} returned, the only ones {@link #validate} takes. */
    private final List<VerifiedSigner> verifiedSigners = new ArrayList<>();

    private SignedMessage(CMSSignedData signed, ASN1ObjectIdentifier type, ASN1ObjectIdentifier contentType, byte[] content,
            boolean detached) {
        this.signed = signed;
        this.type = type;
        this.contentType = contentType;
        this.content = content;
        this.detached = detached;
    }

    /** Reads a message that carries its content. */
    public static SignedMessage read(byte[] message) throws CmsException {
        return read(message, null);
    }

    /**
     * Reads a message; {@code detachedContent} is the content of a detached signature (null when
     * the message carries it).
     *
     * @throws CmsException if the message is malformed, not SignedData, detached without the
     *         content given, or carries content while some is given
     */
    public static SignedMessage read(byte[] message, byte[] detachedContent) throws CmsException {
        ContentInfo info = MessageReading.read(message, CmsOids.PKCS7_SIGNED_DATA, CmsOids.GMT_SIGNED_DATA, "SignedData");
        try {
            SignedData data = SignedData.getInstance(info.getContent());
            MessageReading.checkVersion("SignedData", data.getVersion(), 1, 5);
            for (org.bouncycastle.asn1.ASN1Encodable element : data.getSignerInfos()) {
                MessageReading.checkVersion("a SignerInfo", org.bouncycastle.asn1.cms.SignerInfo.getInstance(element).getVersion(), 1, 3);
            }
            ASN1ObjectIdentifier contentType = data.getEncapContentInfo().getContentType();
            ASN1OctetString carried = data.getEncapContentInfo().getContent() == null ? null
                    : ASN1OctetString.getInstance(data.getEncapContentInfo().getContent());
            if (carried != null && detachedContent != null) {
                throw new CmsException("the message carries its content; give no detached content");
            }
            if (carried == null && detachedContent == null) {
                throw new CmsException("a detached signature: give the content it signs");
            }
            byte[] content = carried != null ? carried.getOctets() : detachedContent.clone();
            CMSSignedData signed = carried != null ? new CMSSignedData(info)
                    : new CMSSignedData(new CMSProcessableByteArray(contentType, content), info);
            parseAll(signed);
            return new SignedMessage(signed, info.getContentType(), contentType, content, carried == null);
        } catch (CMSException | RuntimeException e) {
            throw new CmsException("malformed SignedData: " + e.getMessage(), e);
        }
    }

    /**
     * Parses what Bouncy Castle would parse only when asked (certificates, CRLs, signer infos and
     * their attributes), so that malformed parts fail here, as a {@link CmsException}.
     */
    private static void parseAll(CMSSignedData signed) {
        signed.getCertificates().getMatches(null);
        signed.getCRLs().getMatches(null);
        for (SignerInformation signer : signed.getSignerInfos().getSigners()) {
            signer.getSID();
            signer.getDigestAlgorithmID();
            signer.getEncryptionAlgOID();
            signer.getSignedAttributes();
            signer.getUnsignedAttributes();
            signer.getSignature();
        }
    }

    /** Whether the message uses GM/T 0010's content types (written by {@link CmsProfile#GMT0010} or {@link CmsProfile#GMSSL}). */
    public boolean gmtContentTypes() {
        return type.equals(CmsOids.GMT_SIGNED_DATA);
    }

    /** Whether the signature was detached (its content given to {@link #read(byte[], byte[])}). */
    public boolean detached() {
        return detached;
    }

    /** The content signed (a copy). Read it only once {@link #verify} has succeeded. */
    public byte[] content() {
        return content.clone();
    }

    /** The signers in the message. */
    public int signerCount() {
        return signed.getSignerInfos().size();
    }

    /** The certificates the message carries. */
    public List<X509Certificate> certificates() throws CmsException {
        List<X509Certificate> certificates = new ArrayList<>();
        for (X509CertificateHolder holder : signed.getCertificates().getMatches(null)) {
            certificates.add(MessageReading.certificate(encoded(holder)));
        }
        return certificates;
    }

    /** The CRLs the message carries. */
    public List<X509CRL> crls() throws CmsException {
        List<X509CRL> crls = new ArrayList<>();
        try {
            java.security.cert.CertificateFactory factory = java.security.cert.CertificateFactory.getInstance("X.509");
            for (X509CRLHolder holder : signed.getCRLs().getMatches(null)) {
                crls.add((X509CRL) factory.generateCRL(new java.io.ByteArrayInputStream(holder.getEncoded())));
            }
        } catch (GeneralSecurityException | IOException e) {
            throw new CmsException("cannot read a CRL of the message: " + e.getMessage(), e);
        }
        return crls;
    }

    /**
     * Verifies every signer with the usual IDs: "1234567812345678", then the empty ID (OpenSSL
     * 3.0's), and, for a signer without signed attributes, GmSSL's form. Each signer's
     * certificate comes from the message.
     *
     * @return the signers, in the message's order
     * @throws SignatureException if any signer's signature or message digest does not verify
     * @throws CmsException if a signer's certificate is missing or its algorithms are not SM3withSM2
     */
    public List<VerifiedSigner> verify() throws CmsException, SignatureException {
        return verify(USUAL_IDS, true, List.of());
    }

    /** Verifies every signer with the one SM2 ID given (and no other form). */
    public List<VerifiedSigner> verify(byte[] id) throws CmsException, SignatureException {
        return verify(List.of(id.clone()), false, List.of());
    }

    /**
     * Verifies every signer, trying the IDs in order.
     *
     * @param ids the SM2 IDs to try (none: only GmSSL's form)
     * @param gmsslForm whether a signer without signed attributes may also verify in GmSSL's form
     * @param moreCertificates certificates to look for signers in besides the message's own
     */
    public List<VerifiedSigner> verify(List<byte[]> ids, boolean gmsslForm, Collection<X509Certificate> moreCertificates)
            throws CmsException, SignatureException {
        Objects.requireNonNull(ids, "ids");
        List<X509CertificateHolder> given = new ArrayList<>();
        for (X509Certificate certificate : moreCertificates) {
            try {
                given.add(new JcaX509CertificateHolder(certificate));
            } catch (java.security.cert.CertificateEncodingException e) {
                throw new CmsException("cannot encode a given certificate: " + e.getMessage(), e);
            }
        }
        List<SignerInformation> signers = new ArrayList<>(signed.getSignerInfos().getSigners());
        if (signers.isEmpty()) {
            throw new CmsException("the message has no signer");
        }
        List<VerifiedSigner> verified = new ArrayList<>();
        for (int i = 0; i < signers.size(); i++) {
            try {
                verified.add(verifySigner(i + 1, signers.get(i), ids, gmsslForm, given));
            } catch (RuntimeException e) {
                throw new CmsException("signer " + (i + 1) + ": malformed: " + e.getMessage(), e);
            }
        }
        return verified;
    }

    /**
     * The first certificate matching the signer's identifier (the message's, then those given)
     * whose key verifies the signature in one of the forms allowed: a look-alike certificate
     * placed first can delay the right one, never replace it.
     */
    private VerifiedSigner verifySigner(int number, SignerInformation signer, List<byte[]> ids, boolean gmsslForm,
            List<X509CertificateHolder> given) throws CmsException, SignatureException {
        String name = "signer " + number;
        checkAlgorithms(name, signer);
        List<X509CertificateHolder> candidates = signerCertificates(name, signer, given);
        CmsException noKey = null;
        boolean keyed = false;
        for (X509CertificateHolder holder : candidates) {
            PublicKey key;
            try {
                key = publicKey(name, holder);
            } catch (CmsException e) {
                noKey = noKey != null ? noKey : e;
                continue;
            }
            keyed = true;
            VerifiedSigner verified = verifyUnderIds(name, signer, holder, key, ids, gmsslForm);
            if (verified != null) {
                return verified;
            }
        }
        if (!keyed) {
            throw noKey;
        }
        throw new SignatureException(name + " (" + MessageReading.name(candidates.get(0).getSubject())
                + "): the signature does not verify with " + describe(ids, gmsslForm && signer.getSignedAttributes() == null));
    }

    /** The signer verified with {@code key} in the first form that fits, or null. */
    private VerifiedSigner verifyUnderIds(String name, SignerInformation signer, X509CertificateHolder holder, PublicKey key,
            List<byte[]> ids, boolean gmsslForm) throws CmsException, SignatureException {
        try {
            if (signer.getSignedAttributes() != null) {
                for (byte[] id : ids) {
                    if (verifiesWithAttributes(signer, holder, key, id)) {
                        return remember(new VerifiedSigner(MessageReading.certificate(encoded(holder)), id, signingTime(signer)));
                    }
                }
                return null;
            }
            for (byte[] id : ids) {
                Signature verifier = Sm2Signing.standardVerifier(key, id);
                verifier.update(content);
                if (verifier.verify(signer.getSignature())) {
                    return remember(new VerifiedSigner(MessageReading.certificate(encoded(holder)), id, null));
                }
            }
            if (gmsslForm && Sm2Signing.verifiesGmssl(key, contentType, content, signer.getSignature())) {
                return remember(new VerifiedSigner(MessageReading.certificate(encoded(holder)), null, null));
            }
            return null;
        } catch (SignatureException e) {
            throw new SignatureException(name + ": malformed signature: " + e.getMessage(), e);
        } catch (GeneralSecurityException e) {
            throw new CmsException(name + ": cannot verify: " + e.getMessage(), e);
        }
    }

    private VerifiedSigner remember(VerifiedSigner signer) {
        verifiedSigners.add(signer);
        return signer;
    }

    private boolean verifiesWithAttributes(SignerInformation signer, X509CertificateHolder holder, PublicKey key, byte[] id)
            throws CmsException, SignatureException {
        try {
            SignerInformationVerifier verifier = new SignerInformationVerifier(
                    (digest, signature) -> "SM3WITHSM2",
                    algorithmName -> Sm2Signing.SM3_WITH_SM2,
                    contentVerifiers(holder, key, id),
                    new JcaDigestCalculatorProviderBuilder().setProvider(JcaObjects.shangMi()).build());
            return signer.verify(verifier);
        } catch (CMSSignerDigestMismatchException e) {
            throw new SignatureException("the content does not match the signed message digest", e);
        } catch (CMSException e) {
            if (e.getCause() instanceof SignatureException) {
                throw new SignatureException("malformed signature: " + e.getCause().getMessage(), e);
            }
            throw new CmsException("cannot verify: " + e.getMessage(), e);
        } catch (OperatorCreationException | RuntimeException e) {
            throw new CmsException("cannot verify: " + e.getMessage(), e);
        }
    }

    private static ContentVerifierProvider contentVerifiers(X509CertificateHolder holder, PublicKey key, byte[] id) {
        return new ContentVerifierProvider() {
            @Override
            public boolean hasAssociatedCertificate() {
                return true;
            }

            @Override
            public X509CertificateHolder getAssociatedCertificate() {
                return holder;
            }

            @Override
            public ContentVerifier get(AlgorithmIdentifier algorithm) throws OperatorCreationException {
                Signature verifier;
                try {
                    verifier = Sm2Signing.standardVerifier(key, id);
                } catch (GeneralSecurityException e) {
                    throw new OperatorCreationException("cannot verify SM3withSM2: " + e.getMessage(), e);
                }
                OutputStream stream = JcaObjects.updating(verifier);
                return new ContentVerifier() {
                    @Override
                    public AlgorithmIdentifier getAlgorithmIdentifier() {
                        return algorithm;
                    }

                    @Override
                    public OutputStream getOutputStream() {
                        return stream;
                    }

                    @Override
                    public boolean verify(byte[] signature) {
                        try {
                            return verifier.verify(signature);
                        } catch (SignatureException e) {
                            throw new IllegalStateException(e);
                        }
                    }
                };
            }
        };
    }

    /** Only SM3withSM2: the digest SM3, the signature algorithm SM3withSM2, GM/T 0006's SM2-1 or the bare SM2 OID. */
    private static void checkAlgorithms(String name, SignerInformation signer) throws CmsException {
        ASN1ObjectIdentifier digest = signer.getDigestAlgorithmID().getAlgorithm();
        ASN1ObjectIdentifier signature = new ASN1ObjectIdentifier(signer.getEncryptionAlgOID());
        if (!digest.equals(CmsOids.SM3)) {
            throw new CmsException(name + " uses the digest " + digest + "; this library verifies SM3withSM2 signers only");
        }
        if (!signature.equals(CmsOids.SM3_WITH_SM2) && !signature.equals(CmsOids.SM2_SIGN) && !signature.equals(CmsOids.SM2)) {
            throw new CmsException(name + " uses the signature algorithm " + signature
                    + "; this library verifies SM3withSM2 signers only");
        }
    }

    private List<X509CertificateHolder> signerCertificates(String name, SignerInformation signer,
            List<X509CertificateHolder> given) throws CmsException {
        @SuppressWarnings("unchecked")
        Selector<X509CertificateHolder> selector = (Selector<X509CertificateHolder>) (Selector<?>) signer.getSID();
        List<X509CertificateHolder> candidates = new ArrayList<>(signed.getCertificates().getMatches(selector));
        for (X509CertificateHolder holder : given) {
            if (selector.match(holder)) {
                candidates.add(holder);
            }
        }
        if (candidates.isEmpty()) {
            throw new CmsException(name + ": its certificate (" + describe(signer) + ") is neither in the message nor given");
        }
        return candidates;
    }

    private static String describe(SignerInformation signer) {
        if (signer.getSID().getIssuer() != null) {
            return "issuer " + MessageReading.name(signer.getSID().getIssuer()) + ", serial " + signer.getSID().getSerialNumber().toString(16);
        }
        return "subject key identifier";
    }

    private static PublicKey publicKey(String name, X509CertificateHolder holder) throws CmsException {
        try {
            return KeyFactory.getInstance("SM2", JcaObjects.shangMi())
                    .generatePublic(new X509EncodedKeySpec(holder.getSubjectPublicKeyInfo().getEncoded()));
        } catch (GeneralSecurityException | IOException e) {
            throw new CmsException(name + ": its certificate (" + MessageReading.name(holder.getSubject()) + ") holds no SM2 public key: "
                    + e.getMessage(), e);
        }
    }

    private static Instant signingTime(SignerInformation signer) {
        AttributeTable attributes = signer.getSignedAttributes();
        Attribute time = attributes.get(CMSAttributes.signingTime);
        if (time == null || time.getAttrValues().size() != 1) {
            return null;
        }
        try {
            return Time.getInstance(time.getAttrValues().getObjectAt(0)).getDate().toInstant();
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    private static String describe(List<byte[]> ids, boolean gmsslForm) {
        List<String> forms = new ArrayList<>();
        for (byte[] id : ids) {
            forms.add(new VerifiedSigner(null, id, null).form());
        }
        if (gmsslForm) {
            forms.add(new VerifiedSigner(null, null, null).form());
        }
        return forms.isEmpty() ? "no form" : String.join("; nor ", forms);
    }

    private static byte[] encoded(X509CertificateHolder holder) throws CmsException {
        try {
            return holder.getEncoded();
        } catch (IOException e) {
            throw new CmsException("cannot encode a certificate of the message: " + e.getMessage(), e);
        }
    }

    /**
     * Validates the certificate of a signer that {@link #verify} returned for this message: it
     * must be an end entity's (no CA certificate) whose key usage, if it has one, allows
     * signatures (digitalSignature or nonRepudiation), with a valid path (PKIX, through the
     * installed providers) to one of the {@code trusted} certificates, the message's certificates
     * serving as intermediates. Extended key usage and revocation are not checked.
     *
     * @throws CmsException with the reason if the certificate may not sign or no valid path exists
     */
    public void validate(VerifiedSigner signer, Collection<X509Certificate> trusted) throws CmsException {
        validate(signer, trusted, List.of());
    }

    /**
     * {@link #validate(VerifiedSigner, Collection)} with {@code intermediates} besides the
     * message's certificates (for writers that include the signer's certificate only, as GmSSL does).
     */
    public void validate(VerifiedSigner signer, Collection<X509Certificate> trusted, Collection<X509Certificate> intermediates)
            throws CmsException {
        if (verifiedSigners.stream().noneMatch(known -> known == signer)) {
            throw new CmsException("not a signer that verify() returned for this message");
        }
        if (trusted.isEmpty()) {
            throw new CmsException("no trusted certificate given");
        }
        X509Certificate certificate = signer.certificate();
        String subject = certificate.getSubjectX500Principal().getName();
        if (certificate.getBasicConstraints() >= 0) {
            throw new CmsException("the signer's certificate " + subject + " is a CA's, not an end entity's");
        }
        boolean[] usage = certificate.getKeyUsage();
        if (usage != null && !(usage[0] || usage.length > 1 && usage[1])) {
            throw new CmsException("the signer's certificate " + subject
                    + " has a key usage that allows no signatures (neither digitalSignature nor nonRepudiation)");
        }
        Set<TrustAnchor> anchors = new HashSet<>();
        for (X509Certificate anchor : trusted) {
            anchors.add(new TrustAnchor(anchor, null));
        }
        try {
            X509CertSelector target = new X509CertSelector();
            target.setCertificate(signer.certificate());
            PKIXBuilderParameters parameters = new PKIXBuilderParameters(anchors, target);
            parameters.setRevocationEnabled(false);
            List<Object> candidates = new ArrayList<>(certificates());
            candidates.addAll(intermediates);
            candidates.add(signer.certificate());
            parameters.addCertStore(CertStore.getInstance("Collection", new CollectionCertStoreParameters(candidates)));
            CertPathBuilder.getInstance("PKIX").build(parameters);
        } catch (GeneralSecurityException e) {
            throw new CmsException("the signer's certificate " + signer.certificate().getSubjectX500Principal().getName()
                    + " does not validate: " + e.getMessage(), e);
        }
    }
}
