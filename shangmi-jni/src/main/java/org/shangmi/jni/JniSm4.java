package org.shangmi.jni;

import java.lang.ref.Reference;
import java.util.Arrays;
import java.util.Objects;
import org.shangmi.core.backend.CipherEngine;
import org.shangmi.core.backend.CipherMode;

/**
 * SM4 in one of the basic modes over one reused EVP_CIPHER_CTX, padding off (the provider pads).
 * Lengths, offsets, the key and the IV are checked here before any C call; long inputs go to C in
 * chunks, since both arrays are pinned during a call. {@link #destroy} frees the context, which
 * makes OpenSSL clear its key schedule, at once or, if another thread is inside a call, when that
 * call returns; calls after it throw {@link IllegalStateException}. Not thread-safe otherwise.
 */
final class JniSm4 implements CipherEngine {

    private final CipherMode mode;
    private final boolean encrypt;
    private final byte[] iv;
    private final NativeHandle ctx;

    /**
     * @throws IllegalArgumentException if the key is not 16 bytes, or the IV does not suit the mode
     */
    JniSm4(long cipher, CipherMode mode, boolean encrypt, byte[] key, byte[] iv) {
        if (key.length != 16) {
            throw new IllegalArgumentException("an SM4 key is 16 bytes, got " + key.length);
        }
        mode.checkIv(iv);
        this.mode = mode;
        this.encrypt = encrypt;
        this.iv = iv == null ? null : iv.clone();
        this.ctx = new NativeHandle(this, NativeCrypto.cipherCtxNew(cipher, encrypt, key, this.iv), NativeCrypto::cipherCtxFree);
    }

    @Override
    public int unit() {
        return mode.unit();
    }

    @Override
    public void update(byte[] in, int inOff, int len, byte[] out, int outOff) {
        mode.checkUnits(len);
        Objects.checkFromIndexSize(inOff, len, in.length);
        Objects.checkFromIndexSize(outOff, len, out.length);
        long pointer = ctx.acquire();
        try {
            for (int done = 0; done < len; ) {
                int n = Math.min(len - done, JniDigest.CHUNK);
                int written = NativeCrypto.cipherUpdate(pointer, in, inOff + done, n, out, outOff + done);
                if (written != n) {
                    throw new JniException("EVP_CipherUpdate(SM4-" + mode + ") wrote " + written + " bytes for " + n);
                }
                done += n;
            }
        } finally {
            ctx.release();
            Reference.reachabilityFence(this);
        }
    }

    @Override
    public void reset() {
        long pointer = ctx.acquire();
        try {
            NativeCrypto.cipherRestart(pointer, encrypt, iv);
        } finally {
            ctx.release();
            Reference.reachabilityFence(this);
        }
    }

    @Override
    public void reset(byte[] newIv) {
        mode.checkIv(newIv);
        if (iv != null) {
            System.arraycopy(newIv, 0, iv, 0, iv.length);
        }
        reset();
    }

    @Override
    public void destroy() {
        ctx.close();
        if (iv != null) {
            Arrays.fill(iv, (byte) 0);
        }
    }
}
