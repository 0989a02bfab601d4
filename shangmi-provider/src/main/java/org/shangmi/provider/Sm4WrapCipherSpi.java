package org.shangmi.provider;

import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.Key;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.security.spec.AlgorithmParameterSpec;
import java.util.Arrays;
import java.util.Locale;
import javax.crypto.BadPaddingException;
import javax.crypto.IllegalBlockSizeException;
import javax.crypto.NoSuchPaddingException;
import javax.crypto.ShortBufferException;
import javax.crypto.spec.IvParameterSpec;
import org.shangmi.core.backend.BackendService;
import org.shangmi.core.backend.CipherEngine;
import org.shangmi.core.backend.CipherMode;
import org.shangmi.core.sm4.BlockFunction;
import org.shangmi.core.sm4.KeyWrap;

/**
 * {@code Cipher} "SM4WRAP" (RFC 3394's key wrap, also "SM4/KW/NoPadding") and "SM4WRAPPAD"
 * (RFC 5649's with padding, also "SM4/KWP/NoPadding"), as Bouncy Castle names them, over the
 * SM4 block of the backend that serves SM4. Like the JDK's AES key wrap: {@code wrap}/{@code unwrap}
 * and {@code doFinal} (input buffered until then; {@code update} returns nothing), the RFCs'
 * default IVs only, and an integrity failure thrown as the JDK 17 to 25 throw it for AES/KW:
 * {@link IllegalBlockSizeException} ("Integrity check failed") from {@code doFinal} and
 * {@link InvalidKeyException} from {@code unwrap}, with nothing released.
 */
final class Sm4WrapCipherSpi extends Sm4BaseCipherSpi {

    private static final int KEY_BYTES = 16;

    private final BackendService backend;
    private final boolean padded;
    private final String name;
    private CipherEngine engine;
    private final EngineKey engineKey = new EngineKey();
    private boolean encrypting;
    private boolean initialized;
    /** Input held until doFinal (keys: short), wiped whenever it is emptied or grows. */
    private byte[] buffer = new byte[64];
    private int buffered;

    Sm4WrapCipherSpi(BackendService backend, boolean padded, java.security.Provider provider) {
        super(padded ? "SM4WRAPPAD" : "SM4WRAP", IvParameterSpec.class, provider);
        this.backend = backend;
        this.padded = padded;
        this.name = padded ? "SM4WRAPPAD" : "SM4WRAP";
    }

    @Override
    protected void engineSetMode(String mode) throws NoSuchAlgorithmException {
        String upper = mode.toUpperCase(Locale.ROOT);
        if (!upper.equals(padded ? "KWP" : "KW") && !upper.equals("ECB")) {
            throw new NoSuchAlgorithmException(name + " has no mode " + mode + " (it is " + (padded ? "KWP" : "KW") + ")");
        }
    }

    @Override
    protected void engineSetPadding(String padding) throws NoSuchPaddingException {
        if (!padding.equalsIgnoreCase("NoPadding")) {
            throw new NoSuchPaddingException(name + " takes no padding scheme, not " + padding
                    + (padded ? "" : " (for keys of other lengths, use SM4WRAPPAD)"));
        }
    }

    @Override
    protected void engineInit(int opmode, Key key, AlgorithmParameterSpec params, SecureRandom random)
            throws InvalidKeyException, InvalidAlgorithmParameterException {
        boolean encrypt = encrypts(opmode);
        if (params != null) {
            throw new InvalidAlgorithmParameterException(name + " uses the default IV of RFC " + (padded ? "5649" : "3394")
                    + " and takes no parameters");
        }
        byte[] rawKey = Sm4CipherSpi.rawKey(key);
        try {
            if (engine == null || encrypting != encrypt || !engineKey.matches(rawKey)) {
                CipherEngine fresh = backend.newSm4(CipherMode.ECB, encrypt, rawKey, null);
                destroyEngine();
                engine = fresh;
                engineKey.remember(rawKey);
            }
        } finally {
            Arrays.fill(rawKey, (byte) 0);
        }
        encrypting = encrypt;
        initialized = true;
        clearBuffer();
    }

    @Override
    protected int engineGetOutputSize(int inputLen) {
        long total = (long) buffered + Math.max(inputLen, 0);
        long size = encrypting ? KeyWrap.wrappedLength(total, padded) : Math.max(0, total - 8);
        return (int) Math.min(Integer.MAX_VALUE, size);
    }

    @Override
    protected int engineGetKeySize(Key key) throws InvalidKeyException {
        Arrays.fill(Sm4CipherSpi.rawKey(key), (byte) 0);
        return 8 * KEY_BYTES;
    }

    @Override
    protected byte[] engineUpdate(byte[] input, int inputOffset, int inputLen) {
        checkInput(input, inputOffset, inputLen);
        checkInitialized();
        append(input, inputOffset, inputLen);
        return new byte[0];
    }

    @Override
    protected int engineUpdate(byte[] input, int inputOffset, int inputLen, byte[] output, int outputOffset) {
        engineUpdate(input, inputOffset, inputLen);
        return 0;
    }

    @Override
    protected byte[] engineDoFinal(byte[] input, int inputOffset, int inputLen)
            throws IllegalBlockSizeException, BadPaddingException {
        checkInput(input, inputOffset, inputLen);
        checkInitialized();
        byte[] all = collect(input, inputOffset, inputLen);
        try {
            return transform(all);
        } finally {
            Arrays.fill(all, (byte) 0);
        }
    }

    @Override
    protected int engineDoFinal(byte[] input, int inputOffset, int inputLen, byte[] output, int outputOffset)
            throws ShortBufferException, IllegalBlockSizeException, BadPaddingException {
        checkInput(input, inputOffset, inputLen);
        checkInitialized();
        // unwrapping, the key's length is known only at the end: room for the most it can be
        checkOutput(output, outputOffset, engineGetOutputSize(inputLen));
        byte[] all = collect(input, inputOffset, inputLen);
        byte[] result = null;
        try {
            result = transform(all);
            System.arraycopy(result, 0, output, outputOffset, result.length);
            return result.length;
        } finally {
            Arrays.fill(all, (byte) 0);
            if (result != null) {
                Arrays.fill(result, (byte) 0);
            }
        }
    }

    /** The buffered input and {@code input} in one array; the buffer is emptied (the state of init again). */
    private byte[] collect(byte[] input, int inputOffset, int inputLen) {
        append(input, inputOffset, inputLen);
        byte[] all = Arrays.copyOf(buffer, buffered);
        clearBuffer();
        return all;
    }

    private void append(byte[] input, int inputOffset, int inputLen) {
        if (inputLen == 0) {
            return;
        }
        if (inputLen > buffer.length - buffered) {
            long wanted = Math.max(2L * buffer.length, (long) buffered + inputLen);
            if (wanted > Integer.MAX_VALUE - 16) {
                throw new IllegalStateException(name + " holds at most 2 GiB until doFinal");
            }
            byte[] larger = Arrays.copyOf(buffer, (int) wanted);
            Arrays.fill(buffer, (byte) 0);
            buffer = larger;
        }
        System.arraycopy(input, inputOffset, buffer, buffered, inputLen);
        buffered += inputLen;
    }

    private byte[] transform(byte[] all) throws IllegalBlockSizeException {
        BlockFunction block = (in, inOff, out, outOff) -> engine.update(in, inOff, 16, out, outOff);
        if (encrypting) {
            if (padded ? all.length < 1 || all.length > KeyWrap.MAX_KWP_INPUT : !KeyWrap.wrappable(all.length)) {
                throw new IllegalBlockSizeException(name + " wraps " + (padded ? "1 byte or more" : "a multiple of 8 bytes, at "
                        + "least 16 (SM4WRAPPAD takes any length)") + "; got " + all.length);
            }
            return padded ? KeyWrap.wrapPadded(block, all, 0, all.length) : KeyWrap.wrap(block, all, 0, all.length);
        }
        if (!KeyWrap.unwrappable(all.length, padded)) {
            throw new IllegalBlockSizeException(name + " unwraps a multiple of 8 bytes, at least " + (padded ? 16 : 24)
                    + "; got " + all.length);
        }
        byte[] key = padded ? KeyWrap.unwrapPadded(block, all, 0, all.length) : KeyWrap.unwrap(block, all, 0, all.length);
        if (key == null) {
            throw new IllegalBlockSizeException("Integrity check failed: not wrapped with this key by " + name);
        }
        return key;
    }

    private void checkInitialized() {
        if (!initialized) {
            throw new IllegalStateException(name + " is not initialised");
        }
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
        engineKey.forget();
    }
}
