package org.shangmi.openssl.ffm;

import org.junit.jupiter.api.Test;
import org.shangmi.core.testing.NativeSoak;

/**
 * The soak test ({@link NativeSoak}) on this binding: engines and keys dropped without closing
 * must leave the resident set flat. The module's tests run with a fixed, pre-touched Java heap
 * (see the pom), so that growth of the resident set is native memory.
 */
class NativeMemoryTest {

    /** Growth of VmRSS allowed after the first round, far below the hundreds of MiB of one leaked round. */
    private static final long BOUND_BYTES = 32L << 20;

    @Test
    void droppedEnginesAndKeysDoNotLeak() throws Exception {
        FfmBackend backend = new FfmBackend();
        backend.load();
        NativeSoak.droppedEnginesAndKeysLeaveTheResidentSetFlat(backend, BOUND_BYTES);
    }
}
