package org.shangmi.openssl.ffm;

import org.shangmi.core.libcrypto.LibcryptoSm4;

/** libcrypto's SM4 in one mode through FFM: the C calls of {@link LibcryptoSm4}, on {@link EvpCipherCtx}. */
final class FfmSm4 implements LibcryptoSm4.Calls<EvpCipherCtx> {

    private final EvpCipher cipher;

    FfmSm4(EvpCipher cipher) {
        this.cipher = cipher;
    }

    @Override
    public EvpCipherCtx newContext(boolean encrypt, byte[] key, byte[] iv) {
        return new EvpCipherCtx(cipher, encrypt, key, iv);
    }

    @Override
    public int update(EvpCipherCtx ctx, byte[] in, int inOff, int len, byte[] out, int outOff) {
        ctx.update(in, inOff, len, out, outOff); // throws unless exactly len bytes came out
        return len;
    }

    @Override
    public void restart(EvpCipherCtx ctx, boolean encrypt, byte[] iv) {
        ctx.restart(iv);
    }

    @Override
    public void free(EvpCipherCtx ctx) {
        ctx.close();
    }
}
