package org.shangmi.core.testing;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.function.LongSupplier;
import org.junit.jupiter.api.Test;
import org.shangmi.core.backend.Algorithm;
import org.shangmi.core.backend.BackendService;
import org.shangmi.core.backend.CipherMode;
import org.shangmi.core.libcrypto.LibcryptoBackend;
import org.shangmi.core.libcrypto.LibcryptoSm4;

/**
 * The checks every libcrypto binding passes, whatever its calls: each binding's test class
 * extends this one, loads its backend once, and adds the checks of its own native side.
 */
public abstract class LibcryptoBindingTests {

    /** The binding's backend, loaded. */
    protected abstract BackendService backend();

    /** The oldest entry of this thread's libcrypto error queue (read, or only looked at); 0 if it is empty. */
    protected abstract long pendingError();

    /** A new instance of the binding's backend, not loaded. */
    protected abstract BackendService unloaded();

    private LongSupplier errorQueue() {
        return this::pendingError;
    }

    /** No engine before a successful load: its calls would reach a library that was never opened. */
    @Test
    void aBackendNotLoadedMakesNoEngine() {
        BackendService backend = unloaded();
        assertThrows(IllegalStateException.class, () -> backend.newDigest(Algorithm.SM3));
        assertThrows(IllegalStateException.class, () -> backend.newMac(Algorithm.HMAC_SM3));
        assertThrows(IllegalStateException.class, backend::newSm2);
        assertThrows(IllegalStateException.class,
                () -> backend.newSm4(CipherMode.CBC, true, new byte[16], new byte[16]));
        assertThrows(IllegalStateException.class, backend::sm4ModesByJava);
    }

    @Test
    void badRangesAndMissingKeysAreRefusedBeforeAnyNativeCallAndLeaveTheStateAlone() {
        BackendChecks.badRangesAreRefusedAndLeaveTheStateAlone(backend());
    }

    @Test
    void hmacKeysOfEveryLengthAndRekeyingEqualJava() {
        BackendChecks.hmacKeysOfEveryLengthAndRekeyingEqualJava(backend(), LibcryptoBackend.CHUNK);
    }

    @Test
    void aMacCopyAndResetAndDestroyBehave() {
        BackendChecks.macCopyResetAndDestroyBehave(backend());
    }

    @Test
    void sm4BasicModesEqualJavaAcrossTheChunkSizeInPlaceAndAfterReset() {
        BackendChecks.sm4BasicModesEqualJava(backend(), LibcryptoBackend.CHUNK, engine -> engine instanceof LibcryptoSm4<?>);
    }

    @Test
    void sm4RefusesBadKeysIvsUnitsAndRangesBeforeAnyNativeCall() {
        BackendChecks.sm4RefusesBadKeysIvsUnitsAndRanges(backend());
    }

    @Test
    void sm4ModesByJavaNameEveryModeWhoseEngineIsJavas() {
        BackendChecks.sm4ModesByJavaAreThoseWithJavaEngines(backend(), engine -> engine instanceof LibcryptoSm4<?>);
        assertFalse(backend().details().contains("SM4"), backend().details());
    }

    @Test
    void sm2CrossChecksWithJavaBothWays() {
        BackendChecks.sm2CrossChecksWithJavaBothWays(backend(), errorQueue());
    }

    @Test
    void sm2DecryptsWithAPreparedKeyAsWithItsBytesEmptyMessagesIncluded() {
        BackendChecks.sm2DecryptsWithAPreparedKeyAsWithItsBytes(backend());
    }

    @Test
    void sm2RefusesBadKeysAndValuesBeforeAnyNativeCall() {
        BackendChecks.sm2RefusesBadKeysAndValues(backend(), errorQueue());
    }

    @Test
    void oneSigningKeyServesManyThreads() throws Exception {
        BackendChecks.oneSigningKeyServesManyThreads(backend());
    }
}
