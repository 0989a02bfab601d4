package org.shangmi.openssl.ffm;

import org.shangmi.core.libcrypto.LibcryptoDigest;

/** One libcrypto digest through FFM: the C calls of {@link LibcryptoDigest}, on {@link EvpMdCtx}. */
final class FfmDigest implements LibcryptoDigest.Calls<EvpMdCtx> {

    private final EvpMd md;

    FfmDigest(EvpMd md) {
        this.md = md;
    }

    @Override
    public int digestLength() {
        return md.size();
    }

    @Override
    public EvpMdCtx newContext() {
        return new EvpMdCtx(md);
    }

    @Override
    public void update(EvpMdCtx ctx, byte[] input, int off, int len) {
        ctx.update(input, off, len);
    }

    @Override
    public void finish(EvpMdCtx ctx, byte[] out, int off) {
        ctx.finish(out, off);
    }

    @Override
    public void reset(EvpMdCtx ctx) {
        ctx.init();
    }

    @Override
    public EvpMdCtx copy(EvpMdCtx ctx) {
        return ctx.copy();
    }
}
