package org.shangmi.core.util;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class WorkspacePoolTest {

    @Test
    void givesBackWhatWasKeptAndMakesNewOnesWhenEmpty() {
        AtomicInteger made = new AtomicInteger();
        WorkspacePool<Object> pool = new WorkspacePool<>(() -> {
            made.incrementAndGet();
            return new Object();
        }, w -> { });
        Object first = pool.take();
        Object second = pool.take();
        assertNotSame(first, second);
        assertEquals(2, made.get());
        pool.give(first);
        assertSame(first, pool.take(), "the idle workspace is reused");
        assertEquals(2, made.get());
    }

    /** A thread's first slot is its own: what it gave back first it takes first, whatever else is idle. */
    @Test
    void aThreadTakesFromItsOwnSlotFirst() {
        WorkspacePool<Object> pool = new WorkspacePool<>(Object::new, w -> { });
        for (int round = 0; round < 20; round++) {
            Object first = pool.take();
            Object second = pool.take();
            Object third = pool.take();
            pool.give(first);
            pool.give(second);
            pool.give(third);
            assertSame(first, pool.take(), "round " + round);
            pool.give(first);
        }
    }

    @Test
    void keepsABoundedNumber() {
        AtomicInteger made = new AtomicInteger();
        WorkspacePool<Object> pool = new WorkspacePool<>(() -> {
            made.incrementAndGet();
            return new Object();
        }, w -> { });
        List<Object> many = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            many.add(pool.take());
        }
        many.forEach(pool::give);
        made.set(0);
        Set<Object> kept = Collections.newSetFromMap(new IdentityHashMap<>());
        for (int i = 0; i < 200; i++) {
            kept.add(pool.take());
        }
        int reused = 200 - made.get();
        assertTrue(reused >= 4 && reused <= 64, "between 4 and 64 kept, got " + reused);
        assertEquals(200, kept.size(), "no workspace handed out twice");
    }

    @Test
    void wipesEveryWorkspaceGivenBackKeptOrNot() {
        WorkspacePool<byte[]> pool = new WorkspacePool<>(() -> new byte[] {1, 2, 3}, w -> java.util.Arrays.fill(w, (byte) 0));
        List<byte[]> taken = new ArrayList<>();
        for (int i = 0; i < 100; i++) { // more than the pool keeps
            taken.add(pool.take());
        }
        taken.forEach(pool::give);
        for (byte[] workspace : taken) {
            assertArrayEquals(new byte[3], workspace);
        }
        assertFalse(pool.idle().isEmpty());
        assertTrue(pool.idle().size() <= 64);
    }

    /** Many threads taking and giving: a workspace is never held by two of them at once. */
    @Test
    void neverHandsOneWorkspaceToTwoHolders() throws Exception {
        WorkspacePool<AtomicInteger> pool = new WorkspacePool<>(AtomicInteger::new, w -> { });
        ExecutorService threads = Executors.newFixedThreadPool(8);
        try {
            List<Future<Integer>> results = new ArrayList<>();
            for (int t = 0; t < 8; t++) {
                results.add(threads.submit(() -> {
                    int clashes = 0;
                    for (int i = 0; i < 100_000; i++) {
                        AtomicInteger holders = pool.take();
                        if (holders.incrementAndGet() != 1) {
                            clashes++;
                        }
                        holders.decrementAndGet();
                        pool.give(holders);
                    }
                    return clashes;
                }));
            }
            for (Future<Integer> result : results) {
                assertEquals(0, result.get());
            }
        } finally {
            threads.shutdownNow();
        }
    }
}
