package org.shangmi.openssl;

import java.lang.foreign.MemorySegment;
import java.lang.ref.Cleaner;
import java.util.function.Consumer;

/**
 * The one Java owner of one C object: it holds the pointer and frees it exactly once, on
 * {@link #close()} or, as a safety net for objects dropped without closing, through a
 * {@link Cleaner} when it becomes unreachable. Subclasses call C through {@link #pointer()} and
 * end such methods with {@code Reference.reachabilityFence(this)}, so that the Cleaner cannot free
 * the object while a call on it is still running.
 *
 * <p>Not thread-safe, like the JCA objects that own these; shared objects (fetched algorithms) are
 * only read.
 */
abstract class NativeObject implements AutoCloseable {

    private static final Cleaner CLEANER = Cleaner.create();

    private final MemorySegment pointer;
    private final Runnable release;
    private boolean closed;

    /** Takes ownership of {@code pointer} (not NULL), which {@code free} releases. */
    NativeObject(MemorySegment pointer, Consumer<MemorySegment> free) {
        this(pointer, free, true);
    }

    /**
     * As above; without a {@code safetyNet}, for objects that live within one operation and are
     * always closed in a {@code finally} (a Cleaner per operation would cost more than the call).
     */
    NativeObject(MemorySegment pointer, Consumer<MemorySegment> free, boolean safetyNet) {
        this.pointer = pointer;
        // the action captures the pointer and the function, never this object
        Runnable action = () -> free.accept(pointer);
        this.release = safetyNet ? CLEANER.register(this, action)::clean : action;
    }

    /** The C pointer; fails once the object is closed, so that a freed pointer is never used. */
    final MemorySegment pointer() {
        if (closed) {
            throw new IllegalStateException(getClass().getSimpleName() + " is closed");
        }
        return pointer;
    }

    /** Frees the C object now; later calls do nothing. */
    @Override
    public final void close() {
        if (!closed) {
            closed = true;
            release.run();
        }
    }
}
