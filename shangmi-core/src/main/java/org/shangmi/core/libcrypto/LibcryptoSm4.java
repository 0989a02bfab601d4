package org.shangmi.core.libcrypto;

import java.lang.ref.Reference;
import java.util.Arrays;
import java.util.Objects;
import org.shangmi.core.backend.CipherEngine;
import org.shangmi.core.backend.CipherMode;

/**
 * SM4 in one of the basic modes over one reused libcrypto EVP_CIPHER_CTX, padding off (the
 * provider pads), whatever the binding: the checks and the JCA contract here, the C calls in the
 * binding's {@link Calls}. The key, the IV, lengths and offsets are checked before any C call;
 * long inputs go to C in chunks of {@link LibcryptoBackend#CHUNK} bytes. {@link #destroy} frees the
 * context, which makes OpenSSL clear its key schedule, at once or, if another thread is inside a
 * call, when that call returns; calls after it throw {@link IllegalStateException}. Not
 * thread-safe otherwise.
 *
 * @param <C> the binding's handle of one EVP_CIPHER_CTX
 */
public final class LibcryptoSm4<C> implements CipherEngine {

    /** The C calls of one binding on contexts of libcrypto's SM4 in one mode. */
    public interface Calls<C> {
        /** A context keyed with {@code key} (16 bytes) and {@code iv} (16 bytes; null for ECB), padding off. */
        C newContext(boolean encrypt, byte[] key, byte[] iv);

        /**
         * Transforms {@code in[inOff..inOff+len)} into {@code out[outOff..)} (checked ranges, at most
         * {@link LibcryptoBackend#CHUNK} bytes, whole units of the mode; in and out may be the same
         * range) and returns the bytes written.
         */
        int update(C ctx, byte[] in, int inOff, int len, byte[] out, int outOff);

        /** Starts over with the same key and {@code iv} (null for ECB). */
        void restart(C ctx, boolean encrypt, byte[] iv);

        /** Frees the context once no call holds it; later calls throw {@link IllegalStateException}. */
        void free(C ctx);
    }

    private final Calls<C> calls;
    private final CipherMode mode;
    private final boolean encrypt;
    private final byte[] iv;
    private final C ctx;

    /**
     * @throws IllegalArgumentException if the key is not 16 bytes, or the IV does not suit the mode
     */
    LibcryptoSm4(Calls<C> calls, CipherMode mode, boolean encrypt, byte[] key, byte[] iv) {
        if (key.length != 16) {
            throw new IllegalArgumentException("an SM4 key is 16 bytes, got " + key.length);
        }
        mode.checkIv(iv);
        this.calls = calls;
        this.mode = mode;
        this.encrypt = encrypt;
        this.iv = iv == null ? null : iv.clone();
        this.ctx = calls.newContext(encrypt, key, this.iv);
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
        try {
            for (int done = 0; done < len; ) {
                int n = Math.min(len - done, LibcryptoBackend.CHUNK);
                int written = calls.update(ctx, in, inOff + done, n, out, outOff + done);
                if (written != n) {
                    throw new LibcryptoException("EVP_CipherUpdate(SM4-" + mode + ") wrote " + written + " bytes for " + n);
                }
                done += n;
            }
        } finally {
            Reference.reachabilityFence(this);
        }
    }

    @Override
    public void reset() {
        try {
            calls.restart(ctx, encrypt, iv);
        } finally {
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
        calls.free(ctx);
        if (iv != null) {
            Arrays.fill(iv, (byte) 0);
        }
    }
}
