package org.shangmi.core.util;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/** Big-endian reads and writes of words in byte arrays (the byte order of every GM/T standard). */
public final class Bytes {

    private static final VarHandle INT_BE =
            MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);
    private static final VarHandle LONG_BE =
            MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

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
}
