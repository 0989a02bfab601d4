package org.shangmi.core.sm4;

import java.util.Objects;
import org.shangmi.core.backend.CipherEngine;

/** SM4 in ECB mode: every block on its own, 64 at a time through the bitsliced path. Constant time. */
final class Sm4Ecb implements CipherEngine {

    private final Sm4 sm4;
    private final boolean encrypt;

    Sm4Ecb(Sm4 sm4, boolean encrypt) {
        this.sm4 = sm4;
        this.encrypt = encrypt;
    }

    @Override
    public int unit() {
        return Sm4.BLOCK_SIZE;
    }

    @Override
    public void update(byte[] in, int inOff, int len, byte[] out, int outOff) {
        Sm4Cbc.checkWholeBlocks(len);
        Objects.checkFromIndexSize(inOff, len, in.length);
        Objects.checkFromIndexSize(outOff, len, out.length);
        if (encrypt) {
            sm4.encryptBlocks(in, inOff, out, outOff, len / Sm4.BLOCK_SIZE);
        } else {
            sm4.decryptBlocks(in, inOff, out, outOff, len / Sm4.BLOCK_SIZE);
        }
    }

    @Override
    public void reset() {
    }

    @Override
    public void reset(byte[] iv) {
        if (iv != null) {
            throw new IllegalArgumentException("SM4/ECB takes no IV");
        }
    }

    @Override
    public void destroy() {
        sm4.wipe();
    }
}
