package org.shangmi.sdf;

import java.security.AlgorithmParameters;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.Key;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.security.spec.AlgorithmParameterSpec;
import java.security.spec.InvalidParameterSpecException;
import java.util.Arrays;
import java.util.Locale;
import javax.crypto.BadPaddingException;
import javax.crypto.Cipher;
import javax.crypto.CipherSpi;
import javax.crypto.IllegalBlockSizeException;
import javax.crypto.NoSuchPaddingException;
import javax.crypto.ShortBufferException;
import javax.crypto.spec.IvParameterSpec;

/**
 * {@code Cipher "SM4/CBC/NoPadding"} and {@code "SM4/CBC/PKCS5Padding"} with an
 * {@link SdfSecretKey}: whole blocks go to the device ({@code SDF_Encrypt}/{@code SDF_Decrypt}
 * with SGD_SM4_CBC, in chunks, the IV chained here); the PKCS#7 padding is added and checked here,
 * as GmSSL's SDF client does, the check without a branch on the plaintext's bytes. Encryption
 * without an IV takes 16 bytes of the device's random generator.
 */
final class SdfSm4CipherSpi extends CipherSpi {

    private static final int BLOCK = 16;

    private final SdfDevice device;
    private boolean padding = true;
    private boolean encrypt;
    private SdfSecretKey key;
    private byte[] iv;
    private byte[] chain;
    /** Input not yet ciphered: less than a block, or for padded decryption up to one whole block more. */
    private byte[] pending = new byte[2 * BLOCK];
    private int pendingLength;

    SdfSm4CipherSpi(SdfDevice device) {
        this.device = device;
    }

    @Override
    protected void engineSetMode(String mode) throws NoSuchAlgorithmException {
        if (!mode.equalsIgnoreCase("CBC")) {
            throw new NoSuchAlgorithmException("a device's SM4 keys cipher in CBC mode only (SGD_SM4_CBC), not " + mode);
        }
    }

    @Override
    protected void engineSetPadding(String name) throws NoSuchPaddingException {
        switch (name.toUpperCase(Locale.ROOT)) {
            case "NOPADDING" -> padding = false;
            case "PKCS5PADDING", "PKCS7PADDING" -> padding = true;
            default -> throw new NoSuchPaddingException("SM4/CBC takes NoPadding or PKCS5Padding, not " + name);
        }
    }

    @Override
    protected int engineGetBlockSize() {
        return BLOCK;
    }

    @Override
    protected int engineGetOutputSize(int inputLen) {
        long total = (long) pendingLength + Math.max(inputLen, 0);
        long size = encrypt && padding ? (total / BLOCK + 1) * BLOCK : total;
        return (int) Math.min(size, Integer.MAX_VALUE);
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
            AlgorithmParameters parameters = AlgorithmParameters.getInstance("SM4");
            parameters.init(new IvParameterSpec(iv));
            return parameters;
        } catch (NoSuchAlgorithmException | InvalidParameterSpecException e) {
            return null;
        }
    }

    @Override
    protected int engineGetKeySize(Key given) {
        return 128;
    }

    @Override
    protected void engineInit(int mode, Key given, SecureRandom random) throws InvalidKeyException {
        try {
            engineInit(mode, given, (AlgorithmParameterSpec) null, random);
        } catch (InvalidAlgorithmParameterException e) {
            throw new InvalidKeyException(e.getMessage(), e);
        }
    }

    @Override
    protected void engineInit(int mode, Key given, AlgorithmParameters params, SecureRandom random)
            throws InvalidKeyException, InvalidAlgorithmParameterException {
        try {
            engineInit(mode, given, params == null ? null : params.getParameterSpec(IvParameterSpec.class), random);
        } catch (InvalidParameterSpecException e) {
            throw new InvalidAlgorithmParameterException(e);
        }
    }

    @Override
    protected void engineInit(int mode, Key given, AlgorithmParameterSpec params, SecureRandom random)
            throws InvalidKeyException, InvalidAlgorithmParameterException {
        if (!(given instanceof SdfSecretKey device)) {
            throw new InvalidKeyException("ShangMiSDF's SM4 ciphers with keys held in its devices (SdfSecretKey)");
        }
        if (device.isDestroyed()) {
            throw new InvalidKeyException("the device key is destroyed");
        }
        boolean forward = switch (mode) {
            case Cipher.ENCRYPT_MODE -> true;
            case Cipher.DECRYPT_MODE -> false;
            default -> throw new InvalidKeyException("a device's SM4 key encrypts and decrypts; it does not wrap");
        };
        byte[] vector;
        if (params instanceof IvParameterSpec spec) {
            vector = spec.getIV();
            if (vector.length != BLOCK) {
                throw new InvalidAlgorithmParameterException("SM4-CBC takes a 16-byte IV, not " + vector.length);
            }
        } else if (params != null) {
            throw new InvalidAlgorithmParameterException("SM4-CBC takes an IvParameterSpec");
        } else if (forward) {
            vector = new byte[BLOCK];
            try {
                SdfSession session = this.device.borrow();
                try {
                    session.random(vector, 0, BLOCK);
                } finally {
                    this.device.giveBack(session);
                }
            } catch (SdfException e) {
                throw new InvalidKeyException("the device gave no IV: " + e.getMessage(), e);
            }
        } else {
            throw new InvalidAlgorithmParameterException("SM4-CBC decryption needs the IV");
        }
        key = device;
        encrypt = forward;
        iv = vector;
        chain = vector.clone();
        wipePending();
    }

    private void wipePending() {
        Arrays.fill(pending, (byte) 0);
        pendingLength = 0;
    }

    @Override
    protected byte[] engineUpdate(byte[] input, int off, int len) {
        byte[] out = new byte[updateSize(len)];
        try {
            int n = engineUpdate(input, off, len, out, 0);
            return n == out.length ? out : Arrays.copyOf(out, n);
        } catch (ShortBufferException e) {
            throw new IllegalStateException(e);
        }
    }

    /** What an update of {@code len} more bytes writes. */
    private int updateSize(int len) {
        int total = pendingLength + len;
        int whole = total / BLOCK * BLOCK;
        // padded decryption keeps the last whole block back until doFinal, which unpads it
        if (!encrypt && padding && whole == total && whole > 0) {
            whole -= BLOCK;
        }
        return whole;
    }

    @Override
    protected int engineUpdate(byte[] input, int off, int len, byte[] output, int outOff) throws ShortBufferException {
        checkState();
        java.util.Objects.checkFromIndexSize(off, len, input.length);
        int size = updateSize(len);
        if (size > 0 && (output == null || output.length - outOff < size)) {
            throw new ShortBufferException("the output needs " + size + " bytes");
        }
        // the input, pending bytes first, gathered so that whole blocks go to the device together
        byte[] all = new byte[pendingLength + len];
        System.arraycopy(pending, 0, all, 0, pendingLength);
        System.arraycopy(input, off, all, pendingLength, len);
        try {
            if (size > 0) {
                cipher(all, 0, size, output, outOff);
            }
            wipePending();
            if (all.length - size > pending.length) {
                pending = new byte[all.length - size];
            }
            System.arraycopy(all, size, pending, 0, all.length - size);
            pendingLength = all.length - size;
            return size;
        } finally {
            Arrays.fill(all, (byte) 0);
        }
    }

    private void cipher(byte[] in, int off, int len, byte[] out, int outOff) {
        SdfSecretKey using = key;
        try {
            using.sessionKey().use((session, handle) -> {
                session.cbc(encrypt, handle, chain, in, off, len, out, outOff);
                return null;
            });
        } catch (SdfException | IllegalStateException e) {
            throw new java.security.ProviderException("the device did not cipher: " + e.getMessage(), e);
        } finally {
            java.lang.ref.Reference.reachabilityFence(using);
        }
    }

    private void checkState() {
        if (key == null) {
            throw new IllegalStateException("Cipher not initialized");
        }
    }

    @Override
    protected byte[] engineDoFinal(byte[] input, int off, int len) throws IllegalBlockSizeException, BadPaddingException {
        byte[] out = new byte[engineGetOutputSize(input == null ? 0 : len)];
        int n;
        try {
            n = engineDoFinal(input, off, len, out, 0);
        } catch (ShortBufferException e) {
            throw new IllegalStateException(e);
        }
        if (n == out.length) {
            return out;
        }
        byte[] result = Arrays.copyOf(out, n);
        Arrays.fill(out, (byte) 0); // the padding's plaintext bytes
        return result;
    }

    @Override
    protected int engineDoFinal(byte[] input, int off, int len, byte[] output, int outOff)
            throws ShortBufferException, IllegalBlockSizeException, BadPaddingException {
        checkState();
        byte[] in = input == null ? new byte[0] : input;
        int length = input == null ? 0 : len;
        java.util.Objects.checkFromIndexSize(off, length, in.length);
        int total = pendingLength + length;
        try {
            if (encrypt) {
                int size = padding ? (total / BLOCK + 1) * BLOCK : total;
                if (!padding && total % BLOCK != 0) {
                    throw new IllegalBlockSizeException("SM4/CBC/NoPadding ciphers whole 16-byte blocks; " + total + " bytes given");
                }
                if (output == null || output.length - outOff < size) {
                    throw new ShortBufferException("the output needs " + size + " bytes");
                }
                byte[] all = new byte[size];
                try {
                    System.arraycopy(pending, 0, all, 0, pendingLength);
                    System.arraycopy(in, off, all, pendingLength, length);
                    Arrays.fill(all, total, size, (byte) (size - total));
                    if (size > 0) {
                        cipher(all, 0, size, output, outOff);
                    }
                } finally {
                    Arrays.fill(all, (byte) 0);
                }
                return size;
            }
            if (total % BLOCK != 0 || (padding && total == 0)) {
                throw new IllegalBlockSizeException("SM4-CBC ciphertext is whole 16-byte blocks" + (padding ? ", at least one" : "")
                        + "; " + total + " bytes given");
            }
            byte[] all = new byte[total];
            byte[] plain = new byte[total];
            try {
                System.arraycopy(pending, 0, all, 0, pendingLength);
                System.arraycopy(in, off, all, pendingLength, length);
                if (total > 0) {
                    cipher(all, 0, total, plain, 0);
                }
                int size = padding ? total - padLength(plain, total) : total;
                if (output == null || output.length - outOff < size) {
                    throw new ShortBufferException("the output needs " + size + " bytes");
                }
                System.arraycopy(plain, 0, output, outOff, size);
                return size;
            } finally {
                Arrays.fill(all, (byte) 0);
                Arrays.fill(plain, (byte) 0);
            }
        } finally {
            wipePending();
            chain = iv.clone();
        }
    }

    /**
     * The PKCS#7 padding length of the last block, checked without a branch on the plaintext's
     * bytes: the one branch is on the outcome.
     */
    private static int padLength(byte[] plain, int total) throws BadPaddingException {
        int pad = plain[total - 1] & 0xff;
        // bad is non-zero if pad is 0 or above 16, or any of the last pad bytes differs from pad
        int bad = ((pad - 1) >>> 31) | ((BLOCK - pad) >>> 31);
        for (int i = 1; i <= BLOCK; i++) {
            int inPad = (i - pad - 1) >>> 31; // 1 if i <= pad
            bad |= -inPad & ((plain[total - i] & 0xff) ^ pad);
        }
        if (bad != 0) {
            throw new BadPaddingException("the padding does not check: a wrong key, IV or ciphertext");
        }
        return pad;
    }
}
