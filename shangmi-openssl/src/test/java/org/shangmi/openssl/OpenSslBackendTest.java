package org.shangmi.openssl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
        DigestEngine sm3 = OPENSSL.newDigest(Algorithm.SM3);
        byte[] abc = "abc".getBytes(StandardCharsets.US_ASCII);
        sm3.update(abc, 0, 3);
        byte[] buffer = new byte[16];
        assertThrows(NullPointerException.class, () -> sm3.update(null, 0, 1));
        assertThrows(IndexOutOfBoundsException.class, () -> sm3.update(buffer, -1, 4));
        assertThrows(IndexOutOfBoundsException.class, () -> sm3.update(buffer, 0, -1));
        assertThrows(IndexOutOfBoundsException.class, () -> sm3.update(buffer, 13, 4));
        assertThrows(IndexOutOfBoundsException.class, () -> sm3.update(buffer, 1, Integer.MAX_VALUE));
        assertThrows(IndexOutOfBoundsException.class, () -> sm3.update(buffer, Integer.MIN_VALUE, 2));
        assertThrows(IndexOutOfBoundsException.class, () -> sm3.digest(new byte[31], 0), "a digest needs 32 bytes");
        assertThrows(IndexOutOfBoundsException.class, () -> sm3.digest(new byte[40], 9));
        assertThrows(IndexOutOfBoundsException.class, () -> sm3.digest(new byte[40], -1));
        assertThrows(NullPointerException.class, () -> sm3.digest(null, 0));
        assertArrayEquals(java(abc), digest(sm3), "the refused calls changed nothing");

        MacEngine hmac = OPENSSL.newMac(Algorithm.HMAC_SM3);
        assertThrows(IllegalStateException.class, () -> hmac.update(abc, 0, 3), "no key yet");
        assertThrows(IllegalStateException.class, () -> hmac.doFinal(new byte[32], 0), "no key yet");
        assertThrows(IndexOutOfBoundsException.class, () -> hmac.init(abc, 2, 2));
        assertThrows(NullPointerException.class, () -> hmac.init(null, 0, 0));
        hmac.init(abc, 0, 3);
        assertThrows(IndexOutOfBoundsException.class, () -> hmac.update(abc, 3, 1));
        assertThrows(IndexOutOfBoundsException.class, () -> hmac.doFinal(new byte[32], 1));
        hmac.update(abc, 0, 3);
        byte[] tag = new byte[32];
        hmac.doFinal(tag, 0);
        assertArrayEquals(javaMac(abc, abc), tag, "the refused calls changed nothing");
    }

    @Test
    void hmacKeysOfEveryLengthAndRekeyingEqualJava() {
        Random random = new Random(2);
        MacEngine ours = OPENSSL.newMac(Algorithm.HMAC_SM3);
        for (int keyLength : new int[] {0, 1, 32, 63, 64, 65, 200}) {
            byte[] key = new byte[keyLength];
            random.nextBytes(key);
            byte[] message = new byte[random.nextInt(3 * LibCrypto.CHUNK)];
            random.nextBytes(message);
            ours.init(key, 0, keyLength);
            Chunks.feed(random, message.length, 7000, (off, len) -> ours.update(message, off, len));
            byte[] tag = new byte[32];
            ours.doFinal(tag, 0);
            assertArrayEquals(javaMac(key, message), tag, "key of " + keyLength + " bytes");
            ours.update(message, 0, message.length);
            ours.doFinal(tag, 0);
            assertArrayEquals(javaMac(key, message), tag, "the same key, second message");
        }
    }

    @Test
    void aMacCopyAndResetAndDestroyBehave() {
        byte[] key = "key".getBytes(StandardCharsets.US_ASCII);
        byte[] message = "message".getBytes(StandardCharsets.US_ASCII);
        MacEngine ours = OPENSSL.newMac(Algorithm.HMAC_SM3);
        ours.init(key, 0, key.length);
        ours.update(message, 0, 3);
        MacEngine copy = ours.copy();
        ours.update(message, 3, message.length - 3);
        copy.update(message, 3, message.length - 3);
        byte[] a = new byte[32];
        byte[] b = new byte[32];
        ours.doFinal(a, 0);
        copy.doFinal(b, 0);
        assertArrayEquals(javaMac(key, message), a);
        assertArrayEquals(a, b, "the copy kept the key and the pending input");
        ours.update(message, 0, 2);
        ours.reset();
        ours.update(message, 0, message.length);
        ours.doFinal(a, 0);
        assertArrayEquals(javaMac(key, message), a, "reset dropped the pending input, kept the key");
        ours.destroy();
        assertThrows(IllegalStateException.class, () -> ours.update(message, 0, 1), "destroyed: no key");
        ours.init(message, 0, message.length);
        ours.update(key, 0, key.length);
        ours.doFinal(a, 0);
        assertArrayEquals(javaMac(message, key), a, "keyed again after destroy");
    }

    @Test
    void detailsSayWhichSm4ModesTheJavaEnginesServe() {
        // OpenSSL 3.0 has the five basic modes; GCM, CCM and XTS always come from Java
        assertTrue(OPENSSL.details().contains("; SM4 GCM/CCM/XTS (and any basic mode libcrypto lacks) by the Java engines"),
                OPENSSL.details());
    }

    @Test
    void sm4BasicModesEqualJavaAcrossTheChunkSizeInPlaceAndAfterReset() {
        Random random = new Random(3);
        for (CipherMode mode : CipherMode.values()) {
            for (boolean encrypt : new boolean[] {true, false}) {
                byte[] key = new byte[16];
                random.nextBytes(key);
                byte[] iv = mode.needsIv() ? new byte[16] : null;
                if (iv != null) {
                    random.nextBytes(iv);
                }
                CipherEngine ours = OPENSSL.newSm4(mode, encrypt, key, iv);
                if (mode != CipherMode.CFB8) { // OpenSSL names SM4-CFB8 but 3.x implements no SM4 CFB-8
                    assertTrue(ours instanceof OpenSslSm4, mode + " is libcrypto's");
                }
                for (int length : new int[] {0, 16, 4 * LibCrypto.CHUNK + 48}) {
                    byte[] input = new byte[length + (mode.unit() == 1 ? 5 : 0)];
                    random.nextBytes(input);
                    byte[] expected = new byte[input.length];
                    JAVA.newSm4(mode, encrypt, key, iv).update(input, 0, input.length, expected, 0);
                    byte[] out = new byte[input.length + 3];
                    ours.reset();
                    ours.update(input, 0, input.length, out, 3);
                    assertArrayEquals(expected, Arrays.copyOfRange(out, 3, out.length), mode + " " + encrypt + " " + length);
                    byte[] inPlace = input.clone();
                    ours.reset();
                    int unit = mode.unit() == 1 ? 7 : 16;
                    for (int off = 0; off < inPlace.length; off += unit * 100) {
                        int n = Math.min(unit * 100, inPlace.length - off);
                        ours.update(inPlace, off, n, inPlace, off);
                    }
                    assertArrayEquals(expected, inPlace, mode + " " + encrypt + " " + length + " in place, in pieces");
                }
                if (iv != null) {
                    byte[] otherIv = iv.clone();
                    otherIv[0] ^= 1;
                    byte[] block = new byte[16];
                    byte[] expected = new byte[16];
                    JAVA.newSm4(mode, encrypt, key, otherIv).update(block, 0, 16, expected, 0);
                    ours.reset(otherIv);
                    ours.update(block, 0, 16, block, 0);
                    assertArrayEquals(expected, block, mode + " with a new IV under the same key");
                }
                ours.destroy();
            }
        }
    }

    @Test
    void sm4RefusesBadKeysIvsUnitsAndRangesBeforeAnyNativeCall() {
        assertThrows(IllegalArgumentException.class, () -> OPENSSL.newSm4(CipherMode.CBC, true, new byte[15], new byte[16]));
        assertThrows(IllegalArgumentException.class, () -> OPENSSL.newSm4(CipherMode.CBC, true, new byte[32], new byte[16]));
        assertThrows(IllegalArgumentException.class, () -> OPENSSL.newSm4(CipherMode.CBC, true, new byte[16], null));
        assertThrows(IllegalArgumentException.class, () -> OPENSSL.newSm4(CipherMode.CTR, true, new byte[16], new byte[8]));
        assertThrows(IllegalArgumentException.class, () -> OPENSSL.newSm4(CipherMode.ECB, true, new byte[16], new byte[16]));
        assertThrows(NullPointerException.class, () -> OPENSSL.newSm4(CipherMode.ECB, true, null, null));
        CipherEngine cbc = OPENSSL.newSm4(CipherMode.CBC, false, new byte[16], new byte[16]);
        byte[] buffer = new byte[64];
        assertThrows(IllegalArgumentException.class, () -> cbc.update(buffer, 0, 20, buffer, 0), "not whole blocks");
        assertThrows(IndexOutOfBoundsException.class, () -> cbc.update(buffer, 16, 64, buffer, 0));
        assertThrows(IndexOutOfBoundsException.class, () -> cbc.update(buffer, 0, 64, buffer, 16));
        assertThrows(IndexOutOfBoundsException.class, () -> cbc.update(buffer, -16, 16, buffer, 0));
        assertThrows(IllegalArgumentException.class, () -> cbc.update(buffer, 0, -16, buffer, 0));
        assertThrows(IndexOutOfBoundsException.class, () -> cbc.update(buffer, 0, Integer.MAX_VALUE - 15, buffer, 0));
        assertThrows(IllegalArgumentException.class, () -> cbc.reset(new byte[15]));
        cbc.destroy();
        assertThrows(IllegalStateException.class, () -> cbc.update(buffer, 0, 16, buffer, 0), "destroyed");
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

    private static byte[] digest(DigestEngine engine) {
        byte[] out = new byte[engine.digestLength()];
        engine.digest(out, 0);
        return out;
    }

    private static byte[] java(byte[] message) {
        DigestEngine sm3 = JAVA.newDigest(Algorithm.SM3);
        sm3.update(message, 0, message.length);
        return digest(sm3);
    }

    private static byte[] javaMac(byte[] key, byte[] message) {
        MacEngine mac = JAVA.newMac(Algorithm.HMAC_SM3);
        mac.init(key, 0, key.length);
        mac.update(message, 0, message.length);
        byte[] tag = new byte[32];
        mac.doFinal(tag, 0);
        return tag;
    }
}
