package org.shangmi.provider;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.ByteBuffer;
import java.security.GeneralSecurityException;
import java.security.spec.AlgorithmParameterSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import javax.crypto.AEADBadTagException;
import javax.crypto.BadPaddingException;
import javax.crypto.Cipher;
import javax.crypto.ShortBufferException;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.shangmi.core.testing.Chunks;

/**
 * Every SM4 cipher through ByteBuffers of each kind (heap at an array offset, direct, and the two
 * mixed), one-shot and in random update() chunks, across the 4 KiB chunks a direct buffer goes
 * through; the results against Bouncy Castle's (XTS, which it lacks, against our array path,
 * which the vector tests check). A failing doFinal releases nothing and moves no position.
 */
class Sm4ByteBufferTest {

    private static final int[] LENGTHS = {0, 100, 4096, 10_007};

    static Stream<Arguments> ciphers() {
        List<Arguments> cases = new ArrayList<>();
        for (ShangMiProvider provider : Providers.serving("SM4")) {
            for (String transformation : List.of("SM4/CBC/PKCS5Padding", "SM4/CTR/NoPadding", "SM4/CFB8/NoPadding",
                    "SM4/GCM/NoPadding", "SM4/CCM/NoPadding", "SM4/XTS/NoPadding")) {
                cases.add(Arguments.of(transformation, provider.backendFor("SM4"), provider));
            }
        }
        return cases.stream();
    }

    @ParameterizedTest
    @MethodSource("ciphers")
    void everyKindOfBufferGivesTheReferenceResult(String transformation, Object backend, ShangMiProvider provider)
            throws Exception {
        long seed = System.nanoTime();
        Random random = new Random(seed);
        boolean xts = transformation.contains("XTS");
        for (int length : LENGTHS) {
            if (xts && length < 16) {
                continue; // XTS needs a whole block
            }
            SecretKeySpec key = new SecretKeySpec(bytes(random, xts ? 32 : 16), "SM4");
            AlgorithmParameterSpec parameters = transformation.contains("GCM") ? new GCMParameterSpec(128, bytes(random, 12))
                    : transformation.contains("CCM") ? new GCMParameterSpec(128, bytes(random, 12))
                    : new IvParameterSpec(bytes(random, 16));
            byte[] plaintext = bytes(random, length);
            byte[] ciphertext = reference(transformation, provider, key, parameters, plaintext);
            for (Kind in : Kind.values()) {
                for (Kind out : Kind.values()) {
                    String context = transformation + " on " + backend + ", " + length + " bytes, " + in + " to " + out
                            + ", seed " + seed;
                    // a new Cipher per encryption: GCM and CCM refuse to encrypt twice under one key and IV
                    Cipher cipher = Cipher.getInstance(transformation, provider);
                    cipher.init(Cipher.ENCRYPT_MODE, key, parameters);
                    assertArrayEquals(ciphertext, oneShot(cipher, plaintext, in, out), "encrypt, " + context);
                    cipher = Cipher.getInstance(transformation, provider);
                    cipher.init(Cipher.ENCRYPT_MODE, key, parameters);
                    assertArrayEquals(ciphertext, inChunks(cipher, plaintext, in, out, random), "encrypt in chunks, " + context);
                    cipher.init(Cipher.DECRYPT_MODE, key, parameters);
                    assertArrayEquals(plaintext, oneShot(cipher, ciphertext, in, out), "decrypt, " + context);
                    cipher.init(Cipher.DECRYPT_MODE, key, parameters);
                    assertArrayEquals(plaintext, inChunks(cipher, ciphertext, in, out, random), "decrypt in chunks, " + context);
                }
            }
        }
    }

    /** A bad padding or tag: the output buffer holds no plaintext, and neither position moved. */
    @ParameterizedTest
    @MethodSource("ciphers")
    void aFailedDoFinalReleasesNothing(String transformation, Object backend, ShangMiProvider provider) throws Exception {
        boolean gcm = transformation.contains("GCM");
        if (!gcm && !transformation.contains("CCM") && !transformation.contains("PKCS5")) {
            return; // nothing to fail on
        }
        Random random = new Random(5);
        SecretKeySpec key = new SecretKeySpec(bytes(random, 16), "SM4");
        AlgorithmParameterSpec parameters = transformation.contains("CBC") ? new IvParameterSpec(bytes(random, 16))
                : new GCMParameterSpec(128, bytes(random, 12));
        Cipher cipher = Cipher.getInstance(transformation, provider);
        cipher.init(Cipher.ENCRYPT_MODE, key, parameters);
        byte[] tampered = cipher.doFinal(new byte[10_000]);
        tampered[tampered.length - 1] ^= 1;
        for (Kind in : Kind.values()) {
            for (Kind out : Kind.values()) {
                cipher.init(Cipher.DECRYPT_MODE, key, parameters);
                ByteBuffer source = in.holding(tampered);
                ByteBuffer target = out.empty(tampered.length + 32);
                int sourceStart = source.position();
                int targetStart = target.position();
                Class<? extends BadPaddingException> expected = transformation.contains("CBC") ? BadPaddingException.class
                        : AEADBadTagException.class;
                assertThrows(expected, () -> cipher.doFinal(source, target), in + " to " + out);
                assertEquals(sourceStart, source.position(), "input position, " + in + " to " + out);
                assertEquals(targetStart, target.position(), "output position, " + in + " to " + out);
                for (int i = 0; i < target.limit(); i++) {
                    assertEquals(0, target.get(i), "byte " + i + " of the output, " + in + " to " + out);
                }
            }
        }
    }

    @ParameterizedTest
    @MethodSource("ciphers")
    void aShortOutputBufferMovesNothing(String transformation, Object backend, ShangMiProvider provider) throws Exception {
        boolean aead = transformation.contains("GCM") || transformation.contains("CCM");
        byte[] rawKey = new byte[transformation.contains("XTS") ? 32 : 16];
        for (int i = 0; i < rawKey.length; i++) {
            rawKey[i] = (byte) i; // XTS's halves must differ
        }
        SecretKeySpec key = new SecretKeySpec(rawKey, "SM4");
        AlgorithmParameterSpec parameters = aead ? new GCMParameterSpec(128, new byte[12]) : new IvParameterSpec(new byte[16]);
        for (Kind in : Kind.values()) {
            for (Kind out : Kind.values()) {
                Cipher cipher = Cipher.getInstance(transformation, provider);
                cipher.init(Cipher.ENCRYPT_MODE, key, parameters);
                ByteBuffer source = in.holding(new byte[5000]);
                ByteBuffer target = out.empty(100);
                assertThrows(ShortBufferException.class, () -> cipher.doFinal(source, target), in + " to " + out);
                assertEquals(Kind.START, source.position(), "input position, " + in + " to " + out);
                assertEquals(Kind.START, target.position(), "output position, " + in + " to " + out);
            }
        }
    }

    private static byte[] reference(String transformation, ShangMiProvider provider, SecretKeySpec key,
            AlgorithmParameterSpec parameters, byte[] plaintext) throws GeneralSecurityException {
        Cipher cipher = transformation.contains("XTS") ? Cipher.getInstance(transformation, provider)
                : Cipher.getInstance(transformation, Providers.bouncyCastle());
        cipher.init(Cipher.ENCRYPT_MODE, key, parameters);
        return cipher.doFinal(plaintext);
    }

    private static byte[] oneShot(Cipher cipher, byte[] input, Kind in, Kind out) throws GeneralSecurityException {
        ByteBuffer source = in.holding(input);
        ByteBuffer target = out.empty(cipher.getOutputSize(input.length));
        int start = target.position();
        int written = cipher.doFinal(source, target);
        assertEquals(0, source.remaining(), "all input consumed");
        assertEquals(start + written, target.position(), "the output position moves by the bytes written");
        return written(target, start);
    }

    private static byte[] inChunks(Cipher cipher, byte[] input, Kind in, Kind out, Random random) throws Exception {
        ByteBuffer target = out.empty(cipher.getOutputSize(input.length) + 64);
        int start = target.position();
        Chunks.feed(random, input.length, 6000, (offset, length) -> {
            byte[] piece = new byte[length];
            System.arraycopy(input, offset, piece, 0, length);
            try {
                cipher.update(in.holding(piece), target);
            } catch (ShortBufferException e) {
                throw new AssertionError(e);
            }
        });
        cipher.doFinal(in.holding(new byte[0]), target);
        return written(target, start);
    }

    private static byte[] written(ByteBuffer target, int start) {
        byte[] result = new byte[target.position() - start];
        target.get(start, result);
        return result;
    }

    private static byte[] bytes(Random random, int length) {
        byte[] out = new byte[length];
        random.nextBytes(out);
        return out;
    }

    /** Heap buffers are slices of a larger array (a nonzero array offset); both kinds start at position 3. */
    enum Kind {
        HEAP, DIRECT;

        static final int START = 3;

        ByteBuffer holding(byte[] content) {
            ByteBuffer buffer = empty(content.length);
            buffer.put(content);
            buffer.position(buffer.position() - content.length);
            return buffer;
        }

        ByteBuffer empty(int capacity) {
            ByteBuffer buffer = this == HEAP ? ByteBuffer.wrap(new byte[capacity + 20], 7, capacity + 10).slice()
                    : ByteBuffer.allocateDirect(capacity + START);
            buffer.position(START);
            buffer.limit(START + capacity);
            return buffer;
        }
    }
}
