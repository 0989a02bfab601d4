package org.shangmi.core.backend;

import java.util.Objects;

/**
 * HMAC over one reused libcrypto EVP_MAC_CTX, whatever the binding: the keyed state and the JCA
 * contract here, the C calls in a subclass (FFM in shangmi-openssl, JNI in shangmi-jni).
 * {@link #destroy} frees the context, and with it OpenSSL's copy of the key; the next
 * {@link #init} makes a new one. Ranges are checked here before any C call. Not thread-safe, but
 * each method reads the context once, and subclasses guard it ({@link LibcryptoGuard}), so that a
 * {@code destroy} racing a call makes it throw {@link IllegalStateException}, never use freed memory.
 *
 * @param <C> the subclass's handle of one EVP_MAC_CTX
 */
public abstract class LibcryptoHmac<C> implements MacEngine {

    private final String algorithm;
    private final int macLength;
    private C ctx;
    private boolean keyed;
    private final byte[] oneByte = new byte[1];

    protected LibcryptoHmac(String algorithm, int macLength) {
        this.algorithm = algorithm;
        this.macLength = macLength;
    }

    /** A new, unkeyed context. */
    protected abstract C newContext();

    /** Keys {@code ctx} with {@code key[off..off+len)} (any length, empty included) and starts a message. */
    protected abstract void key(C ctx, byte[] key, int off, int len);

    protected abstract void update(C ctx, byte[] input, int off, int len);

    /** Writes the tag to {@code out[off..off+macLength)} and starts a new message under the same key. */
    protected abstract void finish(C ctx, byte[] out, int off);

    /** Starts a new message under the key already set. */
    protected abstract void restart(C ctx);

    /** A new context with the key and pending input of {@code ctx}, owned by {@code owner}. */
    protected abstract C duplicate(C ctx, LibcryptoHmac<C> owner);

    /** Frees the context now. */
    protected abstract void free(C ctx);

    /** A new, unkeyed engine of the same kind, for {@link #copy}. */
    protected abstract LibcryptoHmac<C> newEngine();

    @Override
    public final String algorithm() {
        return algorithm;
    }

    @Override
    public final int macLength() {
        return macLength;
    }

    @Override
    public final void init(byte[] key, int off, int len) {
        Objects.checkFromIndexSize(off, len, key.length);
        C context = ctx;
        if (context == null) {
            context = newContext();
            ctx = context;
        }
        keyed = false;
        key(context, key, off, len);
        keyed = true;
    }

    @Override
    public final void update(byte input) {
        oneByte[0] = input;
        update(oneByte, 0, 1);
    }

    @Override
    public final void update(byte[] input, int off, int len) {
        Objects.checkFromIndexSize(off, len, input.length);
        update(keyedContext(), input, off, len);
    }

    @Override
    public final void doFinal(byte[] out, int off) {
        Objects.checkFromIndexSize(off, macLength, out.length);
        finish(keyedContext(), out, off);
    }

    @Override
    public final void reset() {
        C context = ctx;
        if (keyed && context != null) {
            restart(context);
        }
    }

    @Override
    public final MacEngine copy() {
        LibcryptoHmac<C> copy = newEngine();
        C context = ctx;
        if (context != null) {
            copy.ctx = duplicate(context, copy);
            copy.keyed = keyed;
        }
        return copy;
    }

    @Override
    public final void destroy() {
        keyed = false;
        C context = ctx;
        ctx = null;
        if (context != null) {
            free(context);
        }
    }

    /**
     * The context, read once: another thread's {@link #destroy} (a misuse) then makes this call
     * throw {@link IllegalStateException}, here or from the subclass's guard of the C object.
     */
    private C keyedContext() {
        C context = ctx;
        if (!keyed || context == null) {
            throw new IllegalStateException(algorithm + " has no key");
        }
        return context;
    }
}
