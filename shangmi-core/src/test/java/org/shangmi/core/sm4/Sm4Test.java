package org.shangmi.core.sm4;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;
import org.shangmi.core.testing.Vectors;

/** SM4 blocks: published vectors, both paths (single block and 64-lane) against each other, the transpose. */
class Sm4Test {

    static List<Vectors.Record> ecbVectors() {
        return Vectors.all("SM4-ECB");
    }

    @ParameterizedTest
    @MethodSource("ecbVectors")
    void knownAnswersOnBothPaths(Vectors.Record record) {
        Sm4 sm4 = new Sm4(record.hex("key"));
        byte[] plaintext = record.hex("msg");
        byte[] expected = record.hex("ct");
        byte[] single = new byte[plaintext.length];
        for (int off = 0; off < plaintext.length; off += Sm4.BLOCK_SIZE) {
            sm4.encryptBlock(plaintext, off, single, off);
        }
        assertArrayEquals(expected, single, record.id());
        // the same blocks in every lane of a 64-block pass
        int blocks = plaintext.length / Sm4.BLOCK_SIZE;
        byte[] many = new byte[64 * plaintext.length];
        for (int i = 0; i < 64; i++) {
            System.arraycopy(plaintext, 0, many, i * plaintext.length, plaintext.length);
        }
        sm4.encryptBlocks(many, 0, many, 0, 64 * blocks);
        for (int i = 0; i < 64; i++) {
            assertArrayEquals(expected, Arrays.copyOfRange(many, i * plaintext.length, (i + 1) * plaintext.length), "lane " + i);
        }
        sm4.decryptBlocks(many, 0, many, 0, 64 * blocks);
        for (int i = 0; i < 64; i++) {
            assertArrayEquals(plaintext, Arrays.copyOfRange(many, i * plaintext.length, (i + 1) * plaintext.length));
        }
        sm4.decryptBlock(expected, 0, single, 0);
        assertArrayEquals(Arrays.copyOf(plaintext, Sm4.BLOCK_SIZE), Arrays.copyOf(single, Sm4.BLOCK_SIZE));
    }

    /** GB/T 32907-2016 annex A.2: the example encrypted a million times with the same key. */
    @Test
    void millionIterations() {
        for (Vectors.Record record : Vectors.all("SM4-ECB-ITERATED")) {
            Sm4 sm4 = new Sm4(record.hex("key"));
            byte[] block = record.hex("msg");
            int iterations = Integer.parseInt(record.text("iterations"));
            for (int i = 0; i < iterations; i++) {
                sm4.encryptBlock(block, 0, block, 0);
            }
            assertArrayEquals(record.hex("ct"), block, record.id());
        }
    }

    /** Every count from 0 to 200 blocks, at offsets, in place and not: the bulk path equals block by block. */
    @Test
    void bulkEqualsSingleBlocksForEveryCount() {
        long seed = System.nanoTime();
        Random random = new Random(seed);
        byte[] key = new byte[16];
        random.nextBytes(key);
        Sm4 sm4 = new Sm4(key);
        for (int count = 0; count <= 200; count++) {
            byte[] input = new byte[3 + count * 16];
            random.nextBytes(input);
            byte[] expected = new byte[count * 16];
            for (int i = 0; i < count; i++) {
                sm4.encryptBlock(input, 3 + 16 * i, expected, 16 * i);
            }
            byte[] output = new byte[5 + count * 16];
            sm4.encryptBlocks(input, 3, output, 5, count);
            assertArrayEquals(expected, Arrays.copyOfRange(output, 5, output.length), count + " blocks, seed " + seed);
            byte[] inPlace = input.clone();
            sm4.encryptBlocks(inPlace, 3, inPlace, 3, count);
            assertArrayEquals(expected, Arrays.copyOfRange(inPlace, 3, inPlace.length), "in place");
            sm4.decryptBlocks(inPlace, 3, inPlace, 3, count);
            assertArrayEquals(input, inPlace, "decrypts back");
        }
    }

    @Test
    void transposeMatchesTheDefinition() {
        Random random = new Random(9);
        for (int off : new int[] {0, 5, 64}) {
            long[] a = new long[off + 64 + 3];
            for (int i = 0; i < a.length; i++) {
                a[i] = random.nextLong();
            }
            long[] t = a.clone();
            Sm4Bitsliced.transpose(t, off);
            for (int r = 0; r < 64; r++) {
                for (int c = 0; c < 64; c++) {
                    assertEquals((a[off + r] >>> c) & 1, (t[off + c] >>> r) & 1, "(" + r + ", " + c + ")");
                }
            }
            assertArrayEquals(Arrays.copyOf(a, off), Arrays.copyOf(t, off), "before the matrix");
            assertArrayEquals(Arrays.copyOfRange(a, off + 64, a.length), Arrays.copyOfRange(t, off + 64, t.length), "after it");
        }
    }

    /** The half transpose of the 16-lane path is the 64 × 64 one on a matrix whose rows 32..63 are zero. */
    @Test
    void halfTransposeMatchesTheFullOne() {
        Random random = new Random(10);
        long[] full = new long[64];
        for (int m = 0; m < 64; m++) {
            full[m] = random.nextLong() & 0xffffffffL;
        }
        long[] half = new long[32];
        for (int m = 0; m < 32; m++) {
            half[m] = full[m] | (full[m + 32] << 32); // the first stage
        }
        Sm4Bitsliced.transpose(full, 0);
        Sm4Sliced16.transposeUpperHalf(half);
        assertArrayEquals(Arrays.copyOf(full, 32), half);
        for (int r = 32; r < 64; r++) {
            assertEquals(0, full[r], "row " + r + " of a matrix with 32 columns");
        }
        Sm4Sliced16.transposeUpperHalf(half);
        Sm4Bitsliced.transpose(full, 0);
        for (int m = 0; m < 32; m++) {
            assertEquals(full[m] | (full[m + 32] << 32), half[m], "back, row " + m);
        }
    }

    @Test
    void refusesBadKeysAndRanges() {
        assertThrows(IllegalArgumentException.class, () -> new Sm4(new byte[15]));
        assertThrows(IllegalArgumentException.class, () -> new Sm4(new byte[32]));
        assertThrows(NullPointerException.class, () -> new Sm4(null));
        Sm4 sm4 = new Sm4(new byte[16]);
        assertThrows(IndexOutOfBoundsException.class, () -> sm4.encryptBlock(new byte[15], 0, new byte[16], 0));
        assertThrows(IndexOutOfBoundsException.class, () -> sm4.encryptBlock(new byte[16], 1, new byte[16], 0));
        assertThrows(IndexOutOfBoundsException.class, () -> sm4.encryptBlocks(new byte[64], 0, new byte[64], 0, 5));
        assertThrows(IllegalArgumentException.class, () -> sm4.encryptBlocks(new byte[64], 0, new byte[64], 0, -1));
    }
}
