package org.shangmi.core.sm2;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.shangmi.core.sm3.Sm3;
import org.shangmi.core.testing.Vectors;

/**
 * The GB/T 32918 annex examples and Bouncy Castle's other-curve vectors through the test-only
 * {@link Sm2Reference}, and the reference checked against our engine on sm2p256v1, so the
 * examples vouch for the engine too.
 */
class Sm2ReferenceTest {

    static List<Vectors.Record> signVectors() {
        return Vectors.load(Vectors.BOUNCY_CASTLE, "SM2-SIGN");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("signVectors")
    void referenceReproducesEverySignatureVector(Vectors.Record record) {
        Sm2Reference reference = Sm2Reference.of(record);
        BigInteger[] rs = reference.sign(record.text("id_ascii").getBytes(StandardCharsets.US_ASCII),
                new BigInteger(1, record.hex("priv")), new BigInteger(1, record.hex("k")), record.message());
        assertEquals(new BigInteger(1, record.hex("r")), rs[0], record.id());
        assertEquals(new BigInteger(1, record.hex("s")), rs[1], record.id());
    }

    static List<Vectors.Record> encryptVectors() {
        return Vectors.load(Vectors.BOUNCY_CASTLE, "SM2-ENCRYPT");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("encryptVectors")
    void referenceReproducesEveryEncryptionVector(Vectors.Record record) {
        Sm2Reference reference = Sm2Reference.of(record);
        BigInteger d = new BigInteger(1, record.hex("priv"));
        byte[] c1c3c2 = reference.encrypt(reference.publicKey(d), new BigInteger(1, record.hex("k")), record.message());
        byte[] expected = record.hex("ct");
        String format = record.text("ct_format");
        if (format.startsWith("C1C2C3")) {
            int c2 = c1c3c2.length - 97;
            expected = Sm2Reference.concat(slice(expected, 0, 65), slice(expected, 65 + c2, 32), slice(expected, 65, c2));
        } else {
            assertTrue(format.startsWith("C1C3C2"), "unknown layout " + format);
        }
        assertArrayEquals(expected, c1c3c2, record.id());
    }

    @Test
    void referenceReproducesTheKeyExchangeExample() {
        List<Vectors.Record> records = Vectors.load(Vectors.BOUNCY_CASTLE, "SM2-KEYEXCHANGE");
        assertEquals(1, records.size());
        Vectors.Record record = records.get(0);
        Sm2Reference reference = Sm2Reference.of(record);
        byte[][] result = reference.keyExchange(
                new BigInteger(1, record.hex("init_static_priv")), new BigInteger(1, record.hex("init_ephemeral_priv")),
                record.hex("init_id"),
                new BigInteger(1, record.hex("resp_static_priv")), new BigInteger(1, record.hex("resp_ephemeral_priv")),
                record.hex("resp_id"), record.json().get("klen_bytes").getAsInt());
        assertArrayEquals(record.hex("expected_key"), result[0]);
        assertArrayEquals(record.hex("confirm_from_responder_SB"), result[1]);
        assertArrayEquals(record.hex("confirm_from_initiator_SA"), result[2]);
    }

    /** The reference and the engine agree on sm2p256v1 for random keys, nonces, IDs and messages. */
    @Test
    void referenceAgreesWithTheEngineOnSm2p256v1() {
        long seed = System.nanoTime();
        Random random = new Random(seed);
        Sm2Reference reference = Sm2Reference.SM2P256V1;
        Sm2Signer signer = new Sm2Signer();
        Sm2Encryptor encryptor = new Sm2Encryptor();
        Sm2KeyExchange exchange = new Sm2KeyExchange();
        for (int i = 0; i < 8; i++) {
            String context = "seed " + seed + ", round " + i;
            BigInteger d = scalar(random);
            BigInteger k = scalar(random);
            byte[] id = new byte[random.nextInt(40)];
            random.nextBytes(id);
            byte[] message = new byte[random.nextInt(200)];
            random.nextBytes(message);

            byte[] publicKey = new byte[64];
            signer.publicKey(Sm2Reference.bytes(d), publicKey, 0);
            BigInteger[] referencePublic = reference.publicKey(d);
            assertArrayEquals(Sm2Reference.concat(Sm2Reference.bytes(referencePublic[0]), Sm2Reference.bytes(referencePublic[1])),
                    publicKey, context);

            byte[] e = new byte[32];
            Sm2Signer.za(new Sm3(), id, publicKey, e, 0);
            assertArrayEquals(reference.za(id, referencePublic), e, context);
            Sm3 sm3 = new Sm3();
            sm3.update(e, 0, 32);
            sm3.update(message, 0, message.length);
            sm3.digest(e, 0);
            byte[] rs = new byte[64];
            signer.sign(Sm2Reference.bytes(d), e, new Sm2KnownNonce(Sm2Reference.bytes(k)), rs, 0);
            BigInteger[] expected = reference.sign(id, d, k, message);
            assertArrayEquals(Sm2Reference.concat(Sm2Reference.bytes(expected[0]), Sm2Reference.bytes(expected[1])), rs, context);

            byte[] ciphertext = new byte[97 + message.length];
            encryptor.encrypt(publicKey, message, 0, message.length, new Sm2KnownNonce(Sm2Reference.bytes(k)), ciphertext, 0);
            assertArrayEquals(reference.encrypt(referencePublic, k, message), ciphertext, context);

            BigInteger dB = scalar(random);
            BigInteger rA = scalar(random);
            BigInteger rB = scalar(random);
            byte[] idB = new byte[1 + random.nextInt(20)];
            random.nextBytes(idB);
            int keyLength = 1 + random.nextInt(64);
            byte[][] expectedExchange = reference.keyExchange(d, rA, id, dB, rB, idB, keyLength);
            byte[] publicB = new byte[64];
            byte[] ephemeralA = new byte[64];
            byte[] ephemeralB = new byte[64];
            signer.publicKey(Sm2Reference.bytes(dB), publicB, 0);
            signer.publicKey(Sm2Reference.bytes(rA), ephemeralA, 0);
            signer.publicKey(Sm2Reference.bytes(rB), ephemeralB, 0);
            byte[] zB = new byte[32];
            Sm2Signer.za(new Sm3(), idB, publicB, zB, 0);
            byte[] zA = reference.za(id, referencePublic);
            byte[] key = new byte[keyLength];
            byte[] s02 = new byte[32];
            byte[] s03 = new byte[32];
            assertTrue(exchange.agree(true, Sm2Reference.bytes(d), Sm2Reference.bytes(rA), ephemeralA, publicB, ephemeralB,
                    zA, zB, key, s02, s03), context);
            assertArrayEquals(expectedExchange[0], key, context);
            assertArrayEquals(expectedExchange[1], s02, context);
            assertArrayEquals(expectedExchange[2], s03, context);
        }
    }

    /** A uniform scalar in [1, n − 2]. */
    private static BigInteger scalar(Random random) {
        BigInteger n = AffineReference.SM2_N;
        BigInteger value;
        do {
            value = new BigInteger(256, random);
        } while (value.signum() == 0 || value.compareTo(n.subtract(BigInteger.ONE)) >= 0);
        return value;
    }

    private static byte[] slice(byte[] in, int from, int length) {
        return java.util.Arrays.copyOfRange(in, from, from + length);
    }
}
