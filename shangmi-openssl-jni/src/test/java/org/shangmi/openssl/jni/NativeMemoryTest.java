package org.shangmi.openssl.jni;

import org.junit.jupiter.api.Test;
import org.shangmi.core.testing.NativeSoak;

/**
 * The soak test ({@link NativeSoak}) on this binding: engines and keys dropped without closing
 * must leave the resident set flat. The module's tests run with a fixed, pre-touched Java heap
 * (see the pom), so that growth of the resident set is native memory.
 */
class NativeMemoryTest {

    /**
     * Growth of VmRSS allowed after the first round: the contexts awaiting the Cleaner between two
     * collections move the high-water mark by tens of MiB from round to round.
     */
    private static final long BOUND_BYTES = 128L << 20;

    @Test
    void droppedEnginesAndKeysDoNotLeak() throws Exception {
        JniBackend backend = new JniBackend();
        backend.load();
        NativeSoak.droppedEnginesAndKeysLeaveTheResidentSetFlat(backend, BOUND_BYTES);
    }
}
