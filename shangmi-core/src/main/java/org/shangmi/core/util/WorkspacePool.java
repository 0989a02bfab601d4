package org.shangmi.core.util;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * A bounded set of reusable workspaces (scratch objects of kilobytes), so that an engine made
 * for one message allocates none: {@link #take} hands out an idle one or makes a new one, and
 * {@link #give} keeps it for the next caller while a slot is free, else lets it go. Neither
 * call blocks, and neither allocates unless no workspace is idle. {@link #give} wipes every
 * workspace with the pool's wiper, kept or not, so that none holds a secret once given back; at
 * most a few per CPU are kept, whatever the number of threads (platform or virtual) that used
 * them.
 *
 * <p>Each thread starts its search at a slot of its own (its id modulo the number of slots), and
 * each slot has a cache line of its own: a thread usually gets back the workspace it gave (still
 * in its CPU's cache), and threads no more numerous than the slots touch no line another thread
 * writes.
 */
public final class WorkspacePool<T> {

    /**
     * References between two slots: 64 bytes with compressed references, 128 without, so that no
     * two slots share a cache line.
     */
    private static final int SPREAD = 16;

    private final AtomicReferenceArray<T> slots;
    private final int count;
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
        this.count = Math.max(4, Math.min(64, 2 * Runtime.getRuntime().availableProcessors()));
        this.slots = new AtomicReferenceArray<>(count * SPREAD);
    }

    /** An idle workspace, or a new one when none is idle. */
    public T take() {
        int slot = home();
        for (int i = 0; i < count; i++) {
            T idle = slots.get(slot * SPREAD);
            if (idle != null && slots.compareAndSet(slot * SPREAD, idle, null)) {
                return idle;
            }
            slot = slot + 1 == count ? 0 : slot + 1;
        }
        return factory.get();
    }

    /** Wipes {@code workspace} and keeps it for a later {@link #take} if a slot is free. */
    public void give(T workspace) {
        Objects.requireNonNull(workspace, "workspace");
        wiper.accept(workspace);
        int slot = home();
        for (int i = 0; i < count; i++) {
            if (slots.get(slot * SPREAD) == null && slots.compareAndSet(slot * SPREAD, null, workspace)) {
                return;
            }
            slot = slot + 1 == count ? 0 : slot + 1;
        }
    }

    /** The calling thread's first slot. */
    private int home() {
        return (int) Math.floorMod(Thread.currentThread().getId(), (long) count);
    }

    /** The idle workspaces at this moment, left in the pool: for inspection (tests), not for use. */
    public List<T> idle() {
        List<T> idle = new ArrayList<>();
        for (int slot = 0; slot < count; slot++) {
            T workspace = slots.get(slot * SPREAD);
            if (workspace != null) {
                idle.add(workspace);
            }
        }
        return idle;
    }
}
