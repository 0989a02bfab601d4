package org.shangmi.jni;

import java.lang.ref.Reference;
import java.util.Objects;
import org.shangmi.core.backend.DigestEngine;

/**
 * A digest engine over one reused EVP_MD_CTX, freed once the engine is no longer reachable
 * ({@link NativeHandle}). Long inputs go to C in chunks, because the array stays pinned during a call.
 * Not thread-safe; every call holds the context ({@link NativeHandle#acquire}), so misuse from
 * several threads cannot make C use freed memory.
 */
final class JniDigest implements DigestEngine {

    /** Bytes per native call: an array is pinned for the call, which holds the garbage collector off. */
    static final int CHUNK = 16 * 1024;

    private final String algorithm;
    private final long md;
    private final int digestLength;
    private final int blockLength;
    private final NativeHandle ctx;
    private final byte[] oneByte = new byte[1];

    JniDigest(String algorithm, long md, int digestLength, int blockLength) {
        this(algorithm, md, digestLength, blockLength, NativeCrypto.mdCtxNew(md));
    }

    private JniDigest(String algorithm, long md, int digestLength, int blockLength, long ctx) {
        this.algorithm = algorithm;
        this.md = md;
        this.digestLength = digestLength;
        this.blockLength = blockLength;
        this.ctx = new NativeHandle(this, ctx, NativeCrypto::mdCtxFree);
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
        long pointer = ctx.acquire();
        try {
            for (int done = 0; done < len; done += CHUNK) {
                NativeCrypto.mdUpdate(pointer, input, off + done, Math.min(CHUNK, len - done));
            }
        } finally {
            ctx.release();
            Reference.reachabilityFence(this);
        }
    }

    @Override
    public void digest(byte[] out, int off) {
        Objects.checkFromIndexSize(off, digestLength, out.length);
        long pointer = ctx.acquire();
        try {
            NativeCrypto.mdFinal(pointer, md, out, off);
        } finally {
            ctx.release();
            Reference.reachabilityFence(this);
        }
    }

    @Override
    public void reset() {
        long pointer = ctx.acquire();
        try {
            NativeCrypto.mdInit(pointer, md);
        } finally {
            ctx.release();
            Reference.reachabilityFence(this);
        }
    }

    @Override
    public DigestEngine copy() {
        long pointer = ctx.acquire();
        try {
            return new JniDigest(algorithm, md, digestLength, blockLength, NativeCrypto.mdCtxCopy(pointer));
        } finally {
            ctx.release();
            Reference.reachabilityFence(this);
        }
    }
}
