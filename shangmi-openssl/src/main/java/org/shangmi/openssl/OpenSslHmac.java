package org.shangmi.openssl;

import java.lang.foreign.MemorySegment;
import org.shangmi.core.backend.LibcryptoHmac;

/** HMAC over one reused EVP_MAC_CTX through FFM: the C calls of {@link LibcryptoHmac}. Not thread-safe. */
final class OpenSslHmac extends LibcryptoHmac<EvpMacCtx> {

    private final EvpMac mac;
    private final MemorySegment params;

    OpenSslHmac(String algorithm, EvpMac mac, MemorySegment params, int macLength) {
        super(algorithm, macLength);
        this.mac = mac;
        this.params = params;
    }

    @Override
    protected EvpMacCtx newContext() {
        return EvpMacCtx.hmac(mac, params, macLength());
    }

    @Override
    protected void key(EvpMacCtx ctx, byte[] key, int off, int len) {
        ctx.init(key, off, len);
    }

    @Override
    protected void update(EvpMacCtx ctx, byte[] input, int off, int len) {
        ctx.update(input, off, len);
    }

    @Override
    protected void finish(EvpMacCtx ctx, byte[] out, int off) {
        ctx.finish(out, off);
    }

    @Override
    protected void restart(EvpMacCtx ctx) {
        ctx.restart();
    }

    @Override
    protected EvpMacCtx duplicate(EvpMacCtx ctx, LibcryptoHmac<EvpMacCtx> owner) {
        return ctx.copy();
    }

    @Override
    protected void free(EvpMacCtx ctx) {
        ctx.close();
    }

    @Override
    protected LibcryptoHmac<EvpMacCtx> newEngine() {
        return new OpenSslHmac(algorithm(), mac, params, macLength());
    }
}
