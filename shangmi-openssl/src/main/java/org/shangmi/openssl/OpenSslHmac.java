package org.shangmi.openssl;

import java.lang.foreign.MemorySegment;
import org.shangmi.core.backend.MacEngine;

/**
 * An HMAC engine over one reused EVP_MAC_CTX; {@link #destroy} frees the context (and with it
 * OpenSSL's copy of the key), and the next {@link #init} makes a new one. Not thread-safe.
 */
final class OpenSslHmac implements MacEngine {

    private final String algorithm;
    private final EvpMac mac;
    private final MemorySegment params;
    private final int macLength;
    private EvpMacCtx ctx;
    private boolean keyed;
    private final byte[] oneByte = new byte[1];

    OpenSslHmac(String algorithm, EvpMac mac, MemorySegment params, int macLength) {
        this.algorithm = algorithm;
        this.mac = mac;
        this.params = params;
        this.macLength = macLength;
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
        if (ctx == null) {
            ctx = EvpMacCtx.hmac(mac, params, macLength);
        }
        keyed = false;
        ctx.init(key, off, len);
        keyed = true;
    }

    @Override
    public void update(byte input) {
        oneByte[0] = input;
        update(oneByte, 0, 1);
    }

    @Override
    public void update(byte[] input, int off, int len) {
        keyedContext().update(input, off, len);
    }

    @Override
    public void doFinal(byte[] out, int off) {
        keyedContext().finish(out, off);
    }

    @Override
    public void reset() {
        if (keyed) {
            ctx.restart();
        }
    }

    @Override
    public MacEngine copy() {
        OpenSslHmac copy = new OpenSslHmac(algorithm, mac, params, macLength);
        if (ctx != null) {
            copy.ctx = ctx.copy();
            copy.keyed = keyed;
        }
        return copy;
    }

    @Override
    public void destroy() {
        keyed = false;
        if (ctx != null) {
            ctx.close();
            ctx = null;
        }
    }

    private EvpMacCtx keyedContext() {
        if (!keyed) {
            throw new IllegalStateException(algorithm + " has no key");
        }
        return ctx;
    }
}
