package org.shangmi.core.sm2;

import java.util.HexFormat;
import java.util.Objects;

/**
 * Point arithmetic on sm2p256v1 (GB/T 32918.5): y² = x³ − 3x + b over the field of
 * {@link Sm2Field}, a group of prime order n.
 *
 * <p>An instance is a workspace: it owns the temporaries and the window table, so its operations
 * allocate nothing. It is not thread-safe; give each thread (or each signer) its own.
 *
 * <p>Every method here is constant time: no branch and no table index depends on a scalar or a
 * coordinate. The variable-time arithmetic for public data (signature verification, tables of
 * public keys) is in {@link Sm2CurveVar}, which uses this class's formulas and has none of its
 * own; a review of the constant-time code reads this file, {@link Sm2Field} and {@link Sm2Point}.
 *
 * <p>Points are Jacobian (see {@link Sm2Point}): doubling with a = −3 takes 4M + 4S, addition
 * 12M + 4S, mixed addition with an affine point 8M + 3S. These formulas are not complete, so
 * every caller handles the identity and p = ±q: here by masks (and by arguing, for the scalar
 * multiplications, that p = q cannot arise), in {@link Sm2CurveVar} by branching. {@link #multiply}
 * is constant time in the scalar: signed 5-bit windows whose table entry is picked by scanning
 * all sixteen entries with masks, never by indexing with the secret. The only branches on data
 * are on public facts: an encoding's prefix byte, and whether a point is the identity in
 * {@link #toAffine} and {@link #toCompressed}.
 */
public final class Sm2Curve {

    /** Bytes of a scalar and of each affine coordinate. */
    public static final int BYTES = 32;

    private static final long[] B = fieldElement("28E9FA9E9D9F5E344D5A9E4BCF6509A7F39789F515AB8F92DDBCBD414D940E93");
    private static final long[] GX = fieldElement("32C4AE2C1F1981195F9904466A39C9948FE30BBFF2660BE1715A4589334C74C7");
    private static final long[] GY = fieldElement("BC3736A2F4F6779C59BDCEE36B692153D0A9877CC62A474002DF32E52139F0A0");

    /** The comb tables: signed radix-32 digits, 52 rows of the multiples 1..16. */
    static final int COMB_WINDOW = 5;
    static final int COMB_ROWS = 52;
    static final int COMB_ENTRIES = 16;
    static final int COMB_ROW = COMB_ENTRIES * 2 * Sm2Field.LIMBS;

    private final long[] t0 = Sm2Field.create();
    private final long[] t1 = Sm2Field.create();
    private final long[] t2 = Sm2Field.create();
    private final long[] t3 = Sm2Field.create();
    private final long[] t4 = Sm2Field.create();
    private final long[] t5 = Sm2Field.create();
    private final long[][] inversion = Sm2Field.inversionScratch();
    private final byte[] compressed = new byte[2 * BYTES];
    /** multiply's 1..16·p; allocated on first use, like the other scalar multiplications' state. */
    private Sm2Point[] table;
    private final Sm2Point selected = new Sm2Point();
    private final Sm2Point sum = new Sm2Point();
    private final Sm2Point doubled = new Sm2Point();
    private final byte[] reducedScalar = new byte[BYTES];
    private final Sm2Point accumulator = new Sm2Point();

    /**
     * A workspace. Its scalar multiplications allocate their state on first use, so one made
     * only to check or convert points (as key decoding does) stays small.
     */
    public Sm2Curve() {
    }

    /**
     * Zeros every temporary and table of this workspace, which hold the last operation's
     * intermediate values (secret ones after a multiplication by a private key or a nonce).
     */
    public void wipe() {
        Sm2Field.setZero(t0);
        Sm2Field.setZero(t1);
        Sm2Field.setZero(t2);
        Sm2Field.setZero(t3);
        Sm2Field.setZero(t4);
        Sm2Field.setZero(t5);
        for (long[] temporary : inversion) {
            java.util.Arrays.fill(temporary, 0);
        }
        java.util.Arrays.fill(compressed, (byte) 0);
        java.util.Arrays.fill(reducedScalar, (byte) 0);
        selected.wipe();
        sum.wipe();
        doubled.wipe();
        accumulator.wipe();
        if (table != null) {
            for (Sm2Point entry : table) {
                entry.wipe();
            }
        }
    }

    static Sm2Point[] points(int count) {
        Sm2Point[] points = new Sm2Point[count];
        for (int i = 0; i < count; i++) {
            points[i] = new Sm2Point();
        }
        return points;
    }

    /** Sets {@code r} to the base point G. */
    public static void setGenerator(Sm2Point r) {
        System.arraycopy(GX, 0, r.x, 0, Sm2Field.LIMBS);
        System.arraycopy(GY, 0, r.y, 0, Sm2Field.LIMBS);
        Sm2Field.setOne(r.z);
    }

    /**
     * r = p + q for any two points, the identity and p = ±q included; r may be p or q. Constant
     * time: it computes both the sum and the double and keeps the right one by masks, so it costs
     * an addition and a doubling.
     */
    public void add(Sm2Point r, Sm2Point p, Sm2Point q) {
        addUnchecked(sum, p, q);
        int equal = sameXBit() & sameYBit(); // p = q: double instead
        twice(doubled, p);
        sum.conditionalCopy(doubled, equal);
        sum.conditionalCopy(q, Sm2Field.zeroBit(p.z));
        sum.conditionalCopy(p, Sm2Field.zeroBit(q.z));
        r.set(sum);
    }

    /**
     * r = p + q in Jacobian coordinates (Cohen–Miyaji–Ono: 12M + 4S), correct when neither is
     * the identity and p ≠ ±q. It leaves H = U2 − U1 in t3 and S2 − S1 in t4, which are both
     * zero exactly when p = q (H alone when p = −q), for the callers' exception checks
     * ({@link #sameXBit}, {@link #sameYBit}). p = −q gives Z = 0, the identity, without help.
     * r may be p or q.
     */
    void addUnchecked(Sm2Point r, Sm2Point p, Sm2Point q) {
        Sm2Field.square(t0, p.z);              // Z1²
        Sm2Field.square(t1, q.z);              // Z2²
        Sm2Field.mul(t2, p.x, t1);             // U1 = X1·Z2²
        Sm2Field.mul(t3, q.x, t0);             // U2 = X2·Z1²
        Sm2Field.mul(t1, t1, q.z);
        Sm2Field.mul(t1, t1, p.y);             // S1 = Y1·Z2³
        Sm2Field.mul(t0, t0, p.z);
        Sm2Field.mul(t0, t0, q.y);             // S2 = Y2·Z1³
        Sm2Field.sub(t3, t3, t2);              // H
        Sm2Field.sub(t4, t0, t1);              // R = S2 − S1
        Sm2Field.mul(t0, p.z, q.z);            // the last read of p and q: r may be either
        Sm2Field.mul(r.z, t0, t3);             // Z3 = Z1·Z2·H
        finishAddition(r);
    }

    /**
     * r = p + (x, y) for an affine point (x, y) (mixed addition, 8M + 3S), correct when p is not
     * the identity and p ≠ ±(x, y); like {@link #addUnchecked} it leaves H in t3 and R in t4.
     * r may be p.
     */
    void addAffineUnchecked(Sm2Point r, Sm2Point p, long[] x, long[] y) {
        Sm2Field.square(t0, p.z);              // Z1²
        Sm2Field.mul(t3, x, t0);               // U2 = x·Z1²
        Sm2Field.mul(t0, t0, p.z);
        Sm2Field.mul(t0, t0, y);               // S2 = y·Z1³
        Sm2Field.sub(t3, t3, p.x);             // H = U2 − X1
        Sm2Field.sub(t4, t0, p.y);             // R = S2 − Y1
        System.arraycopy(p.x, 0, t2, 0, Sm2Field.LIMBS); // U1 = X1
        System.arraycopy(p.y, 0, t1, 0, Sm2Field.LIMBS); // S1 = Y1
        Sm2Field.mul(r.z, p.z, t3);            // Z3 = Z1·H, the last read of p: r may be p
        finishAddition(r);
    }

    /**
     * 1 if the last {@link #addUnchecked} or {@link #addAffineUnchecked} had H = 0 (for points
     * other than the identity: the same x, so q = ±p), else 0.
     */
    int sameXBit() {
        return Sm2Field.zeroBit(t3);
    }

    /** 1 if the last addition had R = S2 − S1 = 0; with {@link #sameXBit}, q = p. */
    int sameYBit() {
        return Sm2Field.zeroBit(t4);
    }

    /**
     * The common tail of both additions, from U1 (t2), S1 (t1), H (t3) and R (t4), writing
     * X3 = R² − H³ − 2·U1·H² and Y3 = R·(U1·H² − X3) − S1·H³ to r. Keeps t3 and t4.
     */
    private void finishAddition(Sm2Point r) {
        Sm2Field.square(t0, t3);               // H²
        Sm2Field.mul(t5, t0, t3);              // H³
        Sm2Field.mul(t2, t2, t0);              // V = U1·H²
        Sm2Field.square(r.x, t4);
        Sm2Field.sub(r.x, r.x, t5);
        Sm2Field.sub(r.x, r.x, t2);
        Sm2Field.sub(r.x, r.x, t2);            // X3 = R² − H³ − 2V
        Sm2Field.sub(t2, t2, r.x);
        Sm2Field.mul(r.y, t4, t2);
        Sm2Field.mul(t1, t1, t5);
        Sm2Field.sub(r.y, r.y, t1);            // Y3 = R·(V − X3) − S1·H³
    }

    /**
     * r = 2p in Jacobian coordinates with a = −3 (4M + 4S); the identity (Z = 0) doubles to
     * itself. r may be p.
     */
    public void twice(Sm2Point r, Sm2Point p) {
        Sm2Field.square(t0, p.z);              // δ = Z²
        Sm2Field.square(t1, p.y);              // γ = Y²
        Sm2Field.mul(t2, p.x, t1);             // β = X·γ
        Sm2Field.sub(t3, p.x, t0);
        Sm2Field.add(t4, p.x, t0);
        Sm2Field.mul(t3, t3, t4);
        Sm2Field.mulSmall(t3, t3, 3);          // α = 3(X − δ)(X + δ)
        // p is read for the last time here, so the results go straight into r (which may be p)
        Sm2Field.mul(r.z, p.y, p.z);
        Sm2Field.add(r.z, r.z, r.z);           // Z3 = 2·Y·Z
        Sm2Field.mulSmall(t2, t2, 4);          // 4β
        Sm2Field.square(r.x, t3);
        Sm2Field.sub(r.x, r.x, t2);
        Sm2Field.sub(r.x, r.x, t2);            // X3 = α² − 8β
        Sm2Field.sub(t2, t2, r.x);
        Sm2Field.square(t1, t1);
        Sm2Field.mulSmall(t1, t1, 8);          // 8γ²
        Sm2Field.mul(r.y, t3, t2);
        Sm2Field.sub(r.y, r.y, t1);            // Y3 = α(4β − X3) − 8γ²
    }

    /**
     * r = k·p for the 32-byte big-endian scalar k at {@code k[off..off+32)} (any 256-bit value;
     * the result is that of k mod n). Constant time in k; r may be p.
     *
     * <p>k is first reduced below n (a masked subtraction), then read as 52 signed radix-32
     * digits (as in {@link #multiplyGenerator}) from the top: five doublings, then ±|d|·p from a
     * table of 1..16·p scanned in full. Before the last digit the accumulator is 32·j·p with
     * 0 ≤ 32·j &lt; n − 16, so it can equal ±|d|·p only when it is the identity (and the digit
     * zero), which masks resolve. Only the last digit can meet ±accumulator (for k near n), so
     * that one addition is the complete {@link #add}.
     */
    public void multiply(Sm2Point r, Sm2Point p, byte[] k, int off) {
        Objects.checkFromIndexSize(off, BYTES, k.length);
        reduceScalar(k, off, reducedScalar);
        if (table == null) {
            table = points(COMB_ENTRIES);
        }
        table[0].set(p); // table[j − 1] = j·p
        for (int j = 2; j <= COMB_ENTRIES; j++) {
            if ((j & 1) == 0) {
                twice(table[j - 1], table[j / 2 - 1]);
            } else {
                addUnchecked(table[j - 1], table[j - 2], p); // (j − 1)·p ≠ ±p; an identity p stays the identity
            }
        }
        accumulator.setIdentity();
        for (int i = COMB_ROWS - 1; i >= 0; i--) {
            if (i < COMB_ROWS - 1) {
                for (int d = 0; d < COMB_WINDOW; d++) {
                    twice(accumulator, accumulator);
                }
            }
            int digit = boothDigit(reducedScalar, 0, i);
            int negative = digit >>> 31;
            int magnitude = (digit ^ -negative) + negative;
            selectMultiple(magnitude);
            Sm2Field.neg(t5, selected.y);
            Sm2Field.conditionalCopy(selected.y, t5, negative);
            if (i > 0) {
                addUnchecked(sum, accumulator, selected);
                sum.conditionalCopy(selected, Sm2Field.zeroBit(accumulator.z));
                accumulator.conditionalCopy(sum, nonZero(magnitude));
            } else {
                add(accumulator, accumulator, selected);
            }
        }
        r.set(accumulator);
        for (Sm2Point entry : table) {
            entry.wipe();
        }
        selected.wipe();
        sum.wipe();
        doubled.wipe();
        accumulator.wipe();
        Sm2Field.setZero(t5);
        java.util.Arrays.fill(reducedScalar, (byte) 0);
    }

    /** selected = magnitude·p from the table (the identity, Z = 0, for 0), reading every entry alike. */
    private void selectMultiple(int magnitude) {
        for (int coordinate = 0; coordinate < 3; coordinate++) {
            long v0 = 0, v1 = 0, v2 = 0, v3 = 0, v4 = 0;
            for (int j = 1; j <= COMB_ENTRIES; j++) {
                long mask = -(long) ((((j ^ magnitude) - 1) >>> 31)); // all ones when j == magnitude
                Sm2Point entry = table[j - 1];
                long[] source = coordinate == 0 ? entry.x : coordinate == 1 ? entry.y : entry.z;
                v0 |= source[0] & mask;
                v1 |= source[1] & mask;
                v2 |= source[2] & mask;
                v3 |= source[3] & mask;
                v4 |= source[4] & mask;
            }
            long[] target = coordinate == 0 ? selected.x : coordinate == 1 ? selected.y : selected.z;
            target[0] = v0;
            target[1] = v1;
            target[2] = v2;
            target[3] = v3;
            target[4] = v4;
        }
    }

    /** n, big-endian. */
    static final byte[] ORDER =
            HexFormat.of().parseHex("FFFFFFFEFFFFFFFFFFFFFFFFFFFFFFFF7203DF6B21C6052B53BBF40939D54123");

    /** out = k mod n for a 256-bit k (below 2n, so one masked subtraction), without branching on k. */
    private static void reduceScalar(byte[] k, int off, byte[] out) {
        int borrow = 0;
        for (int i = BYTES - 1; i >= 0; i--) {
            int difference = (k[off + i] & 0xff) - (ORDER[i] & 0xff) - borrow;
            out[i] = (byte) difference;
            borrow = difference >>> 31;
        }
        int keep = -borrow; // all ones when k < n
        for (int i = 0; i < BYTES; i++) {
            out[i] = (byte) ((k[off + i] & keep) | (out[i] & ~keep));
        }
    }

    /** 1 if digit ≠ 0, else 0, for 0 ≤ digit &lt; 2^31, without branching. */
    private static int nonZero(int digit) {
        return (-digit) >>> 31;
    }

    /**
     * r = k·G for the 32-byte big-endian scalar k at {@code k[off..off+32)} (any 256-bit value),
     * from the precomputed multiples of G: 52 mixed additions and no doublings.
     *
     * <p>k is recoded into 52 signed radix-32 digits in [−16, 16] (Booth); digit i adds
     * ±|d|·32^i·G, read from row i of the comb table. Constant time in k: the digits are computed
     * arithmetically, every row is scanned in full with masks, the sign is applied by a masked
     * negation, and the sum is discarded by a mask when the digit is zero (or taken whole when
     * the accumulator is still the identity). The accumulated multiple is smaller in magnitude
     * than the digit's, so the addition never meets p = q; p = −q arises only for k = n, where it
     * yields the identity, as it should.
     */
    public void multiplyGenerator(Sm2Point r, byte[] k, int off) {
        Objects.checkFromIndexSize(off, BYTES, k.length);
        long[] table = GeneratorTable.TABLE;
        accumulator.setIdentity();
        Sm2Field.setOne(selected.z);
        for (int i = 0; i < COMB_ROWS; i++) {
            int digit = boothDigit(k, off, i);
            int negative = digit >>> 31;
            int magnitude = (digit ^ -negative) + negative;
            selectAffine(table, i * COMB_ROW, magnitude);
            Sm2Field.neg(t5, selected.y);
            Sm2Field.conditionalCopy(selected.y, t5, negative);
            addAffineUnchecked(sum, accumulator, selected.x, selected.y);
            sum.conditionalCopy(selected, Sm2Field.zeroBit(accumulator.z));
            accumulator.conditionalCopy(sum, nonZero(magnitude));
        }
        r.set(accumulator);
        selected.wipe();
        sum.wipe();
        accumulator.wipe();
        Sm2Field.setZero(t5);
    }

    /**
     * selected.x, y = entry {@code magnitude} (1..16) of the comb row at {@code row}, or zeros for
     * magnitude 0, reading every entry of the row alike.
     */
    private void selectAffine(long[] table, int row, int magnitude) {
        long x0 = 0, x1 = 0, x2 = 0, x3 = 0, x4 = 0;
        long y0 = 0, y1 = 0, y2 = 0, y3 = 0, y4 = 0;
        for (int j = 1; j <= COMB_ENTRIES; j++) {
            long mask = -(long) ((((j ^ magnitude) - 1) >>> 31)); // all ones when j == magnitude
            int e = row + (j - 1) * 2 * Sm2Field.LIMBS;
            x0 |= table[e] & mask;
            x1 |= table[e + 1] & mask;
            x2 |= table[e + 2] & mask;
            x3 |= table[e + 3] & mask;
            x4 |= table[e + 4] & mask;
            y0 |= table[e + 5] & mask;
            y1 |= table[e + 6] & mask;
            y2 |= table[e + 7] & mask;
            y3 |= table[e + 8] & mask;
            y4 |= table[e + 9] & mask;
        }
        long[] x = selected.x;
        long[] y = selected.y;
        x[0] = x0; x[1] = x1; x[2] = x2; x[3] = x3; x[4] = x4;
        y[0] = y0; y[1] = y1; y[2] = y2; y[3] = y3; y[4] = y4;
    }

    /**
     * Digit i in [−16, 16] of the signed radix-32 (Booth) recoding of the 256-bit big-endian
     * scalar: with the six bits b(5i−1) .. b(5i+4) as w (b(−1) = 0), the digit is
     * b(5i−1) + (w's top five bits) − 32·b(5i+4); the digits sum to the scalar because each
     * window's borrowed top bit is paid back by the next window's bottom bit. No branch or
     * index depends on the scalar's value.
     */
    static int boothDigit(byte[] k, int off, int i) {
        int low = 5 * i - 1; // position of w's bit 0; public
        int w;
        if (low < 0) {
            w = (k[off + BYTES - 1] & 0x1f) << 1;
        } else {
            int index = low >>> 3;
            int chunk = (k[off + BYTES - 1 - index] & 0xff)
                    | (index + 1 < BYTES ? (k[off + BYTES - 2 - index] & 0xff) << 8 : 0);
            w = (chunk >>> (low & 7)) & 0x3f;
        }
        return (w & 1) + (w >>> 1) - ((w >>> 5) << 5);
    }

    /**
     * The comb table of G, built on first use by {@link Sm2CurveVar#combTable} (in variable
     * time, from the public G alone).
     */
    static final class GeneratorTable {

        static final long[] TABLE = build();

        private static long[] build() {
            Sm2Point g = new Sm2Point();
            setGenerator(g);
            return Sm2CurveVar.combTable(g);
        }
    }

    /**
     * Writes the affine x || y of {@code p} (64 bytes) to {@code out}.
     *
     * @return false (writing nothing) if p is the identity, which has no affine form
     */
    public boolean toAffine(Sm2Point p, byte[] out, int off) {
        Objects.checkFromIndexSize(off, 2 * BYTES, out.length);
        if (p.isIdentity()) {
            return false;
        }
        Sm2Field.invert(t0, p.z, inversion);
        Sm2Field.square(t2, t0);
        Sm2Field.mul(t1, p.x, t2);             // x = X/Z²
        Sm2Field.encode(t1, out, off, t3);
        Sm2Field.mul(t2, t2, t0);
        Sm2Field.mul(t1, p.y, t2);             // y = Y/Z³
        Sm2Field.encode(t1, out, off + BYTES, t3);
        return true;
    }

    /**
     * Writes the affine x of {@code p} (32 bytes) to {@code out}: {@link #toAffine} without y, for
     * signatures, which need only x.
     *
     * @return false (writing nothing) if p is the identity, which has no affine form
     */
    public boolean toAffineX(Sm2Point p, byte[] out, int off) {
        Objects.checkFromIndexSize(off, BYTES, out.length);
        if (p.isIdentity()) {
            return false;
        }
        Sm2Field.invert(t0, p.z, inversion);
        Sm2Field.square(t2, t0);
        Sm2Field.mul(t1, p.x, t2);             // x = X/Z²
        Sm2Field.encode(t1, out, off, t3);
        return true;
    }

    /**
     * Sets {@code r} from the affine x || y at {@code in[off..off+64)}, after checking that both
     * coordinates are below p and that the point is on the curve.
     *
     * @return whether the input was a valid point; if not, r is left unspecified
     */
    public boolean fromAffine(Sm2Point r, byte[] in, int off) {
        Objects.checkFromIndexSize(off, 2 * BYTES, in.length);
        boolean valid = Sm2Field.decode(in, off, r.x) & Sm2Field.decode(in, off + BYTES, r.y);
        Sm2Field.setOne(r.z);
        // y² − (x³ − 3x + b) must vanish
        Sm2Field.square(t0, r.y);
        curveRightSide(t1, r.x);
        Sm2Field.sub(t0, t0, t1);
        return valid & Sm2Field.isZero(t0);
    }

    /**
     * Sets {@code r} from the compressed point 02/03 || x at {@code in[off..off+33)}: x must be
     * below p and x³ − 3x + b a square; the prefix picks the root whose parity it names.
     *
     * @return whether the input was a valid compressed point; if not, r is left unspecified
     */
    public boolean fromCompressed(Sm2Point r, byte[] in, int off) {
        Objects.checkFromIndexSize(off, BYTES + 1, in.length);
        int prefix = in[off];
        if (prefix != 0x02 && prefix != 0x03) {
            return false;
        }
        boolean valid = Sm2Field.decode(in, off + 1, r.x);
        curveRightSide(t1, r.x);
        valid &= Sm2Field.sqrt(r.y, t1);
        // pick the root with the parity the prefix asks for
        Sm2Field.encode(r.y, compressed, 0);
        int parity = compressed[BYTES - 1] & 1;
        Sm2Field.neg(t0, r.y);
        Sm2Field.conditionalCopy(r.y, t0, parity ^ (prefix & 1));
        Sm2Field.setOne(r.z);
        return valid;
    }

    /**
     * Writes the affine x || y of the compressed point at {@code in[off..off+33)} to
     * {@code out[outOff..outOff+64)}: {@link #fromCompressed} without the inversion that
     * {@link #toAffine} would spend on Z = 1.
     *
     * @return whether the input was a valid compressed point; if not, out holds unspecified bytes
     */
    public boolean decompress(byte[] in, int off, byte[] out, int outOff) {
        Objects.checkFromIndexSize(outOff, 2 * BYTES, out.length);
        Sm2Point point = new Sm2Point();
        boolean valid = fromCompressed(point, in, off);
        Sm2Field.encode(point.x, out, outOff);
        Sm2Field.encode(point.y, out, outOff + BYTES);
        return valid;
    }

    /**
     * Writes {@code p} compressed, 02/03 || x (33 bytes), to {@code out}.
     *
     * @return false (writing nothing) if p is the identity
     */
    public boolean toCompressed(Sm2Point p, byte[] out, int off) {
        Objects.checkFromIndexSize(off, BYTES + 1, out.length);
        if (!toAffine(p, compressed, 0)) {
            return false;
        }
        out[off] = (byte) (0x02 | (compressed[2 * BYTES - 1] & 1));
        System.arraycopy(compressed, 0, out, off + 1, BYTES);
        return true;
    }

    /** r = x³ − 3x + b, what y² must equal; uses t2. */
    private void curveRightSide(long[] r, long[] x) {
        Sm2Field.square(r, x);
        Sm2Field.mul(r, r, x);
        Sm2Field.add(t2, x, x);
        Sm2Field.add(t2, t2, x);
        Sm2Field.sub(r, r, t2);
        Sm2Field.add(r, r, B);
    }


    private static long[] fieldElement(String hex) {
        long[] element = Sm2Field.create();
        if (!Sm2Field.decode(HexFormat.of().parseHex(hex), 0, element)) {
            throw new AssertionError("constant not below p: " + hex);
        }
        return element;
    }
}
