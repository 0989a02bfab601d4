package org.shangmi.openssl.ffm;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Objects;

/**
 * Native memory of one context for short inputs and outputs. A heap segment made for every call
 * ({@code MemorySegment.ofArray(array).asSlice(off, len)}) is not always scalar-replaced: through
 * it a 32-byte digest allocated 72 bytes of garbage, and its rate varied by a third from one
 * iteration to the next. Bytes copied here are wiped as soon as the call returns, since messages
 * and tags may be secret. Not thread-safe, as the contexts that own one; misuse from several
 * threads can mix data but never reach memory outside the buffer, which lives as long as it is
 * reachable.
 */
final class NativeScratch {

    /** The longest input or output that goes through the buffer; longer ones go to C in place. */
    static final int SIZE = 256;
    private static final byte[] ZEROS = new byte[SIZE];

    private final MemorySegment bytes;
    private final MemorySegment length;

    NativeScratch() {
        MemorySegment memory = Arena.ofAuto().allocate(SIZE + JAVA_LONG.byteSize(), JAVA_LONG.byteAlignment());
        bytes = memory.asSlice(0, SIZE);
        length = memory.asSlice(SIZE, JAVA_LONG.byteSize());
    }

    /** Whether {@code len} bytes fit in the buffer. */
    static boolean fits(int len) {
        return len <= SIZE;
    }

    /**
     * {@code array[off..off+len)} for a critical call: a copy in the buffer if it fits, else the
     * array in place ({@link LibCrypto#heapChunk}). {@link #wipeInput} follows the call.
     *
     * @throws IndexOutOfBoundsException if the range is not in the array
     */
    MemorySegment input(byte[] array, int off, int len) {
        Objects.checkFromIndexSize(off, len, array.length);
        if (!fits(len)) {
            return LibCrypto.heapChunk(array, off, len);
        }
        MemorySegment.copy(array, off, bytes, JAVA_BYTE, 0, len);
        return bytes;
    }

    /** Wipes what {@link #input} copied for an input of {@code len} bytes (nothing for a refused length). */
    void wipeInput(int len) {
        if (len >= 0 && fits(len)) {
            wipe(len);
        }
    }

    /** The buffer, for C to write at most {@link #SIZE} bytes into. */
    MemorySegment out() {
        return bytes;
    }

    /** Copies the first {@code len} bytes the buffer holds to {@code array[off..)}. */
    void copyOut(byte[] array, int off, int len) {
        MemorySegment.copy(bytes, JAVA_BYTE, 0, array, off, len);
    }

    /** One size_t for C to write. */
    MemorySegment length() {
        return length;
    }

    /** What C wrote into {@link #length}. */
    long lengthValue() {
        return length.get(JAVA_LONG, 0);
    }

    /** Zeroes the first {@code len} bytes. */
    void wipe(int len) {
        MemorySegment.copy(ZEROS, 0, bytes, JAVA_BYTE, 0, len);
    }
}
