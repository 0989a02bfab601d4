package org.shangmi.core.sm4;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.Random;
import java.util.stream.Stream;
import org.bouncycastle.crypto.BlockCipher;
import org.bouncycastle.crypto.BufferedBlockCipher;
import org.bouncycastle.crypto.engines.SM4Engine;
import org.bouncycastle.crypto.modes.CBCBlockCipher;
import org.bouncycastle.crypto.modes.CFBBlockCipher;
import org.bouncycastle.crypto.modes.OFBBlockCipher;
import org.bouncycastle.crypto.modes.SICBlockCipher;
import org.bouncycastle.crypto.params.KeyParameter;
import org.bouncycastle.crypto.params.ParametersWithIV;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.shangmi.core.backend.CipherEngine;
import org.shangmi.core.backend.CipherMode;
import org.shangmi.core.testing.Vectors;

/** ECB, CBC, CTR, CFB and OFB engines: OpenSSL's vectors whole and in chunks, in place, and Bouncy Castle on random data. */
class Sm4ModesTest {

    static Stream<Vectors.Record> vectors() {
        return Stream.of("SM4-ECB", "SM4-CBC", "SM4-CTR", "SM4-CFB", "SM4-OFB").flatMap(name -> Vectors.all(name).stream());
    }

    @ParameterizedTest
    @MethodSource("vectors")
    void knownAnswersWholeChunkedAndInPlace(Vectors.Record record) {
        CipherMode mode = CipherMode.valueOf(record.algorithm().substring("SM4-".length()));
        byte[] key = record.hex("key");
        byte[] iv = mode.needsIv() ? record.hex("iv") : null;
        byte[] plaintext = record.hex("msg");
        byte[] ciphertext = record.hex("ct");
        long seed = System.nanoTime();
        Random random = new Random(seed);
        for (boolean encrypt : new boolean[] {true, false}) {
            byte[] in = encrypt ? plaintext : ciphertext;
            byte[] expected = encrypt ? ciphertext : plaintext;
            CipherEngine engine = Sm4Modes.create(mode, encrypt, key, iv);
            byte[] whole = new byte[in.length];
            engine.update(in, 0, in.length, whole, 0);
            assertArrayEquals(expected, whole, record.id() + (encrypt ? " encrypt" : " decrypt"));

            engine.reset();
            byte[] chunked = new byte[in.length];
            for (int done = 0; done < in.length; ) {
                int chunk = Math.min(in.length - done, mode.unit() * (1 + random.nextInt(5)) + (mode.unit() == 1 ? random.nextInt(20) : 0));
                engine.update(in, done, chunk, chunked, done);
                done += chunk;
            }
            assertArrayEquals(expected, chunked, record.id() + " in chunks, seed " + seed);

            engine.reset();
            byte[] inPlace = in.clone();
            engine.update(inPlace, 0, inPlace.length, inPlace, 0);
            assertArrayEquals(expected, inPlace, record.id() + " in place");
            engine.destroy();
        }
    }

    /** Random keys, IVs and lengths up to 5,000 bytes against Bouncy Castle's SM4 modes. */
    @Test
    void equalBouncyCastleOnRandomData() throws Exception {
        long seed = System.nanoTime();
        Random random = new Random(seed);
        for (CipherMode mode : CipherMode.values()) {
            for (int trial = 0; trial < 40; trial++) {
                byte[] key = bytes(random, 16);
                byte[] iv = mode.needsIv() ? bytes(random, 16) : null;
                int length = random.nextInt(5000 / 16) * 16 + (mode.unit() == 1 ? random.nextInt(16) : 0);
                byte[] plaintext = bytes(random, length);
                byte[] ours = new byte[length];
                Sm4Modes.create(mode, true, key, iv).update(plaintext, 0, length, ours, 0);
                assertArrayEquals(bouncyCastle(mode, true, key, iv, plaintext), ours, mode + ", seed " + seed);
                byte[] back = new byte[length];
                Sm4Modes.create(mode, false, key, iv).update(ours, 0, length, back, 0);
                assertArrayEquals(plaintext, back, mode + " decrypts back");
            }
        }
    }

    /** The counter is one 128-bit big-endian integer: from ff..ff it wraps to 00..00. */
    @Test
    void counterWrapsAcrossAllSixteenBytes() {
        byte[] key = new byte[16];
        byte[] iv = new byte[16];
        Arrays.fill(iv, (byte) 0xff);
        byte[] stream = new byte[48];
        Sm4Modes.create(CipherMode.CTR, true, key, iv).update(new byte[48], 0, 48, stream, 0);
        Sm4 sm4 = new Sm4(key);
        byte[] expected = new byte[48];
        sm4.encryptBlock(iv, 0, expected, 0);
        byte[] next = new byte[16];
        sm4.encryptBlock(next, 0, expected, 16);
        next[15] = 1;
        sm4.encryptBlock(next, 0, expected, 32);
        assertArrayEquals(expected, stream);
    }

    /**
     * Key stream against its definition, E(IV + i) with the sum taken modulo 2^(8·counterBytes) in
     * the last counterBytes bytes, across carries that fall inside a 64-block batch: within the low
     * half, from the low half into the high one, and the wrap of the whole counter.
     */
    @ParameterizedTest
    @ValueSource(ints = {16, 8, 4, 2})
    void counterMatchesItsDefinitionAcrossCarries(int counterBytes) {
        Random random = new Random(counterBytes);
        byte[] key = new byte[16];
        random.nextBytes(key);
        Sm4 sm4 = new Sm4(key);
        int blocks = 3 * 64 + 5;
        for (int ones = 0; ones <= 16; ones += 4) {
            byte[] iv = new byte[16];
            random.nextBytes(iv);
            Arrays.fill(iv, 16 - ones, 16, (byte) 0xff);
            iv[15] = (byte) 0xd0; // 48 blocks before the carry out of the trailing ff bytes
            BigInteger modulus = BigInteger.ONE.shiftLeft(8 * counterBytes);
            BigInteger start = new BigInteger(1, Arrays.copyOfRange(iv, 16 - counterBytes, 16));
            byte[] expected = new byte[blocks * 16];
            for (int i = 0; i < blocks; i++) {
                byte[] block = iv.clone();
                byte[] low = start.add(BigInteger.valueOf(i)).mod(modulus).add(modulus).toByteArray();
                System.arraycopy(low, low.length - counterBytes, block, 16 - counterBytes, counterBytes);
                sm4.encryptBlock(block, 0, expected, 16 * i);
            }
            byte[] oneShot = new byte[expected.length];
            new Sm4Ctr(sm4, iv, counterBytes).update(new byte[oneShot.length], 0, oneShot.length, oneShot, 0);
            assertArrayEquals(expected, oneShot, counterBytes + "-byte counter, " + ones + " trailing ff bytes, one shot");
            byte[] chunked = new byte[expected.length];
            Sm4Ctr ctr = new Sm4Ctr(sm4, iv, counterBytes);
            for (int done = 0, step = 1; done < chunked.length; done += step, step = step * 3 + 1) {
                int n = Math.min(step, chunked.length - done);
                ctr.update(chunked, done, n, chunked, done);
            }
            assertArrayEquals(expected, chunked, counterBytes + "-byte counter, " + ones + " trailing ff bytes, in chunks");
        }
    }

    @Test
    void refusesBadParametersAndPartialBlocks() {
        assertThrows(IllegalArgumentException.class, () -> Sm4Modes.create(CipherMode.CBC, true, new byte[16], null));
        assertThrows(IllegalArgumentException.class, () -> Sm4Modes.create(CipherMode.CBC, true, new byte[16], new byte[12]));
        assertThrows(IllegalArgumentException.class, () -> Sm4Modes.create(CipherMode.ECB, true, new byte[16], new byte[16]));
        assertThrows(IllegalArgumentException.class, () -> Sm4Modes.create(CipherMode.CTR, true, new byte[24], new byte[16]));
        CipherEngine cbc = Sm4Modes.create(CipherMode.CBC, false, new byte[16], new byte[16]);
        assertThrows(IllegalArgumentException.class, () -> cbc.update(new byte[20], 0, 20, new byte[20], 0));
        assertThrows(IndexOutOfBoundsException.class, () -> cbc.update(new byte[16], 0, 32, new byte[32], 0));
    }

    @Test
    void everyModeRefusesUseOnceDestroyed() {
        byte[] block = new byte[16];
        for (CipherMode mode : CipherMode.values()) {
            CipherEngine engine = Sm4Modes.create(mode, true, new byte[16], mode.needsIv() ? new byte[16] : null);
            engine.update(block, 0, 16, block, 0);
            engine.destroy();
            engine.reset();
            assertThrows(IllegalStateException.class, () -> engine.update(block, 0, 16, block, 0), mode.name());
        }
        Sm4Gcm gcm = new Sm4Gcm(new byte[16], new byte[12], 16);
        gcm.destroy();
        assertThrows(IllegalStateException.class, () -> gcm.encrypt(block, 0, 16, block, 0), "GCM");
    }

    private static byte[] bouncyCastle(CipherMode mode, boolean encrypt, byte[] key, byte[] iv, byte[] input) throws Exception {
        BlockCipher cipher = switch (mode) {
            case ECB -> new SM4Engine();
            case CBC -> CBCBlockCipher.newInstance(new SM4Engine());
            case CTR -> SICBlockCipher.newInstance(new SM4Engine());
            case CFB -> CFBBlockCipher.newInstance(new SM4Engine(), 128);
            case CFB8 -> CFBBlockCipher.newInstance(new SM4Engine(), 8);
            case OFB -> new OFBBlockCipher(new SM4Engine(), 128);
        };
        BufferedBlockCipher buffered = new BufferedBlockCipher(cipher);
        buffered.init(encrypt, iv == null ? new KeyParameter(key) : new ParametersWithIV(new KeyParameter(key), iv));
        byte[] out = new byte[buffered.getOutputSize(input.length)];
        int n = buffered.processBytes(input, 0, input.length, out, 0);
        n += buffered.doFinal(out, n);
        return Arrays.copyOf(out, n);
    }

    private static byte[] bytes(Random random, int length) {
        byte[] out = new byte[length];
        random.nextBytes(out);
        return out;
    }
}
