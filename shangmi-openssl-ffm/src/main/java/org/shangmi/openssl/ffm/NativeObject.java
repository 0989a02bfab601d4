package org.shangmi.openssl.ffm;

import java.lang.foreign.MemorySegment;
import java.lang.ref.Cleaner;
import java.util.function.Consumer;
import org.shangmi.core.libcrypto.LibcryptoGuard;

/**
 * The one Java owner of one C object: it holds the pointer and frees it exactly once, on
 * {@link #close()} or, as a safety net for objects dropped without closing, through a
 * {@link Cleaner} when it becomes unreachable. Subclasses call C through the pointer and end such
 * methods with {@code Reference.reachabilityFence(this)}, so that the Cleaner cannot free the
 * object while a call on it is still running.
 *
 * <p>Objects that outlive one operation and can be closed from outside (the contexts behind
 * {@code destroy()} of a JCA object) take the pointer with {@link #acquire} and give it back with
 * {@link #release} in a {@code finally}: a {@code close} from another thread meanwhile frees the
 * object only once the call is over, and later calls throw {@link IllegalStateException}
 * ({@link LibcryptoGuard}). {@link #pointer} serves the rest: objects used within one operation
 * by one thread, fetched algorithms (never closed while in use), and keys whose owner guards them.
 */
abstract class NativeObject implements AutoCloseable {

    private static final Cleaner CLEANER = Cleaner.create();

    private final MemorySegment pointer;
    private final LibcryptoGuard guard;
    private final Runnable close;

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
        // the actions capture the pointer, the function and the guard, never this object
        LibcryptoGuard guard = new LibcryptoGuard(getClass().getSimpleName(), () -> free.accept(pointer));
        this.guard = guard;
        this.close = safetyNet ? CLEANER.register(this, guard::close)::clean : guard::close;
    }

    /** The C pointer; fails once the object is closed. For objects no other thread closes (see above). */
    final MemorySegment pointer() {
        if (guard.closed()) {
            throw new IllegalStateException(getClass().getSimpleName() + " is closed");
        }
        return pointer;
    }

    /**
     * The C pointer, in use until {@link #release}.
     *
     * @throws IllegalStateException if the object was closed
     */
    final MemorySegment acquire() {
        guard.acquire();
        return pointer;
    }

    /** Ends the use that {@link #acquire} began. */
    final void release() {
        guard.release();
    }

    /** Frees the C object once no call holds it; later calls throw, later closes do nothing. */
    @Override
    public final void close() {
        close.run();
    }
}
