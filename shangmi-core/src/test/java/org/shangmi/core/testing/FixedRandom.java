package org.shangmi.core.testing;

import java.security.SecureRandom;
import java.util.ArrayDeque;
import java.util.Deque;

/**
 * A SecureRandom that hands out the given values, one per request, for known-answer tests with
 * a fixed nonce; asking for more, or for another length, fails the test.
 */
public final class FixedRandom extends SecureRandom {

    private static final long serialVersionUID = 1L;
    private final Deque<byte[]> values = new ArrayDeque<>();

    public FixedRandom(byte[]... values) {
        for (byte[] value : values) {
            this.values.add(value.clone());
        }
    }

    @Override
    public void nextBytes(byte[] bytes) {
        byte[] next = values.poll();
        if (next == null || next.length != bytes.length) {
            throw new IllegalStateException(next == null ? "the fixed values are used up"
                    : "asked for " + bytes.length + " bytes, the next fixed value has " + next.length);
        }
        System.arraycopy(next, 0, bytes, 0, bytes.length);
    }
}
