package org.shangmi.provider;

import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.Key;
import java.security.NoSuchAlgorithmException;
import java.security.Provider;
import java.security.SecureRandom;
import java.security.spec.AlgorithmParameterSpec;
import java.util.Arrays;
import java.util.Locale;
import javax.crypto.BadPaddingException;
import javax.crypto.Cipher;
import javax.crypto.IllegalBlockSizeException;
import javax.crypto.NoSuchPaddingException;
import javax.crypto.ShortBufferException;
import javax.crypto.spec.IvParameterSpec;
import org.shangmi.core.backend.BackendService;
import org.shangmi.core.backend.CbcMessagesEngine;
import org.shangmi.core.backend.CipherEngine;
import org.shangmi.core.backend.CipherMode;
import org.shangmi.provider.spec.Sm4CbcMessagesParameterSpec;

/**
 * Cipher "SM4" in ECB, CBC, CTR, CFB (CFB-128, also named CFB128), CFB8 and OFB (OFB-128, also
 * named OFB128), with NoPadding or PKCS5Padding (= PKCS7Padding: the same padding to 16 bytes
 * under both names). "SM4" alone is SM4/ECB/PKCS5Padding, as "AES" is for the JDK; CTR, CFB and
 * OFB take no padding.
 *
 * <p>The backend's engine sees whole blocks (or any length, for CTR); this class buffers partial
 * blocks, pads and unpads, picks or checks the IV, and follows the JCA's rules: a random IV when
 * encrypting without one, an error when decrypting without one, {@link ShortBufferException}
 * before any state changes, {@link BadPaddingException} with nothing written, and after
 * {@code doFinal} the state of {@code init} again (same key and IV). The key and the engine's
 * round keys are wiped on re-init.
 *
 * <p>CBC encryption without padding also takes a {@link Sm4CbcMessagesParameterSpec}: several
 * messages, each with its own IV, encrypted side by side in one {@code doFinal} (the input kept
 * until then).
 */
final class Sm4CipherSpi extends Sm4BaseCipherSpi {

    private static final int BLOCK = 16;

    private final BackendService backend;
    private CipherMode mode = CipherMode.ECB;
    private Boolean padding; // null: the mode's default (PKCS#7 for ECB and CBC, none for CTR)
    private CipherEngine engine;
    /** The mode and key the engine was made for, so that re-initialising with the same key can keep it. */
    private CipherMode engineMode;
    private final EngineKey engineKey = new EngineKey();
    private boolean encrypting;
    /** Input not yet passed to the engine: a partial block, or when unpadding, up to one whole block. */
    private final byte[] buffer = new byte[BLOCK];
    private int buffered;
    /** Initialised with a {@link Sm4CbcMessagesParameterSpec}: the messages, their engine and their input so far. */
    private Sm4CbcMessagesParameterSpec messages;
    private CbcMessagesEngine messagesEngine;
    private final EngineKey messagesKey = new EngineKey();
    private final InputBuffer messagesInput = new InputBuffer();

    Sm4CipherSpi(BackendService backend, Provider provider) {
        super("SM4", IvParameterSpec.class, provider);
        this.backend = backend;
    }

    @Override
    protected void engineSetMode(String name) throws NoSuchAlgorithmException {
        CipherMode requested = modeNamed(name.toUpperCase(Locale.ROOT));
        if (requested == null) {
            throw new NoSuchAlgorithmException("SM4 mode " + name
                    + " is not supported: use ECB, CBC, CTR, CFB (= CFB128), CFB8 or OFB (= OFB128)");
        }
        if (requested.unit() == 1 && Boolean.TRUE.equals(padding)) {
            throw new NoSuchAlgorithmException("SM4/" + name + " takes no padding");
        }
        mode = requested;
    }

    /** The mode of a JDK-style name (CFB and OFB with an optional feedback size, as the JDK names AES's), or null. */
    private static CipherMode modeNamed(String name) {
        return switch (name) {
            case "ECB" -> CipherMode.ECB;
            case "CBC" -> CipherMode.CBC;
            case "CTR" -> CipherMode.CTR;
            case "CFB", "CFB128" -> CipherMode.CFB;
            case "CFB8" -> CipherMode.CFB8;
            case "OFB", "OFB128" -> CipherMode.OFB;
            default -> null;
        };
    }

    @Override
    protected void engineSetPadding(String name) throws NoSuchPaddingException {
        switch (name.toUpperCase(Locale.ROOT)) {
            case "NOPADDING" -> padding = false;
            case "PKCS5PADDING", "PKCS7PADDING" -> {
                if (mode.unit() == 1) {
                    throw new NoSuchPaddingException("SM4/" + mode + " takes no padding: use NoPadding");
                }
                padding = true;
            }
            default -> throw new NoSuchPaddingException("SM4 padding " + name
                    + " is not supported: use NoPadding, PKCS5Padding or PKCS7Padding");
        }
    }

    private boolean padded() {
        return padding == null ? mode.unit() == BLOCK : padding;
    }

    @Override
    protected int engineGetOutputSize(int inputLen) {
        if (messages != null) {
            return (int) Math.min(Integer.MAX_VALUE, (long) messagesInput.length() + Math.max(inputLen, 0));
        }
        long total = (long) buffered + Math.max(inputLen, 0);
        if (encrypting && padded()) {
            total = (total / BLOCK + 1) * BLOCK;
        }
        return (int) Math.min(Integer.MAX_VALUE, total);
    }

    @Override
    protected void engineInit(int opmode, Key key, AlgorithmParameterSpec params, SecureRandom random)
            throws InvalidKeyException, InvalidAlgorithmParameterException {
        boolean encrypt = encrypts(opmode);
        if (params instanceof Sm4CbcMessagesParameterSpec spec) {
            initMessages(encrypt, key, spec);
            return;
        }
        byte[] newIv = null;
        if (params != null) {
            if (!(params instanceof IvParameterSpec ivSpec)) {
                throw new InvalidAlgorithmParameterException("SM4 takes an IvParameterSpec, not "
                        + params.getClass().getName());
            }
            if (!mode.needsIv()) {
                throw new InvalidAlgorithmParameterException("SM4/" + mode + " takes no IV");
            }
            newIv = ivSpec.getIV();
            if (newIv.length != BLOCK) {
                throw new InvalidAlgorithmParameterException("an SM4 IV is 16 bytes, got " + newIv.length);
            }
        } else if (mode.needsIv()) {
            if (!encrypt) {
                throw new InvalidKeyException("SM4/" + mode + " decryption needs the IV: pass an IvParameterSpec");
            }
            newIv = new byte[BLOCK];
            (random != null ? random : new SecureRandom()).nextBytes(newIv);
        }
        byte[] rawKey = rawKey(key);
        forgetMessages();
        try {
            if (engine != null && engineMode == mode && encrypting == encrypt
                    && engineKey.matches(rawKey)) {
                engine.reset(newIv); // the same key: keep its round keys
                Arrays.fill(buffer, (byte) 0);
                buffered = 0;
            } else {
                CipherEngine fresh = backend.newSm4(mode, encrypt, rawKey, newIv);
                destroyEngine();
                engine = fresh;
                engineMode = mode;
                engineKey.remember(rawKey);
            }
        } finally {
            Arrays.fill(rawKey, (byte) 0);
        }
        encrypting = encrypt;
        setIv(newIv);
    }

    private void initMessages(boolean encrypt, Key key, Sm4CbcMessagesParameterSpec spec)
            throws InvalidKeyException, InvalidAlgorithmParameterException {
        if (mode != CipherMode.CBC || padded() || !encrypt) {
            throw new InvalidAlgorithmParameterException("a Sm4CbcMessagesParameterSpec is for SM4/CBC/NoPadding encryption, not "
                    + (encrypt ? "SM4/" + mode + (padded() ? "/PKCS5Padding" : "/NoPadding") : "decryption"));
        }
        byte[] rawKey = rawKey(key);
        try {
            if (messagesEngine == null || !messagesKey.matches(rawKey)) {
                CbcMessagesEngine fresh = backend.newSm4CbcMessages(rawKey);
                destroyEngine();
                forgetMessages();
                messagesEngine = fresh;
                messagesKey.remember(rawKey);
            }
        } finally {
            Arrays.fill(rawKey, (byte) 0);
        }
        messagesInput.clear();
        messages = spec;
        encrypting = true;
        setIv(null);
    }

    /** Destroys the messages' engine, if any, and leaves the messages' mode. */
    private void forgetMessages() {
        if (messagesEngine != null) {
            messagesEngine.destroy();
            messagesEngine = null;
        }
        messagesKey.forget();
        messagesInput.clear();
        messages = null;
    }

    static byte[] rawKey(Key key) throws InvalidKeyException {
        if (key == null) {
            throw new InvalidKeyException("no key");
        }
        if (!"RAW".equalsIgnoreCase(key.getFormat())) {
            throw new InvalidKeyException("SM4 needs a secret key in RAW format, got " + key.getFormat());
        }
        byte[] encoded = key.getEncoded();
        if (encoded == null || encoded.length != BLOCK) {
            if (encoded != null) {
                Arrays.fill(encoded, (byte) 0);
            }
            throw new InvalidKeyException("an SM4 key is 16 bytes (128 bits), got "
                    + (encoded == null ? "none" : encoded.length + " bytes"));
        }
        return encoded;
    }

    @Override
    protected byte[] engineUpdate(byte[] input, int inputOffset, int inputLen) {
        checkInput(input, inputOffset, inputLen);
        if (messages != null) {
            keepMessageInput(input, inputOffset, inputLen);
            return new byte[0];
        }
        byte[] out = new byte[updateLength(inputLen)];
        int written = update(input, inputOffset, inputLen, out, 0);
        return written == out.length ? out : Arrays.copyOf(out, written);
    }

    @Override
    protected int engineUpdate(byte[] input, int inputOffset, int inputLen, byte[] output, int outputOffset)
            throws ShortBufferException {
        checkInput(input, inputOffset, inputLen);
        if (messages != null) {
            keepMessageInput(input, inputOffset, inputLen);
            return 0;
        }
        int needed = updateLength(inputLen);
        checkOutput(output, outputOffset, needed);
        return update(input, inputOffset, inputLen, output, outputOffset);
    }

    @Override
    protected byte[] engineDoFinal(byte[] input, int inputOffset, int inputLen)
            throws IllegalBlockSizeException, BadPaddingException {
        checkInput(input, inputOffset, inputLen);
        byte[] out = new byte[engineGetOutputSize(inputLen)];
        int written;
        try {
            written = doFinal(input, inputOffset, inputLen, out, 0);
        } catch (ShortBufferException e) {
            throw new IllegalStateException("the output was sized by getOutputSize", e);
        }
        if (written == out.length) {
            return out;
        }
        byte[] result = Arrays.copyOf(out, written);
        Arrays.fill(out, (byte) 0);
        return result;
    }

    @Override
    protected int engineDoFinal(byte[] input, int inputOffset, int inputLen, byte[] output, int outputOffset)
            throws ShortBufferException, IllegalBlockSizeException, BadPaddingException {
        checkInput(input, inputOffset, inputLen);
        return doFinal(input, inputOffset, inputLen, output, outputOffset);
    }

    @Override
    protected int engineGetKeySize(Key key) throws InvalidKeyException {
        byte[] raw = rawKey(key);
        Arrays.fill(raw, (byte) 0);
        return 128;
    }

    /** Bytes the next update of {@code inputLen} bytes writes. */
    private int updateLength(int inputLen) {
        checkInitialized();
        if (mode.unit() == 1) {
            return inputLen;
        }
        long total = (long) buffered + inputLen;
        long blocks = total / BLOCK;
        if (!encrypting && padded() && total % BLOCK == 0 && blocks > 0) {
            blocks--; // the last block may be padding: keep it for doFinal
        }
        return (int) (blocks * BLOCK);
    }

    private int update(byte[] input, int inputOffset, int inputLen, byte[] output, int outputOffset) {
        if (inputLen == 0) {
            return 0;
        }
        byte[] source = separate(input, inputOffset, inputLen, output, outputOffset, buffered != 0);
        if (mode.unit() == 1) {
            engine.update(source, source == input ? inputOffset : 0, inputLen, output, outputOffset);
            return inputLen;
        }
        int out = updateLength(inputLen);
        int sourceOffset = source == input ? inputOffset : 0;
        int written = 0;
        int consumed = 0;
        if (out > 0 && buffered > 0) {
            // complete the buffered block first
            int take = BLOCK - buffered;
            System.arraycopy(source, sourceOffset, buffer, buffered, take);
            engine.update(buffer, 0, BLOCK, output, outputOffset);
            buffered = 0;
            consumed = take;
            written = BLOCK;
        }
        int direct = out - written;
        if (direct > 0) {
            engine.update(source, sourceOffset + consumed, direct, output, outputOffset + written);
            consumed += direct;
            written += direct;
        }
        int rest = inputLen - consumed;
        System.arraycopy(source, sourceOffset + consumed, buffer, buffered, rest);
        buffered += rest;
        if (source != input) {
            Arrays.fill(source, (byte) 0);
        }
        return written;
    }

    private void keepMessageInput(byte[] input, int inputOffset, int inputLen) {
        if (inputLen == 0) {
            return;
        }
        if ((long) messagesInput.length() + inputLen > messages.totalLength()) {
            throw new IllegalStateException("the messages total " + messages.totalLength() + " bytes; "
                    + ((long) messagesInput.length() + inputLen) + " bytes is more");
        }
        messagesInput.append(input, inputOffset, inputLen);
    }

    private int doFinalMessages(byte[] input, int inputOffset, int inputLen, byte[] output, int outputOffset)
            throws ShortBufferException, IllegalBlockSizeException {
        long total = (long) messagesInput.length() + inputLen;
        if (total != messages.totalLength()) {
            messagesInput.clear();
            throw new IllegalBlockSizeException("the messages total " + messages.totalLength() + " bytes, got " + total);
        }
        checkOutput(output, outputOffset, total);
        byte[] source;
        int sourceOffset;
        if (messagesInput.length() == 0) {
            source = inputLen == 0 ? new byte[0] : separate(input, inputOffset, inputLen, output, outputOffset, false);
            sourceOffset = source == input ? inputOffset : 0;
        } else {
            if (inputLen > 0) {
                messagesInput.append(input, inputOffset, inputLen);
            }
            source = messagesInput.bytes();
            sourceOffset = 0;
        }
        try {
            int[] lengths = messages.getLengths();
            messagesEngine.encrypt(messages.getIvs(), lengths, lengths.length, source, sourceOffset, output, outputOffset);
        } finally {
            if (source != input && source != messagesInput.bytes()) {
                Arrays.fill(source, (byte) 0);
            }
            messagesInput.clear();
        }
        return (int) total;
    }

    private int doFinal(byte[] input, int inputOffset, int inputLen, byte[] output, int outputOffset)
            throws ShortBufferException, IllegalBlockSizeException, BadPaddingException {
        if (messages != null) {
            return doFinalMessages(input, inputOffset, inputLen, output, outputOffset);
        }
        checkInitialized();
        long total = (long) buffered + inputLen;
        boolean padded = padded();
        if (mode.unit() == BLOCK && !(encrypting && padded) && total % BLOCK != 0) {
            throw new IllegalBlockSizeException("SM4/" + mode + (padded ? " decryption" : "/NoPadding")
                    + " needs whole 16-byte blocks, got " + total + " bytes");
        }
        if (!encrypting && padded && total == 0) {
            throw new IllegalBlockSizeException("SM4 decryption with padding needs at least one block");
        }
        checkOutput(output, outputOffset, engineGetOutputSize(inputLen));
        try {
            if (mode.unit() == 1) {
                return update(input, inputOffset, inputLen, output, outputOffset);
            }
            if (encrypting) {
                int written = update(input, inputOffset, inputLen, output, outputOffset);
                if (padded) {
                    int pad = BLOCK - buffered;
                    Arrays.fill(buffer, buffered, BLOCK, (byte) pad);
                    engine.update(buffer, 0, BLOCK, output, outputOffset + written);
                    written += BLOCK;
                }
                return written;
            }
            if (!padded) {
                return update(input, inputOffset, inputLen, output, outputOffset);
            }
            // decryption with padding: into scratch space, released only once the padding checks out
            byte[] plain = new byte[(int) total];
            try {
                int written = update(input, inputOffset, inputLen, plain, 0);
                engine.update(buffer, 0, BLOCK, plain, written);
                int pad = paddingLength(plain, written);
                if (pad < 0) {
                    throw new BadPaddingException("SM4: the padding of the last block is not valid PKCS#7");
                }
                int length = written + BLOCK - pad;
                System.arraycopy(plain, 0, output, outputOffset, length);
                return length;
            } finally {
                Arrays.fill(plain, (byte) 0);
            }
        } finally {
            resetState();
        }
    }

    /**
     * The PKCS#7 padding length of the block (1..16), or −1 if invalid, examining all 16 bytes
     * whatever they hold.
     */
    private static int paddingLength(byte[] plain, int off) {
        int pad = plain[off + BLOCK - 1] & 0xff;
        int bad = ((pad - 1) >>> 31) | ((BLOCK - pad) >>> 31); // pad == 0 or pad > 16
        for (int i = 0; i < BLOCK; i++) {
            int inPadding = ((BLOCK - 1 - i) - pad) >>> 31; // 1 when i >= 16 - pad
            bad |= inPadding & (((plain[off + i] & 0xff) ^ pad) + 0xff) >>> 8;
        }
        return bad == 0 ? pad : -1;
    }

    private void resetState() {
        engine.reset();
        Arrays.fill(buffer, (byte) 0);
        buffered = 0;
    }

    private void checkInitialized() {
        if (engine == null) {
            throw new IllegalStateException("the Cipher is not initialised");
        }
    }

    private void destroyEngine() {
        if (engine != null) {
            engine.destroy();
            engine = null;
        }
        engineKey.forget();
        Arrays.fill(buffer, (byte) 0);
        buffered = 0;
    }
}
