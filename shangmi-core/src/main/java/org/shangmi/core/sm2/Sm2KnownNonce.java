package org.shangmi.core.sm2;

import java.security.SecureRandom;
import java.util.ArrayDeque;

/**
 * A {@link SecureRandom} whose values are taken as the nonce k itself, for known-answer tests:
 * the published SM2 examples fix k. Given one of these, the Java engine uses each value as the
 * next candidate for k as it is, without the hedging it applies to every other random source;
 * nothing else should ever pass one. Asking for more values than were given, or for another
 * length, throws {@code IllegalStateException}.
 */
public final class Sm2KnownNonce extends SecureRandom {

    private static final long serialVersionUID = 1L;

    private final ArrayDeque<byte[]> values = new ArrayDeque<>();
    private int used;

    /** @param values the nonces, 32-byte big-endian integers, in the order they are to be used */
    public Sm2KnownNonce(byte[]... values) {
        for (byte[] value : values) {
            this.values.add(value.clone());
        }
    }

    @Override
    public void nextBytes(byte[] bytes) {
        byte[] next = values.poll();
        if (next == null || next.length != bytes.length) {
            throw new IllegalStateException(next == null ? "the known nonces are used up"
                    : "asked for " + bytes.length + " bytes, the next known nonce has " + next.length);
        }
        System.arraycopy(next, 0, bytes, 0, bytes.length);
        used++;
    }

    /** How many of the values have been taken. */
    public int used() {
        return used;
    }
}
