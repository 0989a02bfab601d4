package org.shangmi.core.kdf;

import java.util.Arrays;
import java.util.Objects;
import org.shangmi.core.sm3.Sm3;
import org.shangmi.core.util.Bytes;

/**
 * The key derivation function of GB/T 32918.4-2016 (section 5.4.3), used by SM2 encryption and
 * key exchange: K = SM3(Z || 1) || SM3(Z || 2) || ..., counters as 32-bit big-endian integers,
 * truncated to the requested length. It is the ANSI X9.63 KDF with SM3 and no shared info.
 *
 * <p>Z is hashed once; each output block restores that prefix state and adds only its counter,
 * so an instance reused across calls allocates nothing. Not thread-safe. Constant time in Z.
 */
public final class Sm3Kdf {

    private final Sm3 prefix = new Sm3();
    private final Sm3 work = new Sm3();
    private final byte[] counter = new byte[4];
    private final byte[] block = new byte[Sm3.DIGEST_LENGTH];

    /** A KDF whose state is reused across {@link #derive(byte[], int, int, byte[], int, int)} calls. */
    public Sm3Kdf() {
        // the digests above are its only state
    }

    /** Fills {@code out[outOff..outOff+outLen)} with key material derived from {@code z[zOff..zOff+zLen)}. */
    public void derive(byte[] z, int zOff, int zLen, byte[] out, int outOff, int outLen) {
        Objects.checkFromIndexSize(zOff, zLen, z.length);
        Objects.checkFromIndexSize(outOff, outLen, out.length);
        prefix.update(z, zOff, zLen);
        try {
            for (int i = 1; outLen > 0; i++) {
                work.restore(prefix);
                Bytes.putIntBE(counter, 0, i);
                work.update(counter, 0, 4);
                if (outLen >= Sm3.DIGEST_LENGTH) {
                    work.digest(out, outOff);
                    outOff += Sm3.DIGEST_LENGTH;
                    outLen -= Sm3.DIGEST_LENGTH;
                } else {
                    work.digest(block, 0);
                    System.arraycopy(block, 0, out, outOff, outLen);
                    outLen = 0;
                }
            }
        } finally {
            prefix.reset();
            work.reset();
            Arrays.fill(block, (byte) 0);
            Arrays.fill(counter, (byte) 0);
        }
    }

    /** Convenience: {@code length} bytes derived from all of {@code z}, as a new array. */
    public static byte[] derive(byte[] z, int length) {
        byte[] out = new byte[length];
        new Sm3Kdf().derive(z, 0, z.length, out, 0, length);
        return out;
    }
}
