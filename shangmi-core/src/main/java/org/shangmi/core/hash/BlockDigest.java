package org.shangmi.core.hash;

import java.util.Arrays;
import java.util.Objects;
import org.shangmi.core.backend.DigestEngine;
import org.shangmi.core.util.Bytes;

/**
 * The digest contract written once for Merkle–Damgård hashes with 64-byte blocks and a 64-bit
 * big-endian bit length in the padding (SM3, and the SHA-2 family's layout): buffering, padding,
 * reset and copy live here; a subclass supplies only the compression function, its initial
 * chaining value and the output encoding.
 *
 * <p>Constant time: the control flow depends only on input lengths, never on input values.
 * {@link #reset()} and {@link #digest} wipe the buffered input; subclasses wipe their own
 * schedule in {@link #resetChainingValue()}.
 */
public abstract class BlockDigest implements DigestEngine, Cloneable {

    /** Bytes per block. */
    public static final int BLOCK_LENGTH = 64;
    private static final int LENGTH_OFFSET = BLOCK_LENGTH - Long.BYTES;

    private byte[] buffer = new byte[BLOCK_LENGTH];
    private int buffered;
    private long byteCount;

    protected BlockDigest() {
    }

    /** Runs the compression function over {@code blocks} consecutive blocks of {@code in} from {@code off}. */
    protected abstract void compress(byte[] in, int off, int blocks);

    /** Writes the chaining value as the digest. */
    protected abstract void writeDigest(byte[] out, int off);

    /** Sets the initial chaining value and wipes any schedule derived from earlier input. */
    protected abstract void resetChainingValue();

    /** Takes the chaining value of {@code source}, which has the same class as this digest. */
    protected abstract void copyChainingValue(BlockDigest source);

    @Override
    public final int blockLength() {
        return BLOCK_LENGTH;
    }

    @Override
    public final void update(byte input) {
        buffer[buffered++] = input;
        byteCount++;
        if (buffered == BLOCK_LENGTH) {
            compress(buffer, 0, 1);
            buffered = 0;
        }
    }

    @Override
    public final void update(byte[] input, int off, int len) {
        Objects.checkFromIndexSize(off, len, input.length);
        if (len == 0) {
            return;
        }
        byteCount += len;
        if (buffered > 0) {
            int take = Math.min(BLOCK_LENGTH - buffered, len);
            System.arraycopy(input, off, buffer, buffered, take);
            buffered += take;
            off += take;
            len -= take;
            if (buffered < BLOCK_LENGTH) {
                return;
            }
            compress(buffer, 0, 1);
            buffered = 0;
        }
        int blocks = len / BLOCK_LENGTH;
        if (blocks > 0) {
            compress(input, off, blocks);
            off += blocks * BLOCK_LENGTH;
            len -= blocks * BLOCK_LENGTH;
        }
        if (len > 0) {
            System.arraycopy(input, off, buffer, 0, len);
            buffered = len;
        }
    }

    @Override
    public final void digest(byte[] out, int off) {
        Objects.checkFromIndexSize(off, digestLength(), out.length);
        long bitLength = byteCount << 3;
        int position = buffered;
        buffer[position++] = (byte) 0x80;
        if (position > LENGTH_OFFSET) {
            Arrays.fill(buffer, position, BLOCK_LENGTH, (byte) 0);
            compress(buffer, 0, 1);
            position = 0;
        }
        Arrays.fill(buffer, position, LENGTH_OFFSET, (byte) 0);
        Bytes.putLongBE(buffer, LENGTH_OFFSET, bitLength);
        compress(buffer, 0, 1);
        writeDigest(out, off);
        reset();
    }

    /** Convenience: the digest as a new array. */
    public final byte[] digest() {
        byte[] out = new byte[digestLength()];
        digest(out, 0);
        return out;
    }

    @Override
    public final void reset() {
        Arrays.fill(buffer, (byte) 0);
        buffered = 0;
        byteCount = 0;
        resetChainingValue();
    }

    /**
     * Puts this digest in the state of {@code source} without allocating: HMAC and the KDFs restore
     * a saved prefix state this way for every message.
     *
     * @throws IllegalArgumentException if {@code source} is another kind of digest
     */
    public final void restore(BlockDigest source) {
        if (source.getClass() != getClass()) {
            throw new IllegalArgumentException(
                    "cannot restore a " + getClass().getSimpleName() + " from a " + source.getClass().getSimpleName());
        }
        System.arraycopy(source.buffer, 0, buffer, 0, BLOCK_LENGTH);
        buffered = source.buffered;
        byteCount = source.byteCount;
        copyChainingValue(source);
    }

    /** {@inheritDoc} Subclasses holding arrays override this and copy them too. */
    @Override
    public BlockDigest copy() {
        try {
            BlockDigest copy = (BlockDigest) super.clone();
            copy.buffer = buffer.clone();
            return copy;
        } catch (CloneNotSupportedException e) {
            throw new AssertionError(e);
        }
    }
}
