package org.shangmi.core.sm2;

import java.util.Arrays;
import java.util.HexFormat;
import java.util.Objects;

/**
 * Point arithmetic on sm2p256v1 for public data only: signature verification (s·G + t·Q by
 * interleaved wNAFs, or from comb tables), the comb table of a public key, and the check of a
 * verified point's x modulo n.
 *
 * <p><b>Variable time.</b> Every method here branches on, and indexes tables with, its scalars
 * and points; never give it a private key, a nonce or anything derived from them. The
 * constant-time arithmetic is {@link Sm2Curve}'s, whose formulas this class uses (through a
 * workspace of its own) rather than repeating them; it adds only the branches for the formulas'
 * exceptional cases (the identity, p = ±q).
 *
 * <p>An instance is a workspace: not thread-safe, it allocates its state on first use and then
 * nothing per operation.
 */
public final class Sm2CurveVar {

    /**
     * Width of the signed digits of G's scalar in {@link #multiplyAddTablesVar}, whose comb of G
     * ({@link WideGeneratorTable}) serves verification only: wider than the comb signing scans in
     * full ({@link Sm2Curve#COMB_WINDOW}), whose cost grows with its entries, while here one entry
     * is read per digit.
     */
    private static final int WIDE_WINDOW = 7;
    /** Rows of that comb: digits enough for a 256-bit scalar and its last digit's carry. */
    private static final int WIDE_ROWS = (256 + WIDE_WINDOW) / WIDE_WINDOW;
    /** Entries of a row: the multiples 1 .. 2^(w−1). */
    private static final int WIDE_ENTRIES = 1 << (WIDE_WINDOW - 1);

    /** Width of the wNAF of the variable point's scalar in {@link #multiplyAddVar}: odd multiples 1..15. */
    private static final int POINT_WINDOW = 5;
    /** Width for G's scalar there: odd multiples 1..63 of G, precomputed once. */
    private static final int GENERATOR_WINDOW = 7;
    private static final int NAF_DIGITS = 8 * Sm2Curve.BYTES + 2;

    /** p − n, big-endian: x mod n = v has the second solution x = v + n below p when v &lt; p − n. */
    private static final byte[] P_MINUS_N =
            HexFormat.of().parseHex("000000000000000000000000000000008DFC2093DE39FAD5AC440BF6C62ABEDC");

    /** The constant-time formulas and their temporaries. */
    private final Sm2Curve curve = new Sm2Curve();
    private final Sm2Point selected = new Sm2Point();
    private final Sm2Point sum = new Sm2Point();
    private final Sm2Point doubled = new Sm2Point();
    private final Sm2Point accumulator = new Sm2Point();
    private final long[] zSquared = Sm2Field.create();
    private final long[] candidate = Sm2Field.create();
    private final long[] product = Sm2Field.create();

    private Sm2Point[] oddMultiples;
    private int[] generatorDigits;
    private int[] pointDigits;
    private final long[] recoding = new long[5];

    /** A workspace; the verification tables and digit buffers are allocated on first use. */
    public Sm2CurveVar() {
    }

    /**
     * Zeros every temporary and table of this workspace. They hold public values only; a pool
     * that keeps workspaces zeros them all the same.
     */
    public void wipe() {
        curve.wipe();
        selected.wipe();
        sum.wipe();
        doubled.wipe();
        accumulator.wipe();
        Sm2Field.setZero(zSquared);
        Sm2Field.setZero(candidate);
        Sm2Field.setZero(product);
        Arrays.fill(recoding, 0);
        if (oddMultiples != null) {
            for (Sm2Point point : oddMultiples) {
                point.wipe();
            }
            Arrays.fill(generatorDigits, 0);
            Arrays.fill(pointDigits, 0);
        }
    }

    /**
     * r = p + q, with the same answers as {@link Sm2Curve#add}, choosing the formula by branching on
     * whether p, q are the identity or p = ±q. <b>Variable time</b>: for public points only.
     */
    private void addVar(Sm2Point r, Sm2Point p, Sm2Point q) {
        if (p.isIdentity()) {
            r.set(q);
        } else if (q.isIdentity()) {
            r.set(p);
        } else {
            curve.addUnchecked(sum, p, q);
            if (curve.sameXBit() != 0) { // same x: q = p or q = −p
                if (curve.sameYBit() != 0) {
                    curve.twice(r, p);
                } else {
                    r.setIdentity();
                }
            } else {
                r.set(sum);
            }
        }
    }

    /**
     * r = s·G + t·Q from G's wide comb and Q's {@link #combTable}: at most 37 + 52 additions and no
     * doublings. <b>Variable time</b> in s, t and Q: for public data only (verification with a
     * public key whose table was cached).
     */
    public void multiplyAddTablesVar(Sm2Point r, byte[] s, int sOff, byte[] t, int tOff, long[] pointTable) {
        Objects.checkFromIndexSize(sOff, Sm2Curve.BYTES, s.length);
        Objects.checkFromIndexSize(tOff, Sm2Curve.BYTES, t.length);
        if (pointTable.length != Sm2Curve.GeneratorTable.TABLE.length) {
            throw new IllegalArgumentException("not a comb table: " + pointTable.length + " limbs");
        }
        accumulator.setIdentity();
        addTableMultipleVar(WideGeneratorTable.TABLE, s, sOff, WIDE_WINDOW, WIDE_ROWS);
        addTableMultipleVar(pointTable, t, tOff, Sm2Curve.COMB_WINDOW, Sm2Curve.COMB_ROWS);
        r.set(accumulator);
    }

    /** accumulator += k·P for P's comb table of {@code window}-bit signed digits, skipping zero digits. */
    private void addTableMultipleVar(long[] table, byte[] k, int off, int window, int rows) {
        int row = (1 << (window - 1)) * 2 * Sm2Field.LIMBS;
        for (int i = 0; i < rows; i++) {
            int digit = boothDigitVar(k, off, i, window);
            if (digit != 0) {
                loadAffineVar(table, i * row + (Math.abs(digit) - 1) * 2 * Sm2Field.LIMBS);
                negateIfNegative(digit);
                addAffineVar(accumulator, selected);
            }
        }
    }

    /**
     * Digit i in [−2^(w−1), 2^(w−1)] of the signed radix-2^w (Booth) recoding of the 256-bit
     * big-endian scalar, as {@link Sm2Curve#boothDigit} for w = 5: with the w + 1 bits
     * b(wi−1) .. b(wi+w−1) as v (bits below 0 and above 255 being 0), the digit is
     * b(wi−1) + (v's top w bits) − 2^w·b(wi+w−1). <b>Variable time</b>: public scalars only.
     */
    static int boothDigitVar(byte[] k, int off, int i, int window) {
        int low = window * i - 1;
        int v = 0;
        for (int b = 0; b <= window; b++) {
            int bit = low + b;
            if (bit >= 0 && bit < 8 * Sm2Curve.BYTES) {
                v |= ((k[off + Sm2Curve.BYTES - 1 - (bit >>> 3)] >>> (bit & 7)) & 1) << b;
            }
        }
        return (v & 1) + (v >>> 1) - ((v >>> window) << window);
    }

    /** selected = the affine point (x, y limbs) at {@code table[entry..]}; indexed by public data only. */
    private void loadAffineVar(long[] table, int entry) {
        System.arraycopy(table, entry, selected.x, 0, Sm2Field.LIMBS);
        System.arraycopy(table, entry + Sm2Field.LIMBS, selected.y, 0, Sm2Field.LIMBS);
        Sm2Field.setOne(selected.z);
    }

    /**
     * r = s·G + t·q for the 32-byte big-endian scalars s and t, by Straus–Shamir interleaving of
     * their width-w NAFs (one shared chain of doublings). <b>Variable time</b> in s, t and q: for
     * public data only, as in signature verification. r may be q.
     */
    public void multiplyAddVar(Sm2Point r, byte[] s, int sOff, byte[] t, int tOff, Sm2Point q) {
        Objects.checkFromIndexSize(sOff, Sm2Curve.BYTES, s.length);
        Objects.checkFromIndexSize(tOff, Sm2Curve.BYTES, t.length);
        if (oddMultiples == null) {
            oddMultiples = Sm2Curve.points(1 << (POINT_WINDOW - 2));
            generatorDigits = new int[NAF_DIGITS];
            pointDigits = new int[NAF_DIGITS];
        }
        int top = Math.max(wnafVar(s, sOff, GENERATOR_WINDOW, generatorDigits), wnafVar(t, tOff, POINT_WINDOW, pointDigits));
        oddMultiples[0].set(q);
        curve.twice(doubled, q);
        for (int i = 1; i < oddMultiples.length; i++) {
            addVar(oddMultiples[i], oddMultiples[i - 1], doubled);
        }
        long[] generatorTable = GeneratorOddMultiples.TABLE;
        accumulator.setIdentity();
        for (int i = top; i >= 0; i--) {
            curve.twice(accumulator, accumulator);
            int digit = generatorDigits[i];
            if (digit != 0) {
                loadAffineVar(generatorTable, ((Math.abs(digit) - 1) >>> 1) * 2 * Sm2Field.LIMBS);
                negateIfNegative(digit);
                addAffineVar(accumulator, selected);
            }
            digit = pointDigits[i];
            if (digit != 0) {
                selected.set(oddMultiples[(Math.abs(digit) - 1) >>> 1]);
                negateIfNegative(digit);
                addVar(accumulator, accumulator, selected);
            }
        }
        r.set(accumulator);
    }

    /** selected = −selected when the digit is negative (public data). */
    private void negateIfNegative(int digit) {
        if (digit < 0) {
            Sm2Field.neg(selected.y, selected.y);
        }
    }

    /**
     * r += the affine point in {@code selected} (Z = 1), branching on the exceptional cases.
     * <b>Variable time</b>: public points only.
     */
    private void addAffineVar(Sm2Point r, Sm2Point affine) {
        if (r.isIdentity()) {
            r.set(affine);
            return;
        }
        curve.addAffineUnchecked(sum, r, affine.x, affine.y);
        if (curve.sameXBit() != 0) { // same x: affine = r or affine = −r
            if (curve.sameYBit() != 0) {
                curve.twice(r, affine);
            } else {
                r.setIdentity();
            }
        } else {
            r.set(sum);
        }
    }

    /**
     * Writes the width-w NAF of the 256-bit big-endian scalar to {@code digits} (least significant
     * first; each digit zero or odd with |d| &lt; 2^(w−1)) and returns the index of its highest
     * nonzero digit, or 0 for a zero scalar. Variable time.
     */
    private int wnafVar(byte[] k, int off, int width, int[] digits) {
        long[] value = recoding;
        Limbs52.fromBytes(k, off, value);
        Arrays.fill(digits, 0);
        int top = 0;
        int window = 1 << width;
        for (int i = 0; i < NAF_DIGITS && !isZeroVar(value); i++) {
            if ((value[0] & 1) != 0) {
                int digit = (int) (value[0] & (window - 1));
                if (digit >= window / 2) {
                    digit -= window;
                }
                addSmallVar(value, -digit);
                digits[i] = digit;
                top = i;
            }
            shiftRightOneVar(value);
        }
        return top;
    }

    private static boolean isZeroVar(long[] value) {
        long any = 0;
        for (long limb : value) {
            any |= limb;
        }
        return any == 0;
    }

    /** value += delta for |delta| &lt; 2^52, on 52-bit limbs with the carry or borrow propagated. */
    private static void addSmallVar(long[] value, long delta) {
        long carry = delta;
        for (int i = 0; i < value.length && carry != 0; i++) {
            long limb = value[i] + carry;
            value[i] = limb & Limbs52.MASK;
            carry = limb >> 52;
        }
    }

    private static void shiftRightOneVar(long[] value) {
        for (int i = 0; i < value.length; i++) {
            long next = i + 1 < value.length ? value[i + 1] : 0;
            value[i] = (value[i] >>> 1) | ((next & 1) << 51);
        }
    }

    /**
     * G's comb of {@link #WIDE_WINDOW}-bit digits (37 rows of 64 affine points, 190 KB), built on
     * first use, for {@link #multiplyAddTablesVar}.
     */
    static final class WideGeneratorTable {

        static final long[] TABLE = build();

        private static long[] build() {
            Sm2Point g = new Sm2Point();
            Sm2Curve.setGenerator(g);
            return combTable(g, WIDE_WINDOW, WIDE_ROWS);
        }
    }

    /** The affine odd multiples G, 3G, ..., 63G as x, y limbs, for {@link #multiplyAddVar}. */
    static final class GeneratorOddMultiples {

        static final long[] TABLE = build();

        private static long[] build() {
            Sm2CurveVar workspace = new Sm2CurveVar();
            int count = 1 << (GENERATOR_WINDOW - 2);
            long[] table = new long[count * 2 * Sm2Field.LIMBS];
            Sm2Point g = new Sm2Point();
            Sm2Curve.setGenerator(g);
            Sm2Point twiceG = new Sm2Point();
            workspace.curve.twice(twiceG, g);
            Sm2Point multiple = new Sm2Point();
            multiple.set(g);
            long[] zInverse = Sm2Field.create();
            for (int i = 0; i < count; i++) {
                Sm2Field.invert(zInverse, multiple.z);
                storeAffine(multiple, zInverse, table, i * 2 * Sm2Field.LIMBS);
                workspace.addVar(multiple, multiple, twiceG);
            }
            return table;
        }
    }

    /**
     * The affine multiples j·32^i·P (row i = 0..51, j = 1..16) of a point P other than the
     * identity, as x, y limbs in one array (66.5 KB), built with a single batched inversion: the
     * table {@link Sm2Curve#multiplyGenerator} uses for G, and {@link #multiplyAddTablesVar} for a
     * public key verified often. About a thousand point additions; public data only.
     */
    public static long[] combTable(Sm2Point p) {
        return combTable(p, Sm2Curve.COMB_WINDOW, Sm2Curve.COMB_ROWS);
    }

    /** The affine multiples j·2^(w·i)·P (row i below {@code rows}, j = 1..2^(w−1)) for w = {@code window}. */
    private static long[] combTable(Sm2Point p, int window, int rows) {
        Sm2CurveVar workspace = new Sm2CurveVar();
        int entries = 1 << (window - 1);
        int count = rows * entries;
        Sm2Point[] points = new Sm2Point[count];
        Sm2Point base = new Sm2Point();
        base.set(p);
        for (int i = 0; i < rows; i++) {
            Sm2Point previous = null;
            for (int j = 1; j <= entries; j++) {
                Sm2Point point = new Sm2Point();
                if (previous == null) {
                    point.set(base);
                } else {
                    workspace.addVar(point, previous, base);
                }
                points[i * entries + j - 1] = point;
                previous = point;
            }
            for (int d = 0; d < window; d++) {
                workspace.curve.twice(base, base);
            }
        }
        // batched inversion of every Z: prefix products, one inversion, then unwind
        long[][] prefix = new long[count][];
        long[] running = Sm2Field.create();
        Sm2Field.setOne(running);
        for (int i = 0; i < count; i++) {
            prefix[i] = running.clone();
            Sm2Field.mul(running, running, points[i].z);
        }
        long[] inverse = Sm2Field.create();
        Sm2Field.invert(inverse, running);
        long[] table = new long[count * 2 * Sm2Field.LIMBS];
        long[] zInverse = Sm2Field.create();
        for (int i = count - 1; i >= 0; i--) {
            Sm2Field.mul(zInverse, inverse, prefix[i]);
            Sm2Field.mul(inverse, inverse, points[i].z);
            storeAffine(points[i], zInverse, table, i * 2 * Sm2Field.LIMBS);
        }
        return table;
    }

    /** Writes the affine x, y limbs of the Jacobian point p, given 1/Z, to {@code out[off..]}. */
    private static void storeAffine(Sm2Point p, long[] zInverse, long[] out, int off) {
        long[] zInverse2 = Sm2Field.create();
        long[] coordinate = Sm2Field.create();
        Sm2Field.square(zInverse2, zInverse);
        Sm2Field.mul(coordinate, p.x, zInverse2);
        System.arraycopy(coordinate, 0, out, off, Sm2Field.LIMBS);
        Sm2Field.mul(zInverse2, zInverse2, zInverse);
        Sm2Field.mul(coordinate, p.y, zInverse2);
        System.arraycopy(coordinate, 0, out, off + Sm2Field.LIMBS, Sm2Field.LIMBS);
    }

    /**
     * Whether p's affine x, reduced mod n, equals v (32 bytes big-endian, below n), decided
     * without inverting Z: x = v or x = v + n, and x = X/Z² is checked as X = x·Z². False for the
     * identity. <b>Variable time</b>: for verification, on public data.
     */
    public boolean affineXModOrderEqualsVar(Sm2Point p, byte[] v, int off) {
        Objects.checkFromIndexSize(off, Sm2Curve.BYTES, v.length);
        if (p.isIdentity()) {
            return false;
        }
        Sm2Field.square(zSquared, p.z);
        if (!Sm2Field.decode(v, off, candidate)) {
            return false;
        }
        if (xEqualsVar(p, candidate)) {
            return true;
        }
        if (Arrays.compareUnsigned(v, off, off + Sm2Curve.BYTES, P_MINUS_N, 0, Sm2Curve.BYTES) >= 0) {
            return false; // v + n ≥ p is no field element
        }
        Sm2Field.decode(Sm2Curve.ORDER, 0, product);
        Sm2Field.add(candidate, candidate, product);
        return xEqualsVar(p, candidate);
    }

    /** Whether X = x·Z², with Z² in zSquared; uses product. */
    private boolean xEqualsVar(Sm2Point p, long[] x) {
        Sm2Field.mul(product, x, zSquared);
        Sm2Field.sub(product, product, p.x);
        return Sm2Field.isZero(product);
    }
}
