package org.shangmi.core.sm2;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.shangmi.core.testing.BrokenRandom;
import org.shangmi.core.testing.OpenSslCommand;

/**
 * The signing nonce is SM3("SM2 hedged nonce" || fresh || d || e || i), as documented, checked
 * against SM3 computed by the openssl command over the same bytes, and through whole signatures
 * (k recovered from r, s and d).
 */
class SigningNoncesTest {

    private static final BigInteger N = AffineReference.SM2_N;
    private static final HexFormat HEX = HexFormat.of();

    private static final byte[] FRESH = HEX.parseHex("000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f");
    private static final byte[] D = HEX.parseHex("3945208f7b2144b13f36e38ac6d39f95889393692860b51a42fb81ef4df7c5b8");
    private static final byte[] E = HEX.parseHex("f0b43e94ba45accaace692ed534382eb17e6ab5a19ce7b31f4486fdfc0d28640");

    /**
     * Made with OpenSSL 3.0.19:
     * {@code echo -n 534d3220686564676564206e6f6e6365 FRESH D E 00 | xxd -r -p | openssl dgst -sm3}
     * (the first hex string is the ASCII of "SM2 hedged nonce"), then the same with 01.
     */
    private static final byte[] FIRST = HEX.parseHex("bf8560af4665ae48f2145a7d4b2b48b6bc5425985ed40444fda8fd69a5cb4ecb");
    private static final byte[] SECOND = HEX.parseHex("29c2b2d1bcad92afb9822fd3612f38fbc951b9be0d177d8080ded6efbba44801");

    @Test
    void candidatesAreTheHashesOpensslComputed() {
        SigningNonces nonces = new SigningNonces();
        Sm2OrderField order = new Sm2OrderField();
        long[] d = Sm2OrderField.create();
        assertTrue(order.decodeScalar(D, d));
        nonces.start(new FixedRandom(FRESH), order, d, E);
        byte[] candidate = new byte[32];
        nonces.next(candidate);
        assertArrayEquals(FIRST, candidate, "i = 0");
        nonces.next(candidate);
        assertArrayEquals(SECOND, candidate, "i = 1");
        nonces.start(new FixedRandom(FRESH), order, d, E);
        nonces.next(candidate);
        assertArrayEquals(FIRST, candidate, "a new start begins again at i = 0");
    }

    /** Random keys, digests and random bytes, each hashed by the openssl command as documented. */
    @Test
    void randomInputsAgreeWithTheOpensslCommand() {
        OpenSslCommand.assumeAvailable();
        long seed = System.nanoTime();
        Random random = new Random(seed);
        SigningNonces nonces = new SigningNonces();
        Sm2OrderField order = new Sm2OrderField();
        long[] d = Sm2OrderField.create();
        for (int i = 0; i < 8; i++) {
            byte[] privateKey = Sm2FieldTest.bytes(new BigInteger(255, random).add(BigInteger.ONE));
            byte[] digest = new byte[32];
            random.nextBytes(digest);
            byte[] fresh = new byte[32];
            random.nextBytes(fresh);
            assertTrue(order.decodeScalar(privateKey, d));
            nonces.start(new FixedRandom(fresh), order, d, digest);
            for (int counter = 0; counter < 2; counter++) {
                byte[] candidate = new byte[32];
                nonces.next(candidate);
                byte[] expected = OpenSslCommand.run(documentedInput(fresh, privateKey, digest, counter), "dgst", "-sm3", "-binary");
                assertArrayEquals(expected, candidate, "seed " + seed + ", candidate " + counter);
            }
        }
    }

    /** The signer uses the first candidate as k: k = s + (s + r)·d mod n. */
    @Test
    void signaturesUseTheFirstCandidate() {
        byte[] signature = new byte[64];
        new Sm2Signer().sign(D, E, new FixedRandom(FRESH), signature, 0);
        assertEquals(new BigInteger(1, FIRST), nonceOf(signature, D));
        assertTrue(new BigInteger(1, FIRST).compareTo(N) < 0);
    }

    /**
     * Nonce misuse: equal (message, random bytes) give the same signature; a repeating random
     * source still gives each message its own k; other random bytes give the same message another k.
     */
    @Test
    void theNonceFollowsTheMessageAndTheRandomBytes() {
        Sm2Signer signer = new Sm2Signer();
        byte[] first = new byte[64];
        byte[] again = new byte[64];
        signer.sign(D, E, new BrokenRandom(0x42), first, 0);
        signer.sign(D, E, new BrokenRandom(0x42), again, 0);
        assertArrayEquals(first, again, "same message, same random bytes: same signature");

        byte[] otherDigest = E.clone();
        otherDigest[31] ^= 1;
        byte[] otherMessage = new byte[64];
        signer.sign(D, otherDigest, new BrokenRandom(0x42), otherMessage, 0);
        assertFalse(nonceOf(first, D).equals(nonceOf(otherMessage, D)), "another message, another k");

        byte[] otherRandom = new byte[64];
        signer.sign(D, E, new BrokenRandom(0x43), otherRandom, 0);
        assertFalse(nonceOf(first, D).equals(nonceOf(otherRandom, D)), "other random bytes, another k");

        byte[] otherKey = D.clone();
        otherKey[31] ^= 1;
        byte[] otherSigner = new byte[64];
        signer.sign(otherKey, E, new BrokenRandom(0x42), otherSigner, 0);
        assertFalse(nonceOf(first, D).equals(nonceOf(otherSigner, otherKey)), "another key, another k");
    }

    @Test
    void wipeLeavesOnlyZeros() {
        SigningNonces nonces = new SigningNonces();
        Sm2OrderField order = new Sm2OrderField();
        long[] d = Sm2OrderField.create();
        order.decodeScalar(D, d);
        nonces.start(new FixedRandom(FRESH), order, d, E);
        nonces.next(new byte[32]);
        assertFalse(PooledWorkspaceWipeTest.nonZeroArrays(nonces, "nonces").isEmpty());
        nonces.wipe();
        assertEquals(java.util.List.of(), PooledWorkspaceWipeTest.nonZeroArrays(nonces, "nonces"));
    }

    /** "SM2 hedged nonce" || fresh || d || e || counter, written from the documentation. */
    private static byte[] documentedInput(byte[] fresh, byte[] d, byte[] e, int counter) {
        ByteArrayOutputStream input = new ByteArrayOutputStream();
        input.writeBytes("SM2 hedged nonce".getBytes(StandardCharsets.US_ASCII));
        input.writeBytes(fresh);
        input.writeBytes(d);
        input.writeBytes(e);
        input.write(counter);
        assertEquals(113, input.size());
        return input.toByteArray();
    }

    /** k = s + (s + r)·d mod n, from s = (1 + d)^−1 (k − r·d). */
    private static BigInteger nonceOf(byte[] signature, byte[] d) {
        BigInteger r = new BigInteger(1, Arrays.copyOfRange(signature, 0, 32));
        BigInteger s = new BigInteger(1, Arrays.copyOfRange(signature, 32, 64));
        return s.add(s.add(r).multiply(new BigInteger(1, d))).mod(N);
    }

    /** Gives the bytes it was made with, once, then fails the test. */
    private static final class FixedRandom extends SecureRandom {

        private static final long serialVersionUID = 1L;
        private byte[] bytes;

        FixedRandom(byte[] bytes) {
            this.bytes = bytes.clone();
        }

        @Override
        public void nextBytes(byte[] out) {
            if (bytes == null || out.length != bytes.length) {
                throw new AssertionError("asked for " + out.length + " more bytes");
            }
            System.arraycopy(bytes, 0, out, 0, out.length);
            bytes = null;
        }
    }
}
