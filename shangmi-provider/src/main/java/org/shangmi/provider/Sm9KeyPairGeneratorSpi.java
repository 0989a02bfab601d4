package org.shangmi.provider;

import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidParameterException;
import java.security.KeyPair;
import java.security.KeyPairGeneratorSpi;
import java.security.SecureRandom;
import java.security.spec.AlgorithmParameterSpec;
import java.util.Arrays;
import org.shangmi.core.sm9.Sm9;
import org.shangmi.provider.spec.Sm9KeyGenParameterSpec;
import org.shangmi.provider.spec.Sm9KeyKind;

/**
 * {@code KeyPairGenerator "SM9"}: a KGC's master key pair, for signatures unless an
 * {@link Sm9KeyGenParameterSpec} asks for an encryption master key. The secret is uniform in
 * [1, N − 1].
 */
final class Sm9KeyPairGeneratorSpi extends KeyPairGeneratorSpi {

    private Sm9KeyKind kind = Sm9KeyKind.SIGN;
    private SecureRandom random;

    @Override
    public void initialize(int keysize, SecureRandom random) {
        if (keysize != 256) {
            throw new InvalidParameterException("SM9 keys are on a 256-bit curve, not " + keysize
                    + " bits; choose the kind with Sm9KeyGenParameterSpec");
        }
        this.random = random;
    }

    @Override
    public void initialize(AlgorithmParameterSpec params, SecureRandom random) throws InvalidAlgorithmParameterException {
        if (!(params instanceof Sm9KeyGenParameterSpec spec)) {
            throw new InvalidAlgorithmParameterException("SM9 key generation takes an Sm9KeyGenParameterSpec, not "
                    + (params == null ? "null" : params.getClass().getName()));
        }
        this.kind = spec.getKind();
        this.random = random;
    }

    @Override
    public KeyPair generateKeyPair() {
        byte[] secret = Sm9.randomScalar(random != null ? random : DefaultRandom.get());
        try {
            Sm9MasterPrivateKey privateKey = Sm9MasterPrivateKey.generated(kind, secret);
            return new KeyPair(privateKey.getPublicKey(), privateKey);
        } finally {
            Arrays.fill(secret, (byte) 0);
        }
    }
}
