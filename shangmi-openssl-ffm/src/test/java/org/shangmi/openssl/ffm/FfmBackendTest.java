package org.shangmi.openssl.ffm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.shangmi.core.testing.BackendChecks.digest;
import static org.shangmi.core.testing.BackendChecks.java;
import static org.shangmi.core.testing.BackendChecks.javaMac;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.shangmi.core.backend.Algorithm;
import org.shangmi.core.backend.BackendService;
import org.shangmi.core.backend.DigestEngine;
import org.shangmi.core.backend.MacEngine;
import org.shangmi.core.javabackend.JavaBackend;
import org.shangmi.core.libcrypto.LibcryptoBackend;
import org.shangmi.core.testing.Chunks;
import org.shangmi.core.testing.LibcryptoBindingTests;

/**
 * The backend's native side: inputs across the chunk size, copies, every refused argument (the JVM
 * must survive each with the right exception), OpenSSL's error reasons, use after close, threads.
 * Known answers and the cross-checks through the JCA are in shangmi-provider's tests, which run
 * on every backend.
 */
class FfmBackendTest extends LibcryptoBindingTests {

    private static final FfmBackend FFM = new FfmBackend();
    private static final JavaBackend JAVA = new JavaBackend();

    @Override
    protected BackendService backend() {
        return FFM;
    }

    @Override
    protected long pendingError() {
        return LibCrypto.errGetError();
    }

    @Override
    protected BackendService unloaded() {
        return new FfmBackend();
    }

    @BeforeAll
    static void load() throws Exception {
        assertEquals(Set.of(Algorithm.SM2, Algorithm.SM3, Algorithm.HMAC_SM3, Algorithm.SM4), FFM.load());
    }

    @Test
    void detailsNameTheVersionAndTheLibrary() {
        assertTrue(FFM.details().startsWith("OpenSSL 3."), FFM.details());
        assertTrue(FFM.details().contains("libcrypto"), FFM.details());
    }

    @Test
    void digestsEqualJavaAcrossTheChunkSize() {
        Random random = new Random(1);
        DigestEngine ours = FFM.newDigest(Algorithm.SM3);
        DigestEngine reference = JAVA.newDigest(Algorithm.SM3);
        for (int length : new int[] {0, 1, 55, 56, 64, 65, LibcryptoBackend.CHUNK - 1, LibcryptoBackend.CHUNK, LibcryptoBackend.CHUNK + 1,
                3 * LibcryptoBackend.CHUNK + 17}) {
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
    void updatesEachSideOfTheScratchSizeEqualJava() {
        Random random = new Random(3);
        DigestEngine digest = FFM.newDigest(Algorithm.SM3);
        MacEngine mac = FFM.newMac(Algorithm.HMAC_SM3);
        byte[] key = new byte[32];
        random.nextBytes(key);
        mac.init(key, 0, key.length);
        int size = NativeScratch.SIZE;
        for (int length : new int[] {1, 32, size - 1, size, size + 1, 2 * size + 3}) {
            byte[] message = new byte[length + 9];
            random.nextBytes(message);
            byte[] body = Arrays.copyOfRange(message, 4, 4 + length);
            // two updates of this length at an offset, so that a short one leaves the buffer between calls
            digest.update(message, 4, length);
            digest.update(message, 4, length);
            mac.update(message, 4, length);
            mac.update(message, 4, length);
            byte[] twice = new byte[2 * length];
            System.arraycopy(body, 0, twice, 0, length);
            System.arraycopy(body, 0, twice, length, length);
            byte[] out = new byte[37];
            digest.digest(out, 3);
            assertArrayEquals(java(twice), Arrays.copyOfRange(out, 3, 35), "digest, updates of " + length);
            mac.doFinal(out, 5);
            assertArrayEquals(javaMac(key, twice), Arrays.copyOfRange(out, 5, 37), "HMAC, updates of " + length);
        }
    }

    @Test
    void theScratchKeepsNothingOnceWiped() {
        NativeScratch scratch = new NativeScratch();
        byte[] secret = new byte[NativeScratch.SIZE];
        Arrays.fill(secret, (byte) 0x5a);
        MemorySegment copy = scratch.input(secret, 0, secret.length);
        byte[] back = new byte[secret.length];
        scratch.copyOut(back, 0, back.length);
        assertArrayEquals(secret, back);
        scratch.wipe(secret.length);
        assertArrayEquals(new byte[NativeScratch.SIZE], copy.toArray(ValueLayout.JAVA_BYTE), "wiped");
        assertEquals(NativeScratch.SIZE, copy.byteSize(), "the scratch is no larger than its size");
        assertTrue(NativeScratch.fits(NativeScratch.SIZE) && !NativeScratch.fits(NativeScratch.SIZE + 1));
    }

    @Test
    void aCopyGoesItsOwnWay() {
        byte[] abc = "abc".getBytes(StandardCharsets.US_ASCII);
        DigestEngine first = FFM.newDigest(Algorithm.SM3);
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
                    DigestEngine digest = FFM.newDigest(Algorithm.SM3);
                    MacEngine mac = FFM.newMac(Algorithm.HMAC_SM3);
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
