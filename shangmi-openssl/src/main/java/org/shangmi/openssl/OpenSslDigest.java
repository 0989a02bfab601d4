package org.shangmi.openssl;

import org.shangmi.core.backend.DigestEngine;

/** A digest engine over one reused EVP_MD_CTX. Not thread-safe. */
final class OpenSslDigest implements DigestEngine {

    private final EvpMd md;
    private final int blockLength;
    private final EvpMdCtx ctx;
    private final byte[] oneByte = new byte[1];

    OpenSslDigest(EvpMd md, int blockLength) {
        this(md, blockLength, new EvpMdCtx(md));
    }

    private OpenSslDigest(EvpMd md, int blockLength, EvpMdCtx ctx) {
        this.md = md;
        this.blockLength = blockLength;
        this.ctx = ctx;
    }

    @Override
    public String algorithm() {
        return md.name();
    }

    @Override
    public int digestLength() {
        return md.size();
    }

    @Override
    public int blockLength() {
        return blockLength;
    }

    @Override
    public void update(byte input) {
        oneByte[0] = input;
        ctx.update(oneByte, 0, 1);
    }

    @Override
    public void update(byte[] input, int off, int len) {
        ctx.update(input, off, len);
    }

    @Override
    public void digest(byte[] out, int off) {
        ctx.finish(out, off);
    }

    @Override
    public void reset() {
        ctx.init();
    }

    @Override
    public DigestEngine copy() {
        return new OpenSslDigest(md, blockLength, ctx.copy());
    }
}
