package org.shangmi.core.sm4;

import java.util.Arrays;
import java.util.Objects;

/**
 * SM4 in CTR mode: the IV is the first counter block, incremented as one 128-bit big-endian
 * integer (wrapping), as OpenSSL does. Key stream is made up to 64 blocks at a time through the
 * bitsliced path; unused key stream is kept for the next call, so any split of the input gives
 * the same output. Constant time in the key and the data (the counter is public).
 */
final class Sm4Ctr extends Sm4IvMode {

    private static final int BATCH_BLOCKS = Sm4Bitsliced.LANES;

    private final Sm4 sm4;
    private final int counterBytes;
    private final byte[] counter = new byte[Sm4.BLOCK_SIZE];
    private final byte[] keyStream = new byte[BATCH_BLOCKS * Sm4.BLOCK_SIZE];
    private int keyStreamPosition;
    private int keyStreamLength;

    Sm4Ctr(Sm4 sm4, byte[] iv) {
        this(sm4, iv, Sm4.BLOCK_SIZE);
    }

    /** A counter incremented in its last {@code counterBytes} bytes only (GCM uses 4). */
    Sm4Ctr(Sm4 sm4, byte[] iv, int counterBytes) {
        super(iv);
        this.sm4 = sm4;
        this.counterBytes = counterBytes;
        reset();
    }

    @Override
    public int unit() {
        return 1;
    }

    @Override
    public void update(byte[] in, int inOff, int len, byte[] out, int outOff) {
        if (len < 0) {
            throw new IllegalArgumentException("negative length " + len);
        }
        Objects.checkFromIndexSize(inOff, len, in.length);
        Objects.checkFromIndexSize(outOff, len, out.length);
        int done = 0;
        while (done < len) {
            if (keyStreamPosition == keyStreamLength) {
                refill((len - done + Sm4.BLOCK_SIZE - 1) / Sm4.BLOCK_SIZE);
            }
            int take = Math.min(len - done, keyStreamLength - keyStreamPosition);
            for (int i = 0; i < take; i++) {
                out[outOff + done + i] = (byte) (in[inOff + done + i] ^ keyStream[keyStreamPosition + i]);
            }
            keyStreamPosition += take;
            done += take;
        }
    }

    /** Makes min(blocks, 64) blocks of key stream from the next counter values. */
    private void refill(int blocks) {
        int count = Math.min(blocks, BATCH_BLOCKS);
        for (int b = 0; b < count; b++) {
            System.arraycopy(counter, 0, keyStream, b * Sm4.BLOCK_SIZE, Sm4.BLOCK_SIZE);
            increment();
        }
        sm4.encryptBlocks(keyStream, 0, keyStream, 0, count);
        keyStreamPosition = 0;
        keyStreamLength = count * Sm4.BLOCK_SIZE;
    }

    private void increment() {
        int carry = 1;
        for (int i = Sm4.BLOCK_SIZE - 1; i >= Sm4.BLOCK_SIZE - counterBytes; i--) {
            int sum = (counter[i] & 0xff) + carry;
            counter[i] = (byte) sum;
            carry = sum >>> 8;
        }
    }

    @Override
    public void reset() {
        System.arraycopy(iv, 0, counter, 0, Sm4.BLOCK_SIZE);
        Arrays.fill(keyStream, (byte) 0);
        keyStreamPosition = 0;
        keyStreamLength = 0;
    }


    /** Clears the key stream and counter but keeps the key (the block cipher is shared). */
    void wipeState() {
        Arrays.fill(keyStream, (byte) 0);
        Arrays.fill(counter, (byte) 0);
    }

    @Override
    public void destroy() {
        sm4.wipe();
        Arrays.fill(keyStream, (byte) 0);
        Arrays.fill(counter, (byte) 0);
    }
}
