package org.shangmi.vector;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.shangmi.core.backend.AeadEngine;
import org.shangmi.core.sm4.GhashPasses;
import org.shangmi.core.sm4.Sm4Gcm;
import org.shangmi.core.testing.Vectors;

/**
 * GHASH on vectors: against the JDK's AES-GCM, whose GHASH is the same function of H (recovered
 * from its tags for runs of every length around the pass width), on RFC 8998's SM4-GCM example,
 * and inside SM4-GCM against the core's scalar GHASH for data fed in uneven pieces.
 */
class VectorGhashTest {

    private static final int LANES = VectorGhash.LANES;

    /** The passes without the gate: the vector code itself, whatever the warm-up says. */
    private static final GhashPasses.Factory DIRECT = new GhashPasses.Factory() {
        @Override
        public int maxPassBlocks() {
            return VectorGhash.MAX_PASS_BLOCKS;
        }

        @Override
        public GhashPasses create(long[] powers) {
            return new VectorGhash(powers);
        }
    };

    static List<Vectors.Record> gcmVectors() {
        return Vectors.all("SM4-GCM");
    }

    @ParameterizedTest
    @MethodSource("gcmVectors")
    void rfc8998(Vectors.Record record) {
        AeadEngine gcm = new Sm4Gcm(record.hex("key"), record.hex("iv"), 16, VectorSm4Rounds::new, DIRECT);
        byte[] aad = record.hex("aad");
        byte[] message = record.hex("msg");
        byte[] sealed = new byte[message.length + 16];
        gcm.updateAad(aad, 0, aad.length);
        gcm.encrypt(message, 0, message.length, sealed, 0);
        gcm.finishEncryption(sealed, message.length);
        byte[] expected = ByteBuffer.allocate(sealed.length).put(record.hex("ct")).put(record.hex("tag")).array();
        assertArrayEquals(expected, sealed, record.id());
    }

    /**
     * GHASH_H(A, C) = tag ⊕ E(J0) for the JDK's AES-GCM, with H = E(0): every block count from 0 to
     * four passes and more, with associated data of several lengths, through the passes (and the
     * bit-by-bit multiplication of SP 800-38D for the blocks after the last whole pass).
     */
    @Test
    void equalsTheGhashOfTheJdksAesGcm() throws Exception {
        Random random = new Random(41);
        for (int trial = 0; trial < 6; trial++) {
            byte[] key = new byte[16];
            random.nextBytes(key);
            SecretKeySpec aesKey = new SecretKeySpec(key, "AES");
            Cipher ecb = Cipher.getInstance("AES/ECB/NoPadding");
            ecb.init(Cipher.ENCRYPT_MODE, aesKey);
            byte[] h = ecb.doFinal(new byte[16]);
            long[] powers = powers(h, VectorGhash.MAX_PASS_BLOCKS);
            VectorGhash passes = new VectorGhash(powers);
            for (int blocks = 0; blocks <= 4 * LANES + 3; blocks++) {
                byte[] iv = new byte[12];
                random.nextBytes(iv);
                byte[] aad = new byte[new int[] {0, 5, 16, 16 * LANES + 1}[(blocks + trial) % 4]];
                random.nextBytes(aad);
                byte[] plaintext = new byte[16 * blocks - (blocks > 0 && trial % 2 == 1 ? 3 : 0)];
                random.nextBytes(plaintext);
                Cipher gcm = Cipher.getInstance("AES/GCM/NoPadding");
                gcm.init(Cipher.ENCRYPT_MODE, aesKey, new GCMParameterSpec(128, iv));
                gcm.updateAAD(aad);
                byte[] sealed = gcm.doFinal(plaintext);
                byte[] j0 = Arrays.copyOf(iv, 16);
                j0[15] = 1;
                byte[] expected = ecb.doFinal(j0);
                for (int i = 0; i < 16; i++) {
                    expected[i] ^= sealed[plaintext.length + i];
                }
                byte[] input = ghashInput(aad, Arrays.copyOf(sealed, plaintext.length));
                long[] y = new long[2];
                int done = passes.absorb(y, input, 0, input.length / 16);
                assertEquals(input.length / 16 / LANES * LANES, done, "whole passes only");
                for (int b = done; b < input.length / 16; b++) {
                    long[] product = multiply(y[0] ^ ByteBuffer.wrap(input, 16 * b, 8).getLong(),
                            y[1] ^ ByteBuffer.wrap(input, 16 * b + 8, 8).getLong(), powers[0], powers[1]);
                    y[0] = product[0];
                    y[1] = product[1];
                }
                byte[] actual = ByteBuffer.allocate(16).putLong(y[0]).putLong(y[1]).array();
                assertArrayEquals(expected, actual, blocks + " blocks, " + aad.length + " bytes of AAD, trial " + trial);
            }
            passes.wipe();
        }
    }

    /** SM4-GCM with vector passes equals the core's scalar GHASH, both ways, for data in uneven pieces. */
    @Test
    void gcmEqualsTheScalarGhashInUnevenPieces() {
        Random random = new Random(43);
        for (int trial = 0; trial < 40; trial++) {
            byte[] key = new byte[16];
            random.nextBytes(key);
            byte[] iv = new byte[trial % 3 == 0 ? 1 + random.nextInt(40) : 12];
            random.nextBytes(iv);
            byte[] aad = new byte[random.nextInt(16 * 3 * LANES)];
            random.nextBytes(aad);
            byte[] message = new byte[random.nextInt(16 * 6 * LANES)];
            random.nextBytes(message);
            AeadEngine scalar = new Sm4Gcm(key, iv, 16);
            AeadEngine vectors = new Sm4Gcm(key, iv, 16, VectorSm4Rounds::new, DIRECT);
            byte[] expected = sealInPieces(scalar, aad, message, new Random(trial));
            byte[] actual = sealInPieces(vectors, aad, message, new Random(trial + 1000));
            assertArrayEquals(expected, actual, "trial " + trial + ": " + aad.length + " bytes of AAD, " + message.length + " of data");
            byte[] opened = new byte[message.length];
            vectors.updateAad(aad, 0, aad.length);
            assertTrue(vectors.decrypt(actual, 0, message.length, actual, message.length, opened, 0), "trial " + trial);
            assertArrayEquals(message, opened);
            vectors.updateAad(aad, 0, aad.length);
            actual[random.nextInt(actual.length)] ^= 1;
            assertTrue(!vectors.decrypt(actual, 0, message.length, actual, message.length, opened, 0), "tampered, trial " + trial);
        }
    }

    private static byte[] sealInPieces(AeadEngine gcm, byte[] aad, byte[] message, Random pieces) {
        for (int off = 0; off < aad.length; ) {
            int length = Math.min(aad.length - off, pieces.nextInt(16 * LANES + 20));
            gcm.updateAad(aad, off, length);
            off += length;
        }
        byte[] out = new byte[message.length + 16];
        for (int off = 0; off < message.length; ) {
            int length = Math.min(message.length - off, pieces.nextInt(16 * 2 * LANES + 20));
            gcm.encrypt(message, off, length, out, off);
            off += length;
        }
        gcm.finishEncryption(out, message.length);
        return out;
    }

    /** A || 0-pad || C || 0-pad || [len(A)]64 || [len(C)]64, as GHASH reads it (SP 800-38D). */
    private static byte[] ghashInput(byte[] aad, byte[] ciphertext) {
        int aadPadded = (aad.length + 15) & ~15;
        int ciphertextPadded = (ciphertext.length + 15) & ~15;
        ByteBuffer input = ByteBuffer.allocate(aadPadded + ciphertextPadded + 16);
        input.put(aad).position(aadPadded).put(ciphertext).position(aadPadded + ciphertextPadded);
        input.putLong(8L * aad.length).putLong(8L * ciphertext.length);
        return input.array();
    }

    /** H, H², ... as big-endian word pairs. */
    private static long[] powers(byte[] h, int count) {
        long[] powers = new long[2 * count];
        powers[0] = ByteBuffer.wrap(h).getLong(0);
        powers[1] = ByteBuffer.wrap(h).getLong(8);
        for (int k = 1; k < count; k++) {
            long[] next = multiply(powers[2 * k - 2], powers[2 * k - 1], powers[0], powers[1]);
            powers[2 * k] = next[0];
            powers[2 * k + 1] = next[1];
        }
        return powers;
    }

    /** X·Y in GCM's field, bit by bit as SP 800-38D's Algorithm 1 states it. */
    private static long[] multiply(long x1, long x0, long y1, long y0) {
        long z1 = 0;
        long z0 = 0;
        long v1 = y1;
        long v0 = y0;
        for (int i = 0; i < 128; i++) {
            long bit = i < 64 ? (x1 >>> (63 - i)) & 1 : (x0 >>> (127 - i)) & 1;
            z1 ^= v1 & -bit;
            z0 ^= v0 & -bit;
            long carry = v0 & 1;
            v0 = (v0 >>> 1) | (v1 << 63);
            v1 = (v1 >>> 1) ^ (0xE100000000000000L & -carry);
        }
        return new long[] {z1, z0};
    }
}
