package org.shangmi.core.sm2;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.math.BigInteger;
import java.util.List;
import java.util.Random;
import org.bouncycastle.crypto.agreement.ECDHBasicAgreement;
import org.junit.jupiter.api.Test;

/** ECDH on sm2p256v1 against Bouncy Castle's ECDH and against the BigInteger reference, and its refusals. */
class Sm2EcdhTest {

    private final Sm2Ecdh ecdh = new Sm2Ecdh();
    private final Sm2Signer keys = new Sm2Signer();

    @Test
    void agreesWithBouncyCastleAndTheReference() {
        long seed = System.nanoTime();
        Random random = new Random(seed);
        for (int i = 0; i < 32; i++) {
            BigInteger a = new BigInteger(256, random).mod(AffineReference.SM2_N.subtract(BigInteger.TWO)).add(BigInteger.ONE);
            BigInteger b = new BigInteger(256, random).mod(AffineReference.SM2_N.subtract(BigInteger.TWO)).add(BigInteger.ONE);
            byte[] ours = Sm2FieldTest.bytes(a);
            byte[] theirs = Sm2FieldTest.bytes(b);
            byte[] theirPublic = new byte[64];
            keys.publicKey(theirs, theirPublic, 0);

            byte[] secret = new byte[Sm2Ecdh.SECRET_BYTES];
            ecdh.agree(ours, theirPublic, secret, 0);

            ECDHBasicAgreement bc = new ECDHBasicAgreement();
            bc.init(BouncyCastleSm2.privateKey(theirs));
            byte[] ourPublic = new byte[64];
            keys.publicKey(ours, ourPublic, 0);
            BigInteger bcSecret = bc.calculateAgreement(BouncyCastleSm2.publicKey(ourPublic));
            assertArrayEquals(Sm2FieldTest.bytes(bcSecret), secret, "seed " + seed);

            BigInteger[] reference = AffineReference.SM2.multiply(a.multiply(b), AffineReference.SM2_G);
            assertEquals(reference[0], new BigInteger(1, secret), "seed " + seed);
        }
    }

    @Test
    void refusesKeysOutOfRangeAndPointsOffTheCurve() {
        byte[] publicKey = new byte[64];
        byte[] one = Sm2FieldTest.bytes(BigInteger.ONE);
        keys.publicKey(one, publicKey, 0);
        byte[] secret = new byte[32];
        for (BigInteger d : List.of(BigInteger.ZERO, AffineReference.SM2_N, AffineReference.SM2_N.add(BigInteger.ONE))) {
            assertThrows(IllegalArgumentException.class, () -> ecdh.agree(Sm2FieldTest.bytes(d), publicKey, secret, 0), d.toString());
        }
        byte[] offCurve = publicKey.clone();
        offCurve[63] ^= 1;
        assertThrows(IllegalArgumentException.class, () -> ecdh.agree(one, offCurve, secret, 0));
        assertThrows(IllegalArgumentException.class, () -> ecdh.agree(one, new byte[64], secret, 0));
        assertThrows(IllegalArgumentException.class, () -> ecdh.agree(one, new byte[65], secret, 0));
        assertThrows(IndexOutOfBoundsException.class, () -> ecdh.agree(one, publicKey, new byte[31], 0));
        // 1·G is G: the secret is G's x
        ecdh.agree(one, publicKey, secret, 0);
        assertEquals(AffineReference.SM2_G[0], new BigInteger(1, secret));
    }
}
