package org.shangmi.provider;

import java.security.AlgorithmParameters;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.InvalidParameterException;
import java.security.Key;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.Provider;
import java.security.SecureRandom;
import java.security.spec.AlgorithmParameterSpec;
import java.security.spec.InvalidParameterSpecException;
import java.util.Arrays;
import java.util.Locale;
import java.util.function.Supplier;
import javax.crypto.Cipher;
import javax.crypto.CipherSpi;
import javax.crypto.IllegalBlockSizeException;
import javax.crypto.NoSuchPaddingException;
import javax.crypto.ShortBufferException;
import javax.crypto.spec.IvParameterSpec;
import org.shangmi.core.zuc.Zuc;
import org.shangmi.core.zuc.ZucSBoxLayer;
import org.shangmi.provider.spec.Zuc3gppParameterSpec;

/**
 * Cipher "ZUC-128" and "ZUC-256": the keystream XORed with the data, with an
 * {@link IvParameterSpec} (a random IV when encryption is given none), or, for ZUC-128,
 * 128-EEA3 through a {@link Zuc3gppParameterSpec}.
 *
 * <p>A keystream must never encrypt twice, so unlike Bouncy Castle's, whose {@code doFinal}
 * starts the same keystream again, an encrypting cipher is spent after {@code doFinal} and
 * refuses to be initialised again with the key and IV it just used (the JDK's ChaCha20 rule).
 * Decryption starts over after {@code doFinal}, as the JCA says. Each (key, IV) gives at most
 * 2^32 bits; Bouncy Castle stops at 2047 words (ZUC-128) and 625 words (ZUC-256).
 *
 * <p>The engines are core's, on the S-box layer the provider gives (the vector backend's, or the
 * circuit): constant time either way.
 */
final class ZucCipherSpi extends CipherSpi {

    private static final long MAX_BYTES = Zuc.MAX_WORDS * 4;

    private final ZucVariant variant;
    private final Provider provider;
    private final Supplier<ZucSBoxLayer> layers;
    /** This cipher's S-box layer, asked for at the first key. */
    private ZucSBoxLayer layer;
    private Zuc engine;
    private byte[] key;
    private byte[] iv;
    private boolean encrypting;
    private boolean spent;
    private byte[] lastEncryptionKey;
    private byte[] lastEncryptionIv;
    /** The message length in bits from a 3GPP spec, or -1. */
    private long lengthBits = -1;
    private long processed;

    /**
     * @param layers gives the S-box layer this cipher's engines run (one layer per cipher: a
     *     layer need not be thread-safe)
     */
    ZucCipherSpi(ZucVariant variant, Provider provider, Supplier<ZucSBoxLayer> layers) {
        this.variant = variant;
        this.provider = provider;
        this.layers = layers;
    }

    @Override
    protected void engineSetMode(String mode) throws NoSuchAlgorithmException {
        String m = mode.toUpperCase(Locale.ROOT);
        if (!m.equals("NONE") && !m.equals("ECB")) {
            throw new NoSuchAlgorithmException(variant.algorithm + " is a stream cipher: mode NONE, not " + mode);
        }
    }

    @Override
    protected void engineSetPadding(String padding) throws NoSuchPaddingException {
        if (!padding.equalsIgnoreCase("NoPadding")) {
            throw new NoSuchPaddingException(variant.algorithm + " is a stream cipher: NoPadding, not " + padding);
        }
    }

    @Override
    protected int engineGetBlockSize() {
        return 0;
    }

    @Override
    protected int engineGetOutputSize(int inputLen) {
        return Math.max(0, inputLen);
    }

    @Override
    protected byte[] engineGetIV() {
        return iv == null ? null : iv.clone();
    }

    @Override
    protected AlgorithmParameters engineGetParameters() {
        if (iv == null) {
            return null;
        }
        try {
            AlgorithmParameters parameters = AlgorithmParameters.getInstance(variant.algorithm, provider);
            parameters.init(new IvParameterSpec(iv));
            return parameters;
        } catch (NoSuchAlgorithmException | InvalidParameterSpecException e) {
            throw new IllegalStateException(variant.algorithm + " parameters are missing", e);
        }
    }

    @Override
    protected void engineInit(int opmode, Key key, SecureRandom random) throws InvalidKeyException {
        try {
            engineInit(opmode, key, (AlgorithmParameterSpec) null, random);
        } catch (InvalidAlgorithmParameterException e) {
            throw new InvalidKeyException(e.getMessage(), e);
        }
    }

    @Override
    protected void engineInit(int opmode, Key key, AlgorithmParameters params, SecureRandom random)
            throws InvalidKeyException, InvalidAlgorithmParameterException {
        engineInit(opmode, key, Sm4BaseCipherSpi.specOf(params, IvParameterSpec.class, variant.algorithm), random);
    }

    @Override
    protected void engineInit(int opmode, Key key, AlgorithmParameterSpec params, SecureRandom random)
            throws InvalidKeyException, InvalidAlgorithmParameterException {
        if (opmode != Cipher.ENCRYPT_MODE && opmode != Cipher.DECRYPT_MODE) {
            throw new InvalidParameterException(variant.algorithm + " encrypts and decrypts; wrap keys with SM4WRAP");
        }
        boolean encrypt = opmode == Cipher.ENCRYPT_MODE;
        byte[] newIv;
        if (params == null) {
            if (!encrypt) {
                throw new InvalidAlgorithmParameterException(variant.algorithm + " decryption needs the IV: pass an IvParameterSpec");
            }
            newIv = new byte[variant.ivBytes()];
            (random != null ? random : DefaultRandom.get()).nextBytes(newIv);
            for (int i = 17; i < newIv.length; i++) {
                newIv[i] &= 0x3f;
            }
        } else {
            newIv = variant.iv(params, true);
        }
        long newLength = params instanceof Zuc3gppParameterSpec spec ? spec.getLengthBits() : -1;
        byte[] rawKey = variant.rawKey(key);
        try {
            if (encrypt && lastEncryptionKey != null && MessageDigest.isEqual(rawKey, lastEncryptionKey)
                    && Arrays.equals(variant.engineIv(newIv), lastEncryptionIv)) {
                // compared in the engine's form: IVs that differ only in ignored bits make one keystream
                throw new InvalidAlgorithmParameterException(variant.algorithm + " refuses to encrypt twice with one key and IV");
            }
            Zuc newEngine = newEngine(rawKey, newIv);
            forgetKey();
            if (engine != null) {
                engine.destroy();
            }
            engine = newEngine;
            this.key = rawKey.clone();
            if (encrypt) {
                if (lastEncryptionKey != null) {
                    Arrays.fill(lastEncryptionKey, (byte) 0);
                }
                lastEncryptionKey = rawKey.clone();
                lastEncryptionIv = variant.engineIv(newIv);
            }
        } finally {
            Arrays.fill(rawKey, (byte) 0);
        }
        iv = newIv;
        encrypting = encrypt;
        spent = false;
        lengthBits = newLength;
        processed = 0;
    }

    private Zuc newEngine(byte[] rawKey, byte[] newIv) {
        if (layer == null) {
            layer = layers.get();
        }
        return variant == ZucVariant.ZUC_128 ? Zuc.zuc128(rawKey, newIv, layer)
                : Zuc.zuc256(rawKey, variant.engineIv(newIv), 0, layer);
    }

    private void forgetKey() {
        if (key != null) {
            Arrays.fill(key, (byte) 0);
            key = null;
        }
    }

    @Override
    protected byte[] engineUpdate(byte[] input, int inputOffset, int inputLen) {
        Sm4BaseCipherSpi.checkInput(input, inputOffset, inputLen);
        byte[] out = new byte[inputLen];
        process(input, inputOffset, inputLen, out, 0, false);
        return out;
    }

    @Override
    protected int engineUpdate(byte[] input, int inputOffset, int inputLen, byte[] output, int outputOffset)
            throws ShortBufferException {
        Sm4BaseCipherSpi.checkInput(input, inputOffset, inputLen);
        Sm4BaseCipherSpi.checkOutput(output, outputOffset, inputLen);
        byte[] in = Sm4BaseCipherSpi.separate(input, inputOffset, inputLen, output, outputOffset, false);
        process(in, in == input ? inputOffset : 0, inputLen, output, outputOffset, false);
        return inputLen;
    }

    @Override
    protected byte[] engineDoFinal(byte[] input, int inputOffset, int inputLen) throws IllegalBlockSizeException {
        Sm4BaseCipherSpi.checkInput(input, inputOffset, inputLen);
        checkFinal(inputLen);
        byte[] out = new byte[inputLen];
        process(input, inputOffset, inputLen, out, 0, true);
        finish();
        return out;
    }

    @Override
    protected int engineDoFinal(byte[] input, int inputOffset, int inputLen, byte[] output, int outputOffset)
            throws ShortBufferException, IllegalBlockSizeException {
        Sm4BaseCipherSpi.checkInput(input, inputOffset, inputLen);
        Sm4BaseCipherSpi.checkOutput(output, outputOffset, inputLen);
        checkFinal(inputLen);
        byte[] in = Sm4BaseCipherSpi.separate(input, inputOffset, inputLen, output, outputOffset, false);
        process(in, in == input ? inputOffset : 0, inputLen, output, outputOffset, true);
        finish();
        return inputLen;
    }

    private void checkFinal(int inputLen) throws IllegalBlockSizeException {
        checkReady();
        if (lengthBits >= 0 && processed + inputLen != (lengthBits + 7) / 8) {
            throw new IllegalBlockSizeException("the 3GPP spec's LENGTH of " + lengthBits + " bits takes " + (lengthBits + 7) / 8
                    + " bytes, got " + (processed + inputLen));
        }
        if (processed + inputLen > MAX_BYTES) {
            throw new IllegalBlockSizeException(variant.algorithm + " encrypts at most 2^32 bits per key and IV");
        }
    }

    private void checkReady() {
        if (spent) {
            throw new IllegalStateException(variant.algorithm + " has encrypted with this key and IV: initialise it with a new IV");
        }
        if (key == null) {
            throw new IllegalStateException(variant.algorithm + " is not initialised");
        }
        if (engine == null) {
            engine = newEngine(key, iv);
        }
    }

    private void process(byte[] in, int inOff, int len, byte[] out, int outOff, boolean last) {
        checkReady();
        long limit = lengthBits >= 0 ? (lengthBits + 7) / 8 : MAX_BYTES;
        if (processed + len > limit) {
            throw new IllegalStateException(lengthBits >= 0
                    ? "the 3GPP spec's LENGTH of " + lengthBits + " bits takes " + limit + " bytes; this would make " + (processed + len)
                    : variant.algorithm + " encrypts at most 2^32 bits per key and IV");
        }
        if (len > 0) {
            engine.xor(in, inOff, out, outOff, len);
        }
        long end = processed + len;
        if (lengthBits > 0 && lengthBits % 8 != 0 && end == limit && len > 0) {
            // the bits past LENGTH are written as zeros
            out[outOff + len - 1] &= (byte) (0xff00 >>> (lengthBits % 8));
        }
        processed = end;
    }

    /** After doFinal: encryption is spent; decryption starts over, its keystream loaded when next used. */
    private void finish() {
        engine.destroy();
        engine = null;
        processed = 0;
        if (encrypting) {
            spent = true;
            forgetKey();
        }
    }
}
