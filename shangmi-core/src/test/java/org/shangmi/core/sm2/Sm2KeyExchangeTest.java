package org.shangmi.core.sm2;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.Random;
import org.bouncycastle.crypto.agreement.SM2KeyExchange;
import org.bouncycastle.crypto.params.ParametersWithID;
import org.bouncycastle.crypto.params.SM2KeyExchangePrivateParameters;
import org.bouncycastle.crypto.params.SM2KeyExchangePublicParameters;
import org.junit.jupiter.api.Test;
import org.shangmi.core.sm3.Sm3;

/** Against Bouncy Castle's SM2KeyExchange on sm2p256v1, in both roles. */
class Sm2KeyExchangeTest {

    private final Sm2KeyExchange exchange = new Sm2KeyExchange();
    private final Sm2Signer keys = new Sm2Signer();

    /** One party's keys and identity. */
    private final class Party {
        final byte[] staticPrivate;
        final byte[] ephemeralPrivate;
        final byte[] staticPublic = new byte[64];
        final byte[] ephemeralPublic = new byte[64];
        final byte[] id;
        final byte[] z = new byte[32];

        Party(Random random) {
            staticPrivate = Sm2FieldTest.bytes(new BigInteger(255, random).add(BigInteger.ONE));
            ephemeralPrivate = Sm2FieldTest.bytes(new BigInteger(255, random).add(BigInteger.ONE));
            keys.publicKey(staticPrivate, staticPublic, 0);
            keys.publicKey(ephemeralPrivate, ephemeralPublic, 0);
            id = new byte[1 + random.nextInt(30)];
            random.nextBytes(id);
            Sm2Signer.za(new Sm3(), id, staticPublic, z, 0);
        }

        ParametersWithID bcPrivate(boolean initiator) {
            return new ParametersWithID(new SM2KeyExchangePrivateParameters(initiator,
                    BouncyCastleSm2.privateKey(staticPrivate),
                    BouncyCastleSm2.privateKey(ephemeralPrivate)), id);
        }

        ParametersWithID bcPublic() {
            return new ParametersWithID(new SM2KeyExchangePublicParameters(
                    BouncyCastleSm2.publicKey(staticPublic), BouncyCastleSm2.publicKey(ephemeralPublic)), id);
        }
    }

    @Test
    void agreesWithBouncyCastleAsInitiatorAndAsResponder() {
        long seed = System.nanoTime();
        Random random = new Random(seed);
        for (int i = 0; i < 10; i++) {
            Party a = new Party(random);
            Party b = new Party(random);
            int keyLength = 1 + random.nextInt(64);

            // we are A; Bouncy Castle is B and returns {K, S_B, S_2}
            SM2KeyExchange bcResponder = new SM2KeyExchange();
            bcResponder.init(b.bcPrivate(false));
            byte[][] responder = bcResponder.calculateKeyWithConfirmation(keyLength * 8, null, a.bcPublic());
            byte[] key = new byte[keyLength];
            byte[] s02 = new byte[32];
            byte[] s03 = new byte[32];
            assertTrue(exchange.agree(true, a.staticPrivate, a.ephemeralPrivate, a.ephemeralPublic,
                    b.staticPublic, b.ephemeralPublic, a.z, b.z, key, s02, s03));
            assertArrayEquals(responder[0], key, "shared key, seed " + seed);
            assertArrayEquals(responder[1], s02, "S_B");
            assertArrayEquals(responder[2], s03, "S_A as B expects it");

            // we are B; Bouncy Castle is A, checks our S_B and returns {K, S_A}
            assertTrue(exchange.agree(false, b.staticPrivate, b.ephemeralPrivate, b.ephemeralPublic,
                    a.staticPublic, a.ephemeralPublic, a.z, b.z, key, s02, s03));
            SM2KeyExchange bcInitiator = new SM2KeyExchange();
            bcInitiator.init(a.bcPrivate(true));
            byte[][] initiator = bcInitiator.calculateKeyWithConfirmation(keyLength * 8, s02, b.bcPublic());
            assertArrayEquals(initiator[0], key, "shared key as responder, seed " + seed);
            assertArrayEquals(initiator[1], s03, "S_A");
        }
    }

    @Test
    void refusesPeerKeysOffTheCurveAndBadPrivateKeys() {
        Random random = new Random(2);
        Party a = new Party(random);
        Party b = new Party(random);
        byte[] key = new byte[16];
        byte[] s02 = new byte[32];
        byte[] s03 = new byte[32];
        byte[] offCurve = b.ephemeralPublic.clone();
        offCurve[3] ^= 1;
        assertFalse(exchange.agree(true, a.staticPrivate, a.ephemeralPrivate, a.ephemeralPublic,
                b.staticPublic, offCurve, a.z, b.z, key, s02, s03));
        assertArrayEquals(new byte[16], key, "no key material on failure");
        assertThrows(IllegalArgumentException.class, () -> exchange.agree(true, new byte[32], a.ephemeralPrivate,
                a.ephemeralPublic, b.staticPublic, b.ephemeralPublic, a.z, b.z, key, s02, s03));
    }

}
