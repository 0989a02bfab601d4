package org.shangmi.core.sm2;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.ProviderException;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.bouncycastle.asn1.ASN1Integer;
import org.bouncycastle.asn1.ASN1Sequence;
import org.bouncycastle.crypto.params.ParametersWithID;
import org.bouncycastle.crypto.params.ParametersWithRandom;
import org.bouncycastle.crypto.signers.PlainDSAEncoding;
import org.bouncycastle.crypto.signers.SM2Signer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.shangmi.core.sm3.Sm3;
import org.shangmi.core.testing.BrokenRandom;
import org.shangmi.core.testing.Vectors;

class Sm2SignerTest {

    private static final BigInteger N = AffineReference.SM2_N;
    private final Sm2Signer signer = new Sm2Signer();

    @Test
    void reproducesThePublishedFixedNonceSignature() {
        Vectors.Record record = Vectors.load(Vectors.BOUNCY_CASTLE, "SM2-SIGN").stream()
                .filter(v -> v.text("curve").equals("sm2p256v1") && v.text("digest").equals("SM3"))
                .findFirst().orElseThrow();
        byte[] privateKey = record.hex("priv");
        byte[] publicKey = new byte[64];
        signer.publicKey(privateKey, publicKey, 0);
        byte[] e = digest(record.text("id_ascii").getBytes(StandardCharsets.US_ASCII), publicKey, record.hex("msg"));

        byte[] signature = new byte[64];
        signer.sign(privateKey, e, new Sm2KnownNonce(record.hex("k")), signature, 0);
        assertArrayEquals(record.hex("r"), Arrays.copyOfRange(signature, 0, 32), "r");
        assertArrayEquals(record.hex("s"), Arrays.copyOfRange(signature, 32, 64), "s");
        assertTrue(signer.verify(publicKey, e, signature, 0));
    }

    static List<Vectors.Record> opensslVerifyVectors() {
        return Vectors.load(Vectors.OPENSSL_EVP, "SM2-VERIFY-DIGEST");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("opensslVerifyVectors")
    void opensslVerifyOverDigestVectors(Vectors.Record record) {
        byte[] encodedPublic = record.hex("pub");
        byte[] publicKey = Arrays.copyOfRange(encodedPublic, 1, 65);
        assertEquals(0x04, encodedPublic[0]);
        byte[] derived = new byte[64];
        signer.publicKey(record.hex("priv"), derived, 0);
        assertArrayEquals(publicKey, derived, "the vector's private key gives its public key");

        ASN1Sequence der = ASN1Sequence.getInstance(record.hex("sig_der"));
        byte[] signature = new byte[64];
        System.arraycopy(Sm2FieldTest.bytes(ASN1Integer.getInstance(der.getObjectAt(0)).getValue()), 0, signature, 0, 32);
        System.arraycopy(Sm2FieldTest.bytes(ASN1Integer.getInstance(der.getObjectAt(1)).getValue()), 0, signature, 32, 32);
        boolean valid = record.text("result").equals("valid");
        assertEquals(valid, signer.verify(publicKey, record.hex("e"), signature, 0));
    }

    @Test
    void interoperatesWithBouncyCastleBothWays() throws Exception {
        long seed = System.nanoTime();
        Random random = new Random(seed);
        SecureRandom secure = new SecureRandom();
        for (int i = 0; i < 25; i++) {
            byte[] privateKey = Sm2FieldTest.bytes(new BigInteger(255, random).add(BigInteger.ONE));
            byte[] publicKey = new byte[64];
            signer.publicKey(privateKey, publicKey, 0);
            byte[] id = new byte[random.nextInt(40)];
            random.nextBytes(id);
            byte[] message = new byte[random.nextInt(300)];
            random.nextBytes(message);
            byte[] e = digest(id, publicKey, message);

            byte[] ours = new byte[64];
            signer.sign(privateKey, e, secure, ours, 0);
            SM2Signer theirs = new SM2Signer(PlainDSAEncoding.INSTANCE);
            theirs.init(false, new ParametersWithID(BouncyCastleSm2.publicKey(publicKey), id));
            theirs.update(message, 0, message.length);
            assertTrue(theirs.verifySignature(ours), "Bouncy Castle verifies ours, seed " + seed);

            theirs.init(true, new ParametersWithID(new ParametersWithRandom(
                    BouncyCastleSm2.privateKey(privateKey), secure), id));
            theirs.update(message, 0, message.length);
            byte[] bc = theirs.generateSignature();
            assertTrue(signer.verify(publicKey, e, bc, 0), "we verify Bouncy Castle's, seed " + seed);
        }
    }

    @Test
    void verifyRefusesEveryMalformedOrWrongSignatureWithoutThrowing() {
        byte[] privateKey = Sm2FieldTest.bytes(BigInteger.valueOf(0x1234567));
        byte[] publicKey = new byte[64];
        signer.publicKey(privateKey, publicKey, 0);
        byte[] e = new byte[32];
        e[5] = 9;
        byte[] signature = new byte[64];
        signer.sign(privateKey, e, new SecureRandom(), signature, 0);
        assertTrue(signer.verify(publicKey, e, signature, 0));

        byte[] r = Arrays.copyOfRange(signature, 0, 32);
        byte[] s = Arrays.copyOfRange(signature, 32, 64);
        byte[] zero = new byte[32];
        byte[] n = Sm2FieldTest.bytes(N);
        for (byte[][] pair : List.of(new byte[][] {zero, s}, new byte[][] {r, zero}, new byte[][] {n, s},
                new byte[][] {r, n}, new byte[][] {Sm2FieldTest.bytes(new BigInteger(1, r).add(N)), s})) {
            byte[] bad = new byte[64];
            System.arraycopy(pair[0], 0, bad, 0, 32);
            System.arraycopy(pair[1], 0, bad, 32, 32);
            assertFalse(signer.verify(publicKey, e, bad, 0));
        }
        byte[] tampered = e.clone();
        tampered[31] ^= 1;
        assertFalse(signer.verify(publicKey, tampered, signature, 0), "another digest");
        byte[] flipped = signature.clone();
        flipped[40] ^= 0x10;
        assertFalse(signer.verify(publicKey, e, flipped, 0), "another s");
        byte[] offCurve = publicKey.clone();
        offCurve[63] ^= 1;
        assertFalse(signer.verify(offCurve, e, signature, 0), "a point off the curve");
        assertFalse(signer.verify(publicKey, new byte[64], signature, 0), "a 64-byte digest");
        assertFalse(signer.verify(Arrays.copyOf(publicKey, 65), e, signature, 0), "a 65-byte key");
    }

    @Test
    void privateKeysOutsideOneToNMinusTwoAreRefused() {
        byte[] out = new byte[64];
        byte[] e = new byte[32];
        for (BigInteger bad : List.of(BigInteger.ZERO, N.subtract(BigInteger.ONE), N, N.add(BigInteger.ONE))) {
            assertThrows(IllegalArgumentException.class,
                    () -> signer.sign(Sm2FieldTest.bytes(bad), e, new SecureRandom(), out, 0), bad.toString(16));
        }
        assertThrows(IllegalArgumentException.class, () -> signer.sign(new byte[32], new byte[31], new SecureRandom(), out, 0));
        byte[] longKey = new byte[33];
        longKey[0] = 1;
        assertThrows(IllegalArgumentException.class, () -> signer.sign(longKey, e, new SecureRandom(), out, 0),
                "a 33-byte key is not read as its first 32 bytes");
        assertThrows(IllegalArgumentException.class, () -> Sm2Signer.za(new Sm3(), new byte[0], new byte[65], out, 0));
        for (BigInteger edge : List.of(BigInteger.ONE, N.subtract(BigInteger.TWO))) {
            byte[] privateKey = Sm2FieldTest.bytes(edge);
            byte[] publicKey = new byte[64];
            signer.publicKey(privateKey, publicKey, 0);
            signer.sign(privateKey, e, new SecureRandom(), out, 0);
            assertTrue(signer.verify(publicKey, e, out, 0), edge.toString(16));
        }
    }

    private static byte[] digest(byte[] id, byte[] publicKey, byte[] message) {
        Sm3 sm3 = new Sm3();
        byte[] za = new byte[32];
        Sm2Signer.za(sm3, id, publicKey, za, 0);
        sm3.update(za, 0, 32);
        sm3.update(message, 0, message.length);
        return sm3.digest();
    }


    /** Hands out the given nonce, then fails: tests only. */

    /**
     * A random source that repeats itself must not repeat nonces: with two signatures under one k,
     * d = (s2 − s1) / ((s1 + r1) − (s2 + r2)) mod n. Hedging gives each digest its own k.
     */
    @Test
    void aRepeatingRandomSourceGivesNoKeyAway() {
        BigInteger d = new BigInteger("3945208F7B2144B13F36E38AC6D39F95889393692860B51A42FB81EF4DF7C5B8", 16);
        byte[] privateKey = Sm2FieldTest.bytes(d);
        byte[] publicKey = new byte[64];
        signer.publicKey(privateKey, publicKey, 0);
        byte[] e1 = new byte[32];
        byte[] e2 = new byte[32];
        e1[0] = 1;
        e2[0] = 2;
        byte[] first = new byte[64];
        byte[] second = new byte[64];
        signer.sign(privateKey, e1, new BrokenRandom(0x42), first, 0);
        signer.sign(privateKey, e2, new BrokenRandom(0x42), second, 0);
        assertTrue(signer.verify(publicKey, e1, first, 0));
        assertTrue(signer.verify(publicKey, e2, second, 0));
        BigInteger r1 = new BigInteger(1, Arrays.copyOfRange(first, 0, 32));
        BigInteger s1 = new BigInteger(1, Arrays.copyOfRange(first, 32, 64));
        BigInteger r2 = new BigInteger(1, Arrays.copyOfRange(second, 0, 32));
        BigInteger s2 = new BigInteger(1, Arrays.copyOfRange(second, 32, 64));
        BigInteger recovered = s2.subtract(s1).multiply(s1.add(r1).subtract(s2.add(r2)).modInverse(N)).mod(N);
        assertFalse(recovered.equals(d), "the nonce was reused");
        // k = s + (s + r)·d: different for the two digests
        BigInteger k1 = s1.add(s1.add(r1).multiply(d)).mod(N);
        BigInteger k2 = s2.add(s2.add(r2).multiply(d)).mod(N);
        assertFalse(k1.equals(k2));
    }

    /** A source stuck at 0x00 or 0xFF still signs (the nonce is hedged) but cannot make keys. */
    @Test
    void aStuckRandomSourceSignsButGeneratesNoKeyAndNeverHangs() {
        byte[] privateKey = Sm2FieldTest.bytes(BigInteger.valueOf(0x1234567));
        byte[] publicKey = new byte[64];
        signer.publicKey(privateKey, publicKey, 0);
        byte[] e = new byte[32];
        for (int stuck : new int[] {0x00, 0xff}) {
            byte[] signature = new byte[64];
            signer.sign(privateKey, e, new BrokenRandom(stuck), signature, 0);
            assertTrue(signer.verify(publicKey, e, signature, 0));
            ProviderException refused = assertThrows(ProviderException.class,
                    () -> signer.generateKeyPair(new BrokenRandom(stuck), new byte[32], new byte[64]));
            assertEquals("the random source gave 64 unusable private keys in a row: it is broken", refused.getMessage());
        }
    }
}
