package org.shangmi.core.util;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * A bounded set of reusable workspaces (scratch objects of kilobytes), so that an engine made
 * for one message allocates none: {@link #take} hands out an idle one or makes a new one, and
 * {@link #give} keeps it for the next caller while a slot is free, else lets it go. Neither
 * call allocates or blocks. {@link #give} wipes every workspace with the pool's wiper, kept or
 * not, so that none holds a secret once given back; at most a few per CPU are kept, whatever the
 * number of threads (platform or virtual) that used them.
 */
public final class WorkspacePool<T> {

    private final AtomicReferenceArray<T> slots;
    private final Supplier<T> factory;
    private final Consumer<? super T> wiper;

    /**
     * A pool of up to twice as many workspaces as CPUs (at least 4, at most 64).
     *
     * @param wiper zeros every secret-bearing field of a workspace; {@link #give} calls it
     */
    public WorkspacePool(Supplier<T> factory, Consumer<? super T> wiper) {
        this.factory = Objects.requireNonNull(factory, "factory");
        this.wiper = Objects.requireNonNull(wiper, "wiper");
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

    /** Wipes {@code workspace} and keeps it for a later {@link #take} if a slot is free. */
    public void give(T workspace) {
        Objects.requireNonNull(workspace, "workspace");
        wiper.accept(workspace);
        int length = slots.length();
        int start = ThreadLocalRandom.current().nextInt(length);
        for (int i = 0; i < length; i++) {
            int slot = (start + i) % length;
            if (slots.get(slot) == null && slots.compareAndSet(slot, null, workspace)) {
                return;
            }
        }
    }

    /** The idle workspaces at this moment, left in the pool: for inspection (tests), not for use. */
    public List<T> idle() {
        List<T> idle = new ArrayList<>();
        for (int i = 0; i < slots.length(); i++) {
            T workspace = slots.get(i);
            if (workspace != null) {
                idle.add(workspace);
            }
        }
        return idle;
    }
}
