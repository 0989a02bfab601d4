package org.shangmi.core.util;

import java.util.Objects;

/** Comparisons whose running time depends only on lengths, never on the bytes compared. */
public final class ConstantTime {

    private ConstantTime() {
    }

    /** Whether {@code a[aOff..aOff+len)} equals {@code b[bOff..bOff+len)}, looking at every byte. */
    public static boolean equals(byte[] a, int aOff, byte[] b, int bOff, int len) {
        Objects.checkFromIndexSize(aOff, len, a.length);
        Objects.checkFromIndexSize(bOff, len, b.length);
        int difference = 0;
        for (int i = 0; i < len; i++) {
            difference |= a[aOff + i] ^ b[bOff + i];
        }
        return difference == 0;
    }

    /** Whether every byte of {@code a[off..off+len)} is zero, looking at every byte. */
    public static boolean isZero(byte[] a, int off, int len) {
        Objects.checkFromIndexSize(off, len, a.length);
        int bits = 0;
        for (int i = 0; i < len; i++) {
            bits |= a[off + i];
        }
        return bits == 0;
    }
}
