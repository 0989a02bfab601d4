package org.shangmi.core.sm4;

import java.util.Arrays;
import java.util.Objects;
import org.shangmi.core.util.Bytes;

/**
 * GHASH of GCM (NIST SP 800-38D): Y ← (Y ⊕ X)·H in GF(2^128) modulo x^128 + x^7 + x^2 + x + 1,
 * without tables.
 *
 * <p>Constant time: a 64 × 64-bit carry-less product is made from ordinary integer products of
 * the operands split into four interleaved bit classes (every fourth bit): in each product the
 * sums per bit position stay below 16 inside the low 64 bits, so no carry crosses into the next
 * bit of the same class, and masking keeps exactly the carry-less bits. The high half comes from
 * the same computation on bit-reversed operands. No branch or index depends on H or the data.
 *
 * <p>Blocks are read as two big-endian 64-bit words; GCM puts the coefficient of x^0 in the
 * first bit, so these words are the bit reversal of the polynomial, which carry-less
 * multiplication respects (up to a one-bit shift of the product).
 *
 * <p>Given {@link GhashPasses}, long runs of blocks go through them a pass at a time, and the
 * rest (and every run while they cannot serve) through this class's own multiplication.
 */
final class Ghash {

    private static final long M0 = 0x1111111111111111L;
    private static final long M1 = 0x2222222222222222L;
    private static final long M2 = 0x4444444444444444L;
    private static final long M3 = 0x8888888888888888L;

    /**
     * The bit classes of the three Karatsuba operands made from H (its high word, its low word and
     * their XOR), then of their bit reversals: 4 longs each, fixed for a key.
     */
    private final long[] hClasses = new long[24];
    private long y1;
    private long y0;
    private final GhashPasses.Factory passesFactory;
    private GhashPasses passes;
    /** H, H², ... for the passes, kept to be wiped with them. */
    private long[] powers;
    /** Y handed to the passes as two words. */
    private final long[] state = new long[2];

    /** GHASH by this class alone. */
    Ghash() {
        this(null);
    }

    /** GHASH with long runs through the passes {@code factory} makes, if not null. */
    Ghash(GhashPasses.Factory factory) {
        this.passesFactory = factory;
    }

    /** Sets H (16 bytes) and clears the state. */
    void init(byte[] h) {
        long h1 = Bytes.getLongBE(h, 0);
        long h0 = Bytes.getLongBE(h, 8);
        long[] operands = {h1, h0, h1 ^ h0, Long.reverse(h1), Long.reverse(h0), Long.reverse(h1 ^ h0)};
        for (int i = 0; i < operands.length; i++) {
            hClasses[4 * i] = operands[i] & M0;
            hClasses[4 * i + 1] = operands[i] & M1;
            hClasses[4 * i + 2] = operands[i] & M2;
            hClasses[4 * i + 3] = operands[i] & M3;
        }
        Arrays.fill(operands, 0);
        y1 = 0;
        y0 = 0;
        if (passesFactory != null) {
            wipePasses();
            int count = passesFactory.maxPassBlocks();
            if (count < 2) {
                throw new IllegalStateException("GHASH passes of at most " + count + " blocks");
            }
            powers = new long[2 * count];
            powers[0] = Bytes.getLongBE(h, 0);
            powers[1] = Bytes.getLongBE(h, 8);
            for (int k = 1; k < powers.length / 2; k++) {
                multiply(powers[2 * k - 2], powers[2 * k - 1]); // Y = H^k · H
                powers[2 * k] = y1;
                powers[2 * k + 1] = y0;
            }
            y1 = 0;
            y0 = 0;
            passes = passesFactory.create(powers);
        }
    }

    /** Y = 0, keeping H. */
    void reset() {
        y1 = 0;
        y0 = 0;
        Arrays.fill(state, 0);
    }

    /** Absorbs whole 16-byte blocks. */
    void blocks(byte[] in, int off, int len) {
        Objects.checkFromIndexSize(off, len, in.length);
        int i = passes != null && len >= 32 ? absorbPasses(in, off, len >>> 4) : 0;
        for (; i + 16 <= len; i += 16) {
            multiply(y1 ^ Bytes.getLongBE(in, off + i), y0 ^ Bytes.getLongBE(in, off + i + 8));
        }
    }

    /** Absorbs whole passes from the front of {@code blocks} blocks; returns the bytes they took. */
    private int absorbPasses(byte[] in, int off, int blocks) {
        state[0] = y1;
        state[1] = y0;
        int done = passes.absorb(state, in, off, blocks);
        if (done < 0 || done > blocks) {
            throw new IllegalStateException("GHASH passes absorbed " + done + " of " + blocks + " blocks");
        }
        y1 = state[0];
        y0 = state[1];
        return 16 * done;
    }

    /** Absorbs {@code len} bytes as one zero-padded run of blocks. */
    void padded(byte[] in, int off, int len) {
        int whole = len & ~15;
        blocks(in, off, whole);
        if (whole < len) {
            byte[] last = new byte[16];
            System.arraycopy(in, off + whole, last, 0, len - whole);
            blocks(last, 0, 16);
            Arrays.fill(last, (byte) 0);
        }
    }

    /** Absorbs the block made of two 64-bit big-endian words. */
    void block(long high, long low) {
        multiply(y1 ^ high, y0 ^ low);
    }

    /** Writes Y (16 bytes). */
    void result(byte[] out, int off) {
        Bytes.putLongBE(out, off, y1);
        Bytes.putLongBE(out, off + 8, y0);
    }

    void wipe() {
        Arrays.fill(hClasses, 0);
        y1 = 0;
        y0 = 0;
        Arrays.fill(state, 0);
        wipePasses();
    }

    private void wipePasses() {
        if (passes != null) {
            passes.wipe();
            passes = null;
        }
        if (powers != null) {
            Arrays.fill(powers, 0);
            powers = null;
        }
    }

    /** Y = (a1 : a0)·H. */
    private void multiply(long a1, long a0) {
        // Karatsuba over 64-bit halves; each high half comes from the product of the reversals
        long[] h = hClasses;
        Objects.checkFromIndexSize(0, 24, h.length);
        long a2 = a1 ^ a0;
        long loH = clmul(a1, h[0], h[1], h[2], h[3]);
        long loL = clmul(a0, h[4], h[5], h[6], h[7]);
        long loM = clmul(a2, h[8], h[9], h[10], h[11]) ^ loH ^ loL;
        long hiH = Long.reverse(clmul(Long.reverse(a1), h[12], h[13], h[14], h[15])) >>> 1;
        long hiL = Long.reverse(clmul(Long.reverse(a0), h[16], h[17], h[18], h[19])) >>> 1;
        long hiM = (Long.reverse(clmul(Long.reverse(a2), h[20], h[21], h[22], h[23])) >>> 1) ^ hiH ^ hiL;
        long z3 = hiH;
        long z2 = loH ^ hiM;
        long z1 = hiL ^ loM;
        long z0 = loL;
        // the 255-bit product, shifted left once: now bit 255 − d holds the coefficient of x^d
        z3 = (z3 << 1) | (z2 >>> 63);
        z2 = (z2 << 1) | (z1 >>> 63);
        z1 = (z1 << 1) | (z0 >>> 63);
        z0 <<= 1;
        // reduce the part of degree ≥ 128 (z1 : z0) by x^128 = x^7 + x^2 + x + 1; multiplying by
        // x^k shifts right by k, and bits shifted out (degree ≥ 128 again) fold once more
        long spill = (z0 << 63) ^ (z0 << 62) ^ (z0 << 57);
        long high = z1 ^ (z1 >>> 1) ^ (z1 >>> 2) ^ (z1 >>> 7)
                ^ spill ^ (spill >>> 1) ^ (spill >>> 2) ^ (spill >>> 7);
        long low = z0 ^ ((z0 >>> 1) | (z1 << 63)) ^ ((z0 >>> 2) | (z1 << 62)) ^ ((z0 >>> 7) | (z1 << 57));
        y1 = z3 ^ high;
        y0 = z2 ^ low;
    }

    /** The low 64 bits of the carry-less product x·y. */
    static long clmulLow(long x, long y) {
        return clmul(x, y & M0, y & M1, y & M2, y & M3);
    }

    /** The high 64 bits of the carry-less product x·y (bit 127 is always 0). */
    static long clmulHigh(long x, long y) {
        return Long.reverse(clmulLow(Long.reverse(x), Long.reverse(y))) >>> 1;
    }

    /** The low 64 bits of the carry-less product of x and y, given y's four bit classes. */
    private static long clmul(long x, long y0, long y1, long y2, long y3) {
        long x0 = x & M0;
        long x1 = x & M1;
        long x2 = x & M2;
        long x3 = x & M3;
        long z0 = (x0 * y0) ^ (x1 * y3) ^ (x2 * y2) ^ (x3 * y1);
        long z1 = (x0 * y1) ^ (x1 * y0) ^ (x2 * y3) ^ (x3 * y2);
        long z2 = (x0 * y2) ^ (x1 * y1) ^ (x2 * y0) ^ (x3 * y3);
        long z3 = (x0 * y3) ^ (x1 * y2) ^ (x2 * y1) ^ (x3 * y0);
        return (z0 & M0) | (z1 & M1) | (z2 & M2) | (z3 & M3);
    }
}
