package org.shangmi.openssl.ffm;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * An OSSL_PARAM array built in native memory of a caller's arena: entries of { key, data_type,
 * data, data_size, return_size } (40 bytes on LP64) ended by an all-zero entry. {@link #wipe()}
 * zeroes the data, for arrays that carried a private key.
 */
final class OsslParams {

    private static final long ENTRY = 40;
    /** C strings of the names and text values in use: a few constants of this module, made once. */
    private static final Map<String, MemorySegment> C_STRINGS = new ConcurrentHashMap<>();
    private static final long RETURN_SIZE_UNMODIFIED = -1L; // SIZE_MAX

    private final Arena arena;
    private final MemorySegment array;
    private final int capacity;
    private final List<MemorySegment> data = new ArrayList<>();
    private int count;

    /** Room for {@code capacity} entries (and the end marker). */
    OsslParams(Arena arena, int capacity) {
        this.arena = arena;
        this.capacity = capacity;
        this.array = arena.allocate((capacity + 1) * ENTRY, 8); // zeroed: the end marker is there already
    }

    /** {@code value} is one of this module's constants (an algorithm or group name), never data. */
    OsslParams utf8(String key, String value) {
        MemorySegment text = cString(value);
        return add(key, LibCrypto.OSSL_PARAM_UTF8_STRING, text, text.byteSize() - 1);
    }

    /** The NUL-terminated C string of a constant name, allocated once for the life of the JVM. */
    static MemorySegment cString(String constant) {
        return C_STRINGS.computeIfAbsent(constant, Arena.global()::allocateFrom);
    }

    OsslParams octets(String key, byte[] value) {
        MemorySegment bytes = arena.allocate(value.length);
        MemorySegment.copy(value, 0, bytes, ValueLayout.JAVA_BYTE, 0, value.length);
        return add(key, LibCrypto.OSSL_PARAM_OCTET_STRING, bytes, value.length);
    }

    /** An unsigned integer given big-endian; OSSL_PARAM wants it in the machine's byte order. */
    OsslParams unsignedInteger(String key, byte[] bigEndian) {
        MemorySegment bytes = arena.allocate(bigEndian.length);
        add(key, LibCrypto.OSSL_PARAM_UNSIGNED_INTEGER, bytes, bigEndian.length);
        setUnsignedInteger(count - 1, bigEndian);
        return this;
    }

    /** Overwrites the octets of entry {@code index} (same length), so that one array serves many calls. */
    void setOctets(int index, byte[] value) {
        MemorySegment target = value(index, value.length);
        MemorySegment.copy(value, 0, target, ValueLayout.JAVA_BYTE, 0, value.length);
    }

    /** Overwrites the unsigned integer of entry {@code index} (same length), given big-endian. */
    void setUnsignedInteger(int index, byte[] bigEndian) {
        MemorySegment target = value(index, bigEndian.length);
        boolean little = ByteOrder.nativeOrder() == ByteOrder.LITTLE_ENDIAN;
        for (int i = 0; i < bigEndian.length; i++) {
            target.set(ValueLayout.JAVA_BYTE, i, bigEndian[little ? bigEndian.length - 1 - i : i]);
        }
    }

    private MemorySegment value(int index, int length) {
        MemorySegment target = array.get(ValueLayout.ADDRESS, index * ENTRY + 16).reinterpret(length);
        if (index >= count || array.get(ValueLayout.JAVA_LONG, index * ENTRY + 24) != length) {
            throw new IllegalArgumentException("OSSL_PARAM entry " + index + " does not hold " + length + " bytes");
        }
        return target;
    }

    MemorySegment segment() {
        return array;
    }

    /** Zeroes every value written; call before the arena closes when one was secret. */
    void wipe() {
        for (MemorySegment segment : data) {
            segment.fill((byte) 0);
        }
    }

    private OsslParams add(String key, int type, MemorySegment value, long size) {
        if (count == capacity) {
            throw new IllegalStateException("OSSL_PARAM array full");
        }
        if (type != LibCrypto.OSSL_PARAM_UTF8_STRING) {
            data.add(value); // the shared constants are never wiped
        }
        long at = count++ * ENTRY;
        array.set(ValueLayout.ADDRESS, at, cString(key));
        array.set(ValueLayout.JAVA_INT, at + 8, type);
        array.set(ValueLayout.ADDRESS, at + 16, value);
        array.set(ValueLayout.JAVA_LONG, at + 24, size);
        array.set(ValueLayout.JAVA_LONG, at + 32, RETURN_SIZE_UNMODIFIED);
        return this;
    }
}
