package org.shangmi.provider;

import java.security.AlgorithmParameters;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.InvalidParameterException;
import java.security.Key;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.security.spec.AlgorithmParameterSpec;
import java.security.spec.InvalidParameterSpecException;
import java.util.Arrays;
import java.util.Objects;
import java.util.Set;
import javax.crypto.AEADBadTagException;
import javax.crypto.BadPaddingException;
import javax.crypto.Cipher;
import javax.crypto.CipherSpi;
import javax.crypto.IllegalBlockSizeException;
import javax.crypto.NoSuchPaddingException;
import javax.crypto.ShortBufferException;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.shangmi.core.backend.AeadEngine;
import org.shangmi.core.backend.BackendService;

/**
 * Cipher "SM4/GCM/NoPadding", with the JCA's AES-GCM rules: {@link GCMParameterSpec} (tags of
 * 96 to 128 bits, or 64 and 32 when asked for explicitly), a random 12-byte IV when encrypting
 * without one, {@code updateAAD} before the data. Encryption streams. Decryption keeps the input
 * until {@code doFinal}, checks the tag first, and on a mismatch throws {@link AEADBadTagException}
 * having written nothing. As with the JDK's AES-GCM, encrypting twice under one key and IV is
 * refused: after an encryption's {@code doFinal} the cipher must be initialised again, with a
 * different key or IV.
 */
final class Sm4GcmCipherSpi extends CipherSpi {

    private static final int DEFAULT_IV = 12;
    private static final int DEFAULT_TAG_BITS = 128;
    private static final Set<Integer> TAG_BITS = Set.of(32, 64, 96, 104, 112, 120, 128);

    private final BackendService backend;
    private AeadEngine engine;
    private boolean encrypting;
    private byte[] iv;
    private int tagBits = DEFAULT_TAG_BITS;
    private boolean dataStarted;
    /** Set after an encryption's doFinal: the key and IV are spent. */
    private boolean spent;
    private byte[] lastEncryptionKey;
    private byte[] lastEncryptionIv;
    /** Decryption: the ciphertext and tag so far. */
    private byte[] buffer = new byte[0];
    private int buffered;

    Sm4GcmCipherSpi(BackendService backend) {
        this.backend = backend;
    }

    @Override
    protected void engineSetMode(String mode) throws NoSuchAlgorithmException {
        if (!mode.equalsIgnoreCase("GCM")) {
            throw new NoSuchAlgorithmException("this SM4 cipher is GCM only, not " + mode);
        }
    }

    @Override
    protected void engineSetPadding(String padding) throws NoSuchPaddingException {
        if (!padding.equalsIgnoreCase("NoPadding")) {
            throw new NoSuchPaddingException("SM4/GCM takes no padding, not " + padding);
        }
    }

    @Override
    protected int engineGetBlockSize() {
        return 16;
    }

    @Override
    protected int engineGetOutputSize(int inputLen) {
        long total = (long) buffered + Math.max(inputLen, 0);
        long size = encrypting ? total + tagBits / 8 : Math.max(0, total - tagBits / 8);
        return (int) Math.min(Integer.MAX_VALUE, size);
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
            AlgorithmParameters parameters = AlgorithmParameters.getInstance("GCM");
            parameters.init(new GCMParameterSpec(tagBits, iv));
            return parameters;
        } catch (NoSuchAlgorithmException | InvalidParameterSpecException e) {
            throw new IllegalStateException("the JDK's GCM parameters are missing", e);
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
        AlgorithmParameterSpec spec = null;
        if (params != null) {
            try {
                spec = params.getParameterSpec(GCMParameterSpec.class);
            } catch (InvalidParameterSpecException e) {
                throw new InvalidAlgorithmParameterException("SM4/GCM takes GCM parameters: " + e.getMessage(), e);
            }
        }
        engineInit(opmode, key, spec, random);
    }

    @Override
    protected void engineInit(int opmode, Key key, AlgorithmParameterSpec params, SecureRandom random)
            throws InvalidKeyException, InvalidAlgorithmParameterException {
        boolean encrypt = switch (opmode) {
            case Cipher.ENCRYPT_MODE, Cipher.WRAP_MODE -> true;
            case Cipher.DECRYPT_MODE, Cipher.UNWRAP_MODE -> false;
            default -> throw new InvalidParameterException("unknown Cipher mode " + opmode);
        };
        byte[] newIv;
        int newTagBits;
        if (params == null) {
            if (!encrypt) {
                throw new InvalidKeyException("SM4/GCM decryption needs the IV and tag length: pass a GCMParameterSpec");
            }
            newIv = new byte[DEFAULT_IV];
            (random != null ? random : new SecureRandom()).nextBytes(newIv);
            newTagBits = DEFAULT_TAG_BITS;
        } else if (params instanceof GCMParameterSpec gcm) {
            newIv = gcm.getIV();
            newTagBits = gcm.getTLen();
            if (!TAG_BITS.contains(newTagBits)) {
                throw new InvalidAlgorithmParameterException("SM4/GCM tags are 128, 120, 112, 104 or 96 bits (or 64, 32), not "
                        + newTagBits);
            }
            if (newIv.length == 0) {
                throw new InvalidAlgorithmParameterException("a GCM IV needs at least one byte");
            }
        } else {
            throw new InvalidAlgorithmParameterException("SM4/GCM takes a GCMParameterSpec, not " + params.getClass().getName());
        }
        byte[] rawKey = Sm4CipherSpi.rawKey(key);
        try {
            if (encrypt && lastEncryptionKey != null && MessageDigest.isEqual(rawKey, lastEncryptionKey)
                    && Arrays.equals(newIv, lastEncryptionIv)) {
                throw new InvalidAlgorithmParameterException("SM4/GCM refuses to encrypt twice with one key and IV");
            }
            AeadEngine fresh = backend.newSm4Gcm(rawKey, newIv, newTagBits / 8);
            destroyEngine();
            engine = fresh;
            if (encrypt) {
                if (lastEncryptionKey != null) {
                    Arrays.fill(lastEncryptionKey, (byte) 0);
                }
                lastEncryptionKey = rawKey.clone();
                lastEncryptionIv = newIv.clone();
            }
        } finally {
            Arrays.fill(rawKey, (byte) 0);
        }
        encrypting = encrypt;
        iv = newIv;
        tagBits = newTagBits;
        spent = false;
        dataStarted = false;
        clearBuffer();
    }

    @Override
    protected void engineUpdateAAD(byte[] src, int offset, int len) {
        checkUsable();
        Objects.checkFromIndexSize(offset, len, src.length);
        if (dataStarted) {
            throw new IllegalStateException("SM4/GCM associated data must come before the data");
        }
        engine.updateAad(src, offset, len);
    }

    @Override
    protected byte[] engineUpdate(byte[] input, int inputOffset, int inputLen) {
        checkInput(input, inputOffset, inputLen);
        checkUsable();
        if (!encrypting) {
            append(input, inputOffset, inputLen);
            return new byte[0];
        }
        byte[] out = new byte[inputLen];
        encrypt(input, inputOffset, inputLen, out, 0);
        return out;
    }

    @Override
    protected int engineUpdate(byte[] input, int inputOffset, int inputLen, byte[] output, int outputOffset)
            throws ShortBufferException {
        checkInput(input, inputOffset, inputLen);
        checkUsable();
        if (!encrypting) {
            append(input, inputOffset, inputLen);
            return 0;
        }
        checkOutput(output, outputOffset, inputLen);
        encrypt(input, inputOffset, inputLen, output, outputOffset);
        return inputLen;
    }

    @Override
    protected byte[] engineDoFinal(byte[] input, int inputOffset, int inputLen)
            throws IllegalBlockSizeException, BadPaddingException {
        checkInput(input, inputOffset, inputLen);
        checkUsable();
        byte[] out = new byte[engineGetOutputSize(inputLen)];
        try {
            int written = doFinal(input, inputOffset, inputLen, out, 0);
            return written == out.length ? out : Arrays.copyOf(out, written);
        } catch (ShortBufferException e) {
            throw new IllegalStateException("the output was sized by getOutputSize", e);
        }
    }

    @Override
    protected int engineDoFinal(byte[] input, int inputOffset, int inputLen, byte[] output, int outputOffset)
            throws ShortBufferException, IllegalBlockSizeException, BadPaddingException {
        checkInput(input, inputOffset, inputLen);
        checkUsable();
        return doFinal(input, inputOffset, inputLen, output, outputOffset);
    }

    private int doFinal(byte[] input, int inputOffset, int inputLen, byte[] output, int outputOffset)
            throws ShortBufferException, AEADBadTagException {
        int tagLength = tagBits / 8;
        if (encrypting) {
            checkOutput(output, outputOffset, inputLen + tagLength);
            encrypt(input, inputOffset, inputLen, output, outputOffset);
            engine.finishEncryption(output, outputOffset + inputLen);
            spent = true;
            return inputLen + tagLength;
        }
        long total = (long) buffered + inputLen;
        if (total < tagLength) {
            clearBuffer();
            throw new AEADBadTagException("SM4/GCM input of " + total + " bytes is shorter than the " + tagLength + "-byte tag");
        }
        checkOutput(output, outputOffset, (int) (total - tagLength));
        append(input, inputOffset, inputLen);
        int dataLength = buffered - tagLength;
        byte[] plain = new byte[dataLength];
        try {
            if (!engine.decrypt(buffer, 0, dataLength, buffer, dataLength, plain, 0)) {
                throw new AEADBadTagException("SM4/GCM tag mismatch: the ciphertext, IV, key or associated data differ");
            }
            System.arraycopy(plain, 0, output, outputOffset, dataLength);
            return dataLength;
        } finally {
            Arrays.fill(plain, (byte) 0);
            clearBuffer();
            dataStarted = false;
        }
    }

    private void encrypt(byte[] input, int inputOffset, int inputLen, byte[] output, int outputOffset) {
        dataStarted = true;
        if (inputLen == 0) {
            return;
        }
        byte[] source = input;
        int sourceOffset = inputOffset;
        if (input == output && inputOffset != outputOffset
                && inputOffset < outputOffset + inputLen && outputOffset < inputOffset + inputLen) {
            source = Arrays.copyOfRange(input, inputOffset, inputOffset + inputLen);
            sourceOffset = 0;
        }
        engine.encrypt(source, sourceOffset, inputLen, output, outputOffset);
    }

    @Override
    protected byte[] engineWrap(Key key) throws IllegalBlockSizeException, InvalidKeyException {
        byte[] encoded = key == null ? null : key.getEncoded();
        if (encoded == null) {
            throw new InvalidKeyException("the key to wrap has no encoding");
        }
        try {
            return engineDoFinal(encoded, 0, encoded.length);
        } catch (BadPaddingException e) {
            throw new IllegalStateException("encryption checks no tag", e);
        } finally {
            Arrays.fill(encoded, (byte) 0);
        }
    }

    @Override
    protected java.security.Key engineUnwrap(byte[] wrappedKey, String wrappedKeyAlgorithm, int wrappedKeyType)
            throws InvalidKeyException, NoSuchAlgorithmException {
        if (wrappedKeyType != Cipher.SECRET_KEY) {
            throw new InvalidKeyException("SM4/GCM unwraps secret keys only");
        }
        byte[] encoded = null;
        try {
            encoded = engineDoFinal(wrappedKey, 0, wrappedKey.length);
            return new SecretKeySpec(encoded, wrappedKeyAlgorithm);
        } catch (IllegalBlockSizeException | BadPaddingException e) {
            throw new InvalidKeyException("the wrapped key does not decrypt: " + e.getMessage(), e);
        } finally {
            if (encoded != null) {
                Arrays.fill(encoded, (byte) 0);
            }
        }
    }

    @Override
    protected int engineGetKeySize(Key key) throws InvalidKeyException {
        Arrays.fill(Sm4CipherSpi.rawKey(key), (byte) 0);
        return 128;
    }

    private void checkUsable() {
        if (engine == null) {
            throw new IllegalStateException("the Cipher is not initialised");
        }
        if (spent) {
            throw new IllegalStateException("SM4/GCM: initialise again with a different key or IV before encrypting more");
        }
    }

    private void append(byte[] input, int offset, int length) {
        if (length == 0) {
            return;
        }
        dataStarted = true;
        if (length > buffer.length - buffered) {
            byte[] grown = Arrays.copyOf(buffer, Math.max(Math.addExact(buffered, length), 2 * buffer.length));
            Arrays.fill(buffer, (byte) 0);
            buffer = grown;
        }
        System.arraycopy(input, offset, buffer, buffered, length);
        buffered += length;
    }

    private void clearBuffer() {
        Arrays.fill(buffer, 0, buffered, (byte) 0);
        buffered = 0;
    }

    private void destroyEngine() {
        if (engine != null) {
            engine.destroy();
            engine = null;
        }
    }

    private static void checkInput(byte[] input, int offset, int length) {
        if (length < 0) {
            throw new IllegalArgumentException("negative input length " + length);
        }
        if (length > 0) {
            Objects.requireNonNull(input, "input");
            Objects.checkFromIndexSize(offset, length, input.length);
        }
    }

    private static void checkOutput(byte[] output, int offset, int needed) throws ShortBufferException {
        Objects.requireNonNull(output, "output");
        if (offset < 0 || offset > output.length) {
            throw new IllegalArgumentException("output offset " + offset + " outside an array of " + output.length);
        }
        if (output.length - offset < needed) {
            throw new ShortBufferException("SM4/GCM needs " + needed + " bytes of output, " + (output.length - offset) + " given");
        }
    }
}
