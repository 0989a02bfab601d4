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
 * The vector backend loads (this JVM has the Vector API), and its SM4 engines equal the Java
 * backend's in every basic mode; JCA-level known answers and cross-checks are in shangmi-provider's
 * tests, which run on every backend.
 */
class VectorBackendTest {

    private static final VectorBackend VECTOR = new VectorBackend();

    @BeforeAll
    static void load() throws Exception {
        assertEquals(Set.of(Algorithm.SM4), VECTOR.load());
        assertTrue(VECTOR.details().contains("compiled after"), VECTOR.details());
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
