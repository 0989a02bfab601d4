package org.shangmi.core.testing;

import java.util.Random;
import java.util.function.BiConsumer;

/** Splits input into uneven pieces, the way streaming callers feed engines. */
public final class Chunks {

    private Chunks() {
    }

    /**
     * Calls {@code update(offset, length)} over {@code [0, total)} in random pieces of 0 to
     * {@code maxChunk} bytes (empty pieces included, since callers make them too).
     */
    public static void feed(Random random, int total, int maxChunk, BiConsumer<Integer, Integer> update) {
        int offset = 0;
        while (offset < total) {
            int length = Math.min(total - offset, random.nextInt(maxChunk + 1));
            update.accept(offset, length);
            offset += length;
        }
    }
}
