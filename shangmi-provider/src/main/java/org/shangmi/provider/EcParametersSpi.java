package org.shangmi.provider;

import java.io.IOException;
import java.security.AlgorithmParameters;
import java.security.NoSuchAlgorithmException;
import java.security.spec.AlgorithmParameterSpec;
import java.security.spec.ECGenParameterSpec;
import java.security.spec.ECParameterSpec;
import java.security.spec.InvalidParameterSpecException;
import java.util.Arrays;
import org.shangmi.provider.spec.Sm2ParameterSpec;

/**
 * {@code AlgorithmParameters} "EC": the named curve sm2p256v1 itself, and every other curve by
 * delegation to the next installed provider's "EC" parameters (SunEC, normally), whose objects
 * and encodings the caller then gets unchanged.
 *
 * <p>This is what lets the JDK read SM2 keys wherever it reads an X.509 SubjectPublicKeyInfo or
 * PKCS#8 key (its {@code CertificateFactory}, PKIX, {@code PKCS12} keystore, keytool): each
 * decodes the key's curve through the first "EC" parameters installed, and SunEC's know no SM2.
 * {@code AlgorithmParameters} has no JCA failover, hence the delegation; it only takes effect
 * where ShangMi is installed ahead of SunEC. (The JCA wrapper calls the getters only after an
 * {@code init} succeeded, and refuses a second {@code init}.)
 */
final class EcParametersSpi extends java.security.AlgorithmParametersSpi {

    /** The canonical name, as {@link ECGenParameterSpec} gives it. */
    static final String CURVE_NAME = "sm2p256v1";

    /** The DER of the curve's OID, the whole of its named-curve parameters. */
    private static final byte[] ENCODED = Sm2Keys.curveOid();

    /** The other provider's parameters for any other curve; null for sm2p256v1. */
    private AlgorithmParameters other;

    @Override
    protected void engineInit(AlgorithmParameterSpec paramSpec) throws InvalidParameterSpecException {
        if (paramSpec instanceof ECGenParameterSpec named && Sm2ParameterSpec.isName(named.getName())
                || paramSpec instanceof ECParameterSpec explicit && Sm2ParameterSpec.isSm2(explicit)) {
            return;
        }
        AlgorithmParameters delegate = delegate();
        delegate.init(paramSpec);
        other = delegate;
    }

    @Override
    protected void engineInit(byte[] params) throws IOException {
        if (Arrays.equals(params, ENCODED)) {
            return;
        }
        AlgorithmParameters delegate;
        try {
            delegate = delegate();
        } catch (InvalidParameterSpecException e) {
            throw new IOException(e.getMessage(), e);
        }
        delegate.init(params);
        other = delegate;
    }

    @Override
    protected void engineInit(byte[] params, String format) throws IOException {
        Asn1Format.require(format, "EC");
        engineInit(params);
    }

    @Override
    protected <T extends AlgorithmParameterSpec> T engineGetParameterSpec(Class<T> paramSpec)
            throws InvalidParameterSpecException {
        if (other != null) {
            return other.getParameterSpec(paramSpec);
        }
        if (paramSpec.isAssignableFrom(Sm2ParameterSpec.class)) {
            return paramSpec.cast(Sm2ParameterSpec.INSTANCE);
        }
        if (paramSpec.isAssignableFrom(ECGenParameterSpec.class)) {
            return paramSpec.cast(new ECGenParameterSpec(CURVE_NAME));
        }
        throw new InvalidParameterSpecException("EC parameters of sm2p256v1 give an ECParameterSpec or an "
                + "ECGenParameterSpec, not " + paramSpec.getName());
    }

    @Override
    protected byte[] engineGetEncoded() throws IOException {
        if (other != null) {
            return other.getEncoded();
        }
        return ENCODED.clone();
    }

    @Override
    protected byte[] engineGetEncoded(String format) throws IOException {
        if (other != null) {
            return other.getEncoded(format);
        }
        Asn1Format.require(format, "EC");
        return engineGetEncoded();
    }

    @Override
    protected String engineToString() {
        if (other != null) {
            return other.toString();
        }
        return Sm2ParameterSpec.INSTANCE.toString();
    }

    /** Fresh "EC" parameters of the provider that would serve them without ShangMi. */
    private static AlgorithmParameters delegate() throws InvalidParameterSpecException {
        try {
            return AlgorithmParameters.getInstance("EC", OtherProviders.first("AlgorithmParameters", "EC"));
        } catch (NoSuchAlgorithmException e) {
            throw new InvalidParameterSpecException("only sm2p256v1 is supported here: " + e.getMessage());
        }
    }
}
