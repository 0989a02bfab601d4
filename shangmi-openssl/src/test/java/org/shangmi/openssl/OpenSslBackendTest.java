package org.shangmi.openssl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.shangmi.core.testing.BackendChecks.digest;
import static org.shangmi.core.testing.BackendChecks.java;
import static org.shangmi.core.testing.BackendChecks.javaMac;

import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.shangmi.core.backend.Algorithm;
import org.shangmi.core.backend.CipherEngine;
import org.shangmi.core.backend.CipherMode;
import org.shangmi.core.backend.DigestEngine;
import org.shangmi.core.backend.JavaBackendService;
import org.shangmi.core.backend.MacEngine;
import org.shangmi.core.backend.Sm2Engine;
import org.shangmi.core.testing.BackendChecks;
import org.shangmi.core.testing.Chunks;

/**
 * The backend's native side: inputs across the chunk size, copies, every refused argument (the JVM
 * must survive each with the right exception), OpenSSL's error reasons, use after close, threads.
 * Known answers and the cross-checks through the JCA are in shangmi-provider's tests, which run
 * on every backend.
 */
class OpenSslBackendTest {

    private static final OpenSslBackend OPENSSL = new OpenSslBackend();
    private static final JavaBackendService JAVA = new JavaBackendService();

    @BeforeAll
    static void load() throws Exception {
        assertEquals(Set.of(Algorithm.SM2, Algorithm.SM3, Algorithm.HMAC_SM3, Algorithm.SM4), OPENSSL.load());
    }

    @Test
    void detailsNameTheVersionAndTheLibrary() {
        assertTrue(OPENSSL.details().startsWith("OpenSSL 3."), OPENSSL.details());
        assertTrue(OPENSSL.details().contains("libcrypto"), OPENSSL.details());
    }

    @Test
    void digestsEqualJavaAcrossTheChunkSize() {
        Random random = new Random(1);
        DigestEngine ours = OPENSSL.newDigest(Algorithm.SM3);
        DigestEngine reference = JAVA.newDigest(Algorithm.SM3);
        for (int length : new int[] {0, 1, 55, 56, 64, 65, LibCrypto.CHUNK - 1, LibCrypto.CHUNK, LibCrypto.CHUNK + 1,
                3 * LibCrypto.CHUNK + 17}) {
            byte[] message = new byte[length];
            random.nextBytes(message);
            reference.update(message, 0, length);
            byte[] expected = new byte[32];
            reference.digest(expected, 0);
            byte[] out = new byte[40];
            ours.update(message, 0, length);
            ours.digest(out, 5);
            assertArrayEquals(expected, Arrays.copyOfRange(out, 5, 37), "one call, length " + length);
            Chunks.feed(random, length, 5000, (off, len) -> ours.update(message, off, len));
            ours.digest(out, 0);
            assertArrayEquals(expected, Arrays.copyOf(out, 32), "chunks, length " + length);
        }
    }

    @Test
    void aCopyGoesItsOwnWay() {
        byte[] abc = "abc".getBytes(StandardCharsets.US_ASCII);
        DigestEngine first = OPENSSL.newDigest(Algorithm.SM3);
        first.update(abc, 0, 2);
        DigestEngine second = first.copy();
        first.update(abc, 2, 1);
        second.update((byte) 'x');
        assertArrayEquals(java(abc), digest(first));
        assertArrayEquals(java("abx".getBytes(StandardCharsets.US_ASCII)), digest(second));
        first.update(abc, 0, 3);
        first.reset();
        assertArrayEquals(java(new byte[0]), digest(first), "reset forgets the input");
    }




    @Test
    void badRangesAreRefusedBeforeAnyNativeCallAndLeaveTheStateAlone() {
        BackendChecks.badRangesAreRefusedAndLeaveTheStateAlone(OPENSSL);
    }

    @Test
    void hmacKeysOfEveryLengthAndRekeyingEqualJava() {
        BackendChecks.hmacKeysOfEveryLengthAndRekeyingEqualJava(OPENSSL, LibCrypto.CHUNK);
    }

    @Test
    void aMacCopyAndResetAndDestroyBehave() {
        BackendChecks.macCopyResetAndDestroyBehave(OPENSSL);
    }

    @Test
    void sm4BasicModesEqualJavaAcrossTheChunkSizeInPlaceAndAfterReset() {
        BackendChecks.sm4BasicModesEqualJava(OPENSSL, LibCrypto.CHUNK, engine -> engine instanceof OpenSslSm4);
    }

    @Test
    void sm4RefusesBadKeysIvsUnitsAndRangesBeforeAnyNativeCall() {
        BackendChecks.sm4RefusesBadKeysIvsUnitsAndRanges(OPENSSL);
    }

    @Test
    void detailsSayWhichSm4ModesTheJavaEnginesServe() {
        // OpenSSL 3.0 has the five basic modes; GCM, CCM and XTS always come from Java
        assertTrue(OPENSSL.details().contains("; SM4 GCM/CCM/XTS (and any basic mode libcrypto lacks) by the Java engines"),
                OPENSSL.details());
    }



    @Test
    void sm2CrossChecksWithJavaBothWays() {
        Sm2Engine ours = OPENSSL.newSm2();
        Sm2Engine java = JAVA.newSm2();
        Random random = new Random(4);
        for (int trial = 0; trial < 20; trial++) {
            byte[] d = new byte[32];
            byte[] publicKey = new byte[64];
            (trial % 2 == 0 ? ours : java).generateKeyPair(new SecureRandom(), d, publicKey);
            byte[] derived = new byte[64];
            java.publicKey(d, derived, 0);
            assertArrayEquals(derived, publicKey, "the key pair is consistent");
            byte[] e = new byte[32];
            random.nextBytes(e);
            byte[] ourSignature = new byte[70];
            ours.sign(ours.signingKey(d), e, null, ourSignature, 3);
            assertTrue(java.verify(publicKey, e, ourSignature, 3), "Java verifies OpenSSL's signature");
            byte[] javaSignature = new byte[64];
            java.sign(java.signingKey(d), e, new SecureRandom(), javaSignature, 0);
            assertTrue(ours.verify(publicKey, e, javaSignature, 0), "OpenSSL verifies Java's signature");
            assertTrue(ours.verify(ours.verifyingKey(publicKey), e, javaSignature, 0), "with a prepared key");
            javaSignature[trial % 64] ^= 1;
            assertFalse(ours.verify(publicKey, e, javaSignature, 0), "a changed signature fails");
            assertEquals(0, LibCrypto.errGetError(), "and leaves no error behind");

            byte[] message = new byte[random.nextInt(300)];
            random.nextBytes(message);
            byte[] ciphertext = new byte[message.length + Sm2Engine.CIPHERTEXT_OVERHEAD];
            assertEquals(ciphertext.length, ours.encrypt(publicKey, message, 0, message.length, null, ciphertext, 0));
            byte[] plain = new byte[message.length];
            assertEquals(message.length, java.decrypt(d, ciphertext, 0, ciphertext.length, plain, 0));
            assertArrayEquals(message, plain, "Java decrypts OpenSSL's ciphertext");
            java.encrypt(publicKey, message, 0, message.length, new SecureRandom(), ciphertext, 0);
            Arrays.fill(plain, (byte) 0);
            assertEquals(message.length, ours.decrypt(d, ciphertext, 0, ciphertext.length, plain, 0));
            assertArrayEquals(message, plain, "OpenSSL decrypts Java's ciphertext");
            ciphertext[65 + trial] ^= 1; // inside C3
            assertEquals(-1, ours.decrypt(d, ciphertext, 0, ciphertext.length, plain, 0), "a changed C3 fails");
            assertArrayEquals(new byte[message.length], plain, "and leaves zeros");
            assertEquals(0, LibCrypto.errGetError(), "and no error behind");
        }
    }

    @Test
    void sm2DecryptsWithAPreparedKeyAsWithItsBytesEmptyMessagesIncluded() {
        Sm2Engine ours = OPENSSL.newSm2();
        Sm2Engine java = JAVA.newSm2();
        byte[] d = new byte[32];
        byte[] publicKey = new byte[64];
        java.generateKeyPair(new SecureRandom(), d, publicKey);
        Sm2Engine.SigningKey prepared = ours.signingKey(d);
        for (int length : new int[] {0, 1, 100}) {
            byte[] message = new byte[length];
            new Random(length).nextBytes(message);
            byte[] ciphertext = new byte[length + Sm2Engine.CIPHERTEXT_OVERHEAD];
            ours.encrypt(publicKey, message, 0, length, null, ciphertext, 0);
            byte[] plain = new byte[length];
            assertEquals(length, ours.decrypt(prepared, ciphertext, 0, ciphertext.length, plain, 0), "prepared, " + length);
            assertArrayEquals(message, plain);
            assertEquals(length, java.decrypt(d, ciphertext, 0, ciphertext.length, plain, 0), "Java, " + length);
            ciphertext[1] ^= 1; // C1 off the curve
            assertEquals(-1, ours.decrypt(prepared, ciphertext, 0, ciphertext.length, plain, 0));
            assertArrayEquals(new byte[length], plain, "zeros after a failure");
        }
        assertThrows(IllegalArgumentException.class, () -> ours.decrypt(java.signingKey(d), new byte[98], 0, 98,
                new byte[1], 0), "another engine's key");
        prepared.destroy();
        byte[] ciphertext = new byte[98];
        assertThrows(IllegalArgumentException.class, () -> ours.decrypt(prepared, ciphertext, 0, 98, new byte[1], 0),
                "destroyed");
    }

    @Test
    void sm2RefusesBadKeysAndValuesBeforeAnyNativeCall() {
        Sm2Engine ours = OPENSSL.newSm2();
        byte[] nMinus1 = HexFormat.of().parseHex("fffffffeffffffffffffffffffffffff7203df6b21c6052b53bbf40939d54122");
        byte[] n = HexFormat.of().parseHex("fffffffeffffffffffffffffffffffff7203df6b21c6052b53bbf40939d54123");
        for (byte[] bad : new byte[][] {new byte[32], nMinus1, n, new byte[31], new byte[33]}) {
            assertThrows(IllegalArgumentException.class, () -> ours.signingKey(bad));
        }
        byte[] ciphertext = new byte[Sm2Engine.CIPHERTEXT_OVERHEAD + 4];
        assertThrows(IllegalArgumentException.class, () -> ours.decrypt(n, ciphertext, 0, ciphertext.length, new byte[4], 0));
        assertThrows(IllegalArgumentException.class, () -> ours.decrypt(new byte[32], ciphertext, 0, ciphertext.length,
                new byte[4], 0));
        byte[] one = new byte[32];
        one[31] = 1;
        assertEquals(-1, ours.decrypt(one, ciphertext, 0, ciphertext.length, new byte[4], 0), "C1 of zeros is no point");
        assertEquals(-1, ours.decrypt(nMinus1, ciphertext, 0, 50, new byte[4], 0), "too short");
        assertThrows(IndexOutOfBoundsException.class, () -> ours.decrypt(one, ciphertext, 2, ciphertext.length, new byte[4], 0));

        byte[] offCurve = new byte[64];
        offCurve[63] = 5;
        assertThrows(IllegalArgumentException.class, () -> ours.verifyingKey(offCurve));
        assertThrows(IllegalArgumentException.class, () -> ours.encrypt(offCurve, new byte[3], 0, 3, null, new byte[100], 0));
        assertFalse(ours.verify(offCurve, new byte[32], new byte[64], 0), "a bad public key is just false");
        assertFalse(ours.verify(new byte[63], new byte[32], new byte[64], 0));
        byte[] publicKey = new byte[64];
        ours.publicKey(one, publicKey, 0); // G
        assertFalse(ours.verify(publicKey, new byte[32], new byte[64], 0), "r = s = 0");
        assertFalse(ours.verify(publicKey, new byte[31], new byte[64], 0), "a short digest");
        byte[] nn = new byte[64];
        System.arraycopy(n, 0, nn, 0, 32);
        System.arraycopy(n, 0, nn, 32, 32);
        assertFalse(ours.verify(publicKey, new byte[32], nn, 0), "r = s = n");
        assertEquals(0, LibCrypto.errGetError(), "no error left behind");
        assertThrows(IndexOutOfBoundsException.class, () -> ours.verify(publicKey, new byte[32], new byte[64], 1));

        Sm2Engine.SigningKey key = ours.signingKey(one);
        key.destroy();
        assertThrows(IllegalArgumentException.class, () -> ours.sign(key, new byte[32], null, new byte[64], 0), "destroyed");
        assertThrows(IllegalArgumentException.class, () -> ours.sign(JAVA.newSm2().signingKey(one), new byte[32], null,
                new byte[64], 0), "another engine's key");
        assertThrows(IllegalArgumentException.class, () -> ours.sign(ours.signingKey(one), new byte[31], null, new byte[64], 0));
    }

    @Test
    void oneSigningKeyServesManyThreads() throws Exception {
        Sm2Engine ours = OPENSSL.newSm2();
        byte[] d = new byte[32];
        byte[] publicKey = new byte[64];
        ours.generateKeyPair(null, d, publicKey);
        Sm2Engine.SigningKey key = ours.signingKey(d);
        ExecutorService pool = Executors.newFixedThreadPool(6);
        try {
            List<Future<?>> results = new ArrayList<>();
            for (int t = 0; t < 6; t++) {
                long seed = t;
                results.add(pool.submit(() -> {
                    Sm2Engine engine = OPENSSL.newSm2();
                    Sm2Engine java = JAVA.newSm2();
                    Random random = new Random(seed);
                    for (int i = 0; i < 200; i++) {
                        byte[] e = new byte[32];
                        random.nextBytes(e);
                        byte[] signature = new byte[64];
                        engine.sign(key, e, null, signature, 0);
                        assertTrue(java.verify(publicKey, e, signature, 0), "thread " + seed);
                    }
                    return null;
                }));
            }
            for (Future<?> result : results) {
                result.get();
            }
        } finally {
            pool.shutdownNow();
            key.destroy();
        }
    }

    @Test
    void failuresCarryOpenSslsReasonAndEmptyTheQueue() {
        OpenSslException e = assertThrows(OpenSslException.class, () -> EvpMd.fetch("NO-SUCH-DIGEST"));
        assertTrue(e.getMessage().startsWith("EVP_MD_fetch(NO-SUCH-DIGEST) failed: error:"), e.getMessage());
        assertTrue(e.getMessage().contains("unsupported"), e.getMessage());
        assertEquals(0, LibCrypto.errGetError(), "the error queue is empty");
    }

    @Test
    void aClosedContextRefusesUseInsteadOfCrashing() {
        EvpMdCtx ctx = new EvpMdCtx(EvpMd.fetch("SM3"));
        ctx.close();
        ctx.close();
        assertThrows(IllegalStateException.class, () -> ctx.update(new byte[1], 0, 1));
        assertThrows(IllegalStateException.class, () -> ctx.finish(new byte[32], 0));
        assertThrows(IllegalStateException.class, ctx::copy);
    }

    @Test
    void threadsWithTheirOwnEnginesShareTheAlgorithmObjects() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<Future<?>> results = new ArrayList<>();
            for (int t = 0; t < 8; t++) {
                long seed = t;
                results.add(pool.submit(() -> {
                    Random random = new Random(seed);
                    DigestEngine digest = OPENSSL.newDigest(Algorithm.SM3);
                    MacEngine mac = OPENSSL.newMac(Algorithm.HMAC_SM3);
                    for (int i = 0; i < 300; i++) {
                        byte[] message = new byte[random.nextInt(3000)];
                        random.nextBytes(message);
                        digest.update(message, 0, message.length);
                        assertArrayEquals(java(message), digest(digest), "thread " + seed);
                        mac.init(message, 0, Math.min(40, message.length));
                        mac.update(message, 0, message.length);
                        byte[] tag = new byte[32];
                        mac.doFinal(tag, 0);
                        assertArrayEquals(javaMac(Arrays.copyOf(message, Math.min(40, message.length)), message),
                                tag, "thread " + seed);
                    }
                    return null;
                }));
            }
            for (Future<?> result : results) {
                result.get();
            }
        } finally {
            pool.shutdownNow();
        }
    }
}
