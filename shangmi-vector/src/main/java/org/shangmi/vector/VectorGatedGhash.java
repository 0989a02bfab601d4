package org.shangmi.vector;

import org.shangmi.core.sm4.GhashPasses;

/**
 * The vector backend's GHASH passes for one key: {@link VectorGhash} while {@link VectorGate} admits
 * them, with the checks of {@link VectorGated}; while it does not, {@link #absorb} takes nothing and
 * the core's scalar GHASH hashes the blocks, so a key's GCM may change sides between two calls (Y
 * is the mode's). Constant time as its two engines are. Not thread-safe.
 */
final class VectorGatedGhash extends VectorGated implements GhashPasses {

    /** Passes for every caller's key. */
    static final Factory SERVICE = factory(false);
    /** The warm-up's own passes, admitted while it runs. */
    static final Factory TRIAL = factory(true);

    /** Kept (not copied) to make the vector engine when the door first admits; wiped by the mode. */
    private final long[] powers;
    /**
     * Made when the door first admits: a caller's key made while the backend warms up loads no
     * Vector API class on the caller's thread.
     */
    private VectorGhash vector;
    /**
     * Fewer blocks than this make no pass: 2 (the least any pass takes) until the vector engine
     * is made, then its pass length. Such calls return before the gate's check, so that a check
     * always measures vector work.
     */
    private int passBlocks = 2;

    private VectorGatedGhash(long[] powers, boolean trial) {
        super(trial);
        this.powers = powers;
        if (admitted()) {
            vector();
        }
    }

    private static Factory factory(boolean trial) {
        return new Factory() {
            @Override
            public int maxPassBlocks() {
                return VectorGhash.MAX_PASS_BLOCKS;
            }

            @Override
            public GhashPasses create(long[] powers) {
                return new VectorGatedGhash(powers, trial);
            }
        };
    }

    @Override
    public int absorb(long[] y, byte[] in, int off, int blocks) {
        if (blocks < passBlocks) {
            return 0;
        }
        long check = begin();
        if (check == CLOSED) {
            return 0;
        }
        int done = vector().absorb(y, in, off, blocks);
        if (check != UNCHECKED) {
            end(check);
        }
        return done;
    }

    @Override
    void makeVector() {
        vector();
    }

    private VectorGhash vector() {
        VectorGhash passes = vector;
        if (passes == null) {
            passes = new VectorGhash(powers);
            vector = passes;
            passBlocks = VectorGhash.LANES;
        }
        return passes;
    }

    @Override
    public void wipe() {
        if (vector != null) {
            vector.wipe();
        }
    }
}
