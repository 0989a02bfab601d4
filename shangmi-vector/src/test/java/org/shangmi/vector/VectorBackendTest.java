package org.shangmi.vector;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.shangmi.core.backend.Algorithm;
import org.shangmi.core.testing.BackendChecks;

/**
 * The vector backend loads (this JVM has the Vector API) and warms up, and its SM4 engines on
 * vectors equal the Java backend's in every basic mode; JCA-level known answers and cross-checks are in shangmi-provider's
 * tests, which run on every backend.
 */
class VectorBackendTest {

    private static final VectorBackend VECTOR = new VectorBackend();

    /** Loads the backend and waits for its warm-up, so that the tests below run on vectors. */
    @BeforeAll
    static void load() throws Exception {
        assertEquals(Set.of(Algorithm.SM4), VECTOR.load());
        assertTrue(VectorGate.awaitWarmUp(VectorWarmUp.LIMIT_NANOS / 1_000_000 + 60_000), VECTOR.details());
        assertTrue(VectorGate.isOpen(), VECTOR.details());
        assertTrue(VECTOR.details().matches("SM4 rounds on \\d+-bit vectors \\(\\d+ blocks a pass\\), GCM's GHASH on \\d+-bit vectors"
                + " \\(\\d+ blocks a pass\\), compiled after \\d+ ms of"
                + " warm-up; .*"), VECTOR.details());
    }

    @Test
    void basicModesEqualJavaInPlaceInPiecesAndAfterReset() {
        // the engines are the Java backend's modes; what differs, the rounds, shows in every output
        BackendChecks.sm4BasicModesEqualJava(VECTOR, 16 * 64, engine -> true);
    }

    @Test
    void badKeysIvsUnitsAndRangesAreRefused() {
        BackendChecks.sm4RefusesBadKeysIvsUnitsAndRanges(VECTOR);
    }

    @Test
    void servesNothingButSm4() {
        assertThrows(UnsupportedOperationException.class, () -> VECTOR.newDigest(Algorithm.SM3));
        assertThrows(UnsupportedOperationException.class, () -> VECTOR.newMac(Algorithm.HMAC_SM3));
        assertThrows(UnsupportedOperationException.class, VECTOR::newSm2);
    }
}
