package org.shangmi.jni;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.shangmi.core.backend.Algorithm;
import org.shangmi.core.backend.CipherEngine;
import org.shangmi.core.backend.CipherMode;
import org.shangmi.core.backend.DigestEngine;
import org.shangmi.core.backend.MacEngine;
import org.shangmi.core.backend.Sm2Engine;
import org.shangmi.core.testing.ResidentMemory;

/**
 * The soak test: millions of engines (SM3, HMAC-SM3, SM4-CTR) and SM2 keys made, used and
 * dropped in turn, never closed, must leave the resident set flat: the Cleaner frees their
 * contexts and EVP_PKEYs. The module's tests run with a fixed,
 * pre-touched heap (see the pom), so growth of the resident set is native memory. The first
 * round sets the high-water mark; a leak of one round would add hundreds of MiB (each round drops
 * a million contexts), while the contexts awaiting the Cleaner between two collections move the
 * high-water mark by tens of MiB from round to round, hence the bound.
 */
class NativeMemoryTest {

    private static final long BOUND_BYTES = 128L << 20;
    private static final int ROUNDS = 4;
    private static final int ENGINES_PER_ROUND = 1_000_000;

    private static final JniBackend JNI = new JniBackend();

    @BeforeAll
    static void load() throws Exception {
        JNI.load();
    }

    @Test
    void droppedEnginesDoNotLeak() throws Exception {
        byte[] message = new byte[32];
        run(message);
        long before = ResidentMemory.settled();
        StringBuilder trace = new StringBuilder().append(before >> 10);
        long after = before;
        for (int round = 1; round < ROUNDS; round++) {
            run(message);
            after = ResidentMemory.settled();
            trace.append(", ").append(after >> 10);
        }
        long growth = after - before;
        assertTrue(growth < BOUND_BYTES, ROUNDS * ENGINES_PER_ROUND + " engines dropped: VmRSS grew by " + (growth >> 10)
                + " KiB after the first round, over the bound of " + (BOUND_BYTES >> 10) + " KiB (KiB per round: " + trace + ")");
    }

    private static void run(byte[] message) {
        byte[] key = new byte[16];
        Sm2Engine sm2 = JNI.newSm2();
        byte[] d = new byte[32];
        byte[] publicKey = new byte[64];
        sm2.generateKeyPair(null, d, publicKey);
        for (int i = 0; i < ENGINES_PER_ROUND; i++) {
            message[0] = (byte) i;
            if (i % 16 == 15) {
                sm2.verifyingKey(publicKey); // an import costs tens of microseconds: fewer of them
                continue;
            }
            switch (i % 3) {
                case 0 -> {
                    DigestEngine sm3 = JNI.newDigest(Algorithm.SM3);
                    sm3.update(message, 0, message.length);
                    sm3.digest(message, 0);
                }
                case 1 -> {
                    MacEngine hmac = JNI.newMac(Algorithm.HMAC_SM3);
                    hmac.init(key, 0, key.length);
                    hmac.update(message, 0, message.length);
                    hmac.doFinal(message, 0);
                }
                default -> {
                    CipherEngine ctr = JNI.newSm4(CipherMode.CTR, true, key, key);
                    ctr.update(message, 0, message.length, message, 0);
                }
            }
        }
    }
}
