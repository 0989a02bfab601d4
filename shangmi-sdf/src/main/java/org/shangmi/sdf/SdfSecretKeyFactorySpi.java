package org.shangmi.sdf;

import java.security.InvalidKeyException;
import java.security.spec.InvalidKeySpecException;
import java.security.spec.KeySpec;
import javax.crypto.SecretKey;
import javax.crypto.SecretKeyFactorySpi;

/**
 * {@code SecretKeyFactory "SM4"}: imports a session key from its wrap under a key-encryption key
 * ({@link SdfWrappedKeySpec}, {@code SDF_ImportKeyWithKEK}); the key is unwrapped inside the
 * device and lives in a session of its own. Keys never come out: no key spec is given back.
 */
final class SdfSecretKeyFactorySpi extends SecretKeyFactorySpi {

    private final SdfDevice device;

    SdfSecretKeyFactorySpi(SdfDevice device) {
        this.device = device;
    }

    @Override
    protected SecretKey engineGenerateSecret(KeySpec spec) throws InvalidKeySpecException {
        if (!(spec instanceof SdfWrappedKeySpec wrap)) {
            throw new InvalidKeySpecException("a device imports SM4 keys wrapped under its KEK: pass an SdfWrappedKeySpec");
        }
        SdfSession session = null;
        try {
            session = device.openSession();
            byte[] wrapped = wrap.wrapped();
            long handle = session.importKeyWithKek(wrap.kekIndex(), wrapped);
            SdfSecretKey key = new SdfSecretKey(SessionKey.owning(session, handle), wrap.kekIndex(), wrapped);
            session = null;
            return key;
        } catch (SdfException | IllegalArgumentException e) {
            InvalidKeySpecException failure = new InvalidKeySpecException("the device did not import the key: " + e.getMessage());
            failure.initCause(e);
            throw failure;
        } finally {
            if (session != null) {
                session.close();
            }
        }
    }

    @Override
    protected KeySpec engineGetKeySpec(SecretKey key, Class<?> keySpec) throws InvalidKeySpecException {
        throw new InvalidKeySpecException("a device key's bytes never leave the device");
    }

    @Override
    protected SecretKey engineTranslateKey(SecretKey key) throws InvalidKeyException {
        if (key instanceof SdfSecretKey) {
            return key;
        }
        throw new InvalidKeyException("keys enter the device wrapped: use an SdfWrappedKeySpec");
    }
}
