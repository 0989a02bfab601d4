package org.shangmi.vector;

import java.lang.management.ManagementFactory;
import org.shangmi.core.backend.BackendUnavailableException;

/**
 * The vector backend's state in this JVM, all of it: whether its vector code may serve, the
 * warm-up that decides it (and the thread that runs it), and why the code was shut out. Whatever
 * {@link VectorBackend} loads or says, and whatever each key's gated engines ({@link VectorGated}:
 * the SM4 rounds, GCM's GHASH) decide per call, is read here.
 *
 * <h2>Phases</h2>
 * <ul>
 *   <li><b>new</b>: nothing tried yet.
 *   <li><b>unavailable</b>: {@link #load} found the Vector API, allocation counting or the JIT
 *       missing; every later {@code load} fails with the same reason, and the provider serves SM4
 *       from another backend.
 *   <li><b>warming</b>: {@link #load} has returned and the warm-up runs on a daemon platform thread
 *       of its own: the GB/T 32907-2016 example, every call shape until none allocates
 *       ({@link VectorWarmUp}), the example again on the compiled code. Only the warm-up's own
 *       (trial) rounds run the vector code; every key a caller makes meanwhile runs on the circuit
 *       engine.
 *   <li><b>serving</b>: the warm-up saw every call shape run without allocating (compiled) and the
 *       compiled code pass the known answer: every key's rounds run the vector code, checking one
 *       call in {@link #CHECK_EVERY}. Keys made while warming move to the vector code at their next
 *       call: the modes keep their own state (chaining values, counters) and the two engines give
 *       the same results over the same round keys, so a key changes engines between two calls
 *       safely; keys that stayed on the circuit engine would leave a long-lived engine (a TLS
 *       connection's, a server's first) slow for its whole life. The switch depends on the phase
 *       only, never on keys or data.
 *   <li><b>shut</b>: for the rest of the JVM's life every key runs on the circuit engine, either
 *       because the warm-up failed (the vector code failed the known answer, or the warm-up did
 *       not see it compiled within {@link VectorWarmUp#LIMIT_NANOS}; then later
 *       {@code load}s fail, as {@code load} failed before the warm-up ran in the background) or
 *       because a check in service saw a call allocate as the Vector API's Java fallback does
 *       ({@link #FALLBACK_BYTES} or more, or a little on two calls of a key in a row; a WARNING is
 *       logged, the engines were serving).
 * </ul>
 * {@link #details} says which, for the provider's status.
 *
 * <p>Shutting is final rather than undone by a new warm-up: whatever took the compiled code away
 * (an agent, a debugger, class redefinition, a full code cache) may do it again at any time, and
 * each time about {@link #CHECK_EVERY} calls would run the fallback before a check sees it; warming
 * again would also cost a thread seconds of work. The circuit engine gives the same results in
 * constant time, only more slowly.
 *
 * <h2>Thread safety</h2>
 * The phase and everything that describes it are guarded by this class's lock, and change only
 * under it. Rounds read {@link #doors}, a volatile written only under the lock, on every call and
 * take no lock; a call that began before a change finishes on the engine it chose. The stagger of
 * first checks ({@link #firstCountdown}) counts without a lock: races only blur the stagger.
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

    /** The door of the warm-up's own (trial) rounds: open while warming and serving. */
    static final int TRIAL = 1;
    /** The door of every other key's rounds: open while serving only. */
    static final int SERVICE = 2;

    private static final String MODULE = "jdk.incubator.vector";

    private enum Phase { NEW, UNAVAILABLE, WARMING, SERVING, SHUT }

    /**
     * Guards the phase. Package-private for a test that holds it to keep the warm-up from passing
     * while it looks at the warming phase (VectorGateProgram).
     */
    static final Object LOCK = new Object();

    /**
     * The doors open now ({@link #TRIAL}, {@link #SERVICE}): 0 when new, unavailable or shut,
     * {@code TRIAL} while warming, both while serving. Read on every rounds call: one volatile
     * load, a plain load on the machines we target.
     */
    private static volatile int doors;

    /** Null where the JVM has no per-thread allocation counter (then the backend is unavailable). */
    private static final com.sun.management.ThreadMXBean THREADS =
            ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean threads ? threads : null;

    // guarded by LOCK
    private static Phase phase = Phase.NEW;
    private static BackendUnavailableException unavailable;
    private static Thread warmUpThread;
    private static long warmUpStart;
    private static long warmUpNanos;
    /** What the vector code is, once the warm-up has passed: the width and blocks a pass. */
    private static String vectors;
    /** Whether the engines ever served on vectors (the warm-up passed). */
    private static boolean served;
    private static String shutBecause;

    /** Rounds made so far, to stagger their first checks (no lock: races only blur the stagger). */
    private static int made;

    private VectorGate() {
    }

    /**
     * Loads the backend in this JVM if not yet tried: checks that the Vector API, the JIT and
     * allocation counting are there and starts the warm-up in the background; returns at once if
     * loaded already. The known answer runs first on the warm-up's thread: in the caller's it cost
     * 0.27 to 0.6 s (docs/performance.md), mostly the Vector API's classes and Java fallback.
     *
     * @throws BackendUnavailableException why the backend cannot serve here, also when an earlier
     *     warm-up failed
     */
    static void load() throws BackendUnavailableException {
        synchronized (LOCK) {
            switch (phase) {
                case NEW -> start();
                case UNAVAILABLE -> throw new BackendUnavailableException(unavailable.getMessage(), unavailable);
                case SHUT -> {
                    if (!served) {
                        throw new BackendUnavailableException("the warm-up failed: " + shutBecause);
                    }
                }
                case WARMING, SERVING -> {
                    // loaded
                }
            }
        }
    }

    private static void start() throws BackendUnavailableException {
        try {
            if (ModuleLayer.boot().findModule(MODULE).isEmpty()) {
                throw new BackendUnavailableException("the Vector API is not in this JVM: start it with --add-modules " + MODULE);
            }
            if (THREADS == null || !THREADS.isThreadAllocatedMemorySupported() || !THREADS.isThreadAllocatedMemoryEnabled()) {
                throw new BackendUnavailableException("this JVM cannot count a thread's allocation, which the warm-up check needs");
            }
            if (ManagementFactory.getCompilationMXBean() == null) {
                throw new BackendUnavailableException("this JVM runs interpreted only (-Xint): the JIT would never compile the"
                        + " vector code, and the Vector API's Java fallback is neither fast nor constant time");
            }
            phase = Phase.WARMING;
            doors = TRIAL;
            warmUpStart = System.nanoTime();
            warmUpThread = Thread.ofPlatform().daemon().name("shangmi-vector-warm-up").inheritInheritableThreadLocals(false)
                    .unstarted(VectorGate::runWarmUp);
            try {
                warmUpThread.start();
            } catch (OutOfMemoryError e) {
                // the JVM or the system has no thread to give
                throw new BackendUnavailableException("cannot start the warm-up's thread: " + e, e);
            }
        } catch (BackendUnavailableException e) {
            unavailable(e);
            throw e;
        }
    }

    private static void unavailable(BackendUnavailableException reason) {
        phase = Phase.UNAVAILABLE;
        doors = 0;
        unavailable = reason;
    }

    /**
     * The warm-up thread's work: serving once the warm-up shows the code compiled and right, else
     * shut with the reason (also if the thread ends with an error).
     */
    private static void runWarmUp() {
        String failure = "the warm-up thread ended without a verdict";
        try {
            String wrong = VectorWarmUp.knownAnswer();
            if (wrong != null) {
                failure = "the vector code " + wrong;
                return;
            }
            long nanos = VectorWarmUp.untilCompiled(warmUpStart);
            wrong = VectorWarmUp.knownAnswer();
            if (wrong != null) {
                failure = "compiled, the vector code " + wrong;
                return;
            }
            String width = "SM4 rounds on " + VectorSm4Rounds.VECTOR_LANES * 32 + "-bit vectors (" + VectorSm4Rounds.LANES
                    + " blocks a pass), GCM's GHASH on " + VectorGhash.LANES * 64 + "-bit vectors (" + VectorGhash.LANES
                    + " blocks a pass)";
            synchronized (LOCK) {
                if (phase == Phase.WARMING) {
                    phase = Phase.SERVING;
                    served = true;
                    warmUpNanos = nanos;
                    vectors = width;
                    doors = TRIAL | SERVICE;
                }
            }
            // cleared only once the phase has moved on: an error before that still shuts the gate
            failure = null;
        } catch (BackendUnavailableException e) {
            failure = e.getMessage();
        } catch (LinkageError e) {
            failure = "the Vector API failed to link: " + e;
        } catch (RuntimeException e) {
            failure = "SM4 on vectors failed in the warm-up: " + e;
        } finally {
            if (failure != null) {
                synchronized (LOCK) {
                    if (phase == Phase.WARMING) {
                        phase = Phase.SHUT;
                        doors = 0;
                        shutBecause = failure;
                    }
                }
            }
        }
    }

    /** Whether {@code door}'s rounds may run the vector code now. */
    static boolean admits(int door) {
        return (doors & door) != 0;
    }

    /** Whether every key's rounds may run the vector code (serving). */
    static boolean isOpen() {
        return admits(SERVICE);
    }

    /** Whether the warm-up is still running. */
    static boolean warming() {
        synchronized (LOCK) {
            return phase == Phase.WARMING;
        }
    }

    /**
     * Waits up to {@code millis} for the warm-up to end (for tests and tools that measure the vector
     * code); whether it has ended. True at once if none was started.
     */
    static boolean awaitWarmUp(long millis) throws InterruptedException {
        Thread thread;
        synchronized (LOCK) {
            thread = warmUpThread;
        }
        if (thread != null) {
            thread.join(millis);
        }
        return !warming();
    }

    /**
     * Shuts the gate for good: every later call of every key goes through the circuit engine. Also
     * the way tests simulate evidence that has gone. While warming, it ends the warm-up as failed.
     */
    static void shut(String reason) {
        boolean wasServing;
        synchronized (LOCK) {
            doors = 0;
            if (shutBecause == null) {
                shutBecause = reason;
            }
            wasServing = phase == Phase.SERVING;
            if (phase == Phase.WARMING || phase == Phase.SERVING) {
                phase = Phase.SHUT;
            }
        }
        if (wasServing) {
            System.getLogger(VectorGate.class.getName()).log(System.Logger.Level.WARNING,
                    "shangmi: the vector backend's SM4 runs on the circuit engine from now on: " + reason);
        }
    }

    /** Why the gate was shut, or null. */
    static String shutBecause() {
        synchronized (LOCK) {
            return shutBecause;
        }
    }

    /**
     * What the backend does in this JVM, for the provider's status: empty until loaded and when
     * unavailable (the failure says why). While warming it begins with {@code "warming up"}.
     */
    static String details() {
        String jvm = "; " + System.getProperty("java.vm.name") + " " + Runtime.version();
        synchronized (LOCK) {
            return switch (phase) {
                case NEW, UNAVAILABLE -> "";
                case WARMING -> "warming up for " + (System.nanoTime() - warmUpStart) / 1_000_000 + " ms so far: the Java"
                        + " circuit engine serves SM4 until the warm-up shows the vector code compiled" + jvm;
                case SERVING -> compiled() + jvm;
                case SHUT -> served
                        ? compiled() + jvm + "; since then on the circuit engine: " + shutBecause
                        : "the Java circuit engine serves SM4, as the warm-up failed: " + shutBecause + jvm;
            };
        }
    }

    private static String compiled() {
        return vectors + ", compiled after " + warmUpNanos / 1_000_000 + " ms of warm-up";
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
