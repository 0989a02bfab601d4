package org.shangmi.core.kdf;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.HexFormat;
import java.util.Random;
import org.bouncycastle.crypto.digests.SM3Digest;
import org.bouncycastle.crypto.generators.HKDFBytesGenerator;
import org.bouncycastle.crypto.params.HKDFParameters;
import org.junit.jupiter.api.Test;
import org.shangmi.core.testing.OpenSslCommand;

class HkdfTest {

    private static Hkdf hkdfSm3() {
        return Hkdf.sm3();
    }

    @Test
    void equalsBouncyCastleOnRandomInputs() {
        long seed = System.nanoTime();
        Random random = new Random(seed);
        Hkdf hkdf = hkdfSm3();
        for (int i = 0; i < 200; i++) {
            byte[] ikm = bytes(random, 1 + random.nextInt(80));
            byte[] salt = i % 5 == 0 ? null : bytes(random, random.nextInt(100));
            byte[] info = i % 7 == 0 ? null : bytes(random, random.nextInt(50));
            int length = random.nextInt(hkdf.maxOutputLength() + 1);

            HKDFBytesGenerator reference = new HKDFBytesGenerator(new SM3Digest());
            reference.init(new HKDFParameters(ikm, salt, info));
            byte[] expected = new byte[length];
            reference.generateBytes(expected, 0, length);

            assertArrayEquals(expected, hkdf.derive(salt, ikm, info, length),
                    "ikm " + ikm.length + ", output " + length + ", seed " + seed);
        }
    }

    @Test
    void equalsOpenSslHkdf() {
        OpenSslCommand.assumeAvailable();
        Random random = new Random(5);
        HexFormat hex = HexFormat.of();
        for (int length : new int[] {1, 32, 42, 100}) {
            byte[] ikm = bytes(random, 22);
            byte[] salt = bytes(random, 13);
            byte[] info = bytes(random, 10);
            byte[] expected = OpenSslCommand.kdf(length, "HKDF", "digest:SM3",
                    "hexkey:" + hex.formatHex(ikm), "hexsalt:" + hex.formatHex(salt), "hexinfo:" + hex.formatHex(info));
            assertArrayEquals(expected, hkdfSm3().derive(salt, ikm, info, length), "length " + length);
        }
    }

    @Test
    void refusesOutputBeyond255Blocks() {
        Hkdf hkdf = hkdfSm3();
        assertThrows(IllegalArgumentException.class, () -> hkdf.derive(null, new byte[1], null, 255 * 32 + 1));
        assertThrows(IllegalArgumentException.class, () -> hkdf.derive(null, new byte[1], null, -1));
        assertThrows(IllegalArgumentException.class,
                () -> hkdf.expand(new byte[32], null, new byte[255 * 32 + 1], 0, 255 * 32 + 1));
    }

    private static byte[] bytes(Random random, int length) {
        byte[] b = new byte[length];
        random.nextBytes(b);
        return b;
    }
}
