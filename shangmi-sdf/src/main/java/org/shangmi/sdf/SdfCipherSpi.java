package org.shangmi.sdf;

import java.io.ByteArrayOutputStream;
import java.security.AlgorithmParameters;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.Key;
import java.security.NoSuchAlgorithmException;
import java.security.Provider;
import java.security.ProviderException;
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
import javax.crypto.spec.SecretKeySpec;
import org.shangmi.provider.spec.Sm2CiphertextFormat;

/**
 * {@code Cipher "SM2"} decryption with a device's encryption key ({@code SDF_InternalDecrypt_ECC}):
 * the ciphertext, in any layout the ShangMi provider reads (GM/T 0009 DER by default; the mode or
 * an {@link Sm2CiphertextFormat} names another), becomes the device's {@code ECCCipher}, which
 * holds at most 255 bytes of plaintext. Encryption is public-key work and goes to the ShangMi
 * provider with the same layout. Input is buffered until {@code doFinal}; a ciphertext the device
 * refuses throws {@link BadPaddingException} with the device's code as its cause. Unwrapping an
 * "SM4" key gives an {@link SdfSecretKey} that never leaves the device; other algorithms come
 * back as bytes.
 */
final class SdfCipherSpi extends CipherSpi {

    private final Provider software;
    private Sm2CiphertextFormat modeFormat = Sm2CiphertextFormat.DER;
    private Sm2CiphertextFormat format = Sm2CiphertextFormat.DER;
    private SdfPrivateKey key;
    private int opmode;
    private Cipher encryptor;
    private final ByteArrayOutputStream buffer = new ByteArrayOutputStream();

    SdfCipherSpi(Provider software) {
        this.software = software;
    }

    @Override
    protected void engineSetMode(String mode) throws NoSuchAlgorithmException {
        try {
            modeFormat = Sm2CiphertextFormat.valueOf(mode.toUpperCase(Locale.ROOT));
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
        if (encryptor != null) {
            return encryptor.getOutputSize(inputLen);
        }
        return Math.min(EccStructs.MAX_CIPHER_DATA, buffer.size() + Math.max(inputLen, 0));
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
    protected int engineGetKeySize(Key key) {
        return 256;
    }

    @Override
    protected void engineInit(int mode, Key key, SecureRandom random) throws InvalidKeyException {
        try {
            engineInit(mode, key, (AlgorithmParameterSpec) null, random);
        } catch (InvalidAlgorithmParameterException e) {
            throw new InvalidKeyException(e);
        }
    }

    @Override
    protected void engineInit(int mode, Key key, AlgorithmParameters params, SecureRandom random)
            throws InvalidKeyException, InvalidAlgorithmParameterException {
        if (params != null) {
            throw new InvalidAlgorithmParameterException("SM2 encryption takes no AlgorithmParameters; pass an Sm2CiphertextFormat");
        }
        engineInit(mode, key, (AlgorithmParameterSpec) null, random);
    }

    @Override
    protected void engineInit(int mode, Key given, AlgorithmParameterSpec params, SecureRandom random)
            throws InvalidKeyException, InvalidAlgorithmParameterException {
        Sm2CiphertextFormat chosen = modeFormat;
        if (params instanceof Sm2CiphertextFormat named) {
            chosen = named;
        } else if (params != null) {
            throw new InvalidAlgorithmParameterException("SM2 encryption takes an Sm2CiphertextFormat, not " + params.getClass().getName());
        }
        buffer.reset();
        key = null;
        encryptor = null;
        switch (mode) {
            case Cipher.DECRYPT_MODE, Cipher.UNWRAP_MODE -> {
                if (!(given instanceof SdfPrivateKey device)) {
                    throw new InvalidKeyException("ShangMiSDF decrypts with keys of its devices (SdfPrivateKey), not "
                            + (given == null ? "null" : given.getClass().getName()));
                }
                if (device.isSigningKey()) {
                    throw new InvalidKeyException("key " + device.index() + " is the device's signing key; decryption uses its encryption key");
                }
                if (device.isDestroyed()) {
                    throw new InvalidKeyException("the device key is destroyed");
                }
                if (device.device().isClosed()) {
                    throw new InvalidKeyException("the SDF device is closed");
                }
                key = device;
            }
            case Cipher.ENCRYPT_MODE, Cipher.WRAP_MODE -> {
                if (!(given instanceof PublicKey)) {
                    throw new InvalidKeyException("SM2 encrypts with a public key");
                }
                try {
                    encryptor = Cipher.getInstance("SM2", software);
                } catch (NoSuchAlgorithmException | NoSuchPaddingException e) {
                    throw new InvalidKeyException(e);
                }
                encryptor.init(mode, given, chosen, random);
            }
            default -> throw new InvalidKeyException("unknown Cipher mode " + mode);
        }
        opmode = mode;
        format = chosen;
    }

    @Override
    protected byte[] engineUpdate(byte[] input, int off, int len) {
        if (encryptor != null) {
            return encryptor.update(input, off, len);
        }
        buffer.write(input, off, len);
        return new byte[0];
    }

    @Override
    protected int engineUpdate(byte[] input, int off, int len, byte[] output, int outOff) throws ShortBufferException {
        if (encryptor != null) {
            return encryptor.update(input, off, len, output, outOff);
        }
        buffer.write(input, off, len);
        return 0;
    }

    @Override
    protected byte[] engineDoFinal(byte[] input, int off, int len) throws IllegalBlockSizeException, BadPaddingException {
        if (encryptor != null) {
            return encryptor.doFinal(input, off, len);
        }
        if (input != null) {
            buffer.write(input, off, len);
        }
        byte[] ciphertext = buffer.toByteArray();
        buffer.reset();
        return decrypt(ciphertext);
    }

    @Override
    protected int engineDoFinal(byte[] input, int off, int len, byte[] output, int outOff)
            throws ShortBufferException, IllegalBlockSizeException, BadPaddingException {
        if (encryptor != null) {
            return encryptor.doFinal(input, off, len, output, outOff);
        }
        if (input != null) {
            buffer.write(input, off, len);
        }
        byte[] ciphertext = buffer.toByteArray();
        // C2 is as long as the plaintext: a short output is refused before the device is asked, input kept
        int needed;
        try {
            needed = Sm2CiphertextFormat.convert(ciphertext, format, Sm2CiphertextFormat.C1C3C2).length
                    - (1 + 2 * EccStructs.COORDINATE + EccStructs.DIGEST);
        } catch (BadPaddingException e) {
            buffer.reset();
            throw e;
        }
        if (output.length - outOff < needed) {
            throw new ShortBufferException("the plaintext needs " + needed + " bytes");
        }
        buffer.reset();
        byte[] plain = decrypt(ciphertext);
        try {
            System.arraycopy(plain, 0, output, outOff, plain.length);
            return plain.length;
        } finally {
            Arrays.fill(plain, (byte) 0);
        }
    }

    private byte[] decrypt(byte[] ciphertext) throws BadPaddingException {
        if (key == null) {
            throw new IllegalStateException("Cipher not initialized");
        }
        byte[] raw = Sm2CiphertextFormat.convert(ciphertext, format, Sm2CiphertextFormat.C1C3C2);
        byte[] struct = EccStructs.cipherStruct(raw);
        SdfPrivateKey decryptor = key;
        try {
            return decryptor.access().use(session -> session.decrypt(decryptor.index(), struct));
        } catch (SdfException e) {
            if (e.code() == SdfError.SDR_COMMFAIL.code || e.code() == SdfError.SDR_HARDFAIL.code
                    || e.code() == SdfError.SDR_NOTSUPPORT.code || e.code() == SdfError.SDR_STEPERR.code) {
                throw new ProviderException("the device did not decrypt: " + e.getMessage(), e);
            }
            // the device refused this ciphertext (SoftSDF: SDR_PKOPERR for a wrong C3; others have codes of their own)
            BadPaddingException failure = new BadPaddingException("the device did not decrypt: " + e.getMessage());
            failure.initCause(e);
            throw failure;
        } catch (IllegalStateException e) {
            throw new ProviderException("the device key cannot decrypt: " + e.getMessage(), e);
        } finally {
            java.lang.ref.Reference.reachabilityFence(decryptor);
        }
    }

    /**
     * An SM4 key that stays in the device: the envelope's key is decrypted inside it
     * ({@code SDF_ImportKeyWithISK_ECC}) and lives in the first session of the key pair.
     */
    private Key unwrapInDevice(byte[] wrapped) throws InvalidKeyException {
        SdfPrivateKey unwrapping = key;
        try {
            byte[] raw = Sm2CiphertextFormat.convert(wrapped, format, Sm2CiphertextFormat.C1C3C2);
            byte[] struct = EccStructs.cipherStruct(raw);
            KeyAccess access = unwrapping.access();
            long handle = access.useFirst(session -> session.importKeyWithIsk(unwrapping.index(), struct));
            return new SdfSecretKey(SessionKey.inKeyPair(access, handle), -1, null);
        } catch (BadPaddingException | SdfException | IllegalStateException e) {
            throw new InvalidKeyException("the device did not unwrap the key: " + e.getMessage(), e);
        } finally {
            java.lang.ref.Reference.reachabilityFence(unwrapping);
        }
    }

    @Override
    protected byte[] engineWrap(Key wrapped) throws IllegalBlockSizeException, InvalidKeyException {
        if (encryptor == null) {
            throw new IllegalStateException("Cipher not initialized for wrapping");
        }
        return encryptor.wrap(wrapped);
    }

    @Override
    protected Key engineUnwrap(byte[] wrapped, String algorithm, int type) throws InvalidKeyException, NoSuchAlgorithmException {
        if (opmode != Cipher.UNWRAP_MODE) {
            throw new IllegalStateException("Cipher not initialized for unwrapping");
        }
        if (type != Cipher.SECRET_KEY) {
            throw new InvalidKeyException("a device's SM2 key unwraps secret keys only");
        }
        if ("SM4".equalsIgnoreCase(algorithm)) {
            return unwrapInDevice(wrapped);
        }
        byte[] plain;
        try {
            plain = decrypt(wrapped);
        } catch (BadPaddingException e) {
            throw new InvalidKeyException(e.getMessage(), e);
        }
        try {
            return new SecretKeySpec(plain, algorithm);
        } finally {
            Arrays.fill(plain, (byte) 0);
        }
    }
}
