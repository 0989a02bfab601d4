package org.shangmi.vector;

import static jdk.incubator.vector.VectorOperators.GE;
import static jdk.incubator.vector.VectorOperators.LSHR;
import static jdk.incubator.vector.VectorOperators.XOR;

import jdk.incubator.vector.ByteVector;
import jdk.incubator.vector.LongVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorSpecies;

/**
 * ZUC's S-box layer (S0, S1, S0, S1 on each word's bytes, most significant first) on two words
 * at once through 16-entry byte shuffles (x86 PSHUFB, AArch64 TBL): constant time, since a
 * shuffle's speed does not depend on its indices, and about three times as fast as the boolean
 * circuit of core's ZucSBox, which it replaces where the vector backend serves.
 *
 * <p>S1(x) = A·x⁻¹ + 0x55 in GF(2^8) modulo x^8 + x^7 + x^3 + x + 1 is inverted in the tower of
 * {@link NibbleTables} (the same GF(16) steps as SM4's S-box, other maps before and after). S0 is
 * the cipher's own construction from three 4-bit boxes: t = x1 ⊕ P1(x2), u = x2 ⊕ P2(t),
 * v = t ⊕ P3(u), S0 = (u ‖ v) ⋘ 1, five lookups with the rotation folded into the last two tables.
 * Both run on all eight bytes; each byte keeps its own S-box's result.
 */
final class VectorZucSBox {

    private static final VectorSpecies<Byte> BYTES = ByteVector.SPECIES_128;
    private static final VectorSpecies<Long> LONGS = LongVector.SPECIES_128;
    private static final int ZUC_FIELD = 0x18B;
    /** The columns of S1's linear map A (the image of each bit of the inverse). */
    private static final int[] S1_MATRIX = {0x97, 0x3e, 0x6d, 0xcb, 0xee, 0xdd, 0xbb, 0x77};
    /** S1's constant, added to the bytes that take S1 (0, 2, 4 and 6 of the long). */
    private static final long S1_CONSTANT = 0x0055005500550055L;
    /** P1, P2 and P3 of the ZUC design report's construction of S0. */
    private static final byte[] P1 = {9, 15, 0, 14, 15, 15, 2, 10, 0, 4, 0, 12, 7, 5, 3, 9};
    private static final byte[] P2 = {8, 13, 6, 5, 7, 0, 12, 4, 11, 1, 14, 10, 15, 3, 9, 2};
    private static final byte[] P3 = {2, 6, 10, 6, 0, 13, 10, 15, 3, 3, 13, 5, 0, 9, 12, 13};

    private static final ByteVector P1_V = table(P1);
    private static final ByteVector P2_V = table(P2);
    private static final ByteVector P3_V = table(P3);
    private static final ByteVector ROTATED_U = table(rotated(4));
    private static final ByteVector ROTATED_V = table(rotated(0));
    private static final ByteVector IN_LOW = table(toTowerTable(0));
    private static final ByteVector IN_HIGH = table(toTowerTable(4));
    private static final ByteVector INVERSE = table(NibbleTables.INVERSE);
    private static final ByteVector A_OVER = table(NibbleTables.A_OVER);
    private static final ByteVector OUT_IO = table(outputTable(true));
    private static final ByteVector OUT_JO = table(outputTable(false));
    private static final byte MARKER = (byte) NibbleTables.INFINITY;
    /** The odd bytes (1, 3, 5, 7), which take S0. */
    private static final VectorMask<Byte> S0_BYTES = VectorMask.fromLong(BYTES, 0xaaaaL);

    private VectorZucSBox() {
    }

    /** S applied to both words of {@code w = (u << 32) | v}, as core's {@code ZucSBox.apply}. */
    static long apply(long w) {
        ByteVector x = LongVector.broadcast(LONGS, w).reinterpretAsBytes();
        ByteVector low = x.and((byte) 15);
        ByteVector high = LongVector.broadcast(LONGS, w >>> 4).reinterpretAsBytes().and((byte) 15);
        // S0
        ByteVector t = low.selectFrom(P1_V).lanewise(XOR, high);
        ByteVector u = t.selectFrom(P2_V).lanewise(XOR, low);
        ByteVector v = u.selectFrom(P3_V).lanewise(XOR, t);
        ByteVector s0 = u.selectFrom(ROTATED_U).lanewise(XOR, v.selectFrom(ROTATED_V));
        // S1 without its constant, through the tower (see NibbleTables)
        ByteVector tower = low.selectFrom(IN_LOW).lanewise(XOR, high.selectFrom(IN_HIGH));
        ByteVector k = tower.and((byte) 15);
        ByteVector i = tower.reinterpretAsLongs().lanewise(LSHR, 4).reinterpretAsBytes().and((byte) 15);
        ByteVector j = i.lanewise(XOR, k);
        ByteVector ak = k.selectFrom(A_OVER);
        ByteVector iak = i.selectFrom(INVERSE).lanewise(XOR, ak);
        ByteVector jak = j.selectFrom(INVERSE).lanewise(XOR, ak);
        ByteVector io = iak.selectFrom(INVERSE).blend((byte) 0, iak.compare(GE, MARKER)).lanewise(XOR, j);
        ByteVector jo = jak.selectFrom(INVERSE).blend((byte) 0, jak.compare(GE, MARKER)).lanewise(XOR, i);
        ByteVector s1 = io.selectFrom(OUT_IO).blend((byte) 0, io.compare(GE, MARKER))
                .lanewise(XOR, jo.selectFrom(OUT_JO).blend((byte) 0, jo.compare(GE, MARKER)));
        return s1.blend(s0, S0_BYTES).reinterpretAsLongs().lane(0) ^ S1_CONSTANT;
    }

    private static ByteVector table(byte[] sixteen) {
        return ByteVector.fromArray(BYTES, sixteen, 0);
    }

    /** rotl8(n << shift, 1) for each nibble n: S0's output parts from u (shift 4) and v (shift 0). */
    private static byte[] rotated(int shift) {
        byte[] table = new byte[16];
        for (int n = 0; n < 16; n++) {
            int y = n << shift;
            table[n] = (byte) ((y << 1 | y >>> 7) & 0xff);
        }
        return table;
    }

    private static int[] toTower() {
        int beta = NibbleTables.rootInTower(ZUC_FIELD);
        int[] toTower = new int[256];
        for (int x = 0; x < 256; x++) {
            int t = 0;
            int power = 1;
            for (int e = 0; e < 8; e++) {
                if (((x >>> e) & 1) != 0) {
                    t ^= power;
                }
                power = NibbleTables.towerMultiply(power, beta);
            }
            toTower[x] = t;
        }
        return toTower;
    }

    /** The tower form of a nibble n placed at {@code shift} (0 or 4) of the input byte. */
    private static byte[] toTowerTable(int shift) {
        int[] toTower = toTower();
        byte[] table = new byte[16];
        for (int n = 0; n < 16; n++) {
            table[n] = (byte) toTower[n << shift];
        }
        return table;
    }

    private static int s1Linear(int y) {
        int r = 0;
        for (int b = 0; b < 8; b++) {
            if (((y >>> b) & 1) != 0) {
                r ^= S1_MATRIX[b];
            }
        }
        return r;
    }

    /**
     * The output's part from io (or jo): with r = 1/n, t⁻¹ = k' + i'·z where k' = 1/io and
     * i' = ((1 + a)/io + 1/jo)/a², as NibbleTables derives; then A.
     */
    private static byte[] outputTable(boolean io) {
        int[] toTower = toTower();
        int[] fromTower = new int[256];
        for (int x = 0; x < 256; x++) {
            fromTower[toTower[x]] = x;
        }
        int a = NibbleTables.A;
        int aSquaredInverse = NibbleTables.gf16Inverse(NibbleTables.gf16Multiply(a, a));
        int ioWeight = NibbleTables.gf16Multiply(1 ^ a, aSquaredInverse);
        byte[] table = new byte[16];
        for (int n = 0; n < 16; n++) {
            int r = NibbleTables.gf16Inverse(n);
            int tower = io ? NibbleTables.gf16Multiply(ioWeight, r) << 4 | r : NibbleTables.gf16Multiply(aSquaredInverse, r) << 4;
            table[n] = (byte) s1Linear(fromTower[tower]);
        }
        return table;
    }
}
