package org.shangmi.vector;

import org.shangmi.core.zuc.Zuc;
import org.shangmi.core.zuc.ZucSBoxLayer;

/**
 * ZUC's S-box layer for one engine: {@link VectorZucSBox} while {@link VectorGate} admits it, core's
 * circuit ({@link Zuc#CIRCUIT}) whenever it does not, with the checks of {@link VectorGated}. The
 * two give the same results, so an engine may change sides between two keystream words. A call
 * lasts about ten nanoseconds, so one in {@link #CHECK_EVERY} is measured (a few microseconds of
 * vector calls apart) rather than one in {@link VectorGate#CHECK_EVERY}. Constant time as both
 * layers are. Not thread-safe.
 */
final class VectorGatedZucLayer extends VectorGated implements ZucSBoxLayer {

    /** Calls between two checks: reading a thread's allocation costs about as much as ten calls. */
    static final int CHECK_EVERY = 64 * VectorGate.CHECK_EVERY;

    VectorGatedZucLayer(boolean trial) {
        super(trial, CHECK_EVERY);
    }

    @Override
    public long apply(long w) {
        long check = begin();
        if (check == CLOSED) {
            return Zuc.CIRCUIT.apply(w);
        }
        long s = VectorZucSBox.apply(w);
        if (check != UNCHECKED) {
            end(check);
        }
        return s;
    }

    @Override
    void makeVector() {
        // stateless: the tables are the class's, made when the warm-up first calls it
    }
}
