package org.shangmi.core.sm2;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.Random;
import org.bouncycastle.crypto.digests.SM3Digest;
import org.bouncycastle.crypto.signers.HMacDSAKCalculator;
import org.junit.jupiter.api.Test;

class HedgedNoncesTest {

    private static final BigInteger N = AffineReference.SM2_N;
    private static final byte[] NONE = new byte[0];

    /** Without fresh bytes the generator is RFC 6979's: Bouncy Castle's HMacDSAKCalculator over SM3. */
    @Test
    void withoutFreshBytesItIsRfc6979AsBouncyCastleComputesIt() {
        long seed = System.nanoTime();
        Random random = new Random(seed);
        HedgedNonces nonces = new HedgedNonces();
        for (int i = 0; i < 200; i++) {
            BigInteger d = new BigInteger(256, random).mod(N.subtract(BigInteger.ONE)).add(BigInteger.ONE);
            byte[] digest = new byte[32];
            random.nextBytes(digest);
            HMacDSAKCalculator reference = new HMacDSAKCalculator(new SM3Digest());
            reference.init(N, d, digest);
            BigInteger expected = reference.nextK();

            nonces.seed(Sm2FieldTest.bytes(d), Sm2FieldTest.bytes(new BigInteger(1, digest).mod(N)), NONE, NONE);
            assertEquals(expected, firstInRange(nonces), "seed " + seed);
        }
    }

    @Test
    void freshBytesChangeTheNonceAndTheSameSeedGivesTheSameOne() {
        byte[] d = new byte[32];
        d[31] = 7;
        byte[] digest = new byte[32];
        Arrays.fill(digest, (byte) 0x5a);
        byte[] fresh = new byte[32];
        HedgedNonces nonces = new HedgedNonces();
        nonces.seed(d, digest, NONE, NONE);
        BigInteger deterministic = firstInRange(nonces);
        nonces.seed(d, digest, fresh, NONE);
        BigInteger hedged = firstInRange(nonces);
        nonces.seed(d, digest, fresh, NONE);
        assertEquals(hedged, firstInRange(nonces));
        fresh[0] = 1;
        nonces.seed(d, digest, fresh, NONE);
        BigInteger other = firstInRange(nonces);
        assertFalse(hedged.equals(deterministic) || other.equals(hedged));

        // each further candidate differs from the one before, and a new seed starts over
        nonces.seed(d, digest, fresh, NONE);
        byte[] first = new byte[32];
        byte[] second = new byte[32];
        nonces.next(first);
        nonces.next(second);
        assertFalse(Arrays.equals(first, second));
        nonces.seed(d, digest, fresh, NONE);
        byte[] again = new byte[32];
        nonces.next(again);
        assertArrayEquals(first, again);
    }

    private static BigInteger firstInRange(HedgedNonces nonces) {
        byte[] candidate = new byte[32];
        while (true) {
            nonces.next(candidate);
            BigInteger k = new BigInteger(1, candidate);
            if (k.signum() > 0 && k.compareTo(N) < 0) {
                return k;
            }
        }
    }
}
