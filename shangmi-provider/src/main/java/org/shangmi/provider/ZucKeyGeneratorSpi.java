package org.shangmi.provider;

import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidParameterException;
import java.security.SecureRandom;
import java.security.spec.AlgorithmParameterSpec;
import java.util.Arrays;
import javax.crypto.KeyGeneratorSpi;
import javax.crypto.SecretKey;
import javax.crypto.spec.SecretKeySpec;

/** KeyGenerator "ZUC-128" and "ZUC-256": keys of 128 and 256 bits, named as Bouncy Castle names them. */
final class ZucKeyGeneratorSpi extends KeyGeneratorSpi {

    private final ZucVariant variant;
    private SecureRandom random;

    ZucKeyGeneratorSpi(ZucVariant variant) {
        this.variant = variant;
    }

    @Override
    protected void engineInit(SecureRandom random) {
        this.random = random;
    }

    @Override
    protected void engineInit(AlgorithmParameterSpec params, SecureRandom random) throws InvalidAlgorithmParameterException {
        throw new InvalidAlgorithmParameterException(variant.algorithm + " key generation takes no parameters");
    }

    @Override
    protected void engineInit(int keySize, SecureRandom random) {
        if (keySize != variant.keyBytes * 8) {
            throw new InvalidParameterException(variant.algorithm + " keys are " + variant.keyBytes * 8 + " bits, not " + keySize);
        }
        this.random = random;
    }

    @Override
    protected SecretKey engineGenerateKey() {
        byte[] key = new byte[variant.keyBytes];
        try {
            (random != null ? random : DefaultRandom.get()).nextBytes(key);
            return new SecretKeySpec(key, variant.keyAlgorithm);
        } finally {
            Arrays.fill(key, (byte) 0);
        }
    }
}
