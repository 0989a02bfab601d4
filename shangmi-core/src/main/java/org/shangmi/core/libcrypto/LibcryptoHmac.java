package org.shangmi.core.libcrypto;

import java.lang.ref.Reference;
import java.util.Arrays;
import java.util.Objects;
import org.shangmi.core.backend.MacEngine;
import org.shangmi.core.sm3.Sm3;

/**
 * HMAC-SM3 over one reused libcrypto EVP_MAC_CTX, whatever the binding: the keyed state and the JCA
 * contract here, the C calls in the binding's {@link Calls}. {@link #destroy} frees the context,
 * and with it OpenSSL's copy of the key; the next {@link #init} makes a new one. Ranges are
 * checked here before any C call; long inputs go to C in chunks of {@link LibcryptoBackend#CHUNK}
 * bytes. Not thread-safe, but each method reads the context once, and the bindings guard it
 * ({@link LibcryptoGuard}), so that a {@code destroy} racing a call makes it throw
 * {@link IllegalStateException}, never use freed memory.
 *
 * @param <C> the binding's handle of one EVP_MAC_CTX
 */
public final class LibcryptoHmac<C> implements MacEngine {

    /** The C calls of one binding on contexts of libcrypto's HMAC over one digest. */
    public interface Calls<C> {
        /** A new, unkeyed context. */
        C newContext();

        /** Keys {@code ctx} with {@code key[off..off+len)} (a checked range, empty included) and starts a message. */
        void key(C ctx, byte[] key, int off, int len);

        /** MACs {@code input[off..off+len)} (a checked range of at most {@link LibcryptoBackend#CHUNK} bytes). */
        void update(C ctx, byte[] input, int off, int len);

        /** Writes the tag to {@code out[off..off+macLength)} (checked) and starts a new message under the same key. */
        void finish(C ctx, byte[] out, int off, int macLength);

        /** Starts a new message under the key already set. */
        void restart(C ctx);

        /** A new context with the key and pending input of {@code ctx}. */
        C duplicate(C ctx);

        /** Frees the context once no call holds it; later calls throw {@link IllegalStateException}. */
        void free(C ctx);
    }

    private final String algorithm;
    private final int macLength;
    private final Calls<C> calls;
    private C ctx;
    private boolean keyed;
    private final byte[] oneByte = new byte[1];

    LibcryptoHmac(String algorithm, int macLength, Calls<C> calls) {
        this.algorithm = algorithm;
        this.macLength = macLength;
        this.calls = calls;
    }

    @Override
    public String algorithm() {
        return algorithm;
    }

    @Override
    public int macLength() {
        return macLength;
    }

    @Override
    public void init(byte[] key, int off, int len) {
        Objects.checkFromIndexSize(off, len, key.length);
        if (len > LibcryptoBackend.CHUNK) {
            // RFC 2104 hashes a key longer than the block before use, and so does libcrypto: done
            // here, the key reaches C within one chunk, as every other input does
            byte[] hashed = new byte[Sm3.DIGEST_LENGTH];
            Sm3 sm3 = new Sm3();
            sm3.update(key, off, len);
            sm3.digest(hashed, 0);
            try {
                init(hashed, 0, hashed.length);
            } finally {
                Arrays.fill(hashed, (byte) 0);
                sm3.reset();
            }
            return;
        }
        C context = ctx;
        if (context == null) {
            context = calls.newContext();
            ctx = context;
        }
        keyed = false;
        try {
            calls.key(context, key, off, len);
        } finally {
            Reference.reachabilityFence(this);
        }
        keyed = true;
    }

    @Override
    public void update(byte input) {
        oneByte[0] = input;
        update(oneByte, 0, 1);
    }

    @Override
    public void update(byte[] input, int off, int len) {
        Objects.checkFromIndexSize(off, len, input.length);
        C context = keyedContext();
        try {
            // done += n, never past len: a step of a whole chunk would overflow near 2^31
            for (int done = 0, n; done < len; done += n) {
                n = Math.min(LibcryptoBackend.CHUNK, len - done);
                calls.update(context, input, off + done, n);
            }
        } finally {
            Reference.reachabilityFence(this);
        }
    }

    @Override
    public void doFinal(byte[] out, int off) {
        Objects.checkFromIndexSize(off, macLength, out.length);
        C context = keyedContext();
        try {
            calls.finish(context, out, off, macLength);
        } finally {
            Reference.reachabilityFence(this);
        }
    }

    @Override
    public void reset() {
        C context = ctx;
        if (keyed && context != null) {
            try {
                calls.restart(context);
            } finally {
                Reference.reachabilityFence(this);
            }
        }
    }

    @Override
    public MacEngine copy() {
        LibcryptoHmac<C> copy = new LibcryptoHmac<>(algorithm, macLength, calls);
        C context = ctx;
        if (context != null) {
            try {
                copy.ctx = calls.duplicate(context);
            } finally {
                Reference.reachabilityFence(this);
            }
            copy.keyed = keyed;
        }
        return copy;
    }

    @Override
    public void destroy() {
        keyed = false;
        C context = ctx;
        ctx = null;
        if (context != null) {
            calls.free(context);
        }
    }

    /**
     * The context, read once: another thread's {@link #destroy} (a misuse) then makes this call
     * throw {@link IllegalStateException}, here or from the binding's guard of the C object.
     */
    private C keyedContext() {
        C context = ctx;
        if (!keyed || context == null) {
            throw new IllegalStateException(algorithm + " has no key");
        }
        return context;
    }
}
