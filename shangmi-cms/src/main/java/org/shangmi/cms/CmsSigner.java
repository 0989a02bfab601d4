package org.shangmi.cms;

import java.io.IOException;
import java.security.GeneralSecurityException;
import java.security.PrivateKey;
import java.security.cert.X509CRL;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.bouncycastle.asn1.ASN1Encoding;
import org.bouncycastle.cert.jcajce.JcaCRLStore;
import org.bouncycastle.cert.jcajce.JcaCertStore;
import org.bouncycastle.cert.jcajce.JcaX509CertificateHolder;
import org.bouncycastle.cms.CMSException;
import org.bouncycastle.cms.CMSProcessableByteArray;
import org.bouncycastle.cms.CMSSignedData;
import org.bouncycastle.cms.CMSSignedDataGenerator;
import org.bouncycastle.cms.SignerInfoGeneratorBuilder;
import org.bouncycastle.operator.ContentSigner;
import org.bouncycastle.operator.DigestCalculatorProvider;
import org.bouncycastle.operator.OperatorCreationException;
import org.bouncycastle.operator.jcajce.JcaDigestCalculatorProviderBuilder;
import org.shangmi.provider.spec.Sm2SignatureSpec;

/**
 * Writes SignedData signed with SM3withSM2: one or more signers, the content attached or
 * detached, certificates and CRLs included. The signers' keys may belong to any JCA provider
 * that signs SM3withSM2 with an ID set through {@link Sm2SignatureSpec} (ShangMi's keys, or a
 * token's provider that takes the spec).
 *
 * <pre>{@code
 * byte[] message = new CmsSigner(CmsProfile.GMT0010)
 *         .addSigner(privateKey, certificate)
 *         .addCertificates(List.of(intermediate))
 *         .sign(content);
 * }</pre>
 *
 * <p>Not thread-safe; a signer may sign any number of messages.
 */
public final class CmsSigner {

    private record Signer(PrivateKey key, X509Certificate certificate, byte[] id) {
    }

    private final CmsProfile profile;
    private final List<Signer> signers = new ArrayList<>();
    private final Map<X509Certificate, Boolean> certificates = new LinkedHashMap<>();
    private final List<X509CRL> crls = new ArrayList<>();
    private boolean detached;

    public CmsSigner(CmsProfile profile) {
        this.profile = Objects.requireNonNull(profile, "profile");
    }

    /**
     * Adds a signer with the ID GB/T 35276 recommends, "1234567812345678" (or, in
     * {@link CmsProfile#GMSSL}, no ID). Every signature is checked with the certificate's key
     * when made.
     *
     * @throws IllegalArgumentException if the certificate holds no SM2 key
     */
    public CmsSigner addSigner(PrivateKey key, X509Certificate certificate) {
        return add(key, certificate, profile == CmsProfile.GMSSL ? null : Sm2SignatureSpec.defaultId());
    }

    /**
     * Adds a signer with the SM2 ID given (the empty ID for messages OpenSSL 3.0 must verify: it
     * checks with that one).
     *
     * @throws IllegalArgumentException in {@link CmsProfile#GMSSL}, whose signatures have no ID, or
     *         if the certificate holds no SM2 key
     */
    public CmsSigner addSigner(PrivateKey key, X509Certificate certificate, byte[] id) {
        Objects.requireNonNull(id, "id");
        if (profile == CmsProfile.GMSSL) {
            throw new IllegalArgumentException("GmSSL's signature form hashes no ID; use GMT0010 or RFC5652 to sign with one");
        }
        if (id.length > Sm2SignatureSpec.MAX_ID_BYTES) {
            throw new IllegalArgumentException("an SM2 ID holds at most " + Sm2SignatureSpec.MAX_ID_BYTES + " bytes");
        }
        return add(key, certificate, id.clone());
    }

    private CmsSigner add(PrivateKey key, X509Certificate certificate, byte[] id) {
        MessageReading.requireSm2(certificate, "signer");
        signers.add(new Signer(Objects.requireNonNull(key, "key"), Objects.requireNonNull(certificate, "certificate"), id));
        certificates.put(certificate, Boolean.TRUE);
        return this;
    }

    /** Certificates to include besides the signers' own (intermediate CAs, for instance). */
    public CmsSigner addCertificates(Collection<X509Certificate> more) {
        for (X509Certificate certificate : more) {
            certificates.put(Objects.requireNonNull(certificate, "certificate"), Boolean.TRUE);
        }
        return this;
    }

    /** CRLs to include. */
    public CmsSigner addCrls(Collection<X509CRL> more) {
        for (X509CRL crl : more) {
            crls.add(Objects.requireNonNull(crl, "crl"));
        }
        return this;
    }

    /**
     * Whether the content stays out of the message (a detached signature, which the verifier is
     * given the content for). Not in {@link CmsProfile#GMSSL}, whose signature covers the
     * encapsulated content.
     */
    public CmsSigner detached(boolean detached) {
        if (detached && profile == CmsProfile.GMSSL) {
            throw new IllegalArgumentException("GmSSL's signature form covers the encapsulated content: it cannot be detached");
        }
        this.detached = detached;
        return this;
    }

    /**
     * The DER of a ContentInfo holding SignedData over {@code content}.
     *
     * @throws CmsException if there is no signer, or a key cannot sign (a key and certificate that
     *         do not match, a key no provider takes)
     */
    public byte[] sign(byte[] content) throws CmsException {
        Objects.requireNonNull(content, "content");
        if (signers.isEmpty()) {
            throw new CmsException("no signer: add one with addSigner");
        }
        try {
            DigestCalculatorProvider digests = new JcaDigestCalculatorProviderBuilder().setProvider(JcaObjects.shangMi()).build();
            CMSSignedDataGenerator generator = new CMSSignedDataGenerator();
            Date now = new Date();
            for (Signer signer : signers) {
                ContentSigner contentSigner = signer.id() == null
                        ? Sm2Signing.gmssl(signer.key(), signer.certificate().getPublicKey(), profile.dataType, content)
                        : Sm2Signing.standard(signer.key(), signer.certificate().getPublicKey(), signer.id());
                SignerInfoGeneratorBuilder builder = new SignerInfoGeneratorBuilder(digests);
                if (profile.signedAttributes) {
                    builder.setSignedAttributeGenerator(new SignedAttributes(now));
                } else {
                    builder.setDirectSignature(true);
                }
                generator.addSignerInfoGenerator(builder.build(contentSigner, new JcaX509CertificateHolder(signer.certificate())));
            }
            generator.addCertificates(new JcaCertStore(certificates.keySet()));
            if (!crls.isEmpty()) {
                generator.addCRLs(new JcaCRLStore(crls));
            }
            CMSSignedData signed = generator.generate(new CMSProcessableByteArray(profile.dataType, content), !detached);
            return profile.versionOne
                    ? Gmt0010Shape.signedData(signed.toASN1Structure(), profile.signedDataType)
                    : signed.toASN1Structure().getEncoded(ASN1Encoding.DER);
        } catch (GeneralSecurityException e) {
            throw new CmsException("cannot sign: " + e.getMessage(), e);
        } catch (OperatorCreationException | CMSException | IOException | IllegalStateException e) {
            throw new CmsException("cannot sign: " + e.getMessage(), e);
        }
    }

    @Override
    public String toString() {
        return "CmsSigner[" + profile + ", " + signers.size() + " signer(s), detached=" + detached + "]";
    }
}
