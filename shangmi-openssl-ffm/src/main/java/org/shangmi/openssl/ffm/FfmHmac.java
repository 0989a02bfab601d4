package org.shangmi.openssl.ffm;

import java.lang.foreign.MemorySegment;
import org.shangmi.core.libcrypto.LibcryptoHmac;

/** libcrypto's HMAC over one digest through FFM: the C calls of {@link LibcryptoHmac}, on {@link EvpMacCtx}. */
final class FfmHmac implements LibcryptoHmac.Calls<EvpMacCtx> {

    private final EvpMac mac;
    private final MemorySegment params;
    private final int macLength;

    /** HMAC ({@code mac}, fetched once) over the digest that {@code params} names, whose output is {@code macLength} bytes. */
    FfmHmac(EvpMac mac, MemorySegment params, int macLength) {
        this.mac = mac;
        this.params = params;
        this.macLength = macLength;
    }

    @Override
    public EvpMacCtx newContext() {
        return EvpMacCtx.hmac(mac, params, macLength);
    }

    @Override
    public void key(EvpMacCtx ctx, byte[] key, int off, int len) {
        ctx.init(key, off, len);
    }

    @Override
    public void update(EvpMacCtx ctx, byte[] input, int off, int len) {
        ctx.update(input, off, len);
    }

    @Override
    public void finish(EvpMacCtx ctx, byte[] out, int off, int length) {
        ctx.finish(out, off);
    }

    @Override
    public void restart(EvpMacCtx ctx) {
        ctx.restart();
    }

    @Override
    public EvpMacCtx duplicate(EvpMacCtx ctx) {
        return ctx.copy();
    }

    @Override
    public void free(EvpMacCtx ctx) {
        ctx.close();
    }
}
