package org.shangmi.vector;

import org.shangmi.core.sm4.Sm4CircuitRounds;
import org.shangmi.core.sm4.Sm4Rounds;

/**
 * The vector backend's rounds for one key: {@link VectorSm4Rounds} while {@link VectorGate} admits
 * them, checking one call in {@link VectorGate#CHECK_EVERY} for allocation (which the Vector API's
 * Java fallback does on every call, the compiled code never) and shutting the gate when a checked
 * call allocates {@link VectorGate#FALLBACK_BYTES} or more, or two checked calls of the key in a row
 * allocate less; the circuit engine over the same round keys whenever the gate does not admit
 * them: while the warm-up runs (it admits only its own, trial rounds), and for good once shut. The
 * modes keep their state (chaining values, counters) themselves, so a key may change engines
 * between two calls: a key made while warming moves to the vector code at its first call after the
 * warm-up has passed (see {@link VectorGate} for why).
 *
 * <p>Trial rounds and every other key's rounds differ only in the door they pass (a bit tested
 * against the gate's open doors), not in a branch: the warm-up compiles the very path the engines
 * take. The vector call has one call site per method, checked or not, so that the check measures
 * the code that serves. A checked call has already run when its allocation is seen: the check
 * bounds how many calls the fallback serves (about one in {@link VectorGate#CHECK_EVERY} is
 * checked, across keys), it cannot make it zero.
 *
 * <p>Trial rounds (the warm-up's) record what their checks measure instead of shutting the gate.
 * Constant time as its two engines are: its branches depend on the gate and a call count only.
 * Not thread-safe.
 */
final class VectorGatedRounds implements Sm4Rounds {

    /** {@link #begin}: a vector call that is not measured. */
    private static final long UNCHECKED = -1;
    /** {@link #begin}: a call for the circuit engine. */
    private static final long CIRCUIT = -2;

    /**
     * Made with the key when its door admits, else when the door first admits: a caller's key made
     * while the backend warms up loads no Vector API class on the caller's thread.
     */
    private VectorSm4Rounds vector;
    private final int[] encryptionKeys;
    private final int[] decryptionKeys;
    private final boolean trial;
    /** {@link VectorGate#TRIAL} or {@link VectorGate#SERVICE}. */
    private final int door;
    private Sm4Rounds circuit;
    private int countdown = VectorGate.firstCountdown();
    /** The last check saw an allocation: the next call is checked too, to confirm it. */
    private boolean suspect;
    /** Trial rounds: measure every call, not one in {@link VectorGate#CHECK_EVERY}. */
    private boolean measureEveryCall;
    /** Calls measured, calls that could not be, and (trial rounds) bytes the measured ones allocated. */
    private int measured;
    private int unmeasured;
    private long allocated;

    VectorGatedRounds(int[] encryptionKeys, int[] decryptionKeys) {
        this(encryptionKeys, decryptionKeys, false);
    }

    VectorGatedRounds(int[] encryptionKeys, int[] decryptionKeys, boolean trial) {
        this.encryptionKeys = encryptionKeys;
        this.decryptionKeys = decryptionKeys;
        this.trial = trial;
        this.door = trial ? VectorGate.TRIAL : VectorGate.SERVICE;
        if (VectorGate.admits(door)) {
            vector = new VectorSm4Rounds(encryptionKeys, decryptionKeys);
        }
    }

    @Override
    public void cryptBlock(boolean encrypt, byte[] in, int inOff, byte[] out, int outOff) {
        long check = begin();
        if (check == CIRCUIT) {
            circuit().cryptBlock(encrypt, in, inOff, out, outOff);
            return;
        }
        vector().cryptBlock(encrypt, in, inOff, out, outOff);
        if (check != UNCHECKED) {
            end(check);
        }
    }

    @Override
    public void cryptBlocks(boolean encrypt, byte[] in, int inOff, byte[] out, int outOff, int count) {
        long check = begin();
        if (check == CIRCUIT) {
            circuit().cryptBlocks(encrypt, in, inOff, out, outOff, count);
            return;
        }
        vector().cryptBlocks(encrypt, in, inOff, out, outOff, count);
        if (check != UNCHECKED) {
            end(check);
        }
    }

    @Override
    public void cryptCounters(long[] counter, int counterBits, byte[] in, int inOff, byte[] out, int outOff, int count) {
        long check = begin();
        if (check == CIRCUIT) {
            circuit().cryptCounters(counter, counterBits, in, inOff, out, outOff, count);
            return;
        }
        vector().cryptCounters(counter, counterBits, in, inOff, out, outOff, count);
        if (check != UNCHECKED) {
            end(check);
        }
    }

    private VectorSm4Rounds vector() {
        VectorSm4Rounds rounds = vector;
        if (rounds == null) {
            rounds = new VectorSm4Rounds(encryptionKeys, decryptionKeys);
            vector = rounds;
        }
        return rounds;
    }

    @Override
    public void wipe() {
        if (vector != null) {
            vector.wipe();
        }
        if (circuit != null) {
            circuit.wipe();
        }
    }

    /** {@link #UNCHECKED}, {@link #CIRCUIT}, or the thread's allocated bytes before a checked call. */
    private long begin() {
        if (--countdown > 0 && VectorGate.admits(door)) {
            return UNCHECKED;
        }
        countdown = measureEveryCall ? 1 : VectorGate.CHECK_EVERY;
        if (!VectorGate.admits(door)) {
            return CIRCUIT;
        }
        vector(); // made before the measurement, which is of the call alone
        long before = VectorGate.allocatedBytes();
        if (before == VectorGate.UNMEASURABLE) {
            unmeasured++;
            // reading may have shut the gate (counting switched off)
            return VectorGate.admits(door) ? UNCHECKED : CIRCUIT;
        }
        return before;
    }

    private void end(long before) {
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
            // one such call is enough: waiting for a second one of the same key would let keys used
            // once, or calls alternating with a method still compiled, escape every check
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

    private Sm4Rounds circuit() {
        if (circuit == null) {
            circuit = new Sm4CircuitRounds(encryptionKeys, decryptionKeys);
        }
        return circuit;
    }

    /** Whether the circuit engine has served a call (for tests). */
    boolean circuitServed() {
        return circuit != null;
    }

    /** Trial rounds: from now on, every call is measured (or none again); the counts start afresh. */
    void measureEveryCall(boolean on) {
        if (!trial) {
            throw new IllegalStateException("only trial rounds measure every call");
        }
        measureEveryCall = on;
        countdown = 1;
        measured = 0;
        unmeasured = 0;
        allocated = 0;
    }

    /**
     * Calls measured so far (trial rounds: since {@link #measureEveryCall}): only calls on the
     * vector code are, so a count above zero shows that the key ran on it.
     */
    int measured() {
        return measured;
    }

    /** Trial rounds: calls that could not be measured since {@link #measureEveryCall}. */
    int unmeasured() {
        return unmeasured;
    }

    /** Trial rounds: bytes the measured calls allocated. */
    long allocated() {
        return allocated;
    }
}
