package org.shangmi.openssl;

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
 * The soak test: millions of engines created, used and dropped without closing, as careless users
 * do, must leave the process's resident memory flat; their C contexts are freed by the safety-net
 * Cleaner. The module's tests run with a fixed, pre-touched Java heap (see the pom), so that
 * growth of the resident set is native memory.
 *
 * <p>The first round sets the high-water mark: the Cleaner frees contexts a little after they
 * become garbage, and malloc keeps the peak it reached. Later rounds must stay at that mark. An
 * SM3 context costs a few hundred bytes of C memory and an HMAC one more, so leaking one round
 * would add hundreds of MiB, far above the bound.
 */
class NativeMemoryTest {

    /** Growth of VmRSS allowed between the end of the first round and the end of the last. */
    private static final long BOUND_BYTES = 32L << 20;
    private static final int ROUNDS = 4;
    private static final int ENGINES_PER_ROUND = 1_000_000;

    private static final OpenSslBackend OPENSSL = new OpenSslBackend();

    @BeforeAll
    static void load() throws Exception {
        OPENSSL.load();
    }

    @Test
    void droppedEnginesAndKeysDoNotLeak() throws Exception {
        byte[] message = new byte[32];
        byte[] out = new byte[64];
        int engines = run(ENGINES_PER_ROUND, message, out);
        long before = ResidentMemory.settled();
        StringBuilder trace = new StringBuilder().append(before >> 10);
        long after = before;
        for (int round = 1; round < ROUNDS; round++) {
            engines += run(ENGINES_PER_ROUND, message, out);
            after = ResidentMemory.settled();
            trace.append(", ").append(after >> 10);
        }
        long growth = after - before;
        assertTrue(growth < BOUND_BYTES, engines + " engines dropped: VmRSS grew by " + (growth >> 10)
                + " KiB after the first round, over the bound of " + (BOUND_BYTES >> 10) + " KiB (KiB per round: "
                + trace + ")");
    }

    /**
     * Creates {@code count} digest engines, count / 2 keyed MAC engines, count / 2 SM4-CBC engines
     * and count / 100 SM2 signing keys (an SM2 import costs about 40 µs, a million would not fit
     * in CI), uses each once, destroys none.
     */
    private static int run(int count, byte[] message, byte[] out) {
        Sm2Engine sm2 = OPENSSL.newSm2();
        byte[] d = new byte[32];
        d[31] = 1;
        byte[] iv = new byte[16];
        byte[] key = new byte[16];
        for (int i = 0; i < count; i++) {
            DigestEngine digest = OPENSSL.newDigest(Algorithm.SM3);
            message[0] = (byte) i;
            digest.update(message, 0, message.length);
            digest.digest(out, 0);
            if ((i & 1) == 0) {
                MacEngine mac = OPENSSL.newMac(Algorithm.HMAC_SM3);
                mac.init(message, 0, 16);
                mac.update(message, 0, message.length);
                mac.doFinal(out, 0);
            } else {
                key[0] = (byte) i;
                CipherEngine sm4 = OPENSSL.newSm4(CipherMode.CBC, true, key, iv);
                sm4.update(message, 0, 32, out, 0);
            }
            if (i % 100 == 0) {
                d[0] = (byte) i;
                sm2.sign(sm2.signingKey(d), message, null, out, 0); // the key is dropped undestroyed
            }
        }
        return count + count / 2 + count / 2 + count / 100;
    }
}
