package org.shangmi.provider;

import java.io.IOException;
import java.security.AlgorithmParameters;
import java.security.AlgorithmParametersSpi;
import java.security.NoSuchAlgorithmException;
import java.security.Provider;
import java.security.Security;
import java.security.spec.AlgorithmParameterSpec;
import java.security.spec.InvalidParameterSpecException;

/**
 * {@code AlgorithmParameters} that serve some values themselves (SM2's curve, SM4's PBES2) and
 * hand every other to the next installed provider's parameters of the same name, whose object
 * the caller then gets unchanged. JCA fails over between providers for key factories and
 * ciphers, but not for parameters; without this, installing ShangMi first would take P-256
 * curves or AES PBES2 parameters away from the JDK. Encodings are ASN.1 (DER). The JCA wrapper
 * calls the getters only after an {@code init} succeeded, and refuses a second {@code init}.
 */
abstract class DelegatingParametersSpi extends AlgorithmParametersSpi {

    private final String algorithm;
    /** The other provider's parameters, once a value went to them; null while the value is ours. */
    private AlgorithmParameters other;

    /** @param algorithm the parameters' name, such as "EC": the service delegated to, and the word for messages */
    DelegatingParametersSpi(String algorithm) {
        this.algorithm = algorithm;
    }

    /** Initialises the next provider's parameters with {@code spec}, and from then on forwards to them. */
    final void delegate(AlgorithmParameterSpec spec) throws InvalidParameterSpecException {
        AlgorithmParameters delegate;
        try {
            delegate = next();
        } catch (NoSuchAlgorithmException e) {
            throw new InvalidParameterSpecException(e.getMessage());
        }
        delegate.init(spec);
        other = delegate;
    }

    /** Initialises the next provider's parameters with {@code encoded}, and from then on forwards to them. */
    final void delegate(byte[] encoded) throws IOException {
        AlgorithmParameters delegate;
        try {
            delegate = next();
        } catch (NoSuchAlgorithmException e) {
            throw new IOException(e.getMessage(), e);
        }
        delegate.init(encoded);
        other = delegate;
    }

    /** Fresh parameters of the first installed provider, not a ShangMi one, that offers them. */
    private AlgorithmParameters next() throws NoSuchAlgorithmException {
        for (Provider provider : Security.getProviders()) {
            if (!(provider instanceof ShangMiProvider) && provider.getService("AlgorithmParameters", algorithm) != null) {
                return AlgorithmParameters.getInstance(algorithm, provider);
            }
        }
        throw new NoSuchAlgorithmException("ShangMi's " + algorithm + " parameters cannot serve this value, and no "
                + "other installed provider offers " + algorithm + " parameters");
    }

    /** The spec of a value of ours. */
    abstract <T extends AlgorithmParameterSpec> T ownParameterSpec(Class<T> paramSpec) throws InvalidParameterSpecException;

    /** The DER of a value of ours. */
    abstract byte[] ownEncoded() throws IOException;

    /** The text of a value of ours. */
    abstract String ownToString();

    @Override
    protected final void engineInit(byte[] params, String format) throws IOException {
        Asn1Format.require(format, algorithm);
        engineInit(params);
    }

    @Override
    protected final <T extends AlgorithmParameterSpec> T engineGetParameterSpec(Class<T> paramSpec)
            throws InvalidParameterSpecException {
        return other != null ? other.getParameterSpec(paramSpec) : ownParameterSpec(paramSpec);
    }

    @Override
    protected final byte[] engineGetEncoded() throws IOException {
        return other != null ? other.getEncoded() : ownEncoded();
    }

    @Override
    protected final byte[] engineGetEncoded(String format) throws IOException {
        if (other != null) {
            return other.getEncoded(format);
        }
        Asn1Format.require(format, algorithm);
        return ownEncoded();
    }

    @Override
    protected final String engineToString() {
        return other != null ? other.toString() : ownToString();
    }
}
