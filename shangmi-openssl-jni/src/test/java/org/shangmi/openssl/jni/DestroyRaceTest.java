package org.shangmi.openssl.jni;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.shangmi.core.testing.DestroyRace;
import org.shangmi.core.testing.Forked;

/**
 * destroy() racing updates on other threads: the updates end in IllegalStateException and C never
 * uses a freed context. In a JVM of its own, since a use after free may crash it (unguarded, the
 * chunk loop went on with a freed pointer and the JVM died with SIGSEGV within a few rounds).
 */
class DestroyRaceTest {

    @Test
    void destroyRacingUpdatesMakesThemThrowAndNeverFreesUnderACall() throws Exception {
        Forked.Result result = Forked.run(
                List.of("org/shangmi/core/sm3/Sm3.class", "org/shangmi/core/testing/DestroyRace.class",
                        "org/shangmi/openssl/jni/JniBackend.class"),
                List.of("--enable-native-access=ALL-UNNAMED"), DestroyRace.class.getName(), JniBackend.class.getName(), "300");
        assertEquals(0, result.exitCode(), result.output());
        assertEquals("ok 300\n", result.output());
    }
}
