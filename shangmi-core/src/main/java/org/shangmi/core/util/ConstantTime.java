package org.shangmi.core.util;

import java.util.Objects;

/** Comparisons whose running time depends only on lengths, never on the bytes compared. */
public final class ConstantTime {

    private ConstantTime() {
    }

    /** Whether {@code a[aOff..aOff+len)} equals {@code b[bOff..bOff+len)}, looking at every byte. */
    public static boolean equals(byte[] a, int aOff, byte[] b, int bOff, int len) {
        return equalsMask(a, aOff, b, bOff, len) != 0;
    }

    /** As {@link #equals}, as a mask: all ones if the ranges are equal, zero otherwise; no branch. */
    public static int equalsMask(byte[] a, int aOff, byte[] b, int bOff, int len) {
        Objects.checkFromIndexSize(aOff, len, a.length);
        Objects.checkFromIndexSize(bOff, len, b.length);
        int difference = 0;
        for (int i = 0; i < len; i++) {
            difference |= a[aOff + i] ^ b[bOff + i];
        }
        return zeroMask(difference & 0xff);
    }

    /** Whether every byte of {@code a[off..off+len)} is zero, looking at every byte. */
    public static boolean isZero(byte[] a, int off, int len) {
        return isZeroMask(a, off, len) != 0;
    }

    /** As {@link #isZero}, as a mask: all ones if every byte is zero, zero otherwise; no branch. */
    public static int isZeroMask(byte[] a, int off, int len) {
        Objects.checkFromIndexSize(off, len, a.length);
        int bits = 0;
        for (int i = 0; i < len; i++) {
            bits |= a[off + i];
        }
        return zeroMask(bits & 0xff);
    }

    /** All ones if {@code x} (at most 31 bits) is zero, else zero. */
    private static int zeroMask(int x) {
        return (x - 1) >> 31;
    }
}
