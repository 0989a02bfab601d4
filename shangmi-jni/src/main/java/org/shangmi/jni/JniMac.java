package org.shangmi.jni;

import java.lang.ref.Reference;
import java.util.Objects;
import org.shangmi.core.backend.MacEngine;

/**
 * HMAC over one reused EVP_MAC_CTX. {@link #destroy} frees the context, and with it OpenSSL's
 * copy of the key; the next {@link #init} makes a new one. The key crosses into C as a private
 * copy that the C side wipes. Not thread-safe.
 */
final class JniMac implements MacEngine {

    private final String algorithm;
    private final long mac;
    private final String digest;
    private final int macLength;
    private NativeHandle ctx;
    private boolean keyed;
    private final byte[] oneByte = new byte[1];

    /** HMAC ({@code mac}, fetched once) over the digest named {@code digest}, whose output is {@code macLength} bytes. */
    JniMac(String algorithm, long mac, String digest, int macLength) {
        this.algorithm = algorithm;
        this.mac = mac;
        this.digest = digest;
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
        Objects.checkFromIndexSize(off, len, key.length);
        if (ctx == null) {
            ctx = new NativeHandle(this, NativeCrypto.macCtxNew(mac), NativeCrypto::macCtxFree);
        }
        keyed = false;
        NativeCrypto.macInit(ctx.pointer(), key, off, len, digest);
        keyed = true;
        Reference.reachabilityFence(this);
    }

    @Override
    public void update(byte input) {
        oneByte[0] = input;
        update(oneByte, 0, 1);
    }

    @Override
    public void update(byte[] input, int off, int len) {
        Objects.checkFromIndexSize(off, len, input.length);
        long pointer = keyedContext();
        for (int done = 0; done < len; done += JniDigest.CHUNK) {
            NativeCrypto.macUpdate(pointer, input, off + done, Math.min(JniDigest.CHUNK, len - done));
        }
        Reference.reachabilityFence(this);
    }

    @Override
    public void doFinal(byte[] out, int off) {
        Objects.checkFromIndexSize(off, macLength, out.length);
        NativeCrypto.macFinal(keyedContext(), out, off, macLength);
        Reference.reachabilityFence(this);
    }

    @Override
    public void reset() {
        if (keyed) {
            NativeCrypto.macRestart(ctx.pointer());
            Reference.reachabilityFence(this);
        }
    }

    @Override
    public MacEngine copy() {
        JniMac copy = new JniMac(algorithm, mac, digest, macLength);
        if (ctx != null) {
            copy.ctx = new NativeHandle(copy, NativeCrypto.macCtxDup(ctx.pointer()), NativeCrypto::macCtxFree);
            copy.keyed = keyed;
        }
        Reference.reachabilityFence(this);
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

    private long keyedContext() {
        if (!keyed) {
            throw new IllegalStateException(algorithm + " has no key");
        }
        return ctx.pointer();
    }
}
