package org.shangmi.provider;

import java.security.AlgorithmParameters;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.InvalidParameterException;
import java.security.Key;
import java.nio.ByteBuffer;
import java.nio.ReadOnlyBufferException;
import java.security.NoSuchAlgorithmException;
import java.security.ProviderException;
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
 * into the one that takes a parameter spec, key wrapping through {@code doFinal}, ByteBuffers, and
 * the checks of caller-supplied arrays.
 *
 * <p>ByteBuffers: when both have an accessible array the array methods work on those arrays
 * directly (no copy, no allocation, overlap handled as for arrays). A buffer without one (a
 * direct buffer) goes through a scratch array of 4 KiB kept by the cipher, in chunks, instead
 * of the JDK default's temporary arrays as large as the whole output; two direct buffers may
 * share memory, so there all input is read before any output is written. Scratch space is
 * wiped after every call, and a failing {@code doFinal} zeroes what it wrote, restores both
 * positions and so releases nothing.
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
        engineInit(opmode, key, specOf(params, parameterType, name), random);
    }

    /** The spec {@code params} give as {@code type} (null for none), for the cipher {@code name}'s messages. */
    static AlgorithmParameterSpec specOf(AlgorithmParameters params, Class<? extends AlgorithmParameterSpec> type, String name)
            throws InvalidAlgorithmParameterException {
        if (params == null) {
            return null;
        }
        try {
            return params.getParameterSpec(type);
        } catch (InvalidParameterSpecException e) {
            throw new InvalidAlgorithmParameterException(name + " takes " + type.getSimpleName() + " parameters: " + e.getMessage(), e);
        }
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
        if (wrappedKeyType != Cipher.SECRET_KEY && wrappedKeyType != Cipher.PRIVATE_KEY && wrappedKeyType != Cipher.PUBLIC_KEY) {
            throw new InvalidKeyException(name + " unwraps secret, private and public keys, not key type " + wrappedKeyType);
        }
        byte[] encoded = null;
        try {
            encoded = engineDoFinal(wrappedKey, 0, wrappedKey.length);
            return switch (wrappedKeyType) {
                case Cipher.SECRET_KEY -> WrappedKeys.secretKey(encoded, wrappedKeyAlgorithm);
                case Cipher.PRIVATE_KEY -> WrappedKeys.privateKey(encoded, wrappedKeyAlgorithm, provider);
                default -> WrappedKeys.publicKey(encoded, wrappedKeyAlgorithm, provider);
            };
        } catch (IllegalBlockSizeException | BadPaddingException e) {
            throw new InvalidKeyException("the wrapped key does not decrypt: " + e.getMessage(), e);
        } finally {
            if (encoded != null) {
                Arrays.fill(encoded, (byte) 0);
            }
        }
    }

    /** Bytes per chunk when a ByteBuffer has no accessible array. */
    private static final int CHUNK = 4096;
    /** Room for a chunk's output: the chunk, a buffered block and a padding block. */
    private static final int CHUNK_OUTPUT = CHUNK + 32;
    private byte[] chunkInput;
    private byte[] chunkOutput;

    @Override
    protected final int engineUpdate(ByteBuffer input, ByteBuffer output) throws ShortBufferException {
        try {
            return crypt(input, output, true);
        } catch (IllegalBlockSizeException | BadPaddingException e) {
            throw new ProviderException("update cannot fail this way", e);
        }
    }

    @Override
    protected final int engineDoFinal(ByteBuffer input, ByteBuffer output)
            throws ShortBufferException, IllegalBlockSizeException, BadPaddingException {
        return crypt(input, output, false);
    }

    private int crypt(ByteBuffer input, ByteBuffer output, boolean update)
            throws ShortBufferException, IllegalBlockSizeException, BadPaddingException {
        Objects.requireNonNull(input, "input");
        Objects.requireNonNull(output, "output");
        if (output.isReadOnly()) {
            throw new ReadOnlyBufferException();
        }
        int inputStart = input.position();
        int outputStart = output.position();
        int inputLen = input.remaining();
        int needed = engineGetOutputSize(inputLen); // the JDK's rule for both calls
        if (output.remaining() < needed) {
            throw new ShortBufferException(name + " needs " + needed + " bytes of output space, " + output.remaining() + " remain");
        }
        if (input.hasArray() && output.hasArray()) {
            int in = input.arrayOffset() + inputStart;
            int out = output.arrayOffset() + outputStart;
            int written = update ? engineUpdate(input.array(), in, inputLen, output.array(), out)
                    : engineDoFinal(input.array(), in, inputLen, output.array(), out);
            input.position(input.limit());
            output.position(outputStart + written);
            return written;
        }
        try {
            return input.isDirect() && output.isDirect() ? cryptReadingFirst(input, output, inputLen, update)
                    : cryptInChunks(input, output, inputLen, update);
        } catch (IllegalBlockSizeException | BadPaddingException | RuntimeException e) {
            int written = output.position() - outputStart;
            for (int i = 0; i < written; i++) {
                output.put(outputStart + i, (byte) 0);
            }
            output.position(outputStart);
            input.position(inputStart);
            throw e;
        } finally {
            if (chunkInput != null) {
                Arrays.fill(chunkInput, (byte) 0);
                Arrays.fill(chunkOutput, (byte) 0);
            }
        }
    }

    /** One side is a heap buffer, so they cannot overlap: chunk by chunk through the scratch arrays. */
    private int cryptInChunks(ByteBuffer input, ByteBuffer output, int inputLen, boolean update)
            throws ShortBufferException, IllegalBlockSizeException, BadPaddingException {
        if (chunkInput == null) {
            chunkInput = new byte[CHUNK];
            chunkOutput = new byte[CHUNK_OUTPUT];
        }
        int total = 0;
        int left = inputLen;
        do {
            int chunk = Math.min(left, CHUNK);
            boolean last = !update && chunk == left;
            byte[] in;
            int inOff;
            if (input.hasArray()) {
                in = input.array();
                inOff = input.arrayOffset() + input.position();
                input.position(input.position() + chunk);
            } else {
                in = chunkInput;
                inOff = 0;
                input.get(chunkInput, 0, chunk);
            }
            int room = last ? engineGetOutputSize(chunk) : CHUNK_OUTPUT;
            byte[] out;
            int outOff;
            if (output.hasArray()) {
                out = output.array();
                outOff = output.arrayOffset() + output.position();
            } else {
                out = room <= CHUNK_OUTPUT ? chunkOutput : new byte[room]; // an AEAD's whole output comes at the end
                outOff = 0;
            }
            int written;
            try {
                written = last ? engineDoFinal(in, inOff, chunk, out, outOff) : engineUpdate(in, inOff, chunk, out, outOff);
                if (output.hasArray()) {
                    output.position(output.position() + written);
                } else {
                    output.put(out, 0, written);
                }
            } finally {
                if (out != chunkOutput && !output.hasArray()) {
                    Arrays.fill(out, (byte) 0);
                }
            }
            total += written;
            left -= chunk;
        } while (left > 0);
        return total;
    }

    /**
     * Both direct, perhaps over the same memory: the whole input is read, into one array where it
     * is transformed in place, before any output is written.
     */
    private int cryptReadingFirst(ByteBuffer input, ByteBuffer output, int inputLen, boolean update)
            throws ShortBufferException, IllegalBlockSizeException, BadPaddingException {
        byte[] data = new byte[Math.max(inputLen, engineGetOutputSize(inputLen))];
        try {
            input.get(data, 0, inputLen);
            int written = update ? engineUpdate(data, 0, inputLen, data, 0) : engineDoFinal(data, 0, inputLen, data, 0);
            output.put(data, 0, written);
            return written;
        } finally {
            Arrays.fill(data, (byte) 0);
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
            Ranges.check(input, offset, length);
        }
    }

    /** As the JDK's ciphers: an offset past the end leaves no room (ShortBufferException), a negative one is out of range. */
    static void checkOutput(byte[] output, int offset, long needed) throws ShortBufferException {
        Objects.requireNonNull(output, "output");
        if (offset < 0) {
            throw new ArrayIndexOutOfBoundsException("output offset " + offset);
        }
        if ((long) output.length - offset < needed) {
            throw new ShortBufferException("SM4 needs " + needed + " bytes of output, " + Math.max(0, output.length - offset)
                    + " given");
        }
    }
}
