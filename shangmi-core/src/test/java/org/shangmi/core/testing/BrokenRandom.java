package org.shangmi.core.testing;

import java.security.SecureRandom;
import java.util.Arrays;

/** A random source that has failed: every request gets the same byte over and over. */
public final class BrokenRandom extends SecureRandom {

    private static final long serialVersionUID = 1L;
    private final byte value;

    public BrokenRandom(int value) {
        this.value = (byte) value;
    }

    @Override
    public void nextBytes(byte[] bytes) {
        Arrays.fill(bytes, value);
    }
}
