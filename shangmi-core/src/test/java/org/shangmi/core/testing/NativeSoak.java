package org.shangmi.core.testing;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.shangmi.core.backend.Algorithm;
import org.shangmi.core.backend.BackendService;
import org.shangmi.core.backend.CipherEngine;
import org.shangmi.core.backend.CipherMode;
import org.shangmi.core.backend.DigestEngine;
import org.shangmi.core.backend.MacEngine;
import org.shangmi.core.backend.Sm2Engine;

/**
 * The soak test of a native backend: a million engines (SM3, HMAC-SM3, SM4-CBC and CTR) and SM2
 * keys per round, each used once and dropped without being destroyed, as careless users do, must
 * leave the process's resident set flat: the Cleaners free their C contexts and keys. Run it in a
 * JVM with a fixed, pre-touched heap, so that growth of the resident set is native memory.
 *
 * <p>The first round sets the high-water mark (the Cleaner frees contexts a little after they
 * become garbage, and malloc keeps the peak it reached); the later rounds must stay within a
 * bound of it. A context costs hundreds of bytes of C memory, so leaking one round would add
 * hundreds of MiB, far above the bound.
 */
public final class NativeSoak {

    private static final int ROUNDS = 4;
    private static final int OPERATIONS_PER_ROUND = 1_000_000;

    private NativeSoak() {
    }

    /** Runs the rounds on {@code backend} (loaded) and fails if VmRSS grew by {@code boundBytes} or more after the first. */
    public static void droppedEnginesAndKeysLeaveTheResidentSetFlat(BackendService backend, long boundBytes) throws Exception {
        byte[] message = new byte[32];
        round(backend, message);
        long before = ResidentMemory.settled();
        StringBuilder trace = new StringBuilder().append(before >> 10);
        long after = before;
        for (int round = 1; round < ROUNDS; round++) {
            round(backend, message);
            after = ResidentMemory.settled();
            trace.append(", ").append(after >> 10);
        }
        long growth = after - before;
        assertTrue(growth < boundBytes, ROUNDS * OPERATIONS_PER_ROUND + " engines and keys dropped: VmRSS grew by "
                + (growth >> 10) + " KiB after the first round, over the bound of " + (boundBytes >> 10)
                + " KiB (KiB per round: " + trace + ")");
    }

    private static void round(BackendService backend, byte[] message) {
        byte[] key = new byte[16];
        Sm2Engine sm2 = backend.newSm2();
        byte[] d = new byte[32];
        byte[] publicKey = new byte[64];
        sm2.generateKeyPair(null, d, publicKey);
        byte[] signature = new byte[64];
        for (int i = 0; i < OPERATIONS_PER_ROUND; i++) {
            message[0] = (byte) i;
            key[0] = (byte) i;
            if (i % 16 == 15) {
                // an SM2 import costs tens of microseconds: fewer of them, yet enough that one
                // leaked key per import would leave the bound far behind
                sm2.verifyingKey(publicKey);
                if (i % 160 == 159) {
                    sm2.sign(sm2.signingKey(d), message, null, signature, 0);
                }
                continue;
            }
            switch (i % 4) {
                case 0 -> {
                    DigestEngine sm3 = backend.newDigest(Algorithm.SM3);
                    sm3.update(message, 0, message.length);
                    sm3.digest(message, 0);
                }
                case 1 -> {
                    MacEngine hmac = backend.newMac(Algorithm.HMAC_SM3);
                    hmac.init(key, 0, key.length);
                    hmac.update(message, 0, message.length);
                    hmac.doFinal(message, 0);
                }
                case 2 -> {
                    CipherEngine cbc = backend.newSm4(CipherMode.CBC, true, key, key);
                    cbc.update(message, 0, message.length, message, 0);
                }
                default -> {
                    CipherEngine ctr = backend.newSm4(CipherMode.CTR, true, key, key);
                    ctr.update(message, 0, message.length, message, 0);
                }
            }
        }
    }
}
