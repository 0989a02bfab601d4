package org.shangmi.vector;

/**
 * What a gated engine of the vector backend does around each call of its vector code:
 * {@link VectorGatedRounds} for SM4's rounds, {@link VectorGatedGhash} for GCM's GHASH,
 * {@link VectorGatedZucLayer} for ZUC's S-box layer (one call per keystream word, so checked
 * once in {@link VectorGatedZucLayer#CHECK_EVERY} calls instead). While
 * {@link VectorGate} admits the engine's door, calls run the vector code, one in
 * {@link VectorGate#CHECK_EVERY} measured for allocation (which the Vector API's Java fallback does
 * on every call, the compiled code never); a checked call that allocates
 * {@link VectorGate#FALLBACK_BYTES} or more, or two checked calls of the engine in a row that
 * allocate less, shut the gate. While the door is closed (the warm-up admits only its own, trial
 * engines) and for good once shut, the engine's Java counterpart serves over the same key, so an
 * engine may change sides between two calls: the modes keep their own state.
 *
 * <p>Trial engines (the warm-up's) and every other engine differ only in the door they pass (a bit
 * tested against the gate's open doors), not in a branch: the warm-up compiles the very path the
 * engines take. A checked call has already run when its allocation is seen: the check bounds how
 * many calls the fallback serves (about one in {@link VectorGate#CHECK_EVERY} is checked, across
 * engines), it cannot make it zero. Trial engines record what their checks measure instead of
 * shutting the gate. Its branches depend on the gate and a call count only. Not thread-safe.
 */
abstract class VectorGated {

    /** {@link #begin}: a vector call that is not measured. */
    static final long UNCHECKED = -1;
    /** {@link #begin}: a call for the Java counterpart. */
    static final long CLOSED = -2;

    private final boolean trial;
    /** Calls between two checks: {@link VectorGate#CHECK_EVERY} unless an engine's calls are much shorter. */
    private final int checkEvery;
    /** {@link VectorGate#TRIAL} or {@link VectorGate#SERVICE}. */
    private final int door;
    private int countdown = VectorGate.firstCountdown();
    /** The last check saw an allocation: the next call is checked too, to confirm it. */
    private boolean suspect;
    /** Trial engines: measure every call, not one in {@link VectorGate#CHECK_EVERY}. */
    private boolean measureEveryCall;
    /** Calls measured, calls that could not be, and (trial engines) bytes the measured ones allocated. */
    private int measured;
    private int unmeasured;
    private long allocated;

    VectorGated(boolean trial) {
        this(trial, VectorGate.CHECK_EVERY);
    }

    VectorGated(boolean trial, int checkEvery) {
        this.trial = trial;
        this.checkEvery = checkEvery;
        this.door = trial ? VectorGate.TRIAL : VectorGate.SERVICE;
    }

    /** Whether this engine's door admits the vector code now. */
    final boolean admitted() {
        return VectorGate.admits(door);
    }

    /** Makes the vector engine if not made yet (before a measured call, which is of the call alone). */
    abstract void makeVector();

    /** {@link #UNCHECKED}, {@link #CLOSED}, or the thread's allocated bytes before a checked call. */
    final long begin() {
        if (--countdown > 0 && VectorGate.admits(door)) {
            return UNCHECKED;
        }
        countdown = measureEveryCall ? 1 : checkEvery;
        if (!VectorGate.admits(door)) {
            return CLOSED;
        }
        makeVector();
        long before = VectorGate.allocatedBytes();
        if (before == VectorGate.UNMEASURABLE) {
            unmeasured++;
            // reading may have shut the gate (counting switched off)
            return VectorGate.admits(door) ? UNCHECKED : CLOSED;
        }
        return before;
    }

    /** After a vector call that {@link #begin} measured (it returned neither constant). */
    final void end(long before) {
        long after = VectorGate.allocatedBytes();
        if (after == VectorGate.UNMEASURABLE) {
            // counting was switched off during the call: reading shut the gate
            unmeasured++;
            return;
        }
        measured++;
        settle(after - before);
    }

    /**
     * What a check found. Every branch on it is here, apart from the path a check takes in the
     * warm-up and in service alike: a check that sees an allocation (rare by design) may meet code
     * compiled without that branch, and deoptimise it, after the vector call.
     */
    private void settle(long bytes) {
        if (bytes == 0) {
            suspect = false;
        } else if (trial) {
            allocated += bytes;
        } else if (bytes >= VectorGate.FALLBACK_BYTES) {
            // one such call is enough: waiting for a second one of the same engine would let
            // engines used once, or calls alternating with a method still compiled, escape every check
            VectorGate.shut("a call allocated " + bytes + " bytes, so the vector code no longer runs compiled and"
                    + " the Vector API's Java fallback (neither fast nor constant time) served it");
        } else if (!suspect) {
            // the JVM itself now and then allocates a little for a thread once (linking, a change
            // of compiled code), which does not recur; the fallback allocates on every call
            suspect = true;
            countdown = 1;
        } else {
            VectorGate.shut("two calls in a row allocated (" + bytes + " bytes the second), so the vector code no"
                    + " longer runs compiled and the Vector API's Java fallback (neither fast nor constant time)"
                    + " served them");
        }
    }

    /** Trial engines: from now on, every call is measured (or none again); the counts start afresh. */
    final void measureEveryCall(boolean on) {
        if (!trial) {
            throw new IllegalStateException("only trial engines measure every call");
        }
        measureEveryCall = on;
        countdown = 1;
        measured = 0;
        unmeasured = 0;
        allocated = 0;
    }

    /**
     * Calls measured so far (trial engines: since {@link #measureEveryCall}): only calls on the
     * vector code are, so a count above zero shows that the engine ran on it.
     */
    final int measured() {
        return measured;
    }

    /** Trial engines: calls that could not be measured since {@link #measureEveryCall}. */
    final int unmeasured() {
        return unmeasured;
    }

    /** Trial engines: bytes the measured calls allocated. */
    final long allocated() {
        return allocated;
    }
}
