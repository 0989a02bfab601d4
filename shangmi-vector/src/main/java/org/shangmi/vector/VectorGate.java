package org.shangmi.vector;

import java.lang.management.ManagementFactory;

/**
 * Whether this JVM's vector code may serve real keys: open once the warm-up has shown every call
 * shape to run compiled ({@link VectorBackend}), shut for the rest of the JVM's life when the
 * periodic check of {@link VectorGatedRounds} sees a call allocate as the Vector API's Java fallback
 * does ({@link #FALLBACK_BYTES} or more, or a little on two calls of a key in a row). Shut, every key's rounds go through the circuit
 * engine.
 *
 * <p>Shutting is final rather than undone by a new warm-up: whatever took the compiled code away
 * (an agent, a debugger, class redefinition, a full code cache) may do it again at any time, and
 * each time about {@link #CHECK_EVERY} calls would run the fallback before a check sees it; warming again would also cost a caller's thread, or a thread of our own, seconds of work.
 * The circuit engine gives the same results in constant time, only more slowly.
 */
final class VectorGate {

    /**
     * A key's rounds measure one call in this many (a power of two): the most calls the fallback
     * can serve a key before a check sees it. A check costs two reads of the thread's allocation
     * counter, a tenth of the cheapest call (one block): one call in 64 adds a fraction of a
     * percent to it (docs/performance.md, the vector backend).
     */
    static final int CHECK_EVERY = 64;

    /**
     * A checked call that allocates this many bytes shuts the gate at once. The fallback makes a
     * heap object of every vector: about 100 KB for one block (measured after class
     * redefinition); the JVM's own one-off allocations on a thread (linking, a change of compiled
     * code, JFR) were 120 to 896 bytes. Smaller allocations shut the gate when the key's next call
     * allocates too.
     */
    static final long FALLBACK_BYTES = 16 * 1024;

    /** What a check reads when this thread cannot be measured (a virtual thread). */
    static final long UNMEASURABLE = -1;

    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    /** Read on every call: one volatile load, a plain load on the machines we target. */
    private static volatile boolean open;
    private static String shutBecause;
    /** Whether the warm-up succeeded: from then on, engines serve and shutting is worth a warning. */
    private static boolean proven;
    /** Rounds made so far, to stagger their first checks (races only blur the stagger). */
    private static int made;

    private VectorGate() {
    }

    static boolean isOpen() {
        return open;
    }

    /** Opens the gate: the warm-up runs with it open so that its profile is the engines' own. */
    static synchronized void open() {
        if (shutBecause == null) {
            open = true;
        }
    }

    /** Records that the warm-up succeeded with the gate open. */
    static synchronized void proven() {
        proven = open;
    }

    /**
     * Shuts the gate for good: every later call of every key goes through the circuit engine. Also
     * the way tests simulate evidence that has gone.
     */
    static void shut(String reason) {
        boolean served;
        synchronized (VectorGate.class) {
            open = false;
            if (shutBecause == null) {
                shutBecause = reason;
            }
            served = proven;
            proven = false;
        }
        if (served) {
            System.getLogger(VectorGate.class.getName()).log(System.Logger.Level.WARNING,
                    "shangmi: the vector backend's SM4 runs on the circuit engine from now on: " + reason);
        }
    }

    /** Why the gate was shut, or null. */
    static synchronized String shutBecause() {
        return shutBecause;
    }

    /**
     * The countdown to a new key's first check: 1 to {@link #CHECK_EVERY}, staggered, so that keys
     * of a few calls each are checked too, about one call in {@link #CHECK_EVERY} across them.
     */
    static int firstCountdown() {
        return 1 + (made++ & (CHECK_EVERY - 1));
    }

    /**
     * Bytes this thread has allocated so far, {@link #UNMEASURABLE} on a virtual thread (the JDK
     * counts only platform threads). Shuts the gate if counting was switched off: then no check can
     * see the fallback any more.
     */
    static long allocatedBytes() {
        if (Thread.currentThread().isVirtual()) {
            return UNMEASURABLE;
        }
        long bytes = THREADS.getCurrentThreadAllocatedBytes();
        if (bytes < 0) {
            shut("the JVM no longer counts each thread's allocation, which the periodic check needs");
            return UNMEASURABLE;
        }
        return bytes;
    }
}
