package org.shangmi.provider;

import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidParameterException;
import java.security.SecureRandom;
import java.security.spec.AlgorithmParameterSpec;
import java.util.Arrays;
import javax.crypto.KeyGeneratorSpi;
import javax.crypto.SecretKey;
import javax.crypto.spec.SecretKeySpec;

/**
 * HMAC keys: 256 bits by default (the hash length), any multiple of 8 bits from 128 on request.
 */
final class HmacKeyGeneratorSpi extends KeyGeneratorSpi {

    static final int DEFAULT_BITS = 256;
    static final int MIN_BITS = 128;

    private final String algorithm;
    private SecureRandom random;
    private int lengthBytes = DEFAULT_BITS / 8;

    HmacKeyGeneratorSpi(String algorithm) {
        this.algorithm = algorithm;
    }

    @Override
    protected void engineInit(SecureRandom random) {
        this.random = random;
    }

    @Override
    protected void engineInit(AlgorithmParameterSpec params, SecureRandom random)
            throws InvalidAlgorithmParameterException {
        throw new InvalidAlgorithmParameterException(
                algorithm + " key generation takes no parameters; use init(keySizeInBits)");
    }

    @Override
    protected void engineInit(int keySize, SecureRandom random) {
        if (keySize < MIN_BITS || keySize % 8 != 0) {
            throw new InvalidParameterException(
                    algorithm + " key size must be a multiple of 8 bits, at least " + MIN_BITS + ": got " + keySize);
        }
        this.lengthBytes = keySize / 8;
        this.random = random;
    }

    @Override
    protected SecretKey engineGenerateKey() {
        if (random == null) {
            random = new SecureRandom();
        }
        byte[] key = new byte[lengthBytes];
        try {
            random.nextBytes(key);
            return new SecretKeySpec(key, algorithm);
        } finally {
            Arrays.fill(key, (byte) 0);
        }
    }
}
