package org.shangmi.core.sm4;

import java.util.Arrays;
import java.util.Objects;
import org.shangmi.core.util.Bytes;

/**
 * SM4 in CBC mode. Encryption is sequential, one block at a time through the single-block path;
 * decryption deciphers up to 64 blocks at once through the bitsliced path and then chains them.
 * Constant time; the chaining value and scratch space are wiped by {@link #destroy}.
 */
final class Sm4Cbc extends Sm4IvMode {

    private static final int BATCH = Sm4Bitsliced.LANES * Sm4.BLOCK_SIZE;

    private final Sm4 sm4;
    private final boolean encrypt;
    private final byte[] chain = new byte[Sm4.BLOCK_SIZE];
    private byte[] saved; // decryption: the ciphertext of a batch, which decrypting in place overwrites

    Sm4Cbc(Sm4 sm4, boolean encrypt, byte[] iv) {
        super(iv);
        this.sm4 = sm4;
        this.encrypt = encrypt;
        reset();
    }

    @Override
    public int unit() {
        return Sm4.BLOCK_SIZE;
    }

    @Override
    public void update(byte[] in, int inOff, int len, byte[] out, int outOff) {
        checkWholeBlocks(len);
        Objects.checkFromIndexSize(inOff, len, in.length);
        Objects.checkFromIndexSize(outOff, len, out.length);
        if (encrypt) {
            for (int done = 0; done < len; done += Sm4.BLOCK_SIZE) {
                Bytes.xor(chain, 0, in, inOff + done, chain, 0, Sm4.BLOCK_SIZE);
                sm4.encryptBlock(chain, 0, chain, 0);
                System.arraycopy(chain, 0, out, outOff + done, Sm4.BLOCK_SIZE);
            }
            return;
        }
        if (saved == null) {
            saved = new byte[BATCH];
        }
        for (int done = 0, length; done < len; done += length) {
            length = Math.min(BATCH, len - done);
            System.arraycopy(in, inOff + done, saved, 0, length);
            sm4.decryptBlocks(saved, 0, out, outOff + done, length / Sm4.BLOCK_SIZE);
            int at = outOff + done;
            Bytes.xor(out, at, chain, 0, out, at, Sm4.BLOCK_SIZE);
            Bytes.xor(out, at + Sm4.BLOCK_SIZE, saved, 0, out, at + Sm4.BLOCK_SIZE, length - Sm4.BLOCK_SIZE);
            System.arraycopy(saved, length - Sm4.BLOCK_SIZE, chain, 0, Sm4.BLOCK_SIZE);
        }
    }

    @Override
    public void reset() {
        System.arraycopy(iv, 0, chain, 0, Sm4.BLOCK_SIZE);
    }


    @Override
    public void destroy() {
        sm4.wipe();
        Arrays.fill(chain, (byte) 0);
        if (saved != null) {
            Arrays.fill(saved, (byte) 0);
        }
    }

    static void checkWholeBlocks(int len) {
        if (len < 0 || len % Sm4.BLOCK_SIZE != 0) {
            throw new IllegalArgumentException("SM4 block modes take whole 16-byte blocks, got " + len + " bytes");
        }
    }
}
