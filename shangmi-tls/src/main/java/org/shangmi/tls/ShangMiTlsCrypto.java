package org.shangmi.tls;

import java.io.IOException;
import java.security.GeneralSecurityException;
import java.security.InvalidAlgorithmParameterException;
import java.security.NoSuchAlgorithmException;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.SecureRandom;
import java.security.spec.AlgorithmParameterSpec;
import org.bouncycastle.jcajce.spec.SM2ParameterSpec;
import org.bouncycastle.jcajce.util.JcaJceHelper;
import org.bouncycastle.tls.EncryptionAlgorithm;
import org.bouncycastle.tls.NamedGroup;
import org.bouncycastle.tls.SignatureAndHashAlgorithm;
import org.bouncycastle.tls.SignatureScheme;
import org.bouncycastle.tls.TlsFatalAlert;
import org.bouncycastle.tls.crypto.Tls13Verifier;
import org.bouncycastle.tls.crypto.TlsStreamSigner;
import org.bouncycastle.tls.crypto.TlsStreamVerifier;
import org.bouncycastle.tls.crypto.impl.TlsAEADCipherImpl;
import org.bouncycastle.tls.crypto.impl.jcajce.JcaTlsCrypto;
import org.shangmi.provider.spec.Sm2SignatureSpec;

/**
 * Bouncy Castle's JCA-based TLS crypto with the two places where the ShangMi algorithms need
 * other calls than it makes: sm2sig_sm3 signatures take their SM2 ID as ShangMi's
 * {@link Sm2SignatureSpec} (Bouncy Castle hands its own {@code SM2ParameterSpec}, which only its
 * provider reads), and SM4-GCM/CCM records are sealed by {@link Sm4TlsAeadCipher}, which passes
 * each record's nonce as a {@code GCMParameterSpec}; RSASSA-PSS goes by the JDK's name (see
 * {@link PssNamesHelper}). Everything else, and every other algorithm,
 * is Bouncy Castle's own code over the installed providers.
 *
 * <p>An SM-only crypto serves the RFC 8998 algorithms alone (SM4-GCM and SM4-CCM records,
 * curveSM2, sm2sig_sm3): Bouncy Castle's engine offers and accepts only what its crypto serves, so
 * no setting of an engine or socket can bring another algorithm into an SM-only connection.
 */
final class ShangMiTlsCrypto extends JcaTlsCrypto {

    private final boolean smOnly;

    ShangMiTlsCrypto(JcaJceHelper helper, SecureRandom entropy, SecureRandom nonceEntropy, boolean smOnly) {
        super(helper, entropy, nonceEntropy);
        this.smOnly = smOnly;
    }

    @Override
    public boolean hasEncryptionAlgorithm(int encryptionAlgorithm) {
        if (smOnly && encryptionAlgorithm != EncryptionAlgorithm.SM4_GCM && encryptionAlgorithm != EncryptionAlgorithm.SM4_CCM) {
            return false;
        }
        return super.hasEncryptionAlgorithm(encryptionAlgorithm);
    }

    @Override
    public boolean hasNamedGroup(int namedGroup) {
        return (!smOnly || namedGroup == NamedGroup.curveSM2) && super.hasNamedGroup(namedGroup);
    }

    @Override
    public boolean hasSignatureScheme(int signatureScheme) {
        return (!smOnly || signatureScheme == SignatureScheme.sm2sig_sm3) && super.hasSignatureScheme(signatureScheme);
    }

    @Override
    public boolean hasSignatureAndHashAlgorithm(SignatureAndHashAlgorithm algorithm) {
        return (!smOnly || SignatureScheme.from(algorithm) == SignatureScheme.sm2sig_sm3) && super.hasSignatureAndHashAlgorithm(algorithm);
    }

    @Override
    public boolean hasRSAEncryption() {
        return !smOnly && super.hasRSAEncryption();
    }

    @Override
    public boolean hasDHAgreement() {
        return !smOnly && super.hasDHAgreement();
    }

    @Override
    protected TlsAEADCipherImpl createAEADCipher(String cipherName, String algorithm, int keySize, boolean isEncrypting)
            throws GeneralSecurityException {
        if (cipherName.startsWith("SM4/")) {
            return new Sm4TlsAeadCipher(getHelper().createCipher(cipherName), isEncrypting);
        }
        return super.createAEADCipher(cipherName, algorithm, keySize, isEncrypting);
    }

    /**
     * The SM2 ID as ShangMi's spec (Bouncy Castle's own as a fall-back, for a provider that reads
     * only that, such as Bouncy Castle's); RSASSA-PSS by the JDK's name when the engine's names
     * (tried first, so that a PKCS#11 token's combined mechanisms are still found) are unknown.
     */
    @Override
    protected TlsStreamSigner createStreamSigner(JcaJceHelper helper, String algorithmName, AlgorithmParameterSpec parameter,
            PrivateKey privateKey, SecureRandom random) throws GeneralSecurityException {
        if (parameter instanceof SM2ParameterSpec bc) {
            try {
                return super.createStreamSigner(helper, algorithmName, new Sm2SignatureSpec(bc.getID()), privateKey, random);
            } catch (InvalidAlgorithmParameterException notShangMi) {
                return super.createStreamSigner(helper, algorithmName, parameter, privateKey, random);
            }
        }
        try {
            return super.createStreamSigner(helper, algorithmName, parameter, privateKey, random);
        } catch (NoSuchAlgorithmException unknownName) {
            String jcaName = PssNamesHelper.jcaName(algorithmName);
            if (jcaName.equals(algorithmName)) {
                throw unknownName;
            }
            return super.createStreamSigner(helper, jcaName, parameter, privateKey, random);
        }
    }

    @Override
    protected TlsStreamVerifier createStreamVerifier(String algorithmName, AlgorithmParameterSpec parameter, byte[] signature,
            PublicKey publicKey) throws IOException {
        String jcaName = PssNamesHelper.jcaName(algorithmName);
        if (parameter instanceof SM2ParameterSpec bc) {
            try {
                return super.createStreamVerifier(jcaName, new Sm2SignatureSpec(bc.getID()), signature, publicKey);
            } catch (TlsFatalAlert failed) {
                if (!(failed.getCause() instanceof InvalidAlgorithmParameterException)) {
                    throw failed;
                }
            }
        }
        return super.createStreamVerifier(jcaName, parameter, signature, publicKey);
    }

    @Override
    protected Tls13Verifier createTls13Verifier(String algorithmName, AlgorithmParameterSpec parameter, PublicKey publicKey)
            throws IOException {
        String jcaName = PssNamesHelper.jcaName(algorithmName);
        if (parameter instanceof SM2ParameterSpec bc) {
            try {
                return super.createTls13Verifier(jcaName, new Sm2SignatureSpec(bc.getID()), publicKey);
            } catch (TlsFatalAlert failed) {
                if (!(failed.getCause() instanceof InvalidAlgorithmParameterException)) {
                    throw failed;
                }
            }
        }
        return super.createTls13Verifier(jcaName, parameter, publicKey);
    }
}
