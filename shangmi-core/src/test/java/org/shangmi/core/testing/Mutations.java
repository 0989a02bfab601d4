package org.shangmi.core.testing;

import java.util.Arrays;
import java.util.Random;

/**
 * Corrupted copies of a valid encoding, the way a fuzzer's first mutations corrupt it: a flipped
 * bit, a byte replaced, inserted or removed, the end cut off, a run of bytes repeated. Parsers
 * fed them must fail only in the way they document.
 */
public final class Mutations {

    private Mutations() {
    }

    /** One to three mutations of {@code valid}, chosen by {@code random}. */
    public static byte[] mutate(Random random, byte[] valid) {
        byte[] out = valid.clone();
        for (int rounds = 1 + random.nextInt(3); rounds > 0 && out.length > 0; rounds--) {
            int at = random.nextInt(out.length);
            switch (random.nextInt(6)) {
                case 0 -> out[at] ^= (byte) (1 << random.nextInt(8));
                case 1 -> out[at] = (byte) random.nextInt(256);
                case 2 -> {
                    byte[] longer = new byte[out.length + 1];
                    System.arraycopy(out, 0, longer, 0, at);
                    longer[at] = (byte) random.nextInt(256);
                    System.arraycopy(out, at, longer, at + 1, out.length - at);
                    out = longer;
                }
                case 3 -> {
                    byte[] shorter = new byte[out.length - 1];
                    System.arraycopy(out, 0, shorter, 0, at);
                    System.arraycopy(out, at + 1, shorter, at, out.length - at - 1);
                    out = shorter;
                }
                case 4 -> out = Arrays.copyOf(out, at);
                default -> {
                    int length = Math.min(1 + random.nextInt(8), out.length - at);
                    byte[] repeated = new byte[out.length + length];
                    System.arraycopy(out, 0, repeated, 0, at + length);
                    System.arraycopy(out, at, repeated, at + length, out.length - at);
                    out = repeated;
                }
            }
        }
        return out;
    }
}
