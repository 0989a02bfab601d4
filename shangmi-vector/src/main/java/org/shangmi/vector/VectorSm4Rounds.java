package org.shangmi.vector;

import static jdk.incubator.vector.VectorOperators.GE;
import static jdk.incubator.vector.VectorOperators.LSHR;
import static jdk.incubator.vector.VectorOperators.ROL;
import static jdk.incubator.vector.VectorOperators.XOR;

import java.util.Arrays;
import jdk.incubator.vector.ByteVector;
import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.VectorSpecies;
import org.shangmi.core.sm4.Sm4;
import org.shangmi.core.sm4.Sm4Rounds;
import org.shangmi.core.util.Bytes;

/**
 * SM4's rounds on the Vector API: the S-box through byte shuffles over the nibble tables of
 * {@link NibbleTables}, so that one sequential block (CBC, CFB and OFB encryption, CCM's CBC-MAC)
 * costs about a third of the circuit's time, and many blocks go through as many lanes as the
 * machine's vectors hold.
 *
 * <p>One block keeps each of its four words in every lane of a 128-bit vector; the S-box works on
 * the round word's four bytes at once and L on 32-bit lanes. Many blocks are transposed so that
 * lane b of vector w holds word w of block b, {@link #VECTOR_LANES} blocks a vector (16 with
 * 512-bit vectors), and a pass runs two such groups side by side ({@link #LANES} blocks): each
 * round is a long chain of dependent shuffles, so two independent chains keep the vector units
 * busy where one leaves them waiting (CTR at 1.4× the speed of one chain, with AVX-512 and with
 * AVX2). A pass that would fill only the first group runs that group alone.
 *
 * <p>The rounds are written out in each path instead of calling helpers: the Vector API is fast
 * only where the JIT inlines everything into one compiled method, and it declines to inline a
 * helper it has already compiled on its own, or one of more than 35 bytecodes whose profile a
 * busy compiler queue left empty; then every vector is a heap object and every operation a loop.
 *
 * <p>Constant time in compiled code: every table lookup is a shuffle within a register (no memory
 * index depends on the data), the division-by-zero marker is handled by a lane-wise compare and
 * blend, and nothing branches on the keys or the data. The Vector API's own Java fallbacks, which
 * run until the JIT compiles these methods or where it cannot, do index small arrays and branch by
 * lane values: the backend therefore warms these methods on public data in every call shape the
 * engines make ({@link VectorWarmUp}) and serves only once no call allocates, the sign that they
 * run as vector instructions; the engines reach them through {@link VectorGatedRounds}, which
 * checks that again now and then and falls back to the circuit engine if it no longer holds. Not
 * thread-safe (scratch space, wiped after each call).
 */
final class VectorSm4Rounds implements Sm4Rounds {

    /** One block: a word in each of four lanes. */
    private static final VectorSpecies<Integer> ONE = IntVector.SPECIES_128;
    private static final VectorSpecies<Byte> ONE_BYTES = ByteVector.SPECIES_128;
    /** Many blocks: the machine's widest vectors. */
    private static final VectorSpecies<Integer> MANY = IntVector.SPECIES_PREFERRED;
    private static final VectorSpecies<Byte> MANY_BYTES = ByteVector.SPECIES_PREFERRED;

    /** Blocks in one vector of the many-block path: 32-bit lanes. */
    static final int VECTOR_LANES = MANY.length();
    /** Blocks per pass of the many-block path: two groups of a vector each. */
    static final int LANES = 2 * VECTOR_LANES;
    /**
     * Up to this many blocks go one at a time: a pass costs about two single blocks (the CTR and
     * CBC rates in docs/performance.md).
     */
    private static final int SINGLE_UP_TO = 2;

    private static final ByteVector IN_LOW_1 = table(ONE_BYTES, NibbleTables.IN_LOW);
    private static final ByteVector IN_HIGH_1 = table(ONE_BYTES, NibbleTables.IN_HIGH);
    private static final ByteVector INVERSE_1 = table(ONE_BYTES, NibbleTables.INVERSE);
    private static final ByteVector A_OVER_1 = table(ONE_BYTES, NibbleTables.A_OVER);
    private static final ByteVector OUT_IO_1 = table(ONE_BYTES, NibbleTables.OUT_IO);
    private static final ByteVector OUT_JO_1 = table(ONE_BYTES, NibbleTables.OUT_JO);
    private static final ByteVector IN_LOW_N = table(MANY_BYTES, NibbleTables.IN_LOW);
    private static final ByteVector IN_HIGH_N = table(MANY_BYTES, NibbleTables.IN_HIGH);
    private static final ByteVector INVERSE_N = table(MANY_BYTES, NibbleTables.INVERSE);
    private static final ByteVector A_OVER_N = table(MANY_BYTES, NibbleTables.A_OVER);
    private static final ByteVector OUT_IO_N = table(MANY_BYTES, NibbleTables.OUT_IO);
    private static final ByteVector OUT_JO_N = table(MANY_BYTES, NibbleTables.OUT_JO);

    private static final byte MARKER = (byte) NibbleTables.INFINITY;

    /**
     * L of the word whose four bytes are the S-box's output constant: the rounds leave C out of
     * the S-box's bytes and add L(C) instead, since L is linear.
     */
    private static final int L_OF_OUTPUT_CONSTANT = linear(0x01010101 * (NibbleTables.OUTPUT_CONSTANT & 0xff));

    private final int[] encryptionKeys;
    private final int[] decryptionKeys;
    /** Word-major blocks of one pass: word w of block b at w·LANES + b. */
    private final int[] words = new int[4 * LANES];

    VectorSm4Rounds(int[] encryptionKeys, int[] decryptionKeys) {
        this.encryptionKeys = encryptionKeys;
        this.decryptionKeys = decryptionKeys;
    }

    @Override
    public void cryptBlock(boolean encrypt, byte[] in, int inOff, byte[] out, int outOff) {
        int[] keys = encrypt ? encryptionKeys : decryptionKeys;
        IntVector x0 = IntVector.broadcast(ONE, Bytes.getIntBE(in, inOff));
        IntVector x1 = IntVector.broadcast(ONE, Bytes.getIntBE(in, inOff + 4));
        IntVector x2 = IntVector.broadcast(ONE, Bytes.getIntBE(in, inOff + 8));
        IntVector x3 = IntVector.broadcast(ONE, Bytes.getIntBE(in, inOff + 12));
        // one round per iteration, rotating the words, written out here rather than in helpers
        // (see the class comment)
        for (int r = 0; r < keys.length; r++) {
            IntVector word = x1.lanewise(XOR, x2).lanewise(XOR, keys[r]).lanewise(XOR, x3);
            // τ: the S-box on every byte through the nibble tables (see NibbleTables)
            ByteVector low = word.reinterpretAsBytes().and((byte) 15);
            ByteVector high = word.lanewise(LSHR, 4).reinterpretAsBytes().and((byte) 15);
            ByteVector tower = low.selectFrom(IN_LOW_1).lanewise(XOR, high.selectFrom(IN_HIGH_1));
            ByteVector k = tower.and((byte) 15);
            ByteVector i = tower.reinterpretAsInts().lanewise(LSHR, 4).reinterpretAsBytes().and((byte) 15);
            ByteVector j = i.lanewise(XOR, k);
            ByteVector ak = k.selectFrom(A_OVER_1);
            // a lookup at the marker (16 to 31) gives 0: selectFrom wraps the index into the
            // table's repeated copies, and the blend clears those lanes
            ByteVector iak = i.selectFrom(INVERSE_1).lanewise(XOR, ak);
            ByteVector jak = j.selectFrom(INVERSE_1).lanewise(XOR, ak);
            ByteVector io = iak.selectFrom(INVERSE_1).blend((byte) 0, iak.compare(GE, MARKER)).lanewise(XOR, j);
            ByteVector jo = jak.selectFrom(INVERSE_1).blend((byte) 0, jak.compare(GE, MARKER)).lanewise(XOR, i);
            IntVector b = io.selectFrom(OUT_IO_1).blend((byte) 0, io.compare(GE, MARKER))
                    .lanewise(XOR, jo.selectFrom(OUT_JO_1).blend((byte) 0, jo.compare(GE, MARKER)))
                    .reinterpretAsInts();
            // L(b) = b ⊕ (b ⋘ 2) ⊕ (b ⋘ 10) ⊕ (b ⋘ 18) ⊕ (b ⋘ 24) as a tree, with the S-box's output
            // constant C (left out of b) entering as L(C) through x0: off the chain of dependent steps
            IntVector next = b.lanewise(XOR, b.lanewise(ROL, 2)).lanewise(XOR, b.lanewise(ROL, 10).lanewise(XOR, b.lanewise(ROL, 18)))
                    .lanewise(XOR, b.lanewise(ROL, 24).lanewise(XOR, x0.lanewise(XOR, L_OF_OUTPUT_CONSTANT)));
            x0 = x1;
            x1 = x2;
            x2 = x3;
            x3 = next;
        }
        Bytes.putIntBE(out, outOff, x3.lane(0));
        Bytes.putIntBE(out, outOff + 4, x2.lane(0));
        Bytes.putIntBE(out, outOff + 8, x1.lane(0));
        Bytes.putIntBE(out, outOff + 12, x0.lane(0));
    }

    @Override
    public void cryptBlocks(boolean encrypt, byte[] in, int inOff, byte[] out, int outOff, int count) {
        if (count <= SINGLE_UP_TO) {
            for (int i = 0; i < count; i++) {
                cryptBlock(encrypt, in, inOff + i * Sm4.BLOCK_SIZE, out, outOff + i * Sm4.BLOCK_SIZE);
            }
            return;
        }
        int[] keys = encrypt ? encryptionKeys : decryptionKeys;
        for (int done = 0; done < count; done += LANES) {
            int blocks = Math.min(LANES, count - done);
            int at = inOff + done * Sm4.BLOCK_SIZE;
            for (int b = 0; b < blocks; b++) {
                for (int w = 0; w < 4; w++) {
                    words[w * LANES + b] = Bytes.getIntBE(in, at + b * Sm4.BLOCK_SIZE + 4 * w);
                }
            }
            cryptPass(keys, words, blocks);
            at = outOff + done * Sm4.BLOCK_SIZE;
            for (int b = 0; b < blocks; b++) {
                for (int w = 0; w < 4; w++) {
                    Bytes.putIntBE(out, at + b * Sm4.BLOCK_SIZE + 4 * w, words[w * LANES + b]);
                }
            }
        }
        Arrays.fill(words, 0);
    }

    @Override
    public void cryptCounters(long[] counter, int counterBits, byte[] in, int inOff, byte[] out, int outOff, int count) {
        for (int done = 0; done < count; done += LANES) {
            int blocks = Math.min(LANES, count - done);
            for (int b = 0; b < blocks; b++) {
                words[b] = (int) (counter[0] >>> 32);
                words[LANES + b] = (int) counter[0];
                words[2 * LANES + b] = (int) (counter[1] >>> 32);
                words[3 * LANES + b] = (int) counter[1];
                Sm4.incrementCounter(counter, counterBits);
            }
            cryptPass(encryptionKeys, words, blocks);
            int at = done * Sm4.BLOCK_SIZE;
            for (int b = 0; b < blocks; b++) {
                for (int w = 0; w < 4; w++) {
                    int offset = at + b * Sm4.BLOCK_SIZE + 4 * w;
                    Bytes.putIntBE(out, outOff + offset, Bytes.getIntBE(in, inOff + offset) ^ words[w * LANES + b]);
                }
            }
        }
        Arrays.fill(words, 0);
    }

    @Override
    public void wipe() {
        Arrays.fill(words, 0);
    }

    /** The 32 rounds on the first {@code blocks} of the pass in {@code words}: one group or both. */
    private static void cryptPass(int[] keys, int[] words, int blocks) {
        if (blocks <= VECTOR_LANES) {
            cryptGroup(keys, words);
        } else {
            cryptGroups(keys, words);
        }
    }

    /**
     * The 32 rounds on the first group's {@link #VECTOR_LANES} blocks in {@code words}
     * (word-major, rows of {@link #LANES}), in place; lanes beyond the blocks in use carry
     * whatever is there and are not read back.
     */
    private static void cryptGroup(int[] keys, int[] words) {
        IntVector x0 = IntVector.fromArray(MANY, words, 0);
        IntVector x1 = IntVector.fromArray(MANY, words, LANES);
        IntVector x2 = IntVector.fromArray(MANY, words, 2 * LANES);
        IntVector x3 = IntVector.fromArray(MANY, words, 3 * LANES);
        // the round of cryptBlock, on the wide species: one block in a lane of a pass, rather than
        // a 128-bit path of its own, which measured slower in CBC
        for (int r = 0; r < keys.length; r++) {
            IntVector word = x1.lanewise(XOR, x2).lanewise(XOR, keys[r]).lanewise(XOR, x3);
            // τ: the S-box on every byte through the nibble tables (see NibbleTables)
            ByteVector low = word.reinterpretAsBytes().and((byte) 15);
            ByteVector high = word.lanewise(LSHR, 4).reinterpretAsBytes().and((byte) 15);
            ByteVector tower = low.selectFrom(IN_LOW_N).lanewise(XOR, high.selectFrom(IN_HIGH_N));
            ByteVector k = tower.and((byte) 15);
            ByteVector i = tower.reinterpretAsInts().lanewise(LSHR, 4).reinterpretAsBytes().and((byte) 15);
            ByteVector j = i.lanewise(XOR, k);
            ByteVector ak = k.selectFrom(A_OVER_N);
            // a lookup at the marker (16 to 31) gives 0: selectFrom wraps the index into the
            // table's repeated copies, and the blend clears those lanes
            ByteVector iak = i.selectFrom(INVERSE_N).lanewise(XOR, ak);
            ByteVector jak = j.selectFrom(INVERSE_N).lanewise(XOR, ak);
            ByteVector io = iak.selectFrom(INVERSE_N).blend((byte) 0, iak.compare(GE, MARKER)).lanewise(XOR, j);
            ByteVector jo = jak.selectFrom(INVERSE_N).blend((byte) 0, jak.compare(GE, MARKER)).lanewise(XOR, i);
            IntVector b = io.selectFrom(OUT_IO_N).blend((byte) 0, io.compare(GE, MARKER))
                    .lanewise(XOR, jo.selectFrom(OUT_JO_N).blend((byte) 0, jo.compare(GE, MARKER)))
                    .reinterpretAsInts();
            // L(b) = b ⊕ (b ⋘ 2) ⊕ (b ⋘ 10) ⊕ (b ⋘ 18) ⊕ (b ⋘ 24) as a tree, with the S-box's output
            // constant C (left out of b) entering as L(C) through x0: off the chain of dependent steps
            IntVector next = b.lanewise(XOR, b.lanewise(ROL, 2)).lanewise(XOR, b.lanewise(ROL, 10).lanewise(XOR, b.lanewise(ROL, 18)))
                    .lanewise(XOR, b.lanewise(ROL, 24).lanewise(XOR, x0.lanewise(XOR, L_OF_OUTPUT_CONSTANT)));
            x0 = x1;
            x1 = x2;
            x2 = x3;
            x3 = next;
        }
        x3.intoArray(words, 0);
        x2.intoArray(words, LANES);
        x1.intoArray(words, 2 * LANES);
        x0.intoArray(words, 3 * LANES);
    }

    /**
     * The 32 rounds on both groups of the pass in {@code words}, as {@link #cryptGroup} on each,
     * interleaved: the second group's operations fill the first's waits.
     */
    private static void cryptGroups(int[] keys, int[] words) {
        IntVector x0 = IntVector.fromArray(MANY, words, 0);
        IntVector x1 = IntVector.fromArray(MANY, words, LANES);
        IntVector x2 = IntVector.fromArray(MANY, words, 2 * LANES);
        IntVector x3 = IntVector.fromArray(MANY, words, 3 * LANES);
        IntVector u0 = IntVector.fromArray(MANY, words, VECTOR_LANES);
        IntVector u1 = IntVector.fromArray(MANY, words, LANES + VECTOR_LANES);
        IntVector u2 = IntVector.fromArray(MANY, words, 2 * LANES + VECTOR_LANES);
        IntVector u3 = IntVector.fromArray(MANY, words, 3 * LANES + VECTOR_LANES);
        // the round of cryptGroup twice, statement by statement (x for the first group, u for the
        // second), written out rather than in helpers (see the class comment)
        for (int r = 0; r < keys.length; r++) {
            IntVector word = x1.lanewise(XOR, x2).lanewise(XOR, keys[r]).lanewise(XOR, x3);
            IntVector wordU = u1.lanewise(XOR, u2).lanewise(XOR, keys[r]).lanewise(XOR, u3);
            ByteVector low = word.reinterpretAsBytes().and((byte) 15);
            ByteVector lowU = wordU.reinterpretAsBytes().and((byte) 15);
            ByteVector high = word.lanewise(LSHR, 4).reinterpretAsBytes().and((byte) 15);
            ByteVector highU = wordU.lanewise(LSHR, 4).reinterpretAsBytes().and((byte) 15);
            ByteVector tower = low.selectFrom(IN_LOW_N).lanewise(XOR, high.selectFrom(IN_HIGH_N));
            ByteVector towerU = lowU.selectFrom(IN_LOW_N).lanewise(XOR, highU.selectFrom(IN_HIGH_N));
            ByteVector k = tower.and((byte) 15);
            ByteVector kU = towerU.and((byte) 15);
            ByteVector i = tower.reinterpretAsInts().lanewise(LSHR, 4).reinterpretAsBytes().and((byte) 15);
            ByteVector iU = towerU.reinterpretAsInts().lanewise(LSHR, 4).reinterpretAsBytes().and((byte) 15);
            ByteVector j = i.lanewise(XOR, k);
            ByteVector jU = iU.lanewise(XOR, kU);
            ByteVector ak = k.selectFrom(A_OVER_N);
            ByteVector akU = kU.selectFrom(A_OVER_N);
            ByteVector iak = i.selectFrom(INVERSE_N).lanewise(XOR, ak);
            ByteVector iakU = iU.selectFrom(INVERSE_N).lanewise(XOR, akU);
            ByteVector jak = j.selectFrom(INVERSE_N).lanewise(XOR, ak);
            ByteVector jakU = jU.selectFrom(INVERSE_N).lanewise(XOR, akU);
            ByteVector io = iak.selectFrom(INVERSE_N).blend((byte) 0, iak.compare(GE, MARKER)).lanewise(XOR, j);
            ByteVector ioU = iakU.selectFrom(INVERSE_N).blend((byte) 0, iakU.compare(GE, MARKER)).lanewise(XOR, jU);
            ByteVector jo = jak.selectFrom(INVERSE_N).blend((byte) 0, jak.compare(GE, MARKER)).lanewise(XOR, i);
            ByteVector joU = jakU.selectFrom(INVERSE_N).blend((byte) 0, jakU.compare(GE, MARKER)).lanewise(XOR, iU);
            IntVector b = io.selectFrom(OUT_IO_N).blend((byte) 0, io.compare(GE, MARKER))
                    .lanewise(XOR, jo.selectFrom(OUT_JO_N).blend((byte) 0, jo.compare(GE, MARKER)))
                    .reinterpretAsInts();
            IntVector bU = ioU.selectFrom(OUT_IO_N).blend((byte) 0, ioU.compare(GE, MARKER))
                    .lanewise(XOR, joU.selectFrom(OUT_JO_N).blend((byte) 0, joU.compare(GE, MARKER)))
                    .reinterpretAsInts();
            IntVector next = b.lanewise(XOR, b.lanewise(ROL, 2)).lanewise(XOR, b.lanewise(ROL, 10).lanewise(XOR, b.lanewise(ROL, 18)))
                    .lanewise(XOR, b.lanewise(ROL, 24).lanewise(XOR, x0.lanewise(XOR, L_OF_OUTPUT_CONSTANT)));
            IntVector nextU = bU.lanewise(XOR, bU.lanewise(ROL, 2)).lanewise(XOR, bU.lanewise(ROL, 10).lanewise(XOR, bU.lanewise(ROL, 18)))
                    .lanewise(XOR, bU.lanewise(ROL, 24).lanewise(XOR, u0.lanewise(XOR, L_OF_OUTPUT_CONSTANT)));
            x0 = x1;
            x1 = x2;
            x2 = x3;
            x3 = next;
            u0 = u1;
            u1 = u2;
            u2 = u3;
            u3 = nextU;
        }
        x3.intoArray(words, 0);
        x2.intoArray(words, LANES);
        x1.intoArray(words, 2 * LANES);
        x0.intoArray(words, 3 * LANES);
        u3.intoArray(words, VECTOR_LANES);
        u2.intoArray(words, LANES + VECTOR_LANES);
        u1.intoArray(words, 2 * LANES + VECTOR_LANES);
        u0.intoArray(words, 3 * LANES + VECTOR_LANES);
    }

    /** SM4's linear transform L. */
    private static int linear(int b) {
        return b ^ Integer.rotateLeft(b, 2) ^ Integer.rotateLeft(b, 10) ^ Integer.rotateLeft(b, 18) ^ Integer.rotateLeft(b, 24);
    }

    /** A 16-entry table repeated across every 128-bit part of the species. */
    private static ByteVector table(VectorSpecies<Byte> species, byte[] entries) {
        byte[] lanes = new byte[species.length()];
        for (int n = 0; n < lanes.length; n++) {
            lanes[n] = entries[n & 15];
        }
        return ByteVector.fromArray(species, lanes, 0);
    }
}
