package org.shangmi.cms;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.Signature;
import java.security.interfaces.ECPublicKey;
import org.bouncycastle.asn1.ASN1Encoding;
import org.bouncycastle.asn1.ASN1ObjectIdentifier;
import org.bouncycastle.asn1.DEROctetString;
import org.bouncycastle.asn1.cms.ContentInfo;
import org.bouncycastle.asn1.x509.AlgorithmIdentifier;
import org.bouncycastle.operator.ContentSigner;
import org.shangmi.provider.spec.Sm2SignatureSpec;

/**
 * The two SM2 signature forms a CMS signer may carry: the standard one (GB/T 32918.2: SM3 over Z,
 * from the signer's ID and key, then the signed bytes) and GmSSL's (the SM3 hash of the
 * encapsulated ContentInfo's DER signed as e directly, no Z).
 */
final class Sm2Signing {

    static final AlgorithmIdentifier SM3_WITH_SM2 = new AlgorithmIdentifier(CmsOids.SM3_WITH_SM2);

    private Sm2Signing() {
    }

    /** What a signature is made of once the signed bytes are in. */
    private interface Finish {
        byte[] sign() throws GeneralSecurityException;
    }

    /** A ContentSigner of SM3withSM2's identifier over {@code stream}, signing with {@code finish}. */
    private static ContentSigner signer(OutputStream stream, Finish finish) {
        return new ContentSigner() {
            @Override
            public AlgorithmIdentifier getAlgorithmIdentifier() {
                return SM3_WITH_SM2;
            }

            @Override
            public OutputStream getOutputStream() {
                return stream;
            }

            @Override
            public byte[] getSignature() {
                try {
                    return finish.sign();
                } catch (GeneralSecurityException e) {
                    throw new IllegalStateException("SM2 signing failed: " + e.getMessage(), e);
                }
            }
        };
    }

    /**
     * Refuses a signature that does not verify with the certificate's key: a private key that is
     * not the certificate's, or a token's provider whose SM2 means something else, must not leave
     * a message nobody can verify.
     */
    private static byte[] checked(byte[] signature, boolean verifies) {
        if (!verifies) {
            throw new IllegalStateException("the signature does not verify with the certificate's public key: the private key "
                    + "is not the certificate's, or its provider signs SM2 otherwise");
        }
        return signature;
    }

    /** A ContentSigner for the standard form with {@code id}; each signature is checked with the certificate's key. */
    static ContentSigner standard(PrivateKey key, PublicKey certified, byte[] id) throws GeneralSecurityException {
        Signature signature = JcaObjects.signer("SM3withSM2", key);
        if (signature.getProvider() == JcaObjects.shangMi()) {
            signature.setParameter(new Sm2SignatureSpec(id, (ECPublicKey) certified));
        } else {
            signature.setParameter(new Sm2SignatureSpec(id));
        }
        Signature check = standardVerifier(certified, id);
        return signer(JcaObjects.updating(signature, check), () -> {
            byte[] made = signature.sign();
            return checked(made, check.verify(made));
        });
    }

    /** A verifier of the standard form with {@code id}, ready for the signed bytes. */
    static Signature standardVerifier(PublicKey key, byte[] id) throws GeneralSecurityException {
        Signature signature = Signature.getInstance("SM3withSM2", JcaObjects.shangMi());
        signature.initVerify(key);
        signature.setParameter(new Sm2SignatureSpec(id));
        return signature;
    }

    /**
     * A ContentSigner for GmSSL's form over the content type and content given: Bouncy Castle
     * streams the content to it (a direct signature), which must be exactly {@code content}.
     * Each signature is checked with the certificate's key.
     */
    static ContentSigner gmssl(PrivateKey key, PublicKey certified, ASN1ObjectIdentifier type, byte[] content)
            throws GeneralSecurityException {
        byte[] e = encapsulatedDigest(type, content);
        Signature signature = JcaObjects.signer("NONEwithSM2", key);
        ByteArrayOutputStream streamed = new ByteArrayOutputStream();
        return signer(streamed, () -> {
            if (!MessageDigest.isEqual(streamed.toByteArray(), content)) {
                throw new IllegalStateException("the signed content is not the content whose ContentInfo was hashed");
            }
            signature.update(e);
            byte[] made = signature.sign();
            return checked(made, verifiesGmssl(certified, type, content, made));
        });
    }

    /** Whether {@code signature} is GmSSL's form over the type and content given. */
    static boolean verifiesGmssl(PublicKey key, ASN1ObjectIdentifier type, byte[] content, byte[] signature)
            throws GeneralSecurityException {
        Signature verifier = Signature.getInstance("NONEwithSM2", JcaObjects.shangMi());
        verifier.initVerify(key);
        verifier.update(encapsulatedDigest(type, content));
        return verifier.verify(signature);
    }

    /** SM3 of the DER of ContentInfo { type, [0] EXPLICIT OCTET STRING content }. */
    private static byte[] encapsulatedDigest(ASN1ObjectIdentifier type, byte[] content) throws GeneralSecurityException {
        try {
            byte[] der = new ContentInfo(type, new DEROctetString(content)).getEncoded(ASN1Encoding.DER);
            return JcaObjects.sm3().digest(der);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
