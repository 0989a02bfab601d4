package org.shangmi.provider;

import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidParameterException;
import java.security.SecureRandom;
import java.security.spec.AlgorithmParameterSpec;
import java.util.Arrays;
import javax.crypto.KeyGeneratorSpi;
import javax.crypto.SecretKey;
import javax.crypto.spec.SecretKeySpec;

/** SM4 keys: 128 bits, the only size SM4 has. */
final class Sm4KeyGeneratorSpi extends KeyGeneratorSpi {

    private SecureRandom random;

    @Override
    protected void engineInit(SecureRandom random) {
        this.random = random;
    }

    @Override
    protected void engineInit(AlgorithmParameterSpec params, SecureRandom random)
            throws InvalidAlgorithmParameterException {
        throw new InvalidAlgorithmParameterException("SM4 key generation takes no parameters");
    }

    @Override
    protected void engineInit(int keySize, SecureRandom random) {
        if (keySize != 128) {
            throw new InvalidParameterException("SM4 keys are 128 bits, not " + keySize);
        }
        this.random = random;
    }

    @Override
    protected SecretKey engineGenerateKey() {
        if (random == null) {
            random = new SecureRandom();
        }
        byte[] key = new byte[16];
        try {
            random.nextBytes(key);
            return new SecretKeySpec(key, "SM4");
        } finally {
            Arrays.fill(key, (byte) 0);
        }
    }
}
