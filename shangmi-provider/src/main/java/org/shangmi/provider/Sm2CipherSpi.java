package org.shangmi.provider;

import java.security.AlgorithmParameters;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.Key;
import java.security.NoSuchAlgorithmException;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.SecureRandom;
import java.security.spec.AlgorithmParameterSpec;
import java.util.Arrays;
import java.util.Locale;
import javax.crypto.BadPaddingException;
import javax.crypto.Cipher;
import javax.crypto.CipherSpi;
import javax.crypto.IllegalBlockSizeException;
import javax.crypto.NoSuchPaddingException;
import javax.crypto.ShortBufferException;
import org.shangmi.core.backend.Sm2Engine;
import org.shangmi.core.sm2.Sm2Ciphertext;
import org.shangmi.core.util.Der;
import org.shangmi.provider.spec.Sm2CiphertextFormat;

/**
 * {@code Cipher} "SM2": public-key encryption of GB/T 32918.4. The ciphertext layout is GM/T 0009
 * DER unless the transformation's mode ({@code "SM2/C1C3C2/NoPadding"}, {@code C1C2C3},
 * {@code DER}, {@code DER_C1C2C3}) or an {@link Sm2CiphertextFormat} passed as parameter spec
 * says otherwise; {@code SM2/NONE} and {@code SM2/ECB} are refused, since Bouncy Castle reads
 * them as raw C1C2C3. "SM2withSM3" (OID 1.2.156.10197.1.301.3.2.1) is Bouncy Castle's name for
 * its SM2 cipher, whose ciphertext is raw C1C2C3: under that name the default layout is C1C2C3
 * too, so that the bytes mean what they mean there. Input is buffered until {@code doFinal}. Decryption of a malformed or
 * tampered ciphertext throws {@link BadPaddingException} and writes nothing.
 */
final class Sm2CipherSpi extends CipherSpi {

    /** Largest DER framing around the raw parts: SEQUENCE, two INTEGER and two OCTET STRING headers, sign bytes. */
    private static final int DER_FRAMING = 5 + 2 * 3 + 2 + 3 + 5;

    /** Fewest bytes a ciphertext adds: DER with one-byte coordinates, raw with a compressed C1. */
    private static final int MIN_DER_OVERHEAD = 2 + 3 + 3 + 34 + 2;
    private static final int MIN_RAW_OVERHEAD = 33 + 32;

    private final Sm2Engine engine;
    private Sm2CiphertextFormat modeFormat;
    private Sm2CiphertextFormat format;
    private int opmode;
    private Sm2PublicKey publicKey;
    private Sm2PrivateKey privateKey;
    private SecureRandom random;
    private static final byte[] NONE = new byte[0];

    private byte[] buffer = NONE;
    private byte[] rawBuffer = NONE;
    private int buffered;

    Sm2CipherSpi(Sm2Engine engine) {
        this(engine, Sm2CiphertextFormat.DER);
    }

    /** A cipher whose layout, unless its mode or a parameter spec names another, is {@code layout}. */
    Sm2CipherSpi(Sm2Engine engine, Sm2CiphertextFormat layout) {
        this.engine = engine;
        this.modeFormat = layout;
        this.format = layout;
    }

    @Override
    protected void engineSetMode(String mode) throws NoSuchAlgorithmException {
        String name = mode.toUpperCase(Locale.ROOT);
        if (name.equals("NONE") || name.equals("ECB")) {
            // Bouncy Castle reads SM2/NONE as raw C1C2C3, other providers as DER: a name with two
            // meanings would turn into ciphertext the other side cannot read
            throw new NoSuchAlgorithmException("SM2/" + mode + " names no ciphertext layout (Bouncy Castle reads it as "
                    + "C1C2C3): use SM2/C1C2C3/NoPadding, SM2/C1C3C2/NoPadding, SM2/DER/NoPadding, SM2/DER_C1C2C3/NoPadding, "
                    + "or SM2 alone for DER");
        }
        try {
            modeFormat = Sm2CiphertextFormat.valueOf(name);
        } catch (IllegalArgumentException e) {
            throw new NoSuchAlgorithmException("SM2 has no mode " + mode + "; use DER, DER_C1C2C3, C1C3C2 or C1C2C3");
        }
    }

    @Override
    protected void engineSetPadding(String padding) throws NoSuchPaddingException {
        if (!padding.equalsIgnoreCase("NoPadding")) {
            throw new NoSuchPaddingException("SM2 encryption takes no padding, not " + padding);
        }
    }

    @Override
    protected int engineGetBlockSize() {
        return 0;
    }

    @Override
    protected int engineGetOutputSize(int inputLen) {
        long total = (long) buffered + Math.max(inputLen, 0);
        long size = isEncrypting() ? total + Sm2Engine.CIPHERTEXT_OVERHEAD + DER_FRAMING
                : Math.max(0, total - (format.name().startsWith("DER") ? MIN_DER_OVERHEAD : MIN_RAW_OVERHEAD));
        return (int) Math.min(size, Integer.MAX_VALUE);
    }

    @Override
    protected byte[] engineGetIV() {
        return null;
    }

    @Override
    protected AlgorithmParameters engineGetParameters() {
        return null;
    }

    @Override
    protected int engineGetKeySize(Key key) throws InvalidKeyException {
        if (key instanceof PublicKey) {
            Sm2Keys.toPublic(key);
        } else {
            Sm2PrivateKeys.toPrivate(key);
        }
        return 256;
    }

    @Override
    protected void engineInit(int opmode, Key key, SecureRandom random) throws InvalidKeyException {
        try {
            engineInit(opmode, key, (AlgorithmParameterSpec) null, random);
        } catch (InvalidAlgorithmParameterException e) {
            throw new AssertionError(e);
        }
    }

    @Override
    protected void engineInit(int opmode, Key key, AlgorithmParameters params, SecureRandom random)
            throws InvalidKeyException, InvalidAlgorithmParameterException {
        if (params != null) {
            throw new InvalidAlgorithmParameterException("SM2 encryption takes no AlgorithmParameters; pass an Sm2CiphertextFormat");
        }
        engineInit(opmode, key, (AlgorithmParameterSpec) null, random);
    }

    @Override
    protected void engineInit(int opmode, Key key, AlgorithmParameterSpec params, SecureRandom random)
            throws InvalidKeyException, InvalidAlgorithmParameterException {
        Sm2CiphertextFormat chosen = modeFormat;
        if (params instanceof Sm2CiphertextFormat given) {
            chosen = given;
        } else if (params != null) {
            throw new InvalidAlgorithmParameterException("SM2 encryption takes an Sm2CiphertextFormat, not "
                    + params.getClass().getName());
        }
        Sm2PublicKey newPublic = null;
        Sm2PrivateKey newPrivate = null;
        switch (opmode) {
            case Cipher.ENCRYPT_MODE, Cipher.WRAP_MODE -> newPublic = Sm2Keys.toPublic(key);
            case Cipher.DECRYPT_MODE, Cipher.UNWRAP_MODE -> newPrivate = Sm2PrivateKeys.toPrivate(key);
            default -> throw new InvalidKeyException("unknown Cipher mode " + opmode);
        }
        reset();
        this.opmode = opmode;
        this.format = chosen;
        this.publicKey = newPublic;
        this.privateKey = newPrivate;
        this.random = random;
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
    protected byte[] engineDoFinal(byte[] input, int inputOffset, int inputLen)
            throws IllegalBlockSizeException, BadPaddingException {
        try {
            return finish(input, inputOffset, inputLen);
        } finally {
            reset();
        }
    }

    @Override
    protected int engineDoFinal(byte[] input, int inputOffset, int inputLen, byte[] output, int outputOffset)
            throws ShortBufferException, IllegalBlockSizeException, BadPaddingException {
        if (output == null) {
            throw new IllegalArgumentException("no output buffer");
        }
        if (outputOffset < 0) {
            throw new ArrayIndexOutOfBoundsException("output offset " + outputOffset);
        }
        int before = buffered;
        byte[] result = null;
        try {
            try {
                result = finish(input, inputOffset, inputLen);
            } catch (BadPaddingException | RuntimeException e) {
                reset();
                throw e;
            }
            if (result.length > output.length - outputOffset) {
                // as if this call had not happened, so that the caller can repeat it with a larger buffer
                Arrays.fill(buffer, before, buffered, (byte) 0);
                buffered = before;
                throw new ShortBufferException("SM2 needs " + result.length + " bytes of output, "
                        + Math.max(0, output.length - outputOffset) + " given");
            }
            System.arraycopy(result, 0, output, outputOffset, result.length);
            reset();
            return result.length;
        } finally {
            if (result != null && !isEncrypting()) {
                Arrays.fill(result, (byte) 0);
            }
        }
    }

    /**
     * Encrypts or decrypts the buffered input followed by this input; a message given whole to
     * {@code doFinal} is read where it is, without being buffered.
     */
    private byte[] finish(byte[] input, int inputOffset, int inputLen) throws BadPaddingException {
        checkInitialized();
        if (buffered == 0 && input != null) {
            Ranges.check(input, inputOffset, inputLen);
            return isEncrypting() ? encrypt(input, inputOffset, inputLen) : decrypt(input, inputOffset, inputLen);
        }
        append(input, inputOffset, inputLen);
        return isEncrypting() ? encrypt(buffer, 0, buffered) : decrypt(buffer, 0, buffered);
    }

    @Override
    protected byte[] engineWrap(Key key) throws IllegalBlockSizeException, InvalidKeyException {
        byte[] encoded = key == null ? null : key.getEncoded();
        if (encoded == null) {
            throw new InvalidKeyException("the key to wrap has no encoding");
        }
        try {
            append(encoded, 0, encoded.length);
            return encrypt(buffer, 0, buffered);
        } finally {
            Arrays.fill(encoded, (byte) 0);
            reset();
        }
    }

    @Override
    protected Key engineUnwrap(byte[] wrappedKey, String wrappedKeyAlgorithm, int wrappedKeyType)
            throws InvalidKeyException, NoSuchAlgorithmException {
        if (wrappedKeyType != Cipher.SECRET_KEY) {
            throw new InvalidKeyException("SM2 unwraps secret keys only");
        }
        byte[] encoded = null;
        try {
            append(wrappedKey, 0, wrappedKey.length);
            encoded = decrypt(buffer, 0, buffered);
            return WrappedKeys.secretKey(encoded, wrappedKeyAlgorithm);
        } catch (BadPaddingException e) {
            throw new InvalidKeyException("the wrapped key does not decrypt: " + e.getMessage(), e);
        } finally {
            if (encoded != null) {
                Arrays.fill(encoded, (byte) 0);
            }
            reset();
        }
    }

    private boolean isEncrypting() {
        return opmode == Cipher.ENCRYPT_MODE || opmode == Cipher.WRAP_MODE;
    }

    private byte[] encrypt(byte[] message, int offset, int length) {
        checkInitialized();
        SecureRandom source = random != null ? random : DefaultRandom.get();
        if (format == Sm2CiphertextFormat.C1C3C2) {
            byte[] raw = new byte[Sm2Engine.CIPHERTEXT_OVERHEAD + length];
            engine.encrypt(publicKey.xy(), message, offset, length, source, raw, 0);
            return raw;
        }
        int rawLength = Sm2Engine.CIPHERTEXT_OVERHEAD + length;
        byte[] raw = rawScratch(rawLength);
        engine.encrypt(publicKey.xy(), message, offset, length, source, raw, 0);
        return Sm2Ciphertext.fromRaw(raw, 0, rawLength, layout(format));
    }

    private byte[] decrypt(byte[] ciphertext, int offset, int length) throws BadPaddingException {
        checkInitialized();
        byte[] raw = rawScratch(length + Sm2Ciphertext.MAX_RAW_GROWTH);
        int rawLength;
        try {
            rawLength = Sm2Ciphertext.toRaw(ciphertext, offset, length, layout(format), raw, 0);
        } catch (Der.MalformedException e) {
            throw new BadPaddingException("not an SM2 ciphertext in " + format + " layout: " + e.getMessage());
        }
        byte[] plaintext = new byte[Math.max(rawLength - Sm2Engine.CIPHERTEXT_OVERHEAD, 0)];
        Sm2Engine.SigningKey prepared = privateKey.preparedOrNull(engine);
        int written;
        if (prepared != null) {
            written = engine.decrypt(prepared, raw, 0, rawLength, plaintext, 0);
        } else {
            byte[] scalar = privateKey.scalarCopy();
            try {
                written = engine.decrypt(scalar, raw, 0, rawLength, plaintext, 0);
            } finally {
                Arrays.fill(scalar, (byte) 0);
            }
        }
        if (written < 0) {
            throw new BadPaddingException("SM2 decryption failed: C1 is not a curve point or C3 does not match");
        }
        return plaintext;
    }

    private void checkInitialized() {
        if (publicKey == null && privateKey == null) {
            throw new IllegalStateException("the Cipher is not initialised");
        }
    }

    private void append(byte[] input, int offset, int length) {
        if (input == null || length == 0) {
            return;
        }
        Ranges.check(input, offset, length);
        checkInitialized();
        if (length > buffer.length - buffered) {
            int needed = Math.addExact(buffered, length);
            byte[] grown = Arrays.copyOf(buffer, Math.max(needed, (int) Math.min(Integer.MAX_VALUE - 8, 2L * buffer.length)));
            Arrays.fill(buffer, (byte) 0);
            buffer = grown;
        }
        System.arraycopy(input, offset, buffer, buffered, length);
        buffered += length;
    }

    /**
     * A buffer of at least {@code length} bytes for raw ciphertexts, kept between operations: it
     * holds ciphertext only, never plaintext.
     */
    private byte[] rawScratch(int length) {
        if (rawBuffer.length < length) {
            rawBuffer = new byte[Math.max(length, (int) Math.min(Integer.MAX_VALUE - 8, 2L * rawBuffer.length))];
        }
        return rawBuffer;
    }

    private void reset() {
        Arrays.fill(buffer, 0, buffered, (byte) 0);
        buffered = 0;
    }

    /** The engines' layout of a format: the two enums name their constants alike. */
    private static Sm2Ciphertext.Format layout(Sm2CiphertextFormat format) {
        return Sm2Ciphertext.Format.valueOf(format.name());
    }
}
