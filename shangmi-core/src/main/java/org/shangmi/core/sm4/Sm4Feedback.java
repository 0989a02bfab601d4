package org.shangmi.core.sm4;

import java.util.Arrays;
import org.shangmi.core.util.Bytes;

/**
 * SM4 in CFB-128 or OFB mode: key stream E(R), where the register R starts as the IV and then
 * holds the previous ciphertext block (CFB) or the previous key stream block (OFB). Encryption
 * (both modes) and OFB decryption depend on the block before, so they run the single-block path;
 * CFB decryption knows every register in advance (they are ciphertext) and deciphers runs of
 * whole blocks through the bitsliced path. Any length; a split input gives the same output as a
 * whole one. Constant time.
 */
final class Sm4Feedback extends Sm4IvMode {

    private final Sm4 sm4;
    private final boolean encrypt;
    private final boolean cipherFeedback;
    private final byte[] register = new byte[Sm4.BLOCK_SIZE];
    private final byte[] keyStream = new byte[Sm4.BLOCK_SIZE];
    private int position;
    private byte[] batch; // CFB decryption: registers, then key stream, of up to 64 blocks

    Sm4Feedback(Sm4 sm4, boolean encrypt, boolean cipherFeedback, byte[] iv) {
        super(iv);
        this.sm4 = sm4;
        this.encrypt = encrypt;
        this.cipherFeedback = cipherFeedback;
        reset();
    }


    @Override
    public void update(byte[] in, int inOff, int len, byte[] out, int outOff) {
        checkRanges(in, inOff, len, out, outOff);
        for (int i = 0; i < len; i++) {
            int wholeBlocks = (len - i) / Sm4.BLOCK_SIZE;
            if (position == Sm4.BLOCK_SIZE && cipherFeedback && !encrypt && wholeBlocks >= Sm4.BITSLICED_FROM) {
                i += decryptBlocks(in, inOff + i, out, outOff + i, Math.min(wholeBlocks, Sm4Bitsliced.LANES)) - 1;
                continue;
            }
            if (position == Sm4.BLOCK_SIZE) {
                sm4.encryptBlock(register, 0, keyStream, 0);
                if (!cipherFeedback) {
                    System.arraycopy(keyStream, 0, register, 0, Sm4.BLOCK_SIZE);
                }
                position = 0;
            }
            byte input = in[inOff + i];
            byte output = (byte) (input ^ keyStream[position]);
            out[outOff + i] = output;
            if (cipherFeedback) {
                register[position] = encrypt ? output : input; // the ciphertext byte feeds back
            }
            position++;
        }
    }

    /** CFB decryption of whole blocks, with the register at a block boundary; returns the bytes done. */
    private int decryptBlocks(byte[] in, int inOff, byte[] out, int outOff, int blocks) {
        if (batch == null) {
            batch = new byte[Sm4Bitsliced.LANES * Sm4.BLOCK_SIZE];
        }
        int length = blocks * Sm4.BLOCK_SIZE;
        System.arraycopy(register, 0, batch, 0, Sm4.BLOCK_SIZE);
        System.arraycopy(in, inOff, batch, Sm4.BLOCK_SIZE, length - Sm4.BLOCK_SIZE);
        System.arraycopy(in, inOff + length - Sm4.BLOCK_SIZE, register, 0, Sm4.BLOCK_SIZE);
        sm4.encryptBlocks(batch, 0, batch, 0, blocks);
        Bytes.xor(in, inOff, batch, 0, out, outOff, length);
        Arrays.fill(batch, 0, length, (byte) 0);
        return length;
    }

    @Override
    public void reset() {
        System.arraycopy(iv, 0, register, 0, Sm4.BLOCK_SIZE);
        Arrays.fill(keyStream, (byte) 0);
        position = Sm4.BLOCK_SIZE;
    }


    @Override
    public void destroy() {
        sm4.wipe();
        Arrays.fill(register, (byte) 0);
        Arrays.fill(keyStream, (byte) 0);
        if (batch != null) {
            Arrays.fill(batch, (byte) 0);
        }
    }
}
