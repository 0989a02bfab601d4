package org.shangmi.provider;

import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.Key;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.security.spec.AlgorithmParameterSpec;
import java.util.Arrays;
import javax.crypto.AEADBadTagException;
import javax.crypto.BadPaddingException;
import javax.crypto.Cipher;
import javax.crypto.IllegalBlockSizeException;
import javax.crypto.NoSuchPaddingException;
import javax.crypto.ShortBufferException;
import javax.crypto.spec.GCMParameterSpec;

/**
 * What SM4's authenticated modes share in the JCA, with the rules of the JDK's AES-GCM:
 * {@link GCMParameterSpec} (IV or nonce, tag length), a random 12-byte IV when encrypting without
 * one, {@code updateAAD} before the data, and decryption that keeps the input until
 * {@code doFinal}, checks the tag first, and on a mismatch throws {@link AEADBadTagException}
 * having written nothing. Encrypting twice under one key and IV is refused: after an encryption's
 * {@code doFinal} the cipher must be initialised again, with a different key or IV. Subclasses
 * supply the mode: which IVs and tags it takes, and how it seals and opens.
 */
abstract class Sm4AeadCipherSpi extends Sm4BaseCipherSpi {

    private static final int DEFAULT_IV = 12;
    private static final int DEFAULT_TAG_BITS = 128;

    private final String mode;
    private boolean encrypting;
    private int tagBits = DEFAULT_TAG_BITS;
    private boolean dataStarted;
    private boolean initialized;
    /** Set after an encryption's doFinal: the key and IV are spent. */
    private boolean spent;
    private byte[] lastEncryptionKey;
    private byte[] lastEncryptionIv;
    /** The input kept for doFinal: all of it when decrypting, and when the mode cannot stream. */
    private final InputBuffer kept = new InputBuffer();

    Sm4AeadCipherSpi(String mode, java.security.Provider provider) {
        super("SM4/" + mode, GCMParameterSpec.class, provider);
        this.mode = mode;
    }

    /** Whether the mode accepts this tag length (bits) and this IV; null if so, else why not. */
    abstract String checkParameters(int tagBits, byte[] iv);

    /** Keys a new engine for the mode (the previous one, if any, is destroyed first). */
    abstract void newEngine(byte[] key, byte[] iv, int tagBits);

    /** Destroys the engine, if any. */
    abstract void destroyEngine();

    /** Adds associated data to the current message. */
    abstract void aad(byte[] src, int offset, int len);

    /** Whether encryption writes its output as it goes (GCM) rather than all in doFinal (CCM). */
    abstract boolean streams();

    /** Encrypts as the data arrives; only for modes that {@link #streams()}. */
    abstract void encryptPart(byte[] in, int inOff, int len, byte[] out, int outOff);

    /** Seals the message: the streamed part is done, {@code in} is the rest; writes the rest and the tag. */
    abstract void seal(byte[] in, int inOff, int len, byte[] out, int outOff) throws IllegalBlockSizeException;

    /** Opens ciphertext || tag, writing the plaintext only if the tag matches. */
    abstract boolean open(byte[] in, int inOff, int len, byte[] out, int outOff);

    final int tagLength() {
        return tagBits / 8;
    }

    @Override
    protected void engineSetMode(String name) throws NoSuchAlgorithmException {
        if (!name.equalsIgnoreCase(mode)) {
            throw new NoSuchAlgorithmException("this SM4 cipher is " + mode + " only, not " + name);
        }
    }

    @Override
    protected void engineSetPadding(String padding) throws NoSuchPaddingException {
        if (!padding.equalsIgnoreCase("NoPadding")) {
            throw new NoSuchPaddingException("SM4/" + mode + " takes no padding, not " + padding);
        }
    }

    @Override
    protected int engineGetOutputSize(int inputLen) {
        long total = (long) kept.length() + Math.max(inputLen, 0);
        long size = encrypting ? total + tagLength() : Math.max(0, total - tagLength());
        return (int) Math.min(Integer.MAX_VALUE, size);
    }

    @Override
    AlgorithmParameterSpec parameterSpec(byte[] iv) {
        return new GCMParameterSpec(tagBits, iv);
    }

    @Override
    protected void engineInit(int opmode, Key key, AlgorithmParameterSpec params, SecureRandom random)
            throws InvalidKeyException, InvalidAlgorithmParameterException {
        boolean encrypt = encrypts(opmode);
        byte[] newIv;
        int newTagBits;
        if (params == null) {
            if (!encrypt) {
                throw new InvalidKeyException("SM4/" + mode + " decryption needs the IV and tag length: pass a GCMParameterSpec");
            }
            newIv = new byte[DEFAULT_IV];
            (random != null ? random : new SecureRandom()).nextBytes(newIv);
            newTagBits = DEFAULT_TAG_BITS;
        } else if (params instanceof GCMParameterSpec gcm) {
            newIv = gcm.getIV();
            newTagBits = gcm.getTLen();
            String problem = checkParameters(newTagBits, newIv);
            if (problem != null) {
                throw new InvalidAlgorithmParameterException(problem);
            }
        } else {
            throw new InvalidAlgorithmParameterException("SM4/" + mode + " takes a GCMParameterSpec, not " + params.getClass().getName());
        }
        byte[] rawKey = Sm4CipherSpi.rawKey(key);
        try {
            if (encrypt && lastEncryptionKey != null && MessageDigest.isEqual(rawKey, lastEncryptionKey)
                    && Arrays.equals(newIv, lastEncryptionIv)) {
                throw new InvalidAlgorithmParameterException("SM4/" + mode + " refuses to encrypt twice with one key and IV");
            }
            newEngine(rawKey, newIv, newTagBits);
            initialized = true;
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
        setIv(newIv);
        tagBits = newTagBits;
        spent = false;
        dataStarted = false;
        kept.clear();
    }

    @Override
    protected void engineUpdateAAD(byte[] src, int offset, int len) {
        checkUsable();
        Ranges.check(src, offset, len);
        if (dataStarted) {
            throw new IllegalStateException("SM4/" + mode + " associated data must come before the data");
        }
        aad(src, offset, len);
    }

    @Override
    protected byte[] engineUpdate(byte[] input, int inputOffset, int inputLen) {
        checkInput(input, inputOffset, inputLen);
        checkUsable();
        if (!encrypting || !streams()) {
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
        if (!encrypting || !streams()) {
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
            throws ShortBufferException, AEADBadTagException, IllegalBlockSizeException {
        int tagLength = tagLength();
        if (encrypting) {
            long total = (long) kept.length() + inputLen;
            checkOutput(output, outputOffset, (int) Math.min(Integer.MAX_VALUE, total + tagLength));
            if (streams()) {
                dataStarted = true;
                byte[] source = separate(input, inputOffset, inputLen, output, outputOffset, false);
                seal(source, source == input ? inputOffset : 0, inputLen, output, outputOffset);
            } else {
                append(input, inputOffset, inputLen);
                try {
                    seal(kept.bytes(), 0, kept.length(), output, outputOffset);
                } finally {
                    kept.clear();
                }
            }
            spent = true;
            return (int) total + tagLength;
        }
        long total = (long) kept.length() + inputLen;
        if (total < tagLength) {
            kept.clear();
            throw new AEADBadTagException("SM4/" + mode + " input of " + total + " bytes is shorter than the " + tagLength + "-byte tag");
        }
        checkOutput(output, outputOffset, (int) (total - tagLength));
        append(input, inputOffset, inputLen);
        int dataLength = kept.length() - tagLength;
        byte[] plain = new byte[dataLength];
        try {
            if (!open(kept.bytes(), 0, kept.length(), plain, 0)) {
                throw new AEADBadTagException("SM4/" + mode + " tag mismatch: the ciphertext, IV, key or associated data differ");
            }
            System.arraycopy(plain, 0, output, outputOffset, dataLength);
            return dataLength;
        } finally {
            Arrays.fill(plain, (byte) 0);
            kept.clear();
            dataStarted = false;
        }
    }

    private void encrypt(byte[] input, int inputOffset, int inputLen, byte[] output, int outputOffset) {
        dataStarted = true;
        if (inputLen == 0) {
            return;
        }
        byte[] source = separate(input, inputOffset, inputLen, output, outputOffset, false);
        encryptPart(source, source == input ? inputOffset : 0, inputLen, output, outputOffset);
    }

    @Override
    protected int engineGetKeySize(Key key) throws InvalidKeyException {
        Arrays.fill(Sm4CipherSpi.rawKey(key), (byte) 0);
        return 128;
    }

    private void checkUsable() {
        if (!initialized) {
            throw new IllegalStateException("the Cipher is not initialised");
        }
        if (spent) {
            throw new IllegalStateException("SM4/" + mode + ": initialise again with a different key or IV before encrypting more");
        }
    }

    private void append(byte[] in, int offset, int length) {
        if (length == 0) {
            return;
        }
        dataStarted = true;
        kept.append(in, offset, length);
    }

}
