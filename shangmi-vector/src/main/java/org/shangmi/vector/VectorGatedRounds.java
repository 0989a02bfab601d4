package org.shangmi.vector;

import org.shangmi.core.sm4.Sm4CircuitRounds;
import org.shangmi.core.sm4.Sm4Rounds;

/**
 * The vector backend's rounds for one key: {@link VectorSm4Rounds} while {@link VectorGate} admits
 * them, the circuit engine over the same round keys whenever it does not (while the warm-up runs,
 * which admits only its own, trial rounds, and for good once shut), with the checks of
 * {@link VectorGated}. A key made while warming moves to the vector code at its first call after
 * the warm-up has passed (see {@link VectorGate} for why). The vector call has one call site per
 * method, checked or not, so that the check measures the code that serves. Constant time as its
 * two engines are. Not thread-safe.
 */
final class VectorGatedRounds extends VectorGated implements Sm4Rounds {

    /**
     * Made with the key when its door admits, else when the door first admits: a caller's key made
     * while the backend warms up loads no Vector API class on the caller's thread.
     */
    private VectorSm4Rounds vector;
    private final int[] encryptionKeys;
    private final int[] decryptionKeys;
    private Sm4Rounds circuit;

    VectorGatedRounds(int[] encryptionKeys, int[] decryptionKeys) {
        this(encryptionKeys, decryptionKeys, false);
    }

    VectorGatedRounds(int[] encryptionKeys, int[] decryptionKeys, boolean trial) {
        super(trial);
        this.encryptionKeys = encryptionKeys;
        this.decryptionKeys = decryptionKeys;
        if (admitted()) {
            vector = new VectorSm4Rounds(encryptionKeys, decryptionKeys);
        }
    }

    @Override
    public void cryptBlock(boolean encrypt, byte[] in, int inOff, byte[] out, int outOff) {
        long check = begin();
        if (check == CLOSED) {
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
        if (check == CLOSED) {
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
        if (check == CLOSED) {
            circuit().cryptCounters(counter, counterBits, in, inOff, out, outOff, count);
            return;
        }
        vector().cryptCounters(counter, counterBits, in, inOff, out, outOff, count);
        if (check != UNCHECKED) {
            end(check);
        }
    }

    @Override
    void makeVector() {
        vector();
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
}
