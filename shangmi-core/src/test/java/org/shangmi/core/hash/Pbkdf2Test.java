package org.shangmi.core.hash;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.HexFormat;
import java.util.Random;
import org.bouncycastle.crypto.digests.SM3Digest;
import org.bouncycastle.crypto.generators.PKCS5S2ParametersGenerator;
import org.bouncycastle.crypto.params.KeyParameter;
import org.junit.jupiter.api.Test;
import org.shangmi.core.sm3.Sm3;
import org.shangmi.core.testing.OpenSslCommand;

class Pbkdf2Test {

    private static Pbkdf2 pbkdf2Sm3() {
        return new Pbkdf2(new Hmac(new Sm3(), "HmacSM3"));
    }

    @Test
    void equalsBouncyCastleOnRandomInputs() {
        long seed = System.nanoTime();
        Random random = new Random(seed);
        Pbkdf2 pbkdf2 = pbkdf2Sm3();
        for (int i = 0; i < 60; i++) {
            byte[] password = bytes(random, random.nextInt(100));
            byte[] salt = bytes(random, random.nextInt(40));
            int iterations = 1 + random.nextInt(300);
            int length = 1 + random.nextInt(100);

            PKCS5S2ParametersGenerator reference = new PKCS5S2ParametersGenerator(new SM3Digest());
            reference.init(password, salt, iterations);
            byte[] expected = ((KeyParameter) reference.generateDerivedParameters(length * 8)).getKey();

            assertArrayEquals(expected, pbkdf2.derive(password, salt, iterations, length),
                    "password " + password.length + ", iterations " + iterations + ", seed " + seed);
        }
    }

    @Test
    void equalsOpenSslPbkdf2() {
        OpenSslCommand.assumeAvailable();
        HexFormat hex = HexFormat.of();
        byte[] password = "correct horse battery staple".getBytes();
        byte[] salt = hex.parseHex("a1b2c3d4e5f60718293a4b5c6d7e8f90");
        for (int iterations : new int[] {1, 2, 1000}) {
            for (int length : new int[] {16, 32, 50}) {
                byte[] expected = OpenSslCommand.kdf(length, "PBKDF2", "digest:SM3",
                        "hexpass:" + hex.formatHex(password), "hexsalt:" + hex.formatHex(salt), "iter:" + iterations);
                assertArrayEquals(expected, pbkdf2Sm3().derive(password, salt, iterations, length),
                        iterations + " iterations, length " + length);
            }
        }
    }

    @Test
    void refusesZeroIterations() {
        assertThrows(IllegalArgumentException.class, () -> pbkdf2Sm3().derive(new byte[1], new byte[8], 0, 32));
    }

    private static byte[] bytes(Random random, int length) {
        byte[] b = new byte[length];
        random.nextBytes(b);
        return b;
    }
}
