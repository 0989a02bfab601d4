package org.shangmi.provider;

import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.Key;
import java.security.spec.AlgorithmParameterSpec;
import java.util.Arrays;
import javax.crypto.MacSpi;
import javax.crypto.SecretKey;
import javax.security.auth.Destroyable;
import org.shangmi.core.backend.MacEngine;

/**
 * {@code Mac} over any backend's HMAC {@link MacEngine}. Takes any {@code RAW} secret key of at
 * least one byte; the key bytes copied out of the {@link Key} are wiped once the engine has them.
 */
final class HmacSpi extends MacSpi implements Cloneable {

    private MacEngine engine;

    HmacSpi(MacEngine engine) {
        this.engine = engine;
    }

    @Override
    protected int engineGetMacLength() {
        return engine.macLength();
    }

    @Override
    protected void engineInit(Key key, AlgorithmParameterSpec params)
            throws InvalidKeyException, InvalidAlgorithmParameterException {
        String algorithm = engine.algorithm();
        if (params != null) {
            throw new InvalidAlgorithmParameterException(algorithm + " takes no parameters, got " + params.getClass().getName());
        }
        if (!(key instanceof SecretKey)) {
            throw new InvalidKeyException(algorithm + " needs a SecretKey, got "
                    + (key == null ? "null" : key.getClass().getName()));
        }
        if (key instanceof Destroyable && ((Destroyable) key).isDestroyed()) {
            throw new InvalidKeyException(algorithm + " key has been destroyed");
        }
        if (!"RAW".equalsIgnoreCase(key.getFormat())) {
            throw new InvalidKeyException(algorithm + " needs a key in RAW format, got " + key.getFormat());
        }
        byte[] raw = key.getEncoded();
        if (raw == null) {
            throw new InvalidKeyException(algorithm + " key has no encoding");
        }
        try {
            if (raw.length == 0) {
                throw new InvalidKeyException(algorithm + " key must not be empty");
            }
            engine.init(raw, 0, raw.length);
        } finally {
            Arrays.fill(raw, (byte) 0);
        }
    }

    @Override
    protected void engineUpdate(byte input) {
        engine.update(input);
    }

    @Override
    protected void engineUpdate(byte[] input, int offset, int len) {
        Ranges.check(input, offset, len);
        engine.update(input, offset, len);
    }

    @Override
    protected byte[] engineDoFinal() {
        byte[] out = new byte[engine.macLength()];
        engine.doFinal(out, 0);
        return out;
    }

    @Override
    protected void engineReset() {
        engine.reset();
    }

    @Override
    public Object clone() throws CloneNotSupportedException {
        HmacSpi copy = (HmacSpi) super.clone();
        copy.engine = engine.copy();
        return copy;
    }
}
