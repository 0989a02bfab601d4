package org.shangmi.vector;

import static jdk.incubator.vector.VectorOperators.LSHL;
import static jdk.incubator.vector.VectorOperators.LSHR;
import static jdk.incubator.vector.VectorOperators.XOR;

import java.util.Arrays;
import jdk.incubator.vector.LongVector;
import jdk.incubator.vector.VectorSpecies;
import org.shangmi.core.sm4.GhashPasses;
import org.shangmi.core.util.Bytes;

/**
 * GHASH on the Vector API, {@link #LANES} blocks a pass: lane b multiplies block b of the pass by
 * H^(LANES − b) (the first block XORed with Y), the lanes' products are summed unreduced, and the
 * sum is reduced once, as the scalar GHASH reduces one product.
 *
 * <p>A lane's 128 × 128-bit carry-less product is two levels of Karatsuba over 32-bit pieces: nine
 * 32 × 32-bit carry-less products, each from sixteen integer products of the pieces split into
 * four bit classes (every fourth bit), as in the core's scalar GHASH: a product of two 32-bit
 * class members sums at most eight terms per bit position, below 16, so no carry reaches the next
 * bit of the same class, and masking keeps the carry-less bits. Both factors are masked to 32 bits
 * in the code the JIT sees, so that it multiplies with one 32 × 32 → 64-bit instruction per lane
 * (VPMULUDQ) rather than a full 64-bit product, which AVX2 lacks. The bit classes of the nine
 * pieces of each power of H are made once per key.
 *
 * <p>The nine products are computed in one loop whose body is written out, with the pieces and
 * products passing through small arrays, rather than in a helper method: the JIT declines to
 * inline a helper this large, and then every vector becomes a heap object.
 *
 * <p>Constant time in compiled code: integer multiplication, shifts, masks and XOR on every lane
 * alike, and no branch or memory index depending on H or the data. The Vector API's own Java
 * fallback, which runs until the JIT compiles this code, is reached only through
 * {@link VectorGatedGhash}'s checks (see {@link VectorGated}). Not thread-safe; {@link #wipe}
 * clears the powers' classes and the scratch arrays.
 */
final class VectorGhash implements GhashPasses {

    /**
     * The widest vectors of at most eight longs: a pass needs as many powers of H as it has lanes,
     * and {@link #MAX_PASS_BLOCKS} are made.
     */
    private static final VectorSpecies<Long> SPECIES = LongVector.SPECIES_PREFERRED.length() <= 8
            ? LongVector.SPECIES_PREFERRED : LongVector.SPECIES_512;

    /** Blocks per pass. */
    static final int LANES = SPECIES.length();

    /** The powers of H a {@link Factory} hands over: enough for the widest pass. */
    static final int MAX_PASS_BLOCKS = 8;

    private static final long M0 = 0x11111111L;
    private static final long M1 = 0x22222222L;
    private static final long M2 = 0x44444444L;
    private static final long M3 = 0x88888888L;
    private static final long Q0 = 0x1111111111111111L;
    private static final long Q1 = 0x2222222222222222L;
    private static final long Q2 = 0x4444444444444444L;
    private static final long Q3 = 0x8888888888888888L;
    private static final long LOW32 = 0xFFFFFFFFL;

    /** Pieces of the products, each as in {@link #absorb}: 9 operands of 32 bits. */
    private static final int PIECES = 9;

    /**
     * The bit classes of the nine pieces of each lane's power of H: class c of piece j, lane b, at
     * (4j + c)·LANES + b.
     */
    private final long[] hClasses = new long[4 * PIECES * LANES];
    /** One pass: the blocks' high and low words, the nine pieces of each, their nine products. */
    private final long[] high = new long[LANES];
    private final long[] low = new long[LANES];
    private final long[] pieces = new long[PIECES * LANES];
    private final long[] products = new long[PIECES * LANES];

    /** @param powers H, H², ..., H^{@link #MAX_PASS_BLOCKS} as in {@link Factory#create} */
    VectorGhash(long[] powers) {
        long[] operands = new long[PIECES];
        for (int lane = 0; lane < LANES; lane++) {
            int power = LANES - 1 - lane; // lane 0 meets H^LANES
            split(powers[2 * power], powers[2 * power + 1], operands);
            for (int j = 0; j < PIECES; j++) {
                int at = 4 * j * LANES + lane;
                hClasses[at] = operands[j] & M0;
                hClasses[at + LANES] = operands[j] & M1;
                hClasses[at + 2 * LANES] = operands[j] & M2;
                hClasses[at + 3 * LANES] = operands[j] & M3;
            }
        }
        Arrays.fill(operands, 0);
    }

    /**
     * The nine 32-bit Karatsuba pieces of the 128-bit value (w3 w2 w1 w0 from the top): w3, w2,
     * w3 ⊕ w2, w1, w0, w1 ⊕ w0, w3 ⊕ w1, w2 ⊕ w0, and the XOR of all four.
     */
    private static void split(long high, long low, long[] out) {
        long w3 = high >>> 32;
        long w2 = high & LOW32;
        long w1 = low >>> 32;
        long w0 = low & LOW32;
        out[0] = w3;
        out[1] = w2;
        out[2] = w3 ^ w2;
        out[3] = w1;
        out[4] = w0;
        out[5] = w1 ^ w0;
        out[6] = w3 ^ w1;
        out[7] = w2 ^ w0;
        out[8] = w3 ^ w2 ^ w1 ^ w0;
    }

    @Override
    public int absorb(long[] y, byte[] in, int off, int blocks) {
        int done = 0;
        for (; blocks - done >= LANES; done += LANES) {
            for (int b = 0; b < LANES; b++) {
                high[b] = Bytes.getLongBE(in, off + 16 * (done + b));
                low[b] = Bytes.getLongBE(in, off + 16 * (done + b) + 8);
            }
            high[0] ^= y[0];
            low[0] ^= y[1];
            LongVector h = LongVector.fromArray(SPECIES, high, 0);
            LongVector l = LongVector.fromArray(SPECIES, low, 0);
            LongVector w3 = h.lanewise(LSHR, 32);
            LongVector w2 = h.and(LOW32);
            LongVector w1 = l.lanewise(LSHR, 32);
            LongVector w0 = l.and(LOW32);
            w3.intoArray(pieces, 0);
            w2.intoArray(pieces, LANES);
            w3.lanewise(XOR, w2).intoArray(pieces, 2 * LANES);
            w1.intoArray(pieces, 3 * LANES);
            w0.intoArray(pieces, 4 * LANES);
            w1.lanewise(XOR, w0).intoArray(pieces, 5 * LANES);
            w3.lanewise(XOR, w1).intoArray(pieces, 6 * LANES);
            w2.lanewise(XOR, w0).intoArray(pieces, 7 * LANES);
            w3.lanewise(XOR, w2).lanewise(XOR, w1).lanewise(XOR, w0).intoArray(pieces, 8 * LANES);
            for (int j = 0; j < PIECES; j++) {
                LongVector x = LongVector.fromArray(SPECIES, pieces, j * LANES);
                LongVector x0 = x.and(M0).and(LOW32);
                LongVector x1 = x.and(M1).and(LOW32);
                LongVector x2 = x.and(M2).and(LOW32);
                LongVector x3 = x.and(M3).and(LOW32);
                int at = 4 * j * LANES;
                LongVector y0 = LongVector.fromArray(SPECIES, hClasses, at).and(LOW32);
                LongVector y1 = LongVector.fromArray(SPECIES, hClasses, at + LANES).and(LOW32);
                LongVector y2 = LongVector.fromArray(SPECIES, hClasses, at + 2 * LANES).and(LOW32);
                LongVector y3 = LongVector.fromArray(SPECIES, hClasses, at + 3 * LANES).and(LOW32);
                LongVector z0 = x0.mul(y0).lanewise(XOR, x1.mul(y3)).lanewise(XOR, x2.mul(y2)).lanewise(XOR, x3.mul(y1));
                LongVector z1 = x0.mul(y1).lanewise(XOR, x1.mul(y0)).lanewise(XOR, x2.mul(y3)).lanewise(XOR, x3.mul(y2));
                LongVector z2 = x0.mul(y2).lanewise(XOR, x1.mul(y1)).lanewise(XOR, x2.mul(y0)).lanewise(XOR, x3.mul(y3));
                LongVector z3 = x0.mul(y3).lanewise(XOR, x1.mul(y2)).lanewise(XOR, x2.mul(y1)).lanewise(XOR, x3.mul(y0));
                z0.and(Q0).or(z1.and(Q1)).or(z2.and(Q2)).or(z3.and(Q3)).intoArray(products, j * LANES);
            }
            // 64 × 64-bit products from three 32 × 32 each: (high, low) = (P_h ⊕ M >>> 32, P_l ⊕ M << 32)
            // with M = P_m ⊕ P_h ⊕ P_l; pieces 0-2 multiply the high words, 3-5 the low, 6-8 their XOR
            LongVector p0 = LongVector.fromArray(SPECIES, products, 0);
            LongVector p1 = LongVector.fromArray(SPECIES, products, LANES);
            LongVector m = LongVector.fromArray(SPECIES, products, 2 * LANES).lanewise(XOR, p0).lanewise(XOR, p1);
            LongVector highHigh = p0.lanewise(XOR, m.lanewise(LSHR, 32));
            LongVector highLow = p1.lanewise(XOR, m.lanewise(LSHL, 32));
            p0 = LongVector.fromArray(SPECIES, products, 3 * LANES);
            p1 = LongVector.fromArray(SPECIES, products, 4 * LANES);
            m = LongVector.fromArray(SPECIES, products, 5 * LANES).lanewise(XOR, p0).lanewise(XOR, p1);
            LongVector lowHigh = p0.lanewise(XOR, m.lanewise(LSHR, 32));
            LongVector lowLow = p1.lanewise(XOR, m.lanewise(LSHL, 32));
            p0 = LongVector.fromArray(SPECIES, products, 6 * LANES);
            p1 = LongVector.fromArray(SPECIES, products, 7 * LANES);
            m = LongVector.fromArray(SPECIES, products, 8 * LANES).lanewise(XOR, p0).lanewise(XOR, p1);
            // the middle 128 bits of Karatsuba: (A1 ⊕ A0)(B1 ⊕ B0) ⊕ A1B1 ⊕ A0B0
            LongVector middleHigh = p0.lanewise(XOR, m.lanewise(LSHR, 32)).lanewise(XOR, highHigh).lanewise(XOR, lowHigh);
            LongVector middleLow = p1.lanewise(XOR, m.lanewise(LSHL, 32)).lanewise(XOR, highLow).lanewise(XOR, lowLow);
            long z3 = highHigh.reduceLanes(XOR);
            long z2 = highLow.lanewise(XOR, middleHigh).reduceLanes(XOR);
            long z1 = lowHigh.lanewise(XOR, middleLow).reduceLanes(XOR);
            long z0 = lowLow.reduceLanes(XOR);
            reduce(y, z3, z2, z1, z0);
        }
        if (done > 0) {
            clearScratch();
        }
        return done;
    }

    /**
     * y = the 255-bit carry-less product z3..z0 (big-endian words of bit-reversed polynomials)
     * reduced modulo x^128 + x^7 + x^2 + x + 1, as the core's scalar GHASH reduces its product.
     */
    private static void reduce(long[] y, long z3, long z2, long z1, long z0) {
        // shifted left once: bit 255 − d now holds the coefficient of x^d
        z3 = (z3 << 1) | (z2 >>> 63);
        z2 = (z2 << 1) | (z1 >>> 63);
        z1 = (z1 << 1) | (z0 >>> 63);
        z0 <<= 1;
        // fold the part of degree ≥ 128 (z1 : z0) by x^128 = x^7 + x^2 + x + 1 (right shifts), and
        // the bits that shift out once more
        long spill = (z0 << 63) ^ (z0 << 62) ^ (z0 << 57);
        long foldHigh = z1 ^ (z1 >>> 1) ^ (z1 >>> 2) ^ (z1 >>> 7) ^ spill ^ (spill >>> 1) ^ (spill >>> 2) ^ (spill >>> 7);
        long foldLow = z0 ^ ((z0 >>> 1) | (z1 << 63)) ^ ((z0 >>> 2) | (z1 << 62)) ^ ((z0 >>> 7) | (z1 << 57));
        y[0] = z3 ^ foldHigh;
        y[1] = z2 ^ foldLow;
    }

    @Override
    public void wipe() {
        Arrays.fill(hClasses, 0);
        clearScratch();
    }

    /** The pass's words, pieces and products hold Y and products with powers of H. */
    private void clearScratch() {
        Arrays.fill(high, 0);
        Arrays.fill(low, 0);
        Arrays.fill(pieces, 0);
        Arrays.fill(products, 0);
    }
}
