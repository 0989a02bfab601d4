package org.shangmi.vector;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.shangmi.core.backend.AeadEngine;
import org.shangmi.core.backend.CipherEngine;
import org.shangmi.core.backend.CipherMode;
import org.shangmi.core.sm4.Sm4;
import org.shangmi.core.sm4.Sm4Gcm;
import org.shangmi.core.sm4.Sm4Modes;
import org.shangmi.core.sm4.Sm4Rounds;
import org.shangmi.core.testing.Vectors;

/**
 * The vector rounds on the published vectors, on the single-block and the many-block paths, and
 * against the circuit engine for every block count around the pass width, with offsets, in place
 * and not, and for counters that wrap.
 */
class VectorSm4RoundsTest {

    private static final int LANES = VectorSm4Rounds.LANES;

    static List<Vectors.Record> ecbVectors() {
        return Vectors.all("SM4-ECB");
    }

    @ParameterizedTest
    @MethodSource("ecbVectors")
    void knownAnswersOneBlockAtATimeAndInEveryBatchSize(Vectors.Record record) {
        Sm4 sm4 = new Sm4(record.hex("key"), VectorSm4Rounds::new);
        byte[] plaintext = record.hex("msg");
        byte[] expected = record.hex("ct");
        byte[] single = new byte[plaintext.length];
        for (int off = 0; off < plaintext.length; off += 16) {
            sm4.encryptBlock(plaintext, off, single, off);
        }
        assertArrayEquals(expected, single, record.id());
        for (int off = 0; off < plaintext.length; off += 16) {
            sm4.decryptBlock(single, off, single, off);
        }
        assertArrayEquals(plaintext, single, record.id() + " decrypted");
        int blocks = plaintext.length / 16;
        for (int copies = 1; copies <= 2 * LANES + 1; copies++) {
            byte[] many = new byte[copies * plaintext.length];
            for (int c = 0; c < copies; c++) {
                System.arraycopy(plaintext, 0, many, c * plaintext.length, plaintext.length);
            }
            sm4.encryptBlocks(many, 0, many, 0, copies * blocks);
            for (int c = 0; c < copies; c++) {
                assertArrayEquals(expected, Arrays.copyOfRange(many, c * plaintext.length, (c + 1) * plaintext.length),
                        record.id() + " copy " + c + " of " + copies);
            }
            sm4.decryptBlocks(many, 0, many, 0, copies * blocks);
            for (int c = 0; c < copies; c++) {
                assertArrayEquals(plaintext, Arrays.copyOfRange(many, c * plaintext.length, (c + 1) * plaintext.length));
            }
        }
    }

    /** GB/T 32907-2016 annex A.2: the example encrypted a million times, on the single-block path. */
    @Test
    void millionIterations() {
        for (Vectors.Record record : Vectors.all("SM4-ECB-ITERATED")) {
            Sm4 sm4 = new Sm4(record.hex("key"), VectorSm4Rounds::new);
            byte[] block = record.hex("msg");
            int iterations = Integer.parseInt(record.text("iterations"));
            for (int i = 0; i < iterations; i++) {
                sm4.encryptBlock(block, 0, block, 0);
            }
            assertArrayEquals(record.hex("ct"), block, record.id());
        }
    }

    @Test
    void everyBlockCountAtOffsetsEqualsTheCircuitEngine() {
        Random random = new Random(16);
        byte[] key = new byte[16];
        random.nextBytes(key);
        Sm4 vector = new Sm4(key, VectorSm4Rounds::new);
        Sm4 circuit = new Sm4(key);
        for (int count = 0; count <= 3 * LANES + 2; count++) {
            byte[] input = new byte[16 * count + 5];
            random.nextBytes(input);
            byte[] expected = new byte[16 * count + 7];
            byte[] actual = new byte[16 * count + 7];
            circuit.encryptBlocks(input, 5, expected, 7, count);
            vector.encryptBlocks(input, 5, actual, 7, count);
            assertArrayEquals(expected, actual, "encrypt " + count);
            circuit.decryptBlocks(input, 5, expected, 7, count);
            vector.decryptBlocks(input, 5, actual, 7, count);
            assertArrayEquals(expected, actual, "decrypt " + count);
            byte[] inPlace = input.clone();
            vector.encryptBlocks(inPlace, 5, inPlace, 5, count);
            circuit.encryptBlocks(input, 5, input, 5, count);
            assertArrayEquals(input, inPlace, "in place " + count);
        }
    }

    @Test
    void counterModeEqualsTheCircuitEngineAcrossPassesAndWraps() {
        Random random = new Random(17);
        byte[] key = new byte[16];
        random.nextBytes(key);
        byte[][] ivs = {new byte[16], filled(0xff), halfFilled()};
        random.nextBytes(ivs[0]);
        for (byte[] iv : ivs) {
            for (int length : new int[] {1, 15, 16, 17, 16 * LANES - 1, 16 * LANES + 3, 16 * 64 + 16 * LANES + 9, 5000}) {
                byte[] input = new byte[length];
                random.nextBytes(input);
                byte[] expected = new byte[length];
                Sm4Modes.create(CipherMode.CTR, true, key, iv).update(input, 0, length, expected, 0);
                CipherEngine ctr = Sm4Modes.create(CipherMode.CTR, true, key, iv, VectorSm4Rounds::new);
                byte[] actual = new byte[length];
                int at = 0;
                for (int piece = 1; at < length; piece = piece * 3 + 1) {
                    int n = Math.min(piece, length - at);
                    ctr.update(input, at, n, actual, at);
                    at += n;
                }
                assertArrayEquals(expected, actual, "CTR " + length + " from " + Arrays.toString(iv));
            }
        }
    }

    @Test
    void narrowCountersWrapWithinTheirBitsAsTheDefinitionSays() {
        Random random = new Random(18);
        byte[] key = new byte[16];
        random.nextBytes(key);
        Sm4 reference = new Sm4(key);
        Sm4Rounds[] made = new Sm4Rounds[1];
        new Sm4(key, (e, d) -> made[0] = new VectorSm4Rounds(e, d));
        for (int bits : new int[] {32, 64, 128}) {
            int count = 2 * LANES + 3;
            long high = 0x0123456789abcdefL;
            long low = bits == 32 ? 0x55555555fffffffdL : -3L;
            byte[] input = new byte[16 * count];
            random.nextBytes(input);
            byte[] expected = new byte[16 * count];
            for (int b = 0; b < count; b++) {
                // counter b: the low `bits` bits of low ‖ high advance by b, modulo 2^bits
                long lowValue = low + b;
                long highValue = high;
                if (bits == 32) {
                    lowValue = (low & 0xffffffff00000000L) | ((low + b) & 0xffffffffL);
                } else if (bits == 128 && Long.compareUnsigned(lowValue, low) < 0) {
                    highValue = high + 1;
                }
                byte[] block = new byte[16];
                for (int n = 0; n < 8; n++) {
                    block[n] = (byte) (highValue >>> (56 - 8 * n));
                    block[8 + n] = (byte) (lowValue >>> (56 - 8 * n));
                }
                reference.encryptBlock(block, 0, block, 0);
                for (int n = 0; n < 16; n++) {
                    expected[16 * b + n] = (byte) (input[16 * b + n] ^ block[n]);
                }
            }
            long[] counter = {high, low};
            byte[] actual = new byte[16 * count];
            made[0].cryptCounters(counter, bits, input, 0, actual, 0, count);
            assertArrayEquals(expected, actual, bits + "-bit counter");
        }
    }

    @Test
    void gcmEqualsTheCircuitEngine() {
        Random random = new Random(19);
        byte[] key = new byte[16];
        random.nextBytes(key);
        byte[] message = new byte[16 * (2 * LANES + 5) + 7];
        random.nextBytes(message);
        for (int ivLength : new int[] {12, 16, 1}) {
            byte[] iv = new byte[ivLength];
            random.nextBytes(iv);
            AeadEngine expected = new Sm4Gcm(key, iv, 16);
            AeadEngine actual = new Sm4Gcm(key, iv, 16, VectorSm4Rounds::new);
            byte[] a = new byte[message.length + 16];
            byte[] b = new byte[message.length + 16];
            expected.encrypt(message, 0, message.length, a, 0);
            expected.finishEncryption(a, message.length);
            actual.encrypt(message, 0, message.length, b, 0);
            actual.finishEncryption(b, message.length);
            assertArrayEquals(a, b, "GCM, IV of " + ivLength);
        }
    }

    private static byte[] filled(int value) {
        byte[] result = new byte[16];
        Arrays.fill(result, (byte) value);
        return result;
    }

    /** A counter whose low 64 bits are about to carry into the high half. */
    private static byte[] halfFilled() {
        byte[] result = filled(0xff);
        Arrays.fill(result, 0, 8, (byte) 0x12);
        result[15] = (byte) 0xf0;
        return result;
    }
}
