package org.shangmi.openssl;

import java.util.Arrays;
import org.shangmi.core.backend.CipherEngine;
import org.shangmi.core.backend.CipherMode;

/** SM4 in one of the basic modes over one reused EVP_CIPHER_CTX. Not thread-safe. */
final class OpenSslSm4 implements CipherEngine {

    private final CipherMode mode;
    private final EvpCipherCtx ctx;
    private final byte[] iv;

    /**
     * @throws IllegalArgumentException if the key is not 16 bytes, or the IV does not suit the mode
     */
    OpenSslSm4(EvpCipher cipher, CipherMode mode, boolean encrypt, byte[] key, byte[] iv) {
        mode.checkIv(iv);
        this.mode = mode;
        this.iv = iv == null ? null : iv.clone();
        this.ctx = new EvpCipherCtx(cipher, encrypt, key, this.iv);
    }

    @Override
    public int unit() {
        return mode.unit();
    }

    @Override
    public void update(byte[] in, int inOff, int len, byte[] out, int outOff) {
        mode.checkUnits(len);
        ctx.update(in, inOff, len, out, outOff);
    }

    @Override
    public void reset() {
        ctx.restart(iv);
    }

    @Override
    public void reset(byte[] newIv) {
        mode.checkIv(newIv);
        if (iv != null) {
            System.arraycopy(newIv, 0, iv, 0, iv.length);
        }
        ctx.restart(iv);
    }

    @Override
    public void destroy() {
        ctx.close();
        if (iv != null) {
            Arrays.fill(iv, (byte) 0);
        }
    }
}
