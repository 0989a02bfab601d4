package org.shangmi.core.sm4;

import java.util.Objects;
import org.shangmi.core.backend.CipherEngine;

/**
 * What the SM4 modes with a 16-byte IV share: their own copy of the IV, and taking a new one
 * under the same key; and for the stream modes (CTR, CFB, OFB), their unit of one byte and the
 * checks of their arguments.
 */
abstract class Sm4IvMode implements CipherEngine {

    /** The IV the mode starts from; {@link #reset()} goes back to it. */
    final byte[] iv;

    Sm4IvMode(byte[] iv) {
        this.iv = iv.clone();
    }

    @Override
    public final void reset(byte[] newIv) {
        if (newIv == null || newIv.length != Sm4.BLOCK_SIZE) {
            throw new IllegalArgumentException("a 16-byte IV is needed, got " + (newIv == null ? "none" : newIv.length + " bytes"));
        }
        System.arraycopy(newIv, 0, iv, 0, Sm4.BLOCK_SIZE);
        reset();
    }

    /** Stream modes take any number of bytes; block modes override this. */
    @Override
    public int unit() {
        return 1;
    }

    /** Refuses a negative length or a range outside either array. */
    static void checkRanges(byte[] in, int inOff, int len, byte[] out, int outOff) {
        if (len < 0) {
            throw new IllegalArgumentException("negative length " + len);
        }
        Objects.checkFromIndexSize(inOff, len, in.length);
        Objects.checkFromIndexSize(outOff, len, out.length);
    }
}
