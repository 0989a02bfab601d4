package org.shangmi.vector;

/**
 * The SM4 S-box as six 16-entry tables over nibbles, for byte shuffles (x86 PSHUFB, AArch64 TBL),
 * derived here from the S-box's algebra rather than copied. The tower and its GF(16) steps serve
 * ZUC's S1 too ({@link VectorZucSBox}).
 *
 * <p>The S-box is S(x) = A·I(A·x ⊕ C) ⊕ C, where I inverts in GF(2^8) modulo
 * x^8 + x^7 + x^6 + x^5 + x^4 + x^2 + 1 (zero to zero), bit r of A·x is the parity of x AND
 * (0xA7 rotated left by r), and C = 0xD3. Inversion runs in the isomorphic tower
 * GF(16)[z]/(z² + a·z + a), GF(16) modulo x^4 + x + 1, with a the smallest element that makes the
 * quadratic irreducible. For t = k + i·z, and j = i ⊕ k:
 * <pre>
 *   io = j ⊕ 1/(1/i ⊕ a/k)        jo = i ⊕ 1/(1/j ⊕ a/k)
 * </pre>
 * Working through the norm N = k² + a·i·k + a·i² shows io = N/(k + a·i) and jo = N/(k + a·j): the
 * reciprocals of two GF(16)-linear coordinates of t⁻¹. So t⁻¹, and the output affine map after
 * it, is {@code OUT_IO[io] ⊕ OUT_JO[jo] ⊕ C}, and no step multiplies two secret values: each is a
 * table lookup on one nibble or an XOR.
 *
 * <p>Division by zero yields the marker {@link #INFINITY} (16): XOR with a nibble keeps it at 16
 * or above, and a lookup of an index of 16 or more gives 0 (1/∞ = 0, and the output tables are
 * linear). Two markers XOR to a finite value, which is what t = 0 needs. Every value stays below
 * 32. The tables are public constants; computing them branches only on those.
 */
final class NibbleTables {

    /** The result of dividing by zero, and the first index whose lookup gives 0. */
    static final int INFINITY = 16;
    /** The S-box's output constant C. */
    static final byte OUTPUT_CONSTANT = (byte) 0xD3;

    /** A·n ⊕ C in tower form, (i << 4) | k, for the low nibble n of the input. */
    static final byte[] IN_LOW = new byte[16];
    /** A·(n << 4) in tower form, for the high nibble n (the constant is in {@link #IN_LOW}). */
    static final byte[] IN_HIGH = new byte[16];
    /** 1/n in GF(16); 1/0 is {@link #INFINITY}. */
    static final byte[] INVERSE = new byte[16];
    /** a/n in GF(16); a/0 is {@link #INFINITY}. */
    static final byte[] A_OVER = new byte[16];
    /** The output's part from io, without C. */
    static final byte[] OUT_IO = new byte[16];
    /** The output's part from jo. */
    static final byte[] OUT_JO = new byte[16];

    private static final int SM4_FIELD = 0x1F5;
    private static final int GF16_FIELD = 0x13;
    private static final int AFFINE_ROW = 0xA7;

    /** The tower's constant a. */
    static final int A = smallestIrreducibleConstant();

    static {
        derive();
    }

    private NibbleTables() {
    }

    private static void derive() {
        int beta = rootInTower(SM4_FIELD);
        int[] toTower = new int[256];
        int[] fromTower = new int[256];
        for (int u = 0; u < 256; u++) {
            int t = 0;
            int power = 1;
            for (int e = 0; e < 8; e++) {
                if (((u >>> e) & 1) != 0) {
                    t ^= power;
                }
                power = towerMultiply(power, beta);
            }
            toTower[u] = t;
            fromTower[t] = u;
        }
        int constantInTower = toTower[OUTPUT_CONSTANT & 0xff];
        int aSquaredInverse = gf16Inverse(gf16Multiply(A, A));
        int ioWeight = gf16Multiply(1 ^ A, aSquaredInverse);
        for (int n = 0; n < 16; n++) {
            IN_LOW[n] = (byte) (toTower[affine(n)] ^ constantInTower);
            IN_HIGH[n] = (byte) toTower[affine(n << 4)];
            INVERSE[n] = (byte) (n == 0 ? INFINITY : gf16Inverse(n));
            A_OVER[n] = (byte) (n == 0 ? INFINITY : gf16Multiply(A, gf16Inverse(n)));
            // t⁻¹ = k' + i'·z with k' = 1/io and i' = ((1 + a)/io + 1/jo)/a²
            int r = gf16Inverse(n);
            OUT_IO[n] = (byte) affine(fromTower[(gf16Multiply(ioWeight, r) << 4) | r]);
            OUT_JO[n] = (byte) affine(fromTower[gf16Multiply(aSquaredInverse, r) << 4]);
        }
    }

    /** The linear part of SM4's affine map A. */
    static int affine(int x) {
        int result = 0;
        for (int r = 0; r < 8; r++) {
            int row = ((AFFINE_ROW << r) | (AFFINE_ROW >>> (8 - r))) & 0xff;
            result |= (Integer.bitCount(x & row) & 1) << r;
        }
        return result;
    }

    /** The S-box the tables compute, one byte at a time with the marker rules (for the tests). */
    static int substitute(int x) {
        int t = (IN_LOW[x & 15] ^ IN_HIGH[(x >>> 4) & 15]) & 0xff;
        int k = t & 15;
        int i = t >>> 4;
        int j = i ^ k;
        int ak = A_OVER[k];
        int io = lookup(INVERSE, INVERSE[i] ^ ak) ^ j;
        int jo = lookup(INVERSE, INVERSE[j] ^ ak) ^ i;
        return (lookup(OUT_IO, io) ^ lookup(OUT_JO, jo) ^ OUTPUT_CONSTANT) & 0xff;
    }

    private static int lookup(byte[] table, int index) {
        return index >= INFINITY ? 0 : table[index] & 0xff;
    }

    static int gf16Multiply(int x, int y) {
        int product = 0;
        for (int b = 0; b < 4; b++) {
            if (((y >>> b) & 1) != 0) {
                product ^= x << b;
            }
        }
        for (int b = 6; b >= 4; b--) {
            if (((product >>> b) & 1) != 0) {
                product ^= GF16_FIELD << (b - 4);
            }
        }
        return product;
    }

    static int gf16Inverse(int x) {
        for (int y = 1; y < 16; y++) {
            if (gf16Multiply(x, y) == 1) {
                return y;
            }
        }
        return 0;
    }

    /** The product in the tower, elements as (i << 4) | k for k + i·z, where z² = a·z + a. */
    static int towerMultiply(int u, int v) {
        int ui = u >>> 4;
        int uk = u & 15;
        int vi = v >>> 4;
        int vk = v & 15;
        int high = gf16Multiply(ui, vi);
        int k = gf16Multiply(uk, vk) ^ gf16Multiply(A, high);
        int i = gf16Multiply(uk, vi) ^ gf16Multiply(ui, vk) ^ gf16Multiply(A, high);
        return (i << 4) | k;
    }

    private static int smallestIrreducibleConstant() {
        for (int c = 1; c < 16; c++) {
            boolean root = false;
            for (int r = 0; r < 16; r++) {
                root |= (gf16Multiply(r, r) ^ gf16Multiply(c, r) ^ c) == 0;
            }
            if (!root) {
                return c;
            }
        }
        throw new AssertionError("no irreducible z² + c·z + c over GF(16)");
    }

    /** An element of the tower that is a root of a field polynomial of degree 8 (bit e the coefficient of x^e). */
    static int rootInTower(int fieldPolynomial) {
        for (int b = 2; b < 256; b++) {
            int value = 0;
            int power = 1;
            for (int e = 0; e <= 8; e++) {
                if (((fieldPolynomial >>> e) & 1) != 0) {
                    value ^= power;
                }
                power = towerMultiply(power, b);
            }
            if (value == 0) {
                return b;
            }
        }
        throw new AssertionError("the field polynomial has no root in the tower");
    }
}
