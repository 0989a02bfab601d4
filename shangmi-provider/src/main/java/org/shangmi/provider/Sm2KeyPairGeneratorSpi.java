package org.shangmi.provider;

import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidParameterException;
import java.security.KeyPair;
import java.security.KeyPairGeneratorSpi;
import java.security.SecureRandom;
import java.security.spec.AlgorithmParameterSpec;
import java.security.spec.ECGenParameterSpec;
import java.security.spec.ECParameterSpec;
import java.util.Arrays;
import org.shangmi.core.backend.Sm2Engine;
import org.shangmi.provider.spec.Sm2ParameterSpec;

/**
 * {@code KeyPairGenerator} "SM2" (alias "EC"): key pairs on sm2p256v1, the only curve, chosen by
 * default, by key size 256, by {@code ECGenParameterSpec} with one of
 * {@link Sm2ParameterSpec#NAMES}, or by the curve's {@code ECParameterSpec}.
 */
final class Sm2KeyPairGeneratorSpi extends KeyPairGeneratorSpi {

    private final Sm2Engine engine;
    private SecureRandom random;

    Sm2KeyPairGeneratorSpi(Sm2Engine engine) {
        this.engine = engine;
    }

    @Override
    public void initialize(int keysize, SecureRandom random) {
        if (keysize != 256) {
            throw new InvalidParameterException("SM2 keys are 256 bits (sm2p256v1), not " + keysize);
        }
        this.random = random;
    }

    @Override
    public void initialize(AlgorithmParameterSpec params, SecureRandom random) throws InvalidAlgorithmParameterException {
        if (params instanceof ECGenParameterSpec named) {
            if (!Sm2ParameterSpec.isName(named.getName())) {
                throw new InvalidAlgorithmParameterException("curve " + named.getName()
                        + " is not supported: SM2 keys are on sm2p256v1 (names " + Sm2ParameterSpec.NAMES + ")");
            }
        } else if (params instanceof ECParameterSpec explicit) {
            if (!Sm2ParameterSpec.isSm2(explicit)) {
                throw new InvalidAlgorithmParameterException("the EC parameters are not those of sm2p256v1");
            }
        } else if (params != null) {
            throw new InvalidAlgorithmParameterException("SM2 key generation takes an ECGenParameterSpec, not "
                    + params.getClass().getName());
        }
        this.random = random;
    }

    @Override
    public KeyPair generateKeyPair() {
        byte[] d = new byte[Sm2Engine.SCALAR_BYTES];
        byte[] xy = new byte[Sm2Engine.PUBLIC_KEY_BYTES];
        try {
            engine.generateKeyPair(random != null ? random : Sm2Random.get(), d, xy);
            Sm2PublicKey publicKey = new Sm2PublicKey(xy);
            return new KeyPair(publicKey, Sm2PrivateKey.generated(d, publicKey));
        } finally {
            Arrays.fill(d, (byte) 0);
        }
    }
}
