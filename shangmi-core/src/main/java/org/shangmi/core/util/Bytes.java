package org.shangmi.core.util;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Objects;

/**
 * Big-endian reads and writes of words in byte arrays (the byte order of every GM/T standard), and
 * XOR of byte ranges.
 */
public final class Bytes {

    private static final VarHandle INT_BE =
            MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);
    private static final VarHandle LONG_BE =
            MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);
    private static final VarHandle LONG_LE =
            MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    /** For XOR, where the byte order does not matter: the machine's own is the cheapest. */
    private static final VarHandle LONG_NATIVE =
            MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.nativeOrder());

    private Bytes() {
    }

    public static int getIntBE(byte[] in, int off) {
        return (int) INT_BE.get(in, off);
    }

    public static void putIntBE(byte[] out, int off, int value) {
        INT_BE.set(out, off, value);
    }

    public static long getLongBE(byte[] in, int off) {
        return (long) LONG_BE.get(in, off);
    }

    public static void putLongBE(byte[] out, int off, long value) {
        LONG_BE.set(out, off, value);
    }

    public static long getLongLE(byte[] in, int off) {
        return (long) LONG_LE.get(in, off);
    }

    public static void putLongLE(byte[] out, int off, long value) {
        LONG_LE.set(out, off, value);
    }

    /**
     * {@code out[outOff..+len) = a[aOff..+len) ^ b[bOff..+len)}, eight bytes at a time. The output
     * may be either input at the same offset, but must not otherwise overlap them.
     */
    public static void xor(byte[] a, int aOff, byte[] b, int bOff, byte[] out, int outOff, int len) {
        Objects.checkFromIndexSize(aOff, len, a.length);
        Objects.checkFromIndexSize(bOff, len, b.length);
        Objects.checkFromIndexSize(outOff, len, out.length);
        int i = 0;
        for (; i <= len - Long.BYTES; i += Long.BYTES) {
            long x = (long) LONG_NATIVE.get(a, aOff + i) ^ (long) LONG_NATIVE.get(b, bOff + i);
            LONG_NATIVE.set(out, outOff + i, x);
        }
        for (; i < len; i++) {
            out[outOff + i] = (byte) (a[aOff + i] ^ b[bOff + i]);
        }
    }
}
