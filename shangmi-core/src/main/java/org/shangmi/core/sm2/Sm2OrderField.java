package org.shangmi.core.sm2;

import java.util.Arrays;
import java.util.HexFormat;
import java.util.Objects;

/**
 * Arithmetic modulo the order n of the sm2p256v1 group, for signature values and private keys:
 * Montgomery form with R = 2^260 over {@code long[5]} elements of 52-bit limbs, fully reduced,
 * as in {@link Sm2Field}.
 *
 * <p>A signature needs only a handful of these operations, so this class favours one plain,
 * loop-based Montgomery multiplication over special-form tricks. An instance is a workspace (it
 * owns the product's scratch columns): operations allocate nothing, and it is not thread-safe.
 *
 * <p>Constant time: loops have fixed bounds, the final subtraction is selected by a mask, and
 * no branch or index depends on an element's value.
 */
public final class Sm2OrderField {

    /** Limbs per element. */
    public static final int LIMBS = Limbs52.LIMBS;

    private static final int BITS = Limbs52.BITS;
    private static final long MASK = Limbs52.MASK;

    /** n in 52-bit limbs, least significant first. */
    private static final long[] N = limbsOf(hex("FFFFFFFEFFFFFFFFFFFFFFFFFFFFFFFF7203DF6B21C6052B53BBF40939D54123"));
    /** −n⁻¹ mod 2^52. */
    private static final long N_PRIME = 0xf9e8872350975L;
    private static final long[] R_SQUARED = limbsOf(hex("b5e412c02b3d3b620fc84c3affe0d44507dc1c507a6e5f7c418c16674a517de6"));
    private static final long[] ONE = limbsOf(hex("00000010000000000000000000000008dfc2094de39fad4ac440bf6c62abedd0"));
    private static final long[] PLAIN_ONE = {1, 0, 0, 0, 0};
    private static final byte[] N_MINUS_2 = hex("fffffffeffffffffffffffffffffffff7203df6b21c6052b53bbf40939d54121");

    private final long[] columns = new long[2 * LIMBS];
    private final long[] plain = new long[LIMBS];
    private final long[] product = new long[LIMBS];
    private final long[] reduced = new long[LIMBS];
    private final long[] base = new long[LIMBS];
    private final long[] power = new long[LIMBS];

    /** A new element, zero. */
    public static long[] create() {
        return new long[LIMBS];
    }

    /** r = 1. */
    public static void setOne(long[] r) {
        System.arraycopy(ONE, 0, r, 0, LIMBS);
    }

    /**
     * Reads a 32-byte big-endian integer x into {@code r} as x mod n.
     *
     * @return whether x was already below n (private keys and signature values must be)
     */
    public boolean decode(byte[] in, int off, long[] r) {
        Objects.checkFromIndexSize(off, 32, in.length);
        Limbs52.fromBytes(in, off, plain);
        long below = reduceOnce(plain, plain); // x < 2^256 < 2n
        mul(r, plain, R_SQUARED);
        Arrays.fill(plain, 0);
        return below != 0;
    }

    /**
     * Reads a private key or nonce: whether {@code in} is exactly 32 bytes holding an integer
     * in [1, n − 1]. {@code r} receives it (reduced mod n if it was too large).
     */
    public boolean decodeScalar(byte[] in, long[] r) {
        return in.length == 32 && decode(in, 0, r) & !isZero(r);
    }

    /** Writes {@code a} as a 32-byte big-endian integer in [0, n). */
    public void encode(long[] a, byte[] out, int off) {
        Objects.checkFromIndexSize(off, 32, out.length);
        mul(plain, a, PLAIN_ONE);
        Limbs52.toBytes(plain, out, off);
        Arrays.fill(plain, 0);
    }

    /** r = a + b. */
    public void add(long[] r, long[] a, long[] b) {
        for (int i = 0; i < LIMBS; i++) {
            product[i] = a[i] + b[i];
        }
        reduceOnce(r, product);
    }

    /** r = a − b. */
    public void sub(long[] r, long[] a, long[] b) {
        for (int i = 0; i < LIMBS; i++) {
            product[i] = a[i] - b[i] + N[i];
        }
        reduceOnce(r, product);
    }

    /** r = a·b. */
    public void mul(long[] r, long[] a, long[] b) {
        long[] c = columns;
        Arrays.fill(c, 0);
        for (int i = 0; i < LIMBS; i++) {
            for (int j = 0; j < LIMBS; j++) {
                long lo = a[i] * b[j];
                c[i + j] += lo & MASK;
                c[i + j + 1] += high(a[i], b[j], lo);
            }
        }
        for (int i = 0; i < LIMBS; i++) {
            long m = (c[i] * N_PRIME) & MASK;
            for (int j = 0; j < LIMBS; j++) {
                long lo = m * N[j];
                c[i + j] += lo & MASK;
                c[i + j + 1] += high(m, N[j], lo);
            }
            c[i + 1] += c[i] >> BITS; // c[i] is now a multiple of 2^52
        }
        System.arraycopy(c, LIMBS, product, 0, LIMBS);
        reduceOnce(r, product);
        Arrays.fill(c, 0);
    }

    /** r = a⁻¹ (and 0 for a = 0), by Fermat: a^(n−2), with a fixed sequence of operations. */
    public void invert(long[] r, long[] a) {
        System.arraycopy(a, 0, base, 0, LIMBS);
        setOne(power);
        for (byte b : N_MINUS_2) {
            for (int bit = 7; bit >= 0; bit--) {
                mul(power, power, power);
                if (((b >>> bit) & 1) != 0) { // the exponent is public
                    mul(power, power, base);
                }
            }
        }
        System.arraycopy(power, 0, r, 0, LIMBS);
        Arrays.fill(base, 0);
        Arrays.fill(power, 0);
    }

    /** Whether a = 0. */
    public static boolean isZero(long[] a) {
        long bits = 0;
        for (int i = 0; i < LIMBS; i++) {
            bits |= a[i];
        }
        return ((bits - 1) >> 63) != 0;
    }

    private static long high(long x, long y, long lo) {
        return (Math.multiplyHigh(x, y) << (64 - BITS)) | (lo >>> BITS);
    }

    /**
     * Carries the signed limbs {@code v} (a value in [0, 2n)) into 52-bit form in place, then
     * writes to {@code r} that value less n unless it was already below n.
     *
     * @return all ones if the value was below n, else 0
     */
    private long reduceOnce(long[] r, long[] v) {
        for (int i = 0; i < LIMBS - 1; i++) {
            v[i + 1] += v[i] >> BITS;
            v[i] &= MASK;
        }
        long borrow = 0;
        for (int i = 0; i < LIMBS; i++) {
            long limb = v[i] - N[i] + borrow;
            borrow = limb >> BITS;
            reduced[i] = limb & MASK;
        }
        long keep = borrow; // all ones when the value was below n
        for (int i = 0; i < LIMBS; i++) {
            r[i] = (v[i] & keep) | (reduced[i] & ~keep);
        }
        Arrays.fill(reduced, 0);
        return keep;
    }

    private static long[] limbsOf(byte[] bytes) {
        long[] limbs = new long[LIMBS];
        Limbs52.fromBytes(bytes, 0, limbs);
        return limbs;
    }

    private static byte[] hex(String hex) {
        return HexFormat.of().parseHex(hex);
    }

    /** Zeros the temporaries, which hold the last operation's values (secret ones when signing). */
    public void wipe() {
        Arrays.fill(columns, 0);
        Arrays.fill(plain, 0);
        Arrays.fill(product, 0);
        Arrays.fill(reduced, 0);
        Arrays.fill(base, 0);
        Arrays.fill(power, 0);
    }
}
