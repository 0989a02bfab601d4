package org.shangmi.jni;

import java.lang.ref.Cleaner;
import java.util.function.LongConsumer;

/**
 * One C object (a context) owned by one Java object: freed by {@link #close}, or by a
 * {@link Cleaner} once the owner is unreachable, whichever comes first, and never twice. The
 * owner keeps itself reachable across each native call that uses {@link #pointer()}
 * ({@link java.lang.ref.Reference#reachabilityFence}).
 */
final class NativeHandle {

    private static final Cleaner CLEANER = Cleaner.create();

    private final Cleaner.Cleanable cleanable;
    private final Release release;

    /** The free call and the pointer, apart from the owner so that the cleaner does not keep it alive. */
    private static final class Release implements Runnable {
        private final LongConsumer free;
        private volatile long pointer;

        Release(LongConsumer free, long pointer) {
            this.free = free;
            this.pointer = pointer;
        }

        @Override
        public void run() {
            long p = pointer;
            pointer = 0;
            if (p != 0) {
                free.accept(p);
            }
        }
    }

    /** Takes ownership of {@code pointer} (not 0) for {@code owner}; {@code free} releases it. */
    NativeHandle(Object owner, long pointer, LongConsumer free) {
        if (pointer == 0) {
            throw new IllegalArgumentException("a null native pointer");
        }
        this.release = new Release(free, pointer);
        this.cleanable = CLEANER.register(owner, release);
    }

    /**
     * The C pointer.
     *
     * @throws IllegalStateException if the object was freed
     */
    long pointer() {
        long p = release.pointer;
        if (p == 0) {
            throw new IllegalStateException("the native context was freed");
        }
        return p;
    }

    /** Frees the C object now; later calls do nothing. */
    void close() {
        cleanable.clean();
    }
}
