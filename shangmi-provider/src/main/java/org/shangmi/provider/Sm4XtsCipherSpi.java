package org.shangmi.provider;

import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.Key;
import java.security.NoSuchAlgorithmException;
import java.security.Provider;
import java.security.SecureRandom;
import java.security.spec.AlgorithmParameterSpec;
import java.util.Arrays;
import java.util.Objects;
import javax.crypto.Cipher;
import javax.crypto.IllegalBlockSizeException;
import javax.crypto.NoSuchPaddingException;
import javax.crypto.ShortBufferException;
import javax.crypto.spec.IvParameterSpec;
import org.shangmi.core.backend.BackendService;
import org.shangmi.core.backend.XtsEngine;
import org.shangmi.provider.spec.Sm4XtsParameterSpec;

/**
 * Cipher "SM4/XTS/NoPadding": one data unit (at least 16 bytes) per {@code doFinal}, under a
 * 32-byte key (two different SM4 keys) and a 16-byte tweak given as {@link IvParameterSpec}
 * (GB/T 17964-2021's convention, OpenSSL's default) or {@link Sm4XtsParameterSpec} (either
 * convention). Input is kept until {@code doFinal}, since the last two blocks depend on the end
 * of the unit; after it the cipher is ready for another unit under the same tweak.
 */
final class Sm4XtsCipherSpi extends Sm4BaseCipherSpi {

    private final BackendService backend;
    private XtsEngine engine;
    /** The key and convention the engine was made for; a re-init with both unchanged keeps it. */
    private final EngineKey engineKey = new EngineKey();
    private boolean engineIeee;
    private boolean encrypting;
    private final InputBuffer kept = new InputBuffer();

    Sm4XtsCipherSpi(BackendService backend, Provider provider) {
        super("SM4/XTS", IvParameterSpec.class, provider);
        this.backend = backend;
    }

    @Override
    protected void engineSetMode(String mode) throws NoSuchAlgorithmException {
        if (!mode.equalsIgnoreCase("XTS")) {
            throw new NoSuchAlgorithmException("this SM4 cipher is XTS only, not " + mode);
        }
    }

    @Override
    protected void engineSetPadding(String padding) throws NoSuchPaddingException {
        if (!padding.equalsIgnoreCase("NoPadding")) {
            throw new NoSuchPaddingException("SM4/XTS takes no padding (it steals ciphertext), not " + padding);
        }
    }

    @Override
    protected int engineGetOutputSize(int inputLen) {
        return (int) Math.min(Integer.MAX_VALUE, (long) kept.length() + Math.max(inputLen, 0));
    }

    @Override
    protected void engineInit(int opmode, Key key, AlgorithmParameterSpec params, SecureRandom random)
            throws InvalidKeyException, InvalidAlgorithmParameterException {
        boolean encrypt = encrypts(opmode);
        byte[] newTweak;
        boolean ieee = false;
        if (params == null) {
            if (!encrypt) {
                throw new InvalidKeyException("SM4/XTS decryption needs the tweak: pass an IvParameterSpec");
            }
            newTweak = new byte[16];
            (random != null ? random : new SecureRandom()).nextBytes(newTweak);
        } else if (params instanceof IvParameterSpec iv) {
            newTweak = iv.getIV();
            if (newTweak.length != 16) {
                throw new InvalidAlgorithmParameterException("an SM4-XTS tweak is 16 bytes, got " + newTweak.length);
            }
            ieee = params instanceof Sm4XtsParameterSpec xts && xts.getStandard() == Sm4XtsParameterSpec.Standard.IEEE_1619;
        } else {
            throw new InvalidAlgorithmParameterException("SM4/XTS takes an IvParameterSpec or Sm4XtsParameterSpec, not "
                    + params.getClass().getName());
        }
        if (key == null || !"RAW".equalsIgnoreCase(key.getFormat())) {
            throw new InvalidKeyException("SM4/XTS needs a secret key in RAW format");
        }
        byte[] rawKey = key.getEncoded();
        try {
            if (rawKey == null || rawKey.length != 32) {
                throw new InvalidKeyException("an SM4-XTS key is two 16-byte keys, 32 bytes, got "
                        + (rawKey == null ? "none" : rawKey.length + " bytes"));
            }
            if (engine != null && engineIeee == ieee && engineKey.matches(rawKey)) {
                kept.clear(); // the same key and convention: keep the round keys
            } else {
                XtsEngine fresh;
                try {
                    fresh = backend.newSm4Xts(rawKey, ieee);
                } catch (IllegalArgumentException e) {
                    throw new InvalidKeyException(e.getMessage(), e);
                }
                destroyEngine();
                engine = fresh;
                engineKey.remember(rawKey);
                engineIeee = ieee;
            }
        } finally {
            if (rawKey != null) {
                Arrays.fill(rawKey, (byte) 0);
            }
        }
        encrypting = encrypt;
        setIv(newTweak);
    }

    @Override
    protected byte[] engineUpdate(byte[] input, int inputOffset, int inputLen) {
        append(input, inputOffset, inputLen);
        return new byte[0];
    }

    @Override
    protected int engineUpdate(byte[] input, int inputOffset, int inputLen, byte[] output, int outputOffset) {
        append(input, inputOffset, inputLen);
        return 0;
    }

    @Override
    protected byte[] engineDoFinal(byte[] input, int inputOffset, int inputLen) throws IllegalBlockSizeException {
        byte[] out = new byte[engineGetOutputSize(inputLen)];
        try {
            doFinal(input, inputOffset, inputLen, out, 0);
        } catch (ShortBufferException e) {
            throw new IllegalStateException("the output was sized by getOutputSize", e);
        }
        return out;
    }

    @Override
    protected int engineDoFinal(byte[] input, int inputOffset, int inputLen, byte[] output, int outputOffset)
            throws ShortBufferException, IllegalBlockSizeException {
        return doFinal(input, inputOffset, inputLen, output, outputOffset);
    }

    private int doFinal(byte[] input, int inputOffset, int inputLen, byte[] output, int outputOffset)
            throws ShortBufferException, IllegalBlockSizeException {
        checkInitialized();
        if (inputLen > 0) {
            Objects.requireNonNull(input, "input");
            Ranges.check(input, inputOffset, inputLen);
        }
        long total = (long) kept.length() + inputLen;
        if (total < 16) {
            throw new IllegalBlockSizeException("an SM4-XTS data unit is at least 16 bytes, got " + total);
        }
        Objects.requireNonNull(output, "output");
        if (outputOffset < 0 || output.length - outputOffset < total) {
            throw new ShortBufferException("SM4/XTS needs " + total + " bytes of output, "
                    + Math.max(output.length - outputOffset, 0) + " given");
        }
        append(input, inputOffset, inputLen);
        try {
            if (encrypting) {
                engine.encrypt(iv(), kept.bytes(), 0, kept.length(), output, outputOffset);
            } else {
                engine.decrypt(iv(), kept.bytes(), 0, kept.length(), output, outputOffset);
            }
            return kept.length();
        } finally {
            kept.clear();
        }
    }

    @Override
    protected int engineGetKeySize(Key key) throws InvalidKeyException {
        byte[] raw = key == null ? null : key.getEncoded();
        if (raw == null || raw.length != 32) {
            throw new InvalidKeyException("an SM4-XTS key is 32 bytes");
        }
        Arrays.fill(raw, (byte) 0);
        return 256;
    }

    private void append(byte[] in, int offset, int length) {
        checkInitialized();
        if (length < 0) {
            throw new IllegalArgumentException("negative input length " + length);
        }
        if (length == 0) {
            return;
        }
        Objects.requireNonNull(in, "input");
        Ranges.check(in, offset, length);
        kept.append(in, offset, length);
    }

    private void checkInitialized() {
        if (engine == null) {
            throw new IllegalStateException("the Cipher is not initialised");
        }
    }

    private void destroyEngine() {
        if (engine != null) {
            engine.destroy();
            engine = null;
        }
        engineKey.forget();
        kept.clear();
    }
}
