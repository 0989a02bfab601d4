package org.shangmi.core.libcrypto;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The guard of native objects: never freed under a call, freed exactly once, refused after close. */
class LibcryptoGuardTest {

    @Test
    void closeWithNoCallInFlightFreesAtOnceAndOnce() {
        AtomicInteger frees = new AtomicInteger();
        LibcryptoGuard guard = new LibcryptoGuard("the context", frees::incrementAndGet);
        guard.acquire();
        guard.release();
        assertFalse(guard.closed());
        guard.close();
        assertEquals(1, frees.get());
        assertTrue(guard.closed());
        guard.close();
        assertEquals(1, frees.get(), "a second close frees nothing");
        IllegalStateException refused = assertThrows(IllegalStateException.class, guard::acquire);
        assertEquals("the context was freed (destroyed or closed)", refused.getMessage());
    }

    @Test
    void closeUnderCallsLeavesTheFreeToTheLastOne() {
        AtomicInteger frees = new AtomicInteger();
        LibcryptoGuard guard = new LibcryptoGuard("the context", frees::incrementAndGet);
        guard.acquire();
        guard.acquire();
        guard.close();
        assertEquals(0, frees.get(), "two calls in flight");
        assertThrows(IllegalStateException.class, guard::acquire);
        guard.release();
        assertEquals(0, frees.get(), "one call in flight");
        guard.release();
        assertEquals(1, frees.get(), "freed by the last call out");
    }

    /** Threads acquiring and releasing while another closes: the free runs once, after every call holding the guard. */
    @Test
    void underContentionTheFreeRunsOnceAndNeverUnderACall() throws Exception {
        for (int round = 0; round < 200; round++) {
            AtomicInteger inFlight = new AtomicInteger();
            AtomicInteger frees = new AtomicInteger();
            AtomicInteger freedUnderACall = new AtomicInteger();
            LibcryptoGuard guard = new LibcryptoGuard("x", () -> {
                frees.incrementAndGet();
                if (inFlight.get() != 0) {
                    freedUnderACall.incrementAndGet();
                }
            });
            List<Thread> threads = new ArrayList<>();
            for (int t = 0; t < 3; t++) {
                Thread thread = new Thread(() -> {
                    try {
                        for (;;) {
                            guard.acquire();
                            inFlight.incrementAndGet();
                            Thread.onSpinWait();
                            inFlight.decrementAndGet();
                            guard.release();
                        }
                    } catch (IllegalStateException closed) {
                        // the end of the loop
                    }
                });
                threads.add(thread);
                thread.start();
            }
            Thread.sleep(0, 100_000);
            guard.close();
            for (Thread thread : threads) {
                thread.join();
            }
            assertEquals(1, frees.get(), "round " + round);
            assertEquals(0, freedUnderACall.get(), "round " + round);
        }
    }
}
