package org.shangmi.provider;

import java.io.IOException;
import java.security.spec.AlgorithmParameterSpec;
import java.security.spec.ECGenParameterSpec;
import java.security.spec.ECParameterSpec;
import java.security.spec.InvalidParameterSpecException;
import java.util.Arrays;
import org.shangmi.provider.spec.Sm2ParameterSpec;

/**
 * {@code AlgorithmParameters} "EC": the named curve sm2p256v1 itself, and every other curve by
 * delegation to the next installed provider's "EC" parameters (SunEC, normally).
 *
 * <p>This is what lets the JDK read SM2 keys wherever it reads an X.509 SubjectPublicKeyInfo or
 * PKCS#8 key (its {@code CertificateFactory}, PKIX, {@code PKCS12} keystore, keytool): each
 * decodes the key's curve through the first "EC" parameters installed, and SunEC's know no SM2.
 * It takes effect where ShangMi is installed ahead of SunEC.
 */
final class EcParametersSpi extends DelegatingParametersSpi {

    /** The canonical name, as {@link ECGenParameterSpec} gives it. */
    static final String CURVE_NAME = "sm2p256v1";

    /** The DER of the curve's OID, the whole of its named-curve parameters. */
    private static final byte[] ENCODED = Sm2Keys.curveOid();

    EcParametersSpi() {
        super("EC");
    }

    @Override
    protected void engineInit(AlgorithmParameterSpec paramSpec) throws InvalidParameterSpecException {
        if (!(paramSpec instanceof ECGenParameterSpec named && Sm2ParameterSpec.isName(named.getName())
                || paramSpec instanceof ECParameterSpec explicit && Sm2ParameterSpec.isSm2(explicit))) {
            delegate(paramSpec);
        }
    }

    @Override
    protected void engineInit(byte[] params) throws IOException {
        if (!Arrays.equals(params, ENCODED)) {
            delegate(params);
        }
    }

    @Override
    <T extends AlgorithmParameterSpec> T ownParameterSpec(Class<T> paramSpec) throws InvalidParameterSpecException {
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
    byte[] ownEncoded() {
        return ENCODED.clone();
    }

    @Override
    String ownToString() {
        return Sm2ParameterSpec.INSTANCE.toString();
    }
}
