package org.shangmi.provider;

import java.security.AlgorithmParameters;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.InvalidParameterException;
import java.security.Key;
import java.security.NoSuchAlgorithmException;
import java.security.Provider;
import java.security.SecureRandom;
import java.security.spec.AlgorithmParameterSpec;
import java.security.spec.InvalidParameterSpecException;
import java.util.Arrays;
import java.util.Objects;
import javax.crypto.BadPaddingException;
import javax.crypto.Cipher;
import javax.crypto.CipherSpi;
import javax.crypto.IllegalBlockSizeException;
import javax.crypto.ShortBufferException;
import javax.crypto.spec.IvParameterSpec;

/**
 * The JCA plumbing every SM4 cipher shares: 16-byte blocks, the {@code init} variants funnelled
 * into the one that takes a parameter spec, key wrapping through {@code doFinal}, and the checks
 * of caller-supplied arrays.
 */
abstract class Sm4BaseCipherSpi extends CipherSpi {

    private final String name;
    private final Class<? extends AlgorithmParameterSpec> parameterType;
    private final Provider provider;

    /**
     * @param name the cipher's name for messages, such as "SM4/GCM"
     * @param parameterType the spec that {@code AlgorithmParameters} are read as
     * @param provider the provider whose "SM4" AlgorithmParameters {@code getParameters()} returns
     */
    Sm4BaseCipherSpi(String name, Class<? extends AlgorithmParameterSpec> parameterType, Provider provider) {
        this.name = name;
        this.parameterType = parameterType;
        this.provider = provider;
    }

    /** The IV (or nonce, or tweak) of the current init; null before, and for ECB. */
    private byte[] iv;

    final byte[] iv() {
        return iv;
    }

    final void setIv(byte[] iv) {
        this.iv = iv;
    }

    /** A fresh, uninitialised AlgorithmParameters object: "SM4" (an IV) unless a mode says otherwise. */
    AlgorithmParameters newParameters() throws NoSuchAlgorithmException {
        return AlgorithmParameters.getInstance("SM4", provider);
    }

    /** The spec {@code getParameters()} reports for the IV: an IvParameterSpec unless a mode says otherwise. */
    AlgorithmParameterSpec parameterSpec(byte[] iv) {
        return new IvParameterSpec(iv);
    }

    @Override
    protected final byte[] engineGetIV() {
        return iv == null ? null : iv.clone();
    }

    @Override
    protected final AlgorithmParameters engineGetParameters() {
        if (iv == null) {
            return null;
        }
        try {
            AlgorithmParameters parameters = newParameters();
            parameters.init(parameterSpec(iv));
            return parameters;
        } catch (NoSuchAlgorithmException | InvalidParameterSpecException e) {
            throw new IllegalStateException(name + " parameters are missing", e);
        }
    }

    @Override
    protected final int engineGetBlockSize() {
        return 16;
    }

    @Override
    protected final void engineInit(int opmode, Key key, SecureRandom random) throws InvalidKeyException {
        try {
            engineInit(opmode, key, (AlgorithmParameterSpec) null, random);
        } catch (InvalidAlgorithmParameterException e) {
            throw new InvalidKeyException(e.getMessage(), e);
        }
    }

    @Override
    protected final void engineInit(int opmode, Key key, AlgorithmParameters params, SecureRandom random)
            throws InvalidKeyException, InvalidAlgorithmParameterException {
        AlgorithmParameterSpec spec = null;
        if (params != null) {
            try {
                spec = params.getParameterSpec(parameterType);
            } catch (InvalidParameterSpecException e) {
                throw new InvalidAlgorithmParameterException(name + " takes " + parameterType.getSimpleName()
                        + " parameters: " + e.getMessage(), e);
            }
        }
        engineInit(opmode, key, spec, random);
    }

    @Override
    protected final byte[] engineWrap(Key key) throws IllegalBlockSizeException, InvalidKeyException {
        byte[] encoded = key == null ? null : key.getEncoded();
        if (encoded == null) {
            throw new InvalidKeyException("the key to wrap has no encoding");
        }
        try {
            return engineDoFinal(encoded, 0, encoded.length);
        } catch (BadPaddingException e) {
            throw new IllegalStateException("encryption checks no padding or tag", e);
        } finally {
            Arrays.fill(encoded, (byte) 0);
        }
    }

    @Override
    protected final Key engineUnwrap(byte[] wrappedKey, String wrappedKeyAlgorithm, int wrappedKeyType)
            throws InvalidKeyException, NoSuchAlgorithmException {
        if (wrappedKeyType != Cipher.SECRET_KEY) {
            throw new InvalidKeyException(name + " unwraps secret keys only");
        }
        byte[] encoded = null;
        try {
            encoded = engineDoFinal(wrappedKey, 0, wrappedKey.length);
            return WrappedKeys.secretKey(encoded, wrappedKeyAlgorithm);
        } catch (IllegalBlockSizeException | BadPaddingException e) {
            throw new InvalidKeyException("the wrapped key does not decrypt: " + e.getMessage(), e);
        } finally {
            if (encoded != null) {
                Arrays.fill(encoded, (byte) 0);
            }
        }
    }

    /** Whether the Cipher mode encrypts (ENCRYPT, WRAP) or decrypts (DECRYPT, UNWRAP). */
    static boolean encrypts(int opmode) {
        return switch (opmode) {
            case Cipher.ENCRYPT_MODE, Cipher.WRAP_MODE -> true;
            case Cipher.DECRYPT_MODE, Cipher.UNWRAP_MODE -> false;
            default -> throw new InvalidParameterException("unknown Cipher mode " + opmode);
        };
    }

    /**
     * The input itself, or a copy of it when it shares the output array and writing the output
     * could change unread input: at an overlapping other position, or also exactly in place
     * when {@code evenInPlace} (output written ahead of the input read, as with buffered bytes).
     * The output may run up to a block past the input's length (padding, tags).
     */
    static byte[] separate(byte[] input, int inputOffset, int inputLen, byte[] output, int outputOffset,
            boolean evenInPlace) {
        if (input != null && input == output && (inputOffset != outputOffset || evenInPlace)
                && inputOffset < outputOffset + inputLen + 16 && outputOffset < inputOffset + inputLen) {
            return Arrays.copyOfRange(input, inputOffset, inputOffset + inputLen);
        }
        return input;
    }

    static void checkInput(byte[] input, int offset, int length) {
        if (length < 0) {
            throw new IllegalArgumentException("negative input length " + length);
        }
        if (length > 0) {
            Objects.requireNonNull(input, "input");
            Objects.checkFromIndexSize(offset, length, input.length);
        }
    }

    static void checkOutput(byte[] output, int offset, long needed) throws ShortBufferException {
        Objects.requireNonNull(output, "output");
        if (offset < 0 || offset > output.length) {
            throw new IllegalArgumentException("output offset " + offset + " outside an array of " + output.length);
        }
        if (output.length - offset < needed) {
            throw new ShortBufferException("SM4 needs " + needed + " bytes of output, " + (output.length - offset) + " given");
        }
    }
}
