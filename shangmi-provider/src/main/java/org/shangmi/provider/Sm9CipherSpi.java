package org.shangmi.provider;

import java.security.AlgorithmParameters;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.Key;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.security.spec.AlgorithmParameterSpec;
import java.util.Arrays;
import javax.crypto.AEADBadTagException;
import javax.crypto.BadPaddingException;
import javax.crypto.Cipher;
import javax.crypto.CipherSpi;
import javax.crypto.IllegalBlockSizeException;
import javax.crypto.NoSuchPaddingException;
import javax.crypto.ShortBufferException;
import org.shangmi.core.sm9.Sm9;
import org.shangmi.core.sm9.Sm9Encryption;
import org.shangmi.core.util.Der;
import org.shangmi.provider.spec.Sm9CipherParameterSpec;
import org.shangmi.provider.spec.Sm9KeyKind;
import org.shangmi.provider.spec.Sm9ParameterSpec;

/**
 * {@code Cipher "SM9"}: identity-based encryption of GB/T 38635.2. Encryption takes the
 * encryption master public key and an {@link Sm9CipherParameterSpec} (or an
 * {@link Sm9ParameterSpec}, for the defaults) naming the recipient; decryption takes the
 * recipient's user key and the same spec with the recipient's own identity. Input is buffered
 * until {@code doFinal}.
 *
 * <p>A ciphertext that fails to decrypt throws {@link AEADBadTagException} when C3 does not
 * verify, {@link BadPaddingException} when it is malformed (C1 not a point of G1, bad DER, an
 * EnType other than the one asked for); no plaintext is released before C3 verifies.
 */
final class Sm9CipherSpi extends CipherSpi {

    private static final int C3_LENGTH = 32;
    /** DER framing around the parts at most: SEQUENCE, EnType, the headers of C1 (and its unused-bits byte), C3 and C2. */
    private static final int DER_FRAMING = 6 + 3 + 3 + 2 + 6;

    private final InputBuffer input = new InputBuffer();
    private int opmode;
    private Sm9MasterPublicKey masterKey;
    private Sm9UserPrivateKey userKey;
    private Sm9CipherParameterSpec spec;
    private SecureRandom random;

    @Override
    protected void engineSetMode(String mode) throws NoSuchAlgorithmException {
        if (!mode.equalsIgnoreCase("NONE")) {
            throw new NoSuchAlgorithmException("SM9 has no mode " + mode + "; choose the cipher with Sm9CipherParameterSpec");
        }
    }

    @Override
    protected void engineSetPadding(String padding) throws NoSuchPaddingException {
        if (!padding.equalsIgnoreCase("NoPadding")) {
            throw new NoSuchPaddingException("SM9 encryption takes no padding, not " + padding);
        }
    }

    @Override
    protected int engineGetBlockSize() {
        return 0;
    }

    @Override
    protected int engineGetOutputSize(int inputLen) {
        long total = (long) input.length() + Math.max(inputLen, 0);
        long size = isEncrypting() ? total + 16 + 16 + Sm9.G1_LENGTH + C3_LENGTH + DER_FRAMING : total;
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
        return 256;
    }

    @Override
    protected void engineInit(int opmode, Key key, SecureRandom random) throws InvalidKeyException {
        throw new InvalidKeyException("SM9 encryption needs the recipient's identity: init with an Sm9CipherParameterSpec");
    }

    @Override
    protected void engineInit(int opmode, Key key, AlgorithmParameters params, SecureRandom random)
            throws InvalidKeyException, InvalidAlgorithmParameterException {
        throw new InvalidAlgorithmParameterException("SM9 encryption takes an Sm9CipherParameterSpec, not AlgorithmParameters");
    }

    @Override
    protected void engineInit(int opmode, Key key, AlgorithmParameterSpec params, SecureRandom random)
            throws InvalidKeyException, InvalidAlgorithmParameterException {
        Sm9CipherParameterSpec chosen;
        if (params instanceof Sm9CipherParameterSpec given) {
            chosen = given;
        } else if (params instanceof Sm9ParameterSpec identity) {
            chosen = new Sm9CipherParameterSpec(identity);
        } else {
            throw new InvalidAlgorithmParameterException("SM9 encryption takes an Sm9CipherParameterSpec naming the recipient, not "
                    + (params == null ? "null" : params.getClass().getName()));
        }
        Sm9MasterPublicKey newMaster = null;
        Sm9UserPrivateKey newUser = null;
        switch (opmode) {
            case Cipher.ENCRYPT_MODE, Cipher.WRAP_MODE -> newMaster = Sm9Keys.toMasterPublic(key, Sm9KeyKind.ENCRYPT);
            case Cipher.DECRYPT_MODE, Cipher.UNWRAP_MODE -> newUser = Sm9Keys.toUserPrivate(key, Sm9KeyKind.ENCRYPT);
            default -> throw new InvalidKeyException("unknown Cipher mode " + opmode);
        }
        input.clear();
        this.opmode = opmode;
        this.spec = chosen;
        this.masterKey = newMaster;
        this.userKey = newUser;
        this.random = random;
    }

    private boolean isEncrypting() {
        return opmode == Cipher.ENCRYPT_MODE || opmode == Cipher.WRAP_MODE;
    }

    @Override
    protected byte[] engineUpdate(byte[] in, int inputOffset, int inputLen) {
        append(in, inputOffset, inputLen);
        return new byte[0];
    }

    @Override
    protected int engineUpdate(byte[] in, int inputOffset, int inputLen, byte[] output, int outputOffset) {
        append(in, inputOffset, inputLen);
        return 0;
    }

    private void append(byte[] in, int offset, int length) {
        checkInitialized();
        if (in != null && length > 0) {
            Ranges.check(in, offset, length);
            input.append(in, offset, length);
        }
    }

    @Override
    protected byte[] engineDoFinal(byte[] in, int inputOffset, int inputLen)
            throws IllegalBlockSizeException, BadPaddingException {
        try {
            append(in, inputOffset, inputLen);
            return isEncrypting() ? encrypt(input.bytes(), input.length()) : decrypt(input.bytes(), input.length());
        } finally {
            input.clear();
        }
    }

    @Override
    protected int engineDoFinal(byte[] in, int inputOffset, int inputLen, byte[] output, int outputOffset)
            throws ShortBufferException, IllegalBlockSizeException, BadPaddingException {
        checkInitialized();
        if (in != null && inputLen > 0) {
            Ranges.check(in, inputOffset, inputLen);
        }
        int room = Math.max(0, output.length - outputOffset);
        if (isEncrypting() && engineGetOutputSize(inputLen) > room) {
            // the exact size is known only once encrypted (r is random): ask for the bound, as the JCA allows
            throw new ShortBufferException("SM9 needs up to " + engineGetOutputSize(inputLen) + " bytes of output, "
                    + room + " given");
        }
        int before = input.length();
        byte[] result = null;
        try {
            append(in, inputOffset, inputLen);
            result = isEncrypting() ? encrypt(input.bytes(), input.length()) : decrypt(input.bytes(), input.length());
            if (result.length > room) {
                // as if this call had not happened, so that the caller can repeat it with a larger buffer
                input.truncate(before);
                throw new ShortBufferException("SM9 needs " + result.length + " bytes of output, " + room + " given");
            }
            System.arraycopy(result, 0, output, outputOffset, result.length);
            input.clear();
            return result.length;
        } catch (BadPaddingException | RuntimeException e) {
            input.clear();
            throw e;
        } finally {
            if (result != null && !isEncrypting()) {
                Arrays.fill(result, (byte) 0);
            }
        }
    }

    private byte[] encrypt(byte[] message, int length) {
        Sm9Encryption.Ciphertext ct = Sm9Encryption.encrypt(masterKey.master(), spec.getRecipient().getId(),
                spec.getRecipient().getHid(), message, 0, length, coreCipher(spec.getCipher()), coreMac(spec.getMac()),
                random != null ? random : DefaultRandom.get());
        if (spec.getLayout() == Sm9CipherParameterSpec.Layout.DER) {
            return new Der.Writer().smallInteger(coreCipher(spec.getCipher()).enType).bitString(ct.c1())
                    .element(Der.OCTET_STRING, ct.c3()).element(Der.OCTET_STRING, ct.c2()).wrap(Der.SEQUENCE);
        }
        byte[] out = new byte[64 + C3_LENGTH + ct.c2().length];
        System.arraycopy(ct.c1(), 1, out, 0, 64);
        System.arraycopy(ct.c3(), 0, out, 64, C3_LENGTH);
        System.arraycopy(ct.c2(), 0, out, 64 + C3_LENGTH, ct.c2().length);
        return out;
    }

    private byte[] decrypt(byte[] ciphertext, int length) throws BadPaddingException {
        Sm9Encryption.Ciphertext parts = parse(ciphertext, length);
        byte[] de = userKey.pointCopy();
        try {
            return Sm9Encryption.decrypt(de, spec.getRecipient().getId(), parts, coreCipher(spec.getCipher()),
                    coreMac(spec.getMac()));
        } catch (Sm9Encryption.BadTagException e) {
            throw new AEADBadTagException(e.getMessage());
        } catch (IllegalArgumentException e) {
            throw (BadPaddingException) new BadPaddingException(e.getMessage()).initCause(e);
        } finally {
            Arrays.fill(de, (byte) 0);
        }
    }

    private Sm9Encryption.Ciphertext parse(byte[] ciphertext, int length) throws BadPaddingException {
        if (spec.getLayout() == Sm9CipherParameterSpec.Layout.C1C3C2) {
            if (length < 64 + C3_LENGTH) {
                throw new BadPaddingException("an SM9 ciphertext C1 || C3 || C2 has at least " + (64 + C3_LENGTH)
                        + " bytes, not " + length);
            }
            return new Sm9Encryption.Ciphertext(Arrays.copyOfRange(ciphertext, 0, 64),
                    Arrays.copyOfRange(ciphertext, 64, 64 + C3_LENGTH), Arrays.copyOfRange(ciphertext, 64 + C3_LENGTH, length));
        }
        try {
            Der.Reader outer = new Der.Reader(ciphertext, 0, length);
            Der.Reader fields = outer.sequence();
            outer.expectEnd();
            int enType = fields.smallInteger();
            byte[] c1 = fields.bitString();
            byte[] c3 = fields.bytes(Der.OCTET_STRING);
            byte[] c2 = fields.bytes(Der.OCTET_STRING);
            fields.expectEnd();
            if (c1.length != Sm9.G1_LENGTH) {
                throw new Der.MalformedException("C1 must be 04 || x || y"); // one encoding per ciphertext
            }
            Sm9Encryption.Cipher expected = coreCipher(spec.getCipher());
            if (enType != expected.enType) {
                Sm9Encryption.Cipher named = Sm9Encryption.Cipher.ofEnType(enType);
                throw new BadPaddingException("the SM9 ciphertext's EnType is " + enType
                        + (named == null ? " (unknown)" : " (" + named + ")") + ", but the cipher was initialised for "
                        + expected + " (EnType " + expected.enType + ")");
            }
            return new Sm9Encryption.Ciphertext(c1, c3, c2);
        } catch (Der.MalformedException e) {
            throw new BadPaddingException("not an SM9 DER ciphertext: " + e.getMessage());
        }
    }

    static Sm9Encryption.Cipher coreCipher(Sm9CipherParameterSpec.Cipher cipher) {
        return switch (cipher) {
            case XOR -> Sm9Encryption.Cipher.XOR;
            case SM4_ECB -> Sm9Encryption.Cipher.SM4_ECB;
            case SM4_CBC -> Sm9Encryption.Cipher.SM4_CBC;
        };
    }

    static Sm9Encryption.Mac coreMac(Sm9CipherParameterSpec.Mac mac) {
        return mac == Sm9CipherParameterSpec.Mac.SM3 ? Sm9Encryption.Mac.SM3 : Sm9Encryption.Mac.HMAC_SM3;
    }

    @Override
    protected byte[] engineWrap(Key key) throws IllegalBlockSizeException, InvalidKeyException {
        byte[] encoded = key == null ? null : key.getEncoded();
        if (encoded == null) {
            throw new InvalidKeyException("the key to wrap has no encoding");
        }
        try {
            return encrypt(encoded, encoded.length);
        } finally {
            Arrays.fill(encoded, (byte) 0);
        }
    }

    @Override
    protected Key engineUnwrap(byte[] wrappedKey, String wrappedKeyAlgorithm, int wrappedKeyType)
            throws InvalidKeyException, NoSuchAlgorithmException {
        if (wrappedKeyType != Cipher.SECRET_KEY) {
            throw new InvalidKeyException("SM9 unwraps secret keys only");
        }
        byte[] encoded = null;
        try {
            encoded = decrypt(wrappedKey, wrappedKey.length);
            if (encoded.length == 0) {
                throw new InvalidKeyException("the wrapped key is empty");
            }
            return new javax.crypto.spec.SecretKeySpec(encoded, wrappedKeyAlgorithm);
        } catch (BadPaddingException e) {
            throw new InvalidKeyException("the wrapped key does not decrypt: " + e.getMessage(), e);
        } finally {
            if (encoded != null) {
                Arrays.fill(encoded, (byte) 0);
            }
        }
    }

    private void checkInitialized() {
        if (masterKey == null && userKey == null) {
            throw new IllegalStateException("the SM9 Cipher is not initialised");
        }
    }
}
