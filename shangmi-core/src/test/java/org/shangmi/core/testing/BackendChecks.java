package org.shangmi.core.testing;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Random;
import java.util.function.Predicate;
import org.shangmi.core.backend.Algorithm;
import org.shangmi.core.backend.BackendService;
import org.shangmi.core.backend.CipherEngine;
import org.shangmi.core.backend.CipherMode;
import org.shangmi.core.backend.DigestEngine;
import org.shangmi.core.backend.JavaBackendService;
import org.shangmi.core.backend.MacEngine;

/**
 * Checks every native backend must pass at the engine level (the FFM and JNI backends run them
 * alike): results equal to the Java engines across the backend's chunk size, in place and in
 * pieces, and every refused argument refused with the right exception before any native call.
 */
public final class BackendChecks {

    private static final JavaBackendService JAVA = new JavaBackendService();

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
