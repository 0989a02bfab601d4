package org.shangmi.core.sm2;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.math.BigInteger;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.stream.Collectors;
import org.bouncycastle.asn1.ASN1Integer;
import org.bouncycastle.asn1.ASN1OctetString;
import org.bouncycastle.asn1.ASN1Sequence;
import org.bouncycastle.crypto.engines.SM2Engine;
import org.bouncycastle.crypto.params.ParametersWithRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.shangmi.core.testing.BrokenRandom;
import org.shangmi.core.testing.Vectors;

class Sm2EncryptorTest {

    private static final BigInteger N = AffineReference.SM2_N;
    private final Sm2Encryptor encryptor = new Sm2Encryptor();
    private final Sm2Signer keys = new Sm2Signer();

    /**
     * OpenSSL's decryption vectors that use SM3. The one other record asks OpenSSL to decrypt
     * with SHAKE128 as the digest and expects an error; this engine has no digest choice (SM3
     * is fixed); the provider test checks that no transformation can ask for another digest.
     */
    static List<Vectors.Record> opensslDecryptVectors() {
        List<Vectors.Record> all = Vectors.load(Vectors.OPENSSL_EVP, "SM2-DECRYPT");
        List<Vectors.Record> sm3 = all.stream().filter(r -> r.text("digest").startsWith("SM3")).collect(Collectors.toList());
        assertEquals(List.of("SHAKE128"), all.stream().map(r -> r.text("digest"))
                .filter(d -> !d.startsWith("SM3")).collect(Collectors.toList()));
        return sm3;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("opensslDecryptVectors")
    void decryptsOpensslCiphertexts(Vectors.Record record) {
        assertEquals("valid", record.text("result"));
        byte[] raw = rawFromDer(record.hex("ct_der"));
        byte[] out = new byte[raw.length - Sm2Encryptor.OVERHEAD];
        assertEquals(out.length, encryptor.decrypt(record.hex("priv"), raw, 0, raw.length, out, 0));
        assertArrayEquals(record.hex("msg"), out);
    }

    @Test
    void interoperatesWithBouncyCastleBothWaysAndRoundTrips() throws Exception {
        long seed = System.nanoTime();
        Random random = new Random(seed);
        SecureRandom secure = new SecureRandom();
        for (int i = 0; i < 20; i++) {
            byte[] privateKey = Sm2FieldTest.bytes(new BigInteger(255, random).add(BigInteger.ONE));
            byte[] publicKey = new byte[64];
            keys.publicKey(privateKey, publicKey, 0);
            byte[] message = new byte[i == 0 ? 0 : random.nextInt(400)];
            random.nextBytes(message);

            byte[] ours = new byte[Sm2Encryptor.OVERHEAD + message.length];
            assertEquals(ours.length, encryptor.encrypt(publicKey, message, 0, message.length, secure, ours, 0));
            SM2Engine bc = new SM2Engine(SM2Engine.Mode.C1C3C2);
            bc.init(false, BouncyCastleSm2.privateKey(privateKey));
            if (message.length > 0) { // Bouncy Castle refuses an empty plaintext
                assertArrayEquals(message, bc.processBlock(ours, 0, ours.length), "BC decrypts ours, seed " + seed);

                bc.init(true, new ParametersWithRandom(BouncyCastleSm2.publicKey(publicKey), secure));
                byte[] theirs = bc.processBlock(message, 0, message.length);
                byte[] plain = new byte[message.length];
                assertEquals(message.length, encryptor.decrypt(privateKey, theirs, 0, theirs.length, plain, 0));
                assertArrayEquals(message, plain, "we decrypt Bouncy Castle's, seed " + seed);
            }
            byte[] plain = new byte[message.length];
            assertEquals(message.length, encryptor.decrypt(privateKey, ours, 0, ours.length, plain, 0));
            assertArrayEquals(message, plain, "round trip, " + message.length + " bytes");
        }
    }

    @Test
    void tamperedOrMalformedCiphertextsReleaseNothing() {
        byte[] privateKey = Sm2FieldTest.bytes(BigInteger.valueOf(987654321));
        byte[] publicKey = new byte[64];
        keys.publicKey(privateKey, publicKey, 0);
        byte[] message = "attack at dawn, or maybe at noon".getBytes();
        byte[] ct = new byte[Sm2Encryptor.OVERHEAD + message.length];
        encryptor.encrypt(publicKey, message, 0, message.length, new SecureRandom(), ct, 0);

        for (int position : new int[] {1, 40, 64, 65, 80, 96, 97, ct.length - 1}) {
            byte[] bad = ct.clone();
            bad[position] ^= 0x01;
            byte[] out = new byte[message.length];
            Arrays.fill(out, (byte) 0x77);
            assertEquals(-1, encryptor.decrypt(privateKey, bad, 0, bad.length, out, 0), "flipped byte " + position);
            assertArrayEquals(new byte[message.length], out, "nothing released, byte " + position);
        }
        byte[] compressedPrefix = ct.clone();
        compressedPrefix[0] = 0x02;
        assertEquals(-1, encryptor.decrypt(privateKey, compressedPrefix, 0, ct.length, new byte[message.length], 0));
        assertEquals(-1, encryptor.decrypt(privateKey, ct, 0, Sm2Encryptor.OVERHEAD - 1, new byte[0], 0), "too short");
        byte[] otherKey = Sm2FieldTest.bytes(BigInteger.valueOf(987654322));
        assertEquals(-1, encryptor.decrypt(otherKey, ct, 0, ct.length, new byte[message.length], 0), "wrong key");
    }

    @Test
    void badKeysAreRefused() {
        byte[] publicKey = new byte[64];
        keys.publicKey(Sm2FieldTest.bytes(BigInteger.TEN), publicKey, 0);
        byte[] offCurve = publicKey.clone();
        offCurve[10] ^= 1;
        byte[] out = new byte[Sm2Encryptor.OVERHEAD + 1];
        assertThrows(IllegalArgumentException.class,
                () -> encryptor.encrypt(offCurve, new byte[1], 0, 1, new SecureRandom(), out, 0));
        for (BigInteger bad : List.of(BigInteger.ZERO, N)) {
            assertThrows(IllegalArgumentException.class,
                    () -> encryptor.decrypt(Sm2FieldTest.bytes(bad), out, 0, out.length, new byte[1], 0));
        }
    }

    /** GM/T 0009 SEQUENCE {x, y, C3, C2} to the raw 04 || x || y || C3 || C2. */
    private static byte[] rawFromDer(byte[] der) {
        ASN1Sequence sequence = ASN1Sequence.getInstance(der);
        byte[] c3 = ASN1OctetString.getInstance(sequence.getObjectAt(2)).getOctets();
        byte[] c2 = ASN1OctetString.getInstance(sequence.getObjectAt(3)).getOctets();
        byte[] raw = new byte[Sm2Encryptor.OVERHEAD + c2.length];
        raw[0] = 0x04;
        System.arraycopy(Sm2FieldTest.bytes(ASN1Integer.getInstance(sequence.getObjectAt(0)).getValue()), 0, raw, 1, 32);
        System.arraycopy(Sm2FieldTest.bytes(ASN1Integer.getInstance(sequence.getObjectAt(1)).getValue()), 0, raw, 33, 32);
        System.arraycopy(c3, 0, raw, 65, 32);
        System.arraycopy(c2, 0, raw, 97, c2.length);
        return raw;
    }


    /** A source that repeats itself, or is stuck at 0x00 or 0xFF, still gives each message its own k. */
    @Test
    void aBrokenRandomSourceStillGivesEachMessageItsOwnNonce() {
        byte[] privateKey = Sm2FieldTest.bytes(BigInteger.valueOf(0x7654321));
        byte[] publicKey = new byte[64];
        new Sm2Signer().publicKey(privateKey, publicKey, 0);
        for (int stuck : new int[] {0x00, 0x42, 0xff}) {
            byte[] first = new byte[Sm2Encryptor.OVERHEAD + 3];
            byte[] second = new byte[Sm2Encryptor.OVERHEAD + 3];
            encryptor.encrypt(publicKey, new byte[] {1, 2, 3}, 0, 3, new BrokenRandom(stuck), first, 0);
            encryptor.encrypt(publicKey, new byte[] {1, 2, 4}, 0, 3, new BrokenRandom(stuck), second, 0);
            assertFalse(Arrays.equals(first, 0, Sm2Encryptor.C1_BYTES, second, 0, Sm2Encryptor.C1_BYTES), "C1 = k·G repeated");
            byte[] plain = new byte[3];
            assertEquals(3, encryptor.decrypt(privateKey, second, 0, second.length, plain, 0));
            assertArrayEquals(new byte[] {1, 2, 4}, plain);
        }
    }
}
