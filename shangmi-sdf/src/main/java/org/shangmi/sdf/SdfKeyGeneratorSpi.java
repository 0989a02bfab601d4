package org.shangmi.sdf;

import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidParameterException;
import java.security.ProviderException;
import java.security.SecureRandom;
import java.security.spec.AlgorithmParameterSpec;
import javax.crypto.KeyGeneratorSpi;
import javax.crypto.SecretKey;

/**
 * {@code KeyGenerator "SM4"}: a 128-bit session key made in the device and wrapped under the
 * key-encryption key an {@link SdfKekParameterSpec} names ({@code SDF_GenerateKeyWithKEK}); the key
 * lives in a session of its own.
 */
final class SdfKeyGeneratorSpi extends KeyGeneratorSpi {

    private final SdfDevice device;
    private int kekIndex = -1;

    SdfKeyGeneratorSpi(SdfDevice device) {
        this.device = device;
    }

    @Override
    protected void engineInit(SecureRandom random) {
        // the device's generator makes the key
    }

    @Override
    protected void engineInit(AlgorithmParameterSpec params, SecureRandom random) throws InvalidAlgorithmParameterException {
        if (!(params instanceof SdfKekParameterSpec kek)) {
            throw new InvalidAlgorithmParameterException("a device's SM4 key is made under a key-encryption key: pass an SdfKekParameterSpec");
        }
        kekIndex = kek.kekIndex();
    }

    @Override
    protected void engineInit(int keysize, SecureRandom random) {
        if (keysize != 128) {
            throw new InvalidParameterException("SM4 keys are 128 bits");
        }
    }

    @Override
    protected SecretKey engineGenerateKey() {
        if (kekIndex < 0) {
            throw new IllegalStateException("initialize with an SdfKekParameterSpec: the device wraps the key under one of its KEKs");
        }
        SdfSession session = null;
        try {
            session = device.openSession();
            byte[][] wrapped = new byte[1][];
            long handle = session.generateKeyWithKek(128, kekIndex, wrapped);
            SdfSecretKey key = new SdfSecretKey(SessionKey.owning(session, handle), kekIndex, wrapped[0]);
            session = null;
            return key;
        } catch (SdfException e) {
            throw new ProviderException("the device did not make a key under KEK " + kekIndex + ": " + e.getMessage(), e);
        } finally {
            if (session != null) {
                session.close();
            }
        }
    }
}
