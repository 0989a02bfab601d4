package org.shangmi.openssl.jni;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.shangmi.core.backend.Algorithm;
import org.shangmi.core.backend.BackendService;
import org.shangmi.core.backend.BackendUnavailableException;
import org.shangmi.core.backend.DigestEngine;
import org.shangmi.core.backend.Sm2Engine;
import org.shangmi.core.javabackend.JavaBackend;
import org.shangmi.core.libcrypto.LibcryptoBackend;
import org.shangmi.core.testing.Chunks;
import org.shangmi.core.testing.LibcryptoBindingTests;
import org.shangmi.core.testing.Vectors;

/**
 * The JNI backend's engines against the vectors and the Java engines, on every path, and every
 * refused argument; JDK 17 and 25 alike. Known answers through the JCA and the cross-checks with
 * the other backends are in shangmi-provider's tests, which run on every backend.
 */
class JniBackendTest extends LibcryptoBindingTests {

    private static final JniBackend JNI = new JniBackend();

    @Override
    protected BackendService backend() {
        return JNI;
    }

    @Override
    protected long pendingError() {
        return NativeCrypto.pendingError();
    }

    @Override
    protected BackendService unloaded() {
        return new JniBackend();
    }

    /** The C side trusts its arguments: the calls check ranges and the chunk bound themselves, whoever calls them. */
    @Test
    void theNativeCallsRefuseBadRangesAndOverlongChunksThemselves() {
        JniDigest sm3 = new JniDigest(NativeCrypto.mdFetch("SM3"));
        NativeHandle ctx = sm3.newContext();
        byte[] big = new byte[LibcryptoBackend.CHUNK + 1];
        assertThrows(IllegalArgumentException.class, () -> sm3.update(ctx, big, 0, big.length));
        assertThrows(IndexOutOfBoundsException.class, () -> sm3.update(ctx, big, big.length, 1));
        assertThrows(IndexOutOfBoundsException.class, () -> sm3.update(ctx, big, -1, 1));
        assertThrows(IndexOutOfBoundsException.class, () -> sm3.finish(ctx, new byte[40], 9));
        JniSm4 sm4 = new JniSm4(NativeCrypto.cipherFetch("SM4-CTR"));
        assertThrows(IllegalArgumentException.class, () -> sm4.newContext(true, new byte[15], new byte[16]));
        assertThrows(IllegalArgumentException.class, () -> sm4.newContext(true, new byte[16], new byte[8]));
        NativeHandle cipher = sm4.newContext(true, new byte[16], new byte[16]);
        assertThrows(IllegalArgumentException.class, () -> sm4.update(cipher, big, 0, big.length, big, 0));
        assertThrows(IndexOutOfBoundsException.class, () -> sm4.update(cipher, new byte[32], 0, 32, new byte[16], 0));
        sm4.free(cipher);
        ctx.close();
    }

    @BeforeAll
    static void load() throws Exception {
        assertEquals(Set.of(Algorithm.values()), JNI.load(), "this machine has gcc and libcrypto 3.x");
        assertTrue(JNI.details().contains("libcrypto"), JNI.details());
    }

    static List<Vectors.Record> vectors() {
        return Vectors.all("SM3");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("vectors")
    void knownAnswersOneShotByteByByteAndInChunks(Vectors.Record record) {
        byte[] message = record.message();
        byte[] expected = record.hex("expected");
        DigestEngine sm3 = JNI.newDigest(Algorithm.SM3);
        assertEquals(32, sm3.digestLength());
        byte[] out = new byte[35];
        sm3.update(message, 0, message.length);
        sm3.digest(out, 3);
        assertArrayEquals(expected, java.util.Arrays.copyOfRange(out, 3, 35), "one shot");
        if (message.length <= 100_000) {
            for (byte b : message) {
                sm3.update(b);
            }
            sm3.digest(out, 0);
            assertArrayEquals(expected, java.util.Arrays.copyOf(out, 32), "byte by byte");
        }
        long seed = System.nanoTime();
        Chunks.feed(new Random(seed), message.length, 3 * LibcryptoBackend.CHUNK, (off, len) -> sm3.update(message, off, len));
        sm3.digest(out, 0);
        assertArrayEquals(expected, java.util.Arrays.copyOf(out, 32), "in chunks, seed " + seed);
    }

    @Test
    void copyResetAndLongInputsEqualTheJavaEngine() {
        Random random = new Random(7);
        DigestEngine java = new JavaBackend().newDigest(Algorithm.SM3);
        DigestEngine jni = JNI.newDigest(Algorithm.SM3);
        byte[] prefix = new byte[1000];
        byte[] rest = new byte[5 * LibcryptoBackend.CHUNK + 17];
        random.nextBytes(prefix);
        random.nextBytes(rest);
        java.update(prefix, 0, prefix.length);
        jni.update(prefix, 0, prefix.length);
        DigestEngine copy = jni.copy();
        java.update(rest, 0, rest.length);
        jni.update(rest, 0, rest.length);
        byte[] expected = new byte[32];
        byte[] actual = new byte[32];
        java.digest(expected, 0);
        jni.digest(actual, 0);
        assertArrayEquals(expected, actual, "across chunk boundaries");
        copy.update(rest, 0, rest.length);
        copy.digest(actual, 0);
        assertArrayEquals(expected, actual, "the copy went on from the prefix");
        jni.update(prefix, 0, 10);
        jni.reset();
        jni.digest(actual, 0);
        java.digest(expected, 0);
        assertArrayEquals(expected, actual, "reset forgets the input");
    }

    /** Every backend instance shares the one loaded library (a second copy would crash the JVM). */
    @Test
    void moreBackendInstancesShareTheLibrary() throws Exception {
        for (int i = 0; i < 3; i++) {
            JniBackend another = new JniBackend();
            assertEquals(Set.of(Algorithm.values()), another.load());
            DigestEngine sm3 = another.newDigest(Algorithm.SM3);
            DigestEngine copy = sm3.copy();
            byte[] out = new byte[32];
            copy.digest(out, 0);
            // SM3 of the empty message, GB/T 32905-2016's algorithm on no input (as OpenSSL gives it)
            assertEquals("1ab21d8355cfa17f8e61194831e81a8f22bec8c728fefb747ed035eb5082aa2b", java.util.HexFormat.of().formatHex(out));
        }
    }

    @Test
    void badRangesAreRefusedBeforeAnyNativeCall() {
        DigestEngine sm3 = JNI.newDigest(Algorithm.SM3);
        assertThrows(IndexOutOfBoundsException.class, () -> sm3.update(new byte[10], 5, 6));
        assertThrows(IndexOutOfBoundsException.class, () -> sm3.update(new byte[10], -1, 2));
        assertThrows(IndexOutOfBoundsException.class, () -> sm3.digest(new byte[40], 9));
        assertThrows(NullPointerException.class, () -> sm3.update(null, 0, 1));
    }

    /** A key destroyed while other threads sign with it: each call signs or refuses, none touches a freed key. */
    @Test
    void aSigningKeyDestroyedUnderUseNeverCrashes() throws Exception {
        Sm2Engine engine = JNI.newSm2();
        byte[] d = new byte[32];
        byte[] publicKey = new byte[64];
        engine.generateKeyPair(null, d, publicKey);
        for (int round = 0; round < 20; round++) {
            Sm2Engine.SigningKey key = engine.signingKey(d);
            java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(3);
            try {
                List<java.util.concurrent.Future<Integer>> signed = new java.util.ArrayList<>();
                for (int t = 0; t < 3; t++) {
                    signed.add(pool.submit(() -> {
                        Sm2Engine own = JNI.newSm2();
                        int count = 0;
                        for (int i = 0; i < 50; i++) {
                            try {
                                own.sign(key, new byte[32], null, new byte[64], 0);
                                count++;
                            } catch (IllegalArgumentException destroyed) {
                                assertEquals("the SM2 key was destroyed", destroyed.getMessage());
                            }
                        }
                        return count;
                    }));
                }
                Thread.sleep(round % 4);
                key.destroy();
                for (java.util.concurrent.Future<Integer> result : signed) {
                    assertTrue(result.get() <= 50);
                }
            } finally {
                pool.shutdownNow();
            }
        }
    }

    /**
     * A libcrypto named by the property in a folder others may write is refused before it is opened
     * (the rule of core's NativePaths, tested there case by case); the backend says where and why.
     */
    @Test
    void aLibcryptoInAFolderOthersMayWriteIsRefused(@TempDir Path directory) throws Exception {
        Path folder = Files.createDirectory(directory.resolve("shared"));
        Files.setAttribute(folder, "unix:mode", 0777);
        Path library = Files.writeString(folder.resolve("libcrypto.so.3"), "never opened");
        System.setProperty(JniBackend.PATH_PROPERTY, library.toString());
        try {
            BackendUnavailableException refused = assertThrows(BackendUnavailableException.class, () -> new JniBackend().load());
            assertEquals("cannot open libcrypto (" + library + ": the folder " + folder.toRealPath()
                    + " is writable by its group or by others (rwxrwxrwx) and not sticky; refusing to load a library from it)",
                    refused.getMessage());
        } finally {
            System.clearProperty(JniBackend.PATH_PROPERTY);
        }
    }
}
