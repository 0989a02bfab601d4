package org.shangmi.core.hash;

import java.util.Arrays;
import java.util.Objects;
import org.shangmi.core.backend.MacEngine;

/**
 * HMAC (RFC 2104) over any {@link BlockDigest}. Keying absorbs the inner and outer pad blocks
 * once and keeps those two states, so every message costs only its own blocks plus one outer
 * block, and no allocation.
 *
 * <p>Keys of any length are accepted, the empty key included (RFC 2104 allows it; refusing it
 * is the JCA layer's policy). Keys longer than a block are hashed first.
 *
 * <p>Constant time in the key and message values. Key-derived state is wiped by
 * {@link #destroy()} and replaced on every {@link #init}.
 */
public final class Hmac implements MacEngine {

    private static final byte IPAD = 0x36;
    private static final byte OPAD = 0x5c;

    private final String algorithm;
    private final BlockDigest inner;
    private final BlockDigest outer;
    private final BlockDigest innerKeyed;
    private final BlockDigest outerKeyed;
    private final byte[] innerHash;
    /** The key block while {@link #init} works on it; zeros otherwise. */
    private final byte[] pad;
    private boolean keyed;

    /**
     * @param digest a digest this HMAC takes over; its current input is discarded
     * @param algorithm the MAC's name, for example {@code "HmacSM3"}
     */
    public Hmac(BlockDigest digest, String algorithm) {
        this.algorithm = Objects.requireNonNull(algorithm, "algorithm");
        digest.reset();
        this.inner = digest;
        this.outer = digest.copy();
        this.innerKeyed = digest.copy();
        this.outerKeyed = digest.copy();
        this.innerHash = new byte[digest.digestLength()];
        this.pad = new byte[digest.blockLength()];
    }

    private Hmac(Hmac source) {
        this.algorithm = source.algorithm;
        this.inner = source.inner.copy();
        this.outer = source.outer.copy();
        this.innerKeyed = source.innerKeyed.copy();
        this.outerKeyed = source.outerKeyed.copy();
        this.innerHash = new byte[source.innerHash.length];
        this.pad = new byte[source.pad.length];
        this.keyed = source.keyed;
    }

    @Override
    public String algorithm() {
        return algorithm;
    }

    @Override
    public int macLength() {
        return innerHash.length;
    }

    @Override
    public void init(byte[] key, int off, int len) {
        Objects.checkFromIndexSize(off, len, key.length);
        int blockLength = pad.length;
        try {
            if (len > blockLength) {
                inner.reset();
                inner.update(key, off, len);
                inner.digest(pad, 0);
            } else {
                System.arraycopy(key, off, pad, 0, len);
            }
            for (int i = 0; i < blockLength; i++) {
                pad[i] ^= IPAD;
            }
            innerKeyed.reset();
            innerKeyed.update(pad, 0, blockLength);
            for (int i = 0; i < blockLength; i++) {
                pad[i] ^= (byte) (IPAD ^ OPAD);
            }
            outerKeyed.reset();
            outerKeyed.update(pad, 0, blockLength);
        } finally {
            Arrays.fill(pad, (byte) 0);
        }
        inner.restore(innerKeyed);
        keyed = true;
    }

    @Override
    public void update(byte input) {
        requireKey();
        inner.update(input);
    }

    @Override
    public void update(byte[] input, int off, int len) {
        requireKey();
        inner.update(input, off, len);
    }

    /** Convenience for whole arrays. */
    public void update(byte[] input) {
        update(input, 0, input.length);
    }

    @Override
    public void doFinal(byte[] out, int off) {
        requireKey();
        Objects.checkFromIndexSize(off, innerHash.length, out.length);
        inner.digest(innerHash, 0);
        outer.restore(outerKeyed);
        outer.update(innerHash, 0, innerHash.length);
        outer.digest(out, off);
        Arrays.fill(innerHash, (byte) 0);
        inner.restore(innerKeyed);
    }

    /** Convenience: the tag as a new array. */
    public byte[] doFinal() {
        byte[] out = new byte[macLength()];
        doFinal(out, 0);
        return out;
    }

    @Override
    public void reset() {
        if (keyed) {
            inner.restore(innerKeyed);
        } else {
            inner.reset();
        }
    }

    @Override
    public Hmac copy() {
        return new Hmac(this);
    }

    @Override
    public void destroy() {
        keyed = false;
        inner.reset();
        outer.reset();
        innerKeyed.reset();
        outerKeyed.reset();
        Arrays.fill(innerHash, (byte) 0);
    }

    private void requireKey() {
        if (!keyed) {
            throw new IllegalStateException(algorithm + " has no key");
        }
    }
}
