package org.shangmi.jni;

import java.lang.ref.Cleaner;
import java.lang.ref.Reference;
import java.util.Objects;
import org.shangmi.core.backend.DigestEngine;

/**
 * A digest engine over one reused EVP_MD_CTX, freed by a {@link Cleaner} when the engine is no
 * longer reachable. Long inputs go to C in chunks, because the array stays pinned during a call.
 * Not thread-safe.
 */
final class JniDigest implements DigestEngine {

    /** Bytes per native call: an array is pinned for the call, which holds the garbage collector off. */
    static final int CHUNK = 16 * 1024;
    private static final Cleaner CLEANER = Cleaner.create();

    private final String algorithm;
    private final long md;
    private final int digestLength;
    private final int blockLength;
    private final long ctx;
    private final byte[] oneByte = new byte[1];

    JniDigest(String algorithm, long md, int digestLength, int blockLength) {
        this(algorithm, md, digestLength, blockLength, NativeCrypto.mdCtxNew(md));
    }

    private JniDigest(String algorithm, long md, int digestLength, int blockLength, long ctx) {
        this.algorithm = algorithm;
        this.md = md;
        this.digestLength = digestLength;
        this.blockLength = blockLength;
        this.ctx = ctx;
        CLEANER.register(this, () -> NativeCrypto.mdCtxFree(ctx));
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
        NativeCrypto.mdUpdate(ctx, oneByte, 0, 1);
        Reference.reachabilityFence(this);
    }

    @Override
    public void update(byte[] input, int off, int len) {
        Objects.checkFromIndexSize(off, len, input.length);
        for (int done = 0; done < len; done += CHUNK) {
            NativeCrypto.mdUpdate(ctx, input, off + done, Math.min(CHUNK, len - done));
        }
        Reference.reachabilityFence(this);
    }

    @Override
    public void digest(byte[] out, int off) {
        Objects.checkFromIndexSize(off, digestLength, out.length);
        NativeCrypto.mdFinal(ctx, md, out, off);
        Reference.reachabilityFence(this);
    }

    @Override
    public void reset() {
        NativeCrypto.mdInit(ctx, md);
        Reference.reachabilityFence(this);
    }

    @Override
    public DigestEngine copy() {
        JniDigest copy = new JniDigest(algorithm, md, digestLength, blockLength, NativeCrypto.mdCtxCopy(ctx));
        Reference.reachabilityFence(this);
        return copy;
    }
}
