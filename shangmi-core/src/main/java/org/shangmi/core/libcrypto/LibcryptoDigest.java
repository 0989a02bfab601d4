package org.shangmi.core.libcrypto;

import java.lang.ref.Reference;
import java.util.Objects;
import org.shangmi.core.backend.DigestEngine;

/**
 * A digest over one reused libcrypto EVP_MD_CTX, whatever the binding: the checks and the JCA
 * contract here, the C calls in the binding's {@link Calls}. Ranges are checked before any C call;
 * long inputs go to C in chunks of {@link LibcryptoBackend#CHUNK} bytes. The context is freed once the engine is
 * unreachable. Not thread-safe; the binding holds the context for the length of each call, so
 * that misuse from several threads cannot make C use freed memory.
 *
 * @param <C> the binding's handle of one EVP_MD_CTX
 */
public final class LibcryptoDigest<C> implements DigestEngine {

    /** The C calls of one binding on contexts of one libcrypto digest. */
    public interface Calls<C> {
        /** The digest's output length in bytes, as libcrypto reports it. */
        int digestLength();

        /** A context ready for a message. */
        C newContext();

        /** Hashes {@code input[off..off+len)} (a checked range of at most {@link LibcryptoBackend#CHUNK} bytes). */
        void update(C ctx, byte[] input, int off, int len);

        /** Writes the digest to {@code out[off..)} (a checked range) and starts a new message. */
        void finish(C ctx, byte[] out, int off);

        /** Starts a new message. */
        void reset(C ctx);

        /** A new context in the state of {@code ctx}. */
        C copy(C ctx);
    }

    private final String algorithm;
    private final int digestLength;
    private final int blockLength;
    private final Calls<C> calls;
    private final C ctx;
    private final byte[] oneByte = new byte[1];

    LibcryptoDigest(String algorithm, int digestLength, int blockLength, Calls<C> calls) {
        this(algorithm, digestLength, blockLength, calls, calls.newContext());
    }

    private LibcryptoDigest(String algorithm, int digestLength, int blockLength, Calls<C> calls, C ctx) {
        this.algorithm = algorithm;
        this.digestLength = digestLength;
        this.blockLength = blockLength;
        this.calls = calls;
        this.ctx = ctx;
    }

    @Override
    public String algorithm() {
        return algorithm;
    }

    @Override
    public int digestLength() {
        return digestLength;
    }

    @Override
    public int blockLength() {
        return blockLength;
    }

    @Override
    public void update(byte input) {
        oneByte[0] = input;
        update(oneByte, 0, 1);
    }

    @Override
    public void update(byte[] input, int off, int len) {
        Objects.checkFromIndexSize(off, len, input.length);
        try {
            // done += n, never past len: a step of a whole chunk would overflow near 2^31
            for (int done = 0, n; done < len; done += n) {
                n = Math.min(LibcryptoBackend.CHUNK, len - done);
                calls.update(ctx, input, off + done, n);
            }
        } finally {
            Reference.reachabilityFence(this);
        }
    }

    @Override
    public void digest(byte[] out, int off) {
        Objects.checkFromIndexSize(off, digestLength, out.length);
        try {
            calls.finish(ctx, out, off);
        } finally {
            Reference.reachabilityFence(this);
        }
    }

    @Override
    public void reset() {
        try {
            calls.reset(ctx);
        } finally {
            Reference.reachabilityFence(this);
        }
    }

    @Override
    public DigestEngine copy() {
        try {
            return new LibcryptoDigest<>(algorithm, digestLength, blockLength, calls, calls.copy(ctx));
        } finally {
            Reference.reachabilityFence(this);
        }
    }
}
