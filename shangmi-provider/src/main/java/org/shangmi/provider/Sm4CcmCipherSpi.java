package org.shangmi.provider;

import java.util.Arrays;
import javax.crypto.IllegalBlockSizeException;
import org.shangmi.core.backend.BackendService;
import org.shangmi.core.backend.CcmEngine;

/**
 * Cipher "SM4/CCM/NoPadding" (as Bouncy Castle names it): a {@link javax.crypto.spec.GCMParameterSpec}
 * carries the nonce (7 to 13 bytes; 12 by default) and the tag length (32 to 128 bits in steps
 * of 16). CCM needs the message length before its first block, so encryption too keeps
 * everything until {@code doFinal}; the rest is {@link Sm4AeadCipherSpi}'s.
 */
final class Sm4CcmCipherSpi extends Sm4AeadCipherSpi {

    private final BackendService backend;
    private CcmEngine engine;
    private final EngineKey engineKey = new EngineKey();
    private byte[] aad = new byte[0];
    private int aadLength;

    Sm4CcmCipherSpi(BackendService backend, java.security.Provider provider) {
        super("CCM", provider);
        this.backend = backend;
    }

    @Override
    String checkParameters(int tagBits, byte[] iv) {
        if (tagBits < 32 || tagBits > 128 || tagBits % 16 != 0) {
            return "SM4/CCM tags are 32, 48, ..., 128 bits, not " + tagBits;
        }
        return iv.length < 7 || iv.length > 13 ? "a CCM nonce is 7 to 13 bytes, got " + iv.length : null;
    }

    @Override
    void newEngine(byte[] key, byte[] iv, int tagBits) {
        if (engine != null && engineKey.matches(key)) {
            clearAad(); // the same key: keep its round keys (the nonce goes with each message)
            return;
        }
        CcmEngine fresh = backend.newSm4Ccm(key);
        destroyEngine();
        engine = fresh;
        engineKey.remember(key);
    }

    @Override
    void destroyEngine() {
        if (engine != null) {
            engine.destroy();
            engine = null;
        }
        engineKey.forget();
        clearAad();
    }

    @Override
    void aad(byte[] src, int offset, int len) {
        if (len > aad.length - aadLength) {
            aad = Arrays.copyOf(aad, Math.max(Math.addExact(aadLength, len), 2 * aad.length));
        }
        System.arraycopy(src, offset, aad, aadLength, len);
        aadLength += len;
    }

    @Override
    boolean streams() {
        return false;
    }

    @Override
    void encryptPart(byte[] in, int inOff, int len, byte[] out, int outOff) {
        throw new IllegalStateException("CCM encrypts in doFinal only");
    }

    @Override
    void seal(byte[] in, int inOff, int len, byte[] out, int outOff) throws IllegalBlockSizeException {
        try {
            engine.seal(iv(), tagLength(), aad, 0, aadLength, in, inOff, len, out, outOff);
        } catch (IllegalArgumentException e) {
            throw new IllegalBlockSizeException("SM4/CCM: " + e.getMessage());
        } finally {
            clearAad();
        }
    }

    @Override
    boolean open(byte[] in, int inOff, int len, byte[] out, int outOff) {
        try {
            return engine.open(iv(), tagLength(), aad, 0, aadLength, in, inOff, len, out, outOff);
        } catch (IllegalArgumentException e) {
            return false; // a message too long for the nonce's length field cannot carry a valid tag
        } finally {
            clearAad();
        }
    }

    private void clearAad() {
        Arrays.fill(aad, 0, aadLength, (byte) 0);
        aadLength = 0;
    }
}
