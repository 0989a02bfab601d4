package org.shangmi.provider;

import java.security.MessageDigest;
import java.util.Arrays;

/**
 * A copy of the key a Cipher's engine was made for, so that a re-init with the same key can keep
 * the engine (its round keys and tables) and take only the new IV. Compared in constant time,
 * wiped when forgotten. Not thread-safe, like the Cipher that holds it.
 */
final class EngineKey {

    private byte[] key;

    /** Whether {@code candidate} is the key remembered (false if none is). */
    boolean matches(byte[] candidate) {
        return key != null && MessageDigest.isEqual(key, candidate);
    }

    /** Remembers a copy of {@code newKey}, wiping the one before. */
    void remember(byte[] newKey) {
        forget();
        key = newKey.clone();
    }

    /** Wipes and drops the copy. */
    void forget() {
        if (key != null) {
            Arrays.fill(key, (byte) 0);
            key = null;
        }
    }
}
