package org.shangmi.provider;

import java.util.Objects;

/**
 * Range checks with the exceptions the JDK's own engines throw for the same calls: an offset or
 * length outside an input array is an {@link ArrayIndexOutOfBoundsException} (as in the JDK's
 * {@code DigestBase} and {@code CipherCore}), never the plain {@link IndexOutOfBoundsException}
 * of {@code Objects.checkFromIndexSize}, which callers and the peers' test suites do not catch.
 */
final class Ranges {

    private Ranges() {
    }

    /**
     * Checks that {@code [offset, offset + length)} lies inside {@code array}.
     *
     * @throws NullPointerException if the array is null
     * @throws ArrayIndexOutOfBoundsException if the range is negative or outside the array
     */
    static void check(byte[] array, int offset, int length) {
        try {
            Objects.checkFromIndexSize(offset, length, array.length); // an intrinsic the JIT folds into the caller
        } catch (IndexOutOfBoundsException e) {
            throw new ArrayIndexOutOfBoundsException("range of " + length + " bytes at offset " + offset
                    + " outside an array of " + array.length);
        }
    }
}
