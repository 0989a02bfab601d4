package org.shangmi.core.libcrypto;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * Keeps one C object of a libcrypto binding from being freed under a call, whatever the binding
 * (FFM in shangmi-openssl-ffm, JNI in shangmi-openssl-jni): a read-write lock whose write side never waits.
 * A call brackets its use of the C pointer with {@link #acquire} and {@link #release} (the read
 * side; any number of threads at once). {@link #close} (the write side) marks the object closed,
 * so that every later {@code acquire} throws {@link IllegalStateException}, and frees it at once
 * if no call is in flight, else leaves that to the last call in flight as it releases. The free
 * function runs exactly once, and never while a call holds the object.
 *
 * <p>Uncontended, a call costs one compare-and-set and one atomic add, and nothing allocates:
 * cheap beside the JNI or FFM transition it guards. A blocking lock would make {@code close}
 * wait for a long update to end; here the update ends on its own and frees the object then.
 */
public final class LibcryptoGuard {

    /** The sign bit of {@link #state}: set once closed. The other bits count the calls in flight. */
    private static final int CLOSED = Integer.MIN_VALUE;
    private static final VarHandle STATE;

    static {
        try {
            STATE = MethodHandles.lookup().findVarHandle(LibcryptoGuard.class, "state", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final String name;
    private final Runnable free;
    @SuppressWarnings("unused") // through STATE
    private volatile int state;

    /**
     * Guards the C object that {@code free} releases; {@code name} says what it is in the
     * exception of a call after {@link #close}. {@code free} must not refer to the Java object that
     * owns the guard if a Cleaner is to close it.
     */
    public LibcryptoGuard(String name, Runnable free) {
        this.name = name;
        this.free = free;
    }

    /**
     * Marks a call in flight; the caller calls {@link #release} in a {@code finally}.
     *
     * @throws IllegalStateException if the object was closed
     */
    public void acquire() {
        int s;
        do {
            s = (int) STATE.getVolatile(this);
            if (s < 0) {
                throw new IllegalStateException(name + " was freed (destroyed or closed)");
            }
        } while (!STATE.weakCompareAndSet(this, s, s + 1));
    }

    /** Ends a call that {@link #acquire} began; frees the object if it was closed meanwhile and this was the last call. */
    public void release() {
        if ((int) STATE.getAndAdd(this, -1) == CLOSED + 1) {
            free.run();
        }
    }

    /** Closes the object: frees it now if no call is in flight, else when the last one releases. Later calls do nothing. */
    public void close() {
        if ((int) STATE.getAndBitwiseOr(this, CLOSED) == 0) {
            free.run();
        }
    }

    /** Whether {@link #close} was called. */
    public boolean closed() {
        return (int) STATE.getVolatile(this) < 0;
    }
}
