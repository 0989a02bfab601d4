package org.shangmi.provider;

import java.util.Set;
import org.shangmi.core.backend.AeadEngine;
import org.shangmi.core.backend.BackendService;

/**
 * Cipher "SM4/GCM/NoPadding": IVs of any length from one byte (12 is the fast path), tags of 96
 * to 128 bits, or 64 and 32 when asked for explicitly. Encryption streams; the rest is
 * {@link Sm4AeadCipherSpi}'s.
 */
final class Sm4GcmCipherSpi extends Sm4AeadCipherSpi {

    private static final Set<Integer> TAG_BITS = Set.of(32, 64, 96, 104, 112, 120, 128);

    private final BackendService backend;
    private AeadEngine engine;
    /** The key the engine was made for, so that a new IV under the same key can keep it. */
    private final EngineKey engineKey = new EngineKey();

    Sm4GcmCipherSpi(BackendService backend, java.security.Provider provider) {
        super("GCM", provider);
        this.backend = backend;
    }

    @Override
    String checkParameters(int tagBits, byte[] iv) {
        if (!TAG_BITS.contains(tagBits)) {
            return "SM4/GCM tags are 128, 120, 112, 104 or 96 bits (or 64, 32), not " + tagBits;
        }
        return iv.length == 0 ? "a GCM IV needs at least one byte" : null;
    }

    @Override
    void newEngine(byte[] key, byte[] iv, int tagBits) {
        if (engine != null && engine.tagLength() == tagBits / 8 && engineKey.matches(key)) {
            engine.reset(iv); // the same key: keep its round keys and H
            return;
        }
        AeadEngine fresh = backend.newSm4Gcm(key, iv, tagBits / 8);
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
    }

    @Override
    void aad(byte[] src, int offset, int len) {
        engine.updateAad(src, offset, len);
    }

    @Override
    boolean streams() {
        return true;
    }

    @Override
    void encryptPart(byte[] in, int inOff, int len, byte[] out, int outOff) {
        engine.encrypt(in, inOff, len, out, outOff);
    }

    @Override
    void seal(byte[] in, int inOff, int len, byte[] out, int outOff) {
        if (len > 0) {
            engine.encrypt(in, inOff, len, out, outOff);
        }
        engine.finishEncryption(out, outOff + len);
    }

    @Override
    boolean open(byte[] in, int inOff, int len, byte[] out, int outOff) {
        int dataLength = len - tagLength();
        return engine.decrypt(in, inOff, dataLength, in, inOff + dataLength, out, outOff);
    }
}
