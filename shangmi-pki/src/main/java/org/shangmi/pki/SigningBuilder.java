package org.shangmi.pki;

import java.security.GeneralSecurityException;
import java.security.PrivateKey;
import java.security.Signature;

/**
 * What the builders share: the signature algorithm, and signing with a private key or an
 * initialised {@code Signature}, to DER or to the object read back.
 *
 * @param <B> the builder
 * @param <T> what it makes, read back from the DER
 */
abstract class SigningBuilder<B extends SigningBuilder<B, T>, T> {

    private String signatureAlgorithm = Signed.DEFAULT_ALGORITHM;

    SigningBuilder() {
    }

    /** This builder, typed as itself. */
    abstract B self();

    /** What the DER signed by {@link #signDer(Signature)} is, read back. */
    abstract T read(byte[] der) throws GeneralSecurityException;

    /**
     * Sets the algorithm with which {@link #sign(PrivateKey)} and {@link #signDer(PrivateKey)} sign.
     *
     * @param algorithm {@code SM3withSM2} (the default, with the default SM2 ID
     *     1234567812345678) or {@code SHA256withECDSA}
     * @return this
     */
    public B signatureAlgorithm(String algorithm) {
        signatureAlgorithm = Signed.checkedAlgorithm(algorithm);
        return self();
    }

    /**
     * Signs with a private key and reads the result back.
     *
     * @param key the signer's private key, of any provider that signs with the algorithm: the JCA
     *     picks the first installed provider that takes the key
     * @return what was signed
     * @throws GeneralSecurityException if no provider signs with the key, or the result cannot be read back
     */
    public T sign(PrivateKey key) throws GeneralSecurityException {
        return read(signDer(key));
    }

    /**
     * Signs and reads the result back.
     *
     * @param signer initialised for signing (its algorithm SM3withSM2 or SHA256withECDSA; for
     *     SM2, its parameters say the ID)
     * @return what was signed
     * @throws GeneralSecurityException if signing fails, or the result cannot be read back
     */
    public T sign(Signature signer) throws GeneralSecurityException {
        return read(signDer(signer));
    }

    /**
     * Signs with a private key.
     *
     * @param key the signer's private key, of any provider that signs with the algorithm
     * @return the DER
     * @throws GeneralSecurityException if no provider signs with the key
     */
    public byte[] signDer(PrivateKey key) throws GeneralSecurityException {
        return signDer(Signed.signer(signatureAlgorithm, key));
    }

    /**
     * Signs.
     *
     * @param signer initialised for signing (its algorithm SM3withSM2 or SHA256withECDSA; for
     *     SM2, its parameters say the ID)
     * @return the DER
     * @throws GeneralSecurityException if signing fails
     * @throws IllegalStateException if a field that is needed is not set
     */
    public abstract byte[] signDer(Signature signer) throws GeneralSecurityException;
}
