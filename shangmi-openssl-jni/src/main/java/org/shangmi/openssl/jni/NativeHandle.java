package org.shangmi.openssl.jni;

import java.lang.ref.Cleaner;
import java.util.function.LongConsumer;
import org.shangmi.core.libcrypto.LibcryptoGuard;

/**
 * One C object (a context or a key), owned by this handle: freed by {@link #close}, or by a
 * {@link Cleaner} once the handle is unreachable, whichever comes first, and never twice. A call
 * takes the pointer with {@link #acquire} and gives it back with {@link #release} in a
 * {@code finally}: a {@code close}, or the Cleaner, from another thread meanwhile ({@code destroy()} racing an update) frees the object
 * only once the call is over, and later calls throw {@link IllegalStateException} instead of
 * handing C a freed pointer ({@link LibcryptoGuard}).
 */
final class NativeHandle {

    private static final Cleaner CLEANER = Cleaner.create();

    private final long pointer;
    private final LibcryptoGuard guard;
    private final Cleaner.Cleanable cleanable;

    /** Takes ownership of {@code pointer} (not 0), which {@code free} releases. */
    NativeHandle(long pointer, LongConsumer free) {
        if (pointer == 0) {
            throw new IllegalArgumentException("a null native pointer");
        }
        this.pointer = pointer;
        // neither action refers to this handle, or the Cleaner would keep it reachable
        LibcryptoGuard guard = new LibcryptoGuard("the native context", () -> free.accept(pointer));
        this.guard = guard;
        this.cleanable = CLEANER.register(this, guard::close);
    }

    /**
     * The C pointer, in use until {@link #release}.
     *
     * @throws IllegalStateException if the object was freed
     */
    long acquire() {
        guard.acquire();
        return pointer;
    }

    /** Ends the use that {@link #acquire} began. */
    void release() {
        guard.release();
    }

    /** Frees the C object once no call uses it; later calls throw, later closes do nothing. */
    void close() {
        cleanable.clean();
    }
}
