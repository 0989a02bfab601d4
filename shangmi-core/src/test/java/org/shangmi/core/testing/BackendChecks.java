package org.shangmi.core.testing;

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
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.LongSupplier;
import java.util.function.Predicate;
import org.shangmi.core.backend.Algorithm;
import org.shangmi.core.backend.BackendService;
import org.shangmi.core.backend.CipherEngine;
import org.shangmi.core.backend.CipherMode;
import org.shangmi.core.backend.DigestEngine;
import org.shangmi.core.javabackend.JavaBackend;
import org.shangmi.core.backend.MacEngine;
import org.shangmi.core.backend.Sm2Engine;

/**
 * Checks every native backend must pass at the engine level (the FFM and JNI backends run them
 * alike): results equal to the Java engines across the backend's chunk size, in place and in
 * pieces, and every refused argument refused with the right exception before any native call.
 */
public final class BackendChecks {

    private static final JavaBackend JAVA = new JavaBackend();

    private BackendChecks() {
    }

    /** SM3 and HMAC-SM3 refuse bad ranges and missing keys with the right exception, and the refused calls change nothing. */
    public static void badRangesAreRefusedAndLeaveTheStateAlone(BackendService backend) {
        DigestEngine sm3 = backend.newDigest(Algorithm.SM3);
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

        MacEngine hmac = backend.newMac(Algorithm.HMAC_SM3);
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

    /** HMAC-SM3 with keys of every interesting length, messages across {@code chunk}, equals Java's. */
    public static void hmacKeysOfEveryLengthAndRekeyingEqualJava(BackendService backend, int chunk) {
        Random random = new Random(2);
        MacEngine ours = backend.newMac(Algorithm.HMAC_SM3);
        for (int keyLength : new int[] {0, 1, 32, 63, 64, 65, 200}) {
            byte[] key = new byte[keyLength];
            random.nextBytes(key);
            byte[] message = new byte[random.nextInt(3 * chunk)];
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

    /** An HMAC copy keeps key and pending input; reset keeps the key; destroy drops it until the next init. */
    public static void macCopyResetAndDestroyBehave(BackendService backend) {
        byte[] key = "key".getBytes(StandardCharsets.US_ASCII);
        byte[] message = "message".getBytes(StandardCharsets.US_ASCII);
        MacEngine ours = backend.newMac(Algorithm.HMAC_SM3);
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

    /**
     * Every basic SM4 mode, both directions, equals Java's across {@code chunk}, in place and in
     * pieces, after reset and with a new IV; {@code isNative} tells the backend's own engines from
     * Java stand-ins, which only CFB8 may be.
     */
    public static void sm4BasicModesEqualJava(BackendService backend, int chunk, Predicate<CipherEngine> isNative) {
        Random random = new Random(3);
        for (CipherMode mode : CipherMode.values()) {
            for (boolean encrypt : new boolean[] {true, false}) {
                byte[] key = new byte[16];
                random.nextBytes(key);
                byte[] iv = mode.needsIv() ? new byte[16] : null;
                if (iv != null) {
                    random.nextBytes(iv);
                }
                CipherEngine ours = backend.newSm4(mode, encrypt, key, iv);
                if (mode != CipherMode.CFB8) { // OpenSSL names SM4-CFB8 but 3.x implements no SM4 CFB-8
                    assertTrue(isNative.test(ours), mode + " is the backend's own");
                }
                for (int length : new int[] {0, 16, 4 * chunk + 48}) {
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

    /**
     * The SM4 modes the backend says the Java engines serve are exactly the basic modes whose
     * engines are not its own, then GCM, CCM and XTS.
     */
    public static void sm4ModesByJavaAreThoseWithJavaEngines(BackendService backend, Predicate<CipherEngine> isNative) {
        List<String> expected = new ArrayList<>();
        for (CipherMode mode : CipherMode.values()) {
            CipherEngine engine = backend.newSm4(mode, true, new byte[16], mode.needsIv() ? new byte[16] : null);
            if (!isNative.test(engine)) {
                expected.add(mode.name());
            }
            engine.destroy();
        }
        assertTrue(expected.size() < CipherMode.values().length, "the library serves some SM4 mode: " + expected);
        expected.addAll(List.of("GCM", "CCM", "XTS"));
        assertEquals(expected, backend.sm4ModesByJava());
    }

    /** Bad keys, IVs, units and ranges are refused with the right exception; a destroyed engine refuses use. */
    public static void sm4RefusesBadKeysIvsUnitsAndRanges(BackendService backend) {
        assertThrows(IllegalArgumentException.class, () -> backend.newSm4(CipherMode.CBC, true, new byte[15], new byte[16]));
        assertThrows(IllegalArgumentException.class, () -> backend.newSm4(CipherMode.CBC, true, new byte[32], new byte[16]));
        assertThrows(IllegalArgumentException.class, () -> backend.newSm4(CipherMode.CBC, true, new byte[16], null));
        assertThrows(IllegalArgumentException.class, () -> backend.newSm4(CipherMode.CTR, true, new byte[16], new byte[8]));
        assertThrows(IllegalArgumentException.class, () -> backend.newSm4(CipherMode.ECB, true, new byte[16], new byte[16]));
        assertThrows(NullPointerException.class, () -> backend.newSm4(CipherMode.ECB, true, null, null));
        CipherEngine cbc = backend.newSm4(CipherMode.CBC, false, new byte[16], new byte[16]);
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

    /** Key pairs, signatures and ciphertexts cross-checked with the Java engine both ways; failures leave no error queued. */
    public static void sm2CrossChecksWithJavaBothWays(BackendService backend, LongSupplier pendingError) {
        Sm2Engine ours = backend.newSm2();
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
            assertTrue(java.verify(publicKey, e, ourSignature, 3), "Java verifies the backend's signature");
            byte[] javaSignature = new byte[64];
            java.sign(java.signingKey(d), e, new SecureRandom(), javaSignature, 0);
            assertTrue(ours.verify(publicKey, e, javaSignature, 0), "the backend verifies Java's signature");
            assertTrue(ours.verify(ours.verifyingKey(publicKey), e, javaSignature, 0), "with a prepared key");
            javaSignature[trial % 64] ^= 1;
            assertFalse(ours.verify(publicKey, e, javaSignature, 0), "a changed signature fails");
            assertEquals(0, pendingError.getAsLong(), "and leaves no error behind");

            byte[] message = new byte[random.nextInt(300)];
            random.nextBytes(message);
            byte[] ciphertext = new byte[message.length + Sm2Engine.CIPHERTEXT_OVERHEAD];
            assertEquals(ciphertext.length, ours.encrypt(publicKey, message, 0, message.length, null, ciphertext, 0));
            byte[] plain = new byte[message.length];
            assertEquals(message.length, java.decrypt(d, ciphertext, 0, ciphertext.length, plain, 0));
            assertArrayEquals(message, plain, "Java decrypts the backend's ciphertext");
            java.encrypt(publicKey, message, 0, message.length, new SecureRandom(), ciphertext, 0);
            Arrays.fill(plain, (byte) 0);
            assertEquals(message.length, ours.decrypt(d, ciphertext, 0, ciphertext.length, plain, 0));
            assertArrayEquals(message, plain, "the backend decrypts Java's ciphertext");
            ciphertext[65 + trial] ^= 1; // inside C3
            assertEquals(-1, ours.decrypt(d, ciphertext, 0, ciphertext.length, plain, 0), "a changed C3 fails");
            assertArrayEquals(new byte[message.length], plain, "and leaves zeros");
            assertEquals(0, pendingError.getAsLong(), "and no error behind");
        }
    }

    /** A prepared key decrypts as the key's bytes do, empty messages included; C1 off the curve gives zeros. */
    public static void sm2DecryptsWithAPreparedKeyAsWithItsBytes(BackendService backend) {
        Sm2Engine ours = backend.newSm2();
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

    /** Bad keys, values and ranges are refused or false, as the interface says, with no error left queued. */
    public static void sm2RefusesBadKeysAndValues(BackendService backend, LongSupplier pendingError) {
        Sm2Engine ours = backend.newSm2();
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
        assertEquals(0, pendingError.getAsLong(), "no error left behind");
        assertThrows(IndexOutOfBoundsException.class, () -> ours.verify(publicKey, new byte[32], new byte[64], 1));

        Sm2Engine.SigningKey key = ours.signingKey(one);
        key.destroy();
        assertThrows(IllegalArgumentException.class, () -> ours.sign(key, new byte[32], null, new byte[64], 0), "destroyed");
        assertThrows(IllegalArgumentException.class, () -> ours.sign(JAVA.newSm2().signingKey(one), new byte[32], null,
                new byte[64], 0), "another engine's key");
        assertThrows(IllegalArgumentException.class, () -> ours.sign(ours.signingKey(one), new byte[31], null, new byte[64], 0));
    }

    /** One prepared signing key serves six threads at once, each with an engine of its own. */
    public static void oneSigningKeyServesManyThreads(BackendService backend) throws Exception {
        Sm2Engine ours = backend.newSm2();
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
                    Sm2Engine engine = backend.newSm2();
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

    /** SM3 of {@code message} by the Java engine. */
    public static byte[] java(byte[] message) {
        DigestEngine sm3 = JAVA.newDigest(Algorithm.SM3);
        sm3.update(message, 0, message.length);
        byte[] out = new byte[32];
        sm3.digest(out, 0);
        return out;
    }

    /** Finishes {@code engine}'s digest into a new array. */
    public static byte[] digest(DigestEngine engine) {
        byte[] out = new byte[engine.digestLength()];
        engine.digest(out, 0);
        return out;
    }

    /** HMAC-SM3 of {@code message} under {@code key} by the Java engine. */
    public static byte[] javaMac(byte[] key, byte[] message) {
        MacEngine mac = JAVA.newMac(Algorithm.HMAC_SM3);
        mac.init(key, 0, key.length);
        mac.update(message, 0, message.length);
        byte[] tag = new byte[32];
        mac.doFinal(tag, 0);
        return tag;
    }
}
