package org.shangmi.core.util;

import java.util.Objects;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.Supplier;

/**
 * A bounded set of reusable workspaces (scratch objects of kilobytes), so that an engine made
 * for one message allocates none: {@link #take} hands out an idle one or makes a new one, and
 * {@link #give} keeps it for the next caller while a slot is free, else lets it go. Neither
 * call allocates or blocks. A workspace must hold no secret when given back; at most a few per
 * CPU are kept, whatever the number of threads (platform or virtual) that used them.
 */
public final class WorkspacePool<T> {

    private final AtomicReferenceArray<T> slots;
    private final Supplier<T> factory;

    /** A pool of up to twice as many workspaces as CPUs (at least 4, at most 64). */
    public WorkspacePool(Supplier<T> factory) {
        this.factory = Objects.requireNonNull(factory, "factory");
        this.slots = new AtomicReferenceArray<>(Math.max(4, Math.min(64, 2 * Runtime.getRuntime().availableProcessors())));
    }

    /** An idle workspace, or a new one when none is idle. */
    public T take() {
        int length = slots.length();
        int start = ThreadLocalRandom.current().nextInt(length);
        for (int i = 0; i < length; i++) {
            int slot = (start + i) % length;
            if (slots.get(slot) != null) {
                T taken = slots.getAndSet(slot, null);
                if (taken != null) {
                    return taken;
                }
            }
        }
        return factory.get();
    }

    /** Keeps {@code workspace} (which must hold no secret) for a later {@link #take} if a slot is free. */
    public void give(T workspace) {
        Objects.requireNonNull(workspace, "workspace");
        int length = slots.length();
        int start = ThreadLocalRandom.current().nextInt(length);
        for (int i = 0; i < length; i++) {
            int slot = (start + i) % length;
            if (slots.get(slot) == null && slots.compareAndSet(slot, null, workspace)) {
                return;
            }
        }
    }
}
