package org.shangmi.provider;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.MessageDigest;
import java.security.Signature;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.shangmi.core.backend.Algorithm;
import org.shangmi.core.backend.DigestEngine;
import org.shangmi.core.testing.Chunks;

class ThresholdDigestTest {

    private static final int T = 64;
    /** GB/T 32905-2016, appendix A, example 1. */
    private static final byte[] ABC_SM3 =
            HexFormat.of().parseHex("66c7f0f462eeedd9d1f2d46bdc10e4e24167c4875cf2f7a2297da02b8f4ba8e0");
    /** GB/T 32905-2016, appendix A, example 2: "abcd" sixteen times (64 bytes). */
    private static final byte[] ABCD16_SM3 =
            HexFormat.of().parseHex("debe9ff92275b8a138604889c18e5a4d6fdb70e5387e5765293dcba39c0c5732");

    /** The libcrypto bindings that load here, each as the native side; Java stands in where none does. */
    static List<Backend> natives() {
        List<Backend> result = new ArrayList<>();
        for (Backend backend : List.of(Backend.FFM, Backend.JNI)) {
            if (Backends.get().serving(backend, Algorithm.SM3) != null) {
                result.add(backend);
            }
        }
        if (result.isEmpty()) {
            result.add(Backend.JAVA);
        }
        return result;
    }

    private static DigestEngine engine(Backend backend) {
        return Backends.get().serving(backend, Algorithm.SM3).newDigest(Algorithm.SM3);
    }

    /** Counts the digests each side finishes, so that a test can tell which one hashed a message. */
    private static final class Counting implements DigestEngine {
        final DigestEngine inner;
        final int[] digests;

        Counting(DigestEngine inner, int[] digests) {
            this.inner = inner;
            this.digests = digests;
        }

        @Override public String algorithm() { return inner.algorithm(); }
        @Override public int digestLength() { return inner.digestLength(); }
        @Override public int blockLength() { return inner.blockLength(); }
        @Override public void update(byte input) { inner.update(input); }
        @Override public void update(byte[] input, int off, int len) { inner.update(input, off, len); }
        @Override public void reset() { inner.reset(); }
        @Override public DigestEngine copy() { return new Counting(inner.copy(), digests); }

        @Override
        public void digest(byte[] out, int off) {
            digests[0]++;
            inner.digest(out, off);
        }
    }

    private static byte[] reference(byte[] message) {
        DigestEngine java = engine(Backend.JAVA);
        java.update(message, 0, message.length);
        byte[] out = new byte[32];
        java.digest(out, 0);
        return out;
    }

    private static byte[] digest(DigestEngine engine) {
        byte[] out = new byte[32];
        engine.digest(out, 0);
        return out;
    }

    private static byte[] message(int length) {
        byte[] message = new byte[length];
        new Random(length).nextBytes(message);
        return message;
    }

    static IntStream lengths() {
        return IntStream.of(0, 1, 3, T - 1, T, T + 1, 2 * T, 100_003);
    }

    @Test
    void knownAnswersOnEitherSide() {
        for (Backend nativeSide : natives()) {
            ThresholdDigest shortOnly = new ThresholdDigest(engine(Backend.JAVA), () -> engine(nativeSide), 64);
            ThresholdDigest nativeOnly = new ThresholdDigest(engine(Backend.JAVA), () -> engine(nativeSide), 0);
            for (ThresholdDigest engine : List.of(shortOnly, nativeOnly)) {
                byte[] abc = "abc".getBytes(StandardCharsets.US_ASCII);
                engine.update(abc, 0, abc.length);
                assertArrayEquals(ABC_SM3, digest(engine), nativeSide + ", threshold " + engine.threshold());
                byte[] abcd16 = "abcd".repeat(16).getBytes(StandardCharsets.US_ASCII);
                engine.update(abcd16, 0, abcd16.length);
                assertArrayEquals(ABCD16_SM3, digest(engine), nativeSide + ", threshold " + engine.threshold());
            }
        }
    }

    @ParameterizedTest(name = "{0} bytes")
    @MethodSource("lengths")
    void agreesWithJavaWholeInChunksAndByteByByte(int length) {
        byte[] message = message(length);
        byte[] expected = reference(message);
        for (Backend nativeSide : natives()) {
            int[] javaDigests = {0};
            int[] nativeDigests = {0};
            ThresholdDigest engine = new ThresholdDigest(new Counting(engine(Backend.JAVA), javaDigests),
                    () -> new Counting(engine(nativeSide), nativeDigests), T);
            String where = nativeSide + ", " + length + " bytes";

            engine.update(message, 0, length);
            assertArrayEquals(expected, digest(engine), where + ", one update");

            long seed = System.nanoTime();
            Chunks.feed(new Random(seed), length, 2 * T + 3, (off, len) -> engine.update(message, off, len));
            assertArrayEquals(expected, digest(engine), where + ", uneven chunks, seed " + seed);

            if (length < 10_000) {
                for (byte b : message) {
                    engine.update(b);
                }
                assertArrayEquals(expected, digest(engine), where + ", byte by byte");
            }

            // the side that hashed: Java up to T bytes, the native engine beyond
            int runs = length < 10_000 ? 3 : 2;
            assertEquals(length <= T ? runs : 0, javaDigests[0], where + ": digests by the Java engine");
            assertEquals(length <= T ? 0 : runs, nativeDigests[0], where + ": digests by the native engine");
        }
    }

    @ParameterizedTest(name = "{0} bytes")
    @MethodSource("lengths")
    void copyInEitherPhase(int length) {
        byte[] message = message(length);
        byte[] expected = reference(message);
        for (Backend nativeSide : natives()) {
            ThresholdDigest engine = new ThresholdDigest(engine(Backend.JAVA), () -> engine(nativeSide), T);
            // copies at every cut: before the threshold (buffering), and after it (native)
            for (int cut : new int[] {0, Math.min(length, T - 1), Math.min(length, T + 1), length / 2, length}) {
                engine.update(message, 0, cut);
                DigestEngine copy = engine.copy();
                copy.update(message, cut, length - cut);
                // the original goes on differently: the copy must not see it
                engine.update(new byte[] {1, 2, 3}, 0, 3);
                assertArrayEquals(expected, digest(copy), nativeSide + ", " + length + " bytes, copied at " + cut);
                engine.reset();
                engine.update(message, 0, length);
                assertArrayEquals(expected, digest(engine), nativeSide + ", " + length + " bytes, after the copy");
            }
        }
    }

    /** A native engine whose next update or digest fails once, as OpenSSL might without memory. */
    private static final class FailingOnce implements DigestEngine {
        final DigestEngine inner;
        boolean failUpdate;
        boolean failDigest;

        FailingOnce(DigestEngine inner) {
            this.inner = inner;
        }

        @Override public String algorithm() { return inner.algorithm(); }
        @Override public int digestLength() { return inner.digestLength(); }
        @Override public int blockLength() { return inner.blockLength(); }
        @Override public void update(byte input) { inner.update(input); }
        @Override public void reset() { inner.reset(); }
        @Override public DigestEngine copy() { return new FailingOnce(inner.copy()); }

        @Override
        public void update(byte[] input, int off, int len) {
            inner.update(input, off, len);
            if (failUpdate) {
                failUpdate = false;
                throw new IllegalStateException("native update failed");
            }
        }

        @Override
        public void digest(byte[] out, int off) {
            if (failDigest) {
                failDigest = false;
                throw new IllegalStateException("native digest failed");
            }
            inner.digest(out, off);
        }
    }

    @Test
    void aNativeFailureLeavesNothingForTheNextMessage() {
        byte[] message = message(3 * T);
        byte[] expected = reference(message);
        for (Backend nativeSide : natives()) {
            FailingOnce failing = new FailingOnce(engine(nativeSide));
            ThresholdDigest engine = new ThresholdDigest(engine(Backend.JAVA), () -> failing, T);
            engine.update(message, 0, T);
            failing.failUpdate = true;
            // the held bytes reach the native engine, which takes them and fails
            assertThrows(IllegalStateException.class, () -> engine.update(message, T, 2 * T));
            engine.update(message, 0, message.length);
            assertArrayEquals(expected, digest(engine), nativeSide + ", the message after a failed update");
            // a failure once the message has passed
            engine.update(message, 0, T + 1);
            failing.failUpdate = true;
            assertThrows(IllegalStateException.class, () -> engine.update(message, T + 1, 5));
            engine.update(message, 0, message.length);
            assertArrayEquals(expected, digest(engine), nativeSide + ", the message after a failed later update");
            engine.update(message, 0, message.length);
            failing.failDigest = true;
            assertThrows(IllegalStateException.class, () -> digest(engine));
            engine.update(message, 0, message.length);
            assertArrayEquals(expected, digest(engine), nativeSide + ", the message after a failed digest");
        }
    }

    @Test
    void resetInEitherPhaseForgetsTheInput() {
        byte[] message = message(3 * T);
        byte[] expected = reference(message);
        for (Backend nativeSide : natives()) {
            ThresholdDigest engine = new ThresholdDigest(engine(Backend.JAVA), () -> engine(nativeSide), T);
            for (int before : new int[] {1, T, T + 1, 3 * T}) {
                engine.update(new byte[before], 0, before);
                engine.reset();
                engine.update(message, 0, message.length);
                assertArrayEquals(expected, digest(engine), nativeSide + ", reset after " + before + " bytes");
            }
        }
    }

    @Test
    void autoHashesShortMessagesInJavaAndSaysSo() throws Exception {
        ShangMiProvider auto = new ShangMiProvider(BackendChoice.auto());
        Backend chosen = auto.backendFor("SM3");
        String reason = auto.choiceReason("SM3");
        int upTo = switch (chosen) {
            case FFM -> ShangMiProvider.SM3_JAVA_UP_TO_FFM;
            case JNI -> ShangMiProvider.SM3_JAVA_UP_TO_JNI;
            default -> 0;
        };
        // a threshold of 0 leaves every message to the chosen backend, and the reason says nothing of it
        assertEquals(upTo > 0, reason.contains("messages of up to " + upTo + " bytes by the Java engine"), reason);
        MessageDigest md = MessageDigest.getInstance("SM3", auto);
        for (int length : new int[] {0, 3, Math.max(upTo - 1, 0), upTo, upTo + 1, 1 << 20}) {
            byte[] message = message(length);
            assertArrayEquals(reference(message), md.digest(message), length + " bytes through auto");
        }
        if (chosen == Backend.JAVA) {
            return;
        }
        // an explicit choice keeps the pure backend: no threshold in its reason
        ShangMiProvider pinned = new ShangMiProvider(BackendChoice.parse("SM3=" + chosen.id()));
        assertEquals(chosen, pinned.backendFor("SM3"));
        assertTrue(!pinned.choiceReason("SM3").contains("Java engine"), pinned.choiceReason("SM3"));
    }

    @Test
    void signaturesThroughAutoVerifyEverywhere() throws Exception {
        ShangMiProvider auto = new ShangMiProvider(BackendChoice.auto());
        ShangMiProvider java = new ShangMiProvider(Backend.JAVA);
        KeyPair keys = KeyPairGenerator.getInstance("SM2", java).generateKeyPair();
        for (int length : new int[] {0, 32, 1024, 70_000}) {
            byte[] message = message(length);
            Signature signer = Signature.getInstance("SM3withSM2", auto);
            signer.initSign(keys.getPrivate());
            signer.update(message);
            byte[] signature = signer.sign();
            Signature verifier = Signature.getInstance("SM3withSM2", java);
            verifier.initVerify(keys.getPublic());
            verifier.update(message);
            assertTrue(verifier.verify(signature), length + " bytes signed through auto, verified in Java");
        }
    }
}
