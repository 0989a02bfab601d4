package org.shangmi.core.sm4;

import java.util.Arrays;
import org.shangmi.core.util.Bytes;

/**
 * SM4 in CTR mode: the IV is the first counter block, incremented as one 128-bit big-endian
 * integer (wrapping), as OpenSSL does. Key stream is made up to 64 blocks at a time through the
 * bitsliced path; unused key stream is kept for the next call, so any split of the input gives
 * the same output. Constant time in the key and the data (the counter is public).
 */
final class Sm4Ctr extends Sm4IvMode {

    private static final int BATCH_BLOCKS = Sm4Bitsliced.LANES;
    private static final int BATCH = BATCH_BLOCKS * Sm4.BLOCK_SIZE;

    private final Sm4 sm4;
    private final int counterBits;
    /** The next counter block, as its big-endian halves. */
    private final long[] counter = new long[2];
    private final byte[] keyStream = new byte[BATCH];
    private int keyStreamPosition;
    private int keyStreamLength;

    Sm4Ctr(Sm4 sm4, byte[] iv) {
        this(sm4, iv, Sm4.BLOCK_SIZE);
    }

    /** A counter incremented in its last {@code counterBytes} bytes only (16, or 1..8: GCM uses 4, CCM 2..8). */
    Sm4Ctr(Sm4 sm4, byte[] iv, int counterBytes) {
        super(iv);
        if (counterBytes != Sm4.BLOCK_SIZE && (counterBytes < 1 || counterBytes > Long.BYTES)) {
            throw new IllegalArgumentException("a counter of " + counterBytes + " bytes is not supported");
        }
        this.sm4 = sm4;
        this.counterBits = 8 * counterBytes;
        reset();
    }

    /** How many trailing bytes of the counter block count. */
    int counterBytes() {
        return counterBits / 8;
    }


    /**
     * Whole batches of blocks go straight through {@link Sm4#cryptCounters}; what is left is served
     * from buffered key stream, made a batch at a time (the cost of a bitsliced pass does not depend
     * on how many of its 64 blocks are used).
     */
    @Override
    public void update(byte[] in, int inOff, int len, byte[] out, int outOff) {
        checkRanges(in, inOff, len, out, outOff);
        int done = 0;
        while (done < len) {
            int left = len - done;
            if (keyStreamPosition < keyStreamLength) {
                int take = Math.min(left, keyStreamLength - keyStreamPosition);
                Bytes.xor(in, inOff + done, keyStream, keyStreamPosition, out, outOff + done, take);
                keyStreamPosition += take;
                done += take;
            } else if (left >= BATCH) {
                sm4.cryptCounters(counter, counterBits, in, inOff + done, out, outOff + done, BATCH_BLOCKS);
                done += BATCH;
            } else {
                refill((left + Sm4.BLOCK_SIZE - 1) / Sm4.BLOCK_SIZE);
            }
        }
    }

    /** Makes key stream: the blocks asked for if so few that a single-block path is cheaper, else a batch. */
    private void refill(int blocks) {
        int count = blocks < Sm4.BITSLICED_FROM ? blocks : BATCH_BLOCKS;
        int length = count * Sm4.BLOCK_SIZE;
        Arrays.fill(keyStream, 0, length, (byte) 0);
        sm4.cryptCounters(counter, counterBits, keyStream, 0, keyStream, 0, count);
        keyStreamPosition = 0;
        keyStreamLength = length;
    }

    @Override
    public void reset() {
        counter[0] = Bytes.getLongBE(iv, 0);
        counter[1] = Bytes.getLongBE(iv, 8);
        Arrays.fill(keyStream, (byte) 0);
        keyStreamPosition = 0;
        keyStreamLength = 0;
    }

    /** Clears the key stream and counter but keeps the key (the block cipher is shared). */
    void wipeState() {
        Arrays.fill(keyStream, (byte) 0);
        Arrays.fill(counter, 0);
    }

    @Override
    public void destroy() {
        sm4.wipe();
        wipeState();
    }
}
