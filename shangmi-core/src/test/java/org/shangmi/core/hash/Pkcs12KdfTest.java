package org.shangmi.core.hash;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.HexFormat;
import java.util.Random;
import org.bouncycastle.crypto.PBEParametersGenerator;
import org.bouncycastle.crypto.digests.SM3Digest;
import org.bouncycastle.crypto.generators.PKCS12ParametersGenerator;
import org.bouncycastle.crypto.params.KeyParameter;
import org.junit.jupiter.api.Test;
import org.shangmi.core.sm3.Sm3;
import org.shangmi.core.testing.OpenSslCommand;

class Pkcs12KdfTest {

    @Test
    void bmpPasswordIsUtf16WithTerminator() {
        assertArrayEquals(HexFormat.of().parseHex("0061004e00e46c340000"), Pkcs12Kdf.bmpPassword("aNä水".toCharArray()));
        assertArrayEquals(new byte[2], Pkcs12Kdf.bmpPassword(new char[0]));
    }

    @Test
    void equalsOpenSslPkcs12Kdf() {
        OpenSslCommand.assumeAvailable();
        HexFormat hex = HexFormat.of();
        byte[] salt = hex.parseHex("0102030405060708");
        for (String password : new String[] {"secret1", "", "a password longer than one SM3 block of sixty-four bytes"}) {
            byte[] bmp = Pkcs12Kdf.bmpPassword(password.toCharArray());
            for (int id = 1; id <= 3; id++) {
                for (int iterations : new int[] {1, 2048}) {
                    for (int length : new int[] {16, 32, 70}) {
                        byte[] expected = OpenSslCommand.kdf(length, "PKCS12KDF", "digest:SM3", "hexpass:" + hex.formatHex(bmp),
                                "hexsalt:" + hex.formatHex(salt), "iter:" + iterations, "id:" + id);
                        byte[] derived = new Pkcs12Kdf(new Sm3()).derive(id, password.toCharArray(), salt, iterations, length);
                        assertArrayEquals(expected, derived, "'" + password + "', id " + id + ", " + iterations + " iterations, "
                                + length + " bytes");
                    }
                }
            }
        }
    }

    @Test
    void equalsBouncyCastleOnRandomInputs() {
        long seed = System.nanoTime();
        Random random = new Random(seed);
        Pkcs12Kdf kdf = new Pkcs12Kdf(new Sm3());
        for (int i = 0; i < 60; i++) {
            char[] password = new char[random.nextInt(80)];
            for (int k = 0; k < password.length; k++) {
                password[k] = (char) (0x20 + random.nextInt(0x3000));
            }
            byte[] salt = new byte[random.nextInt(150)];
            random.nextBytes(salt);
            int iterations = 1 + random.nextInt(50);
            int length = 1 + random.nextInt(100);

            // Bouncy Castle encodes an empty password without the terminator that OpenSSL and the JDK write
            byte[] bmp = Pkcs12Kdf.bmpPassword(password);
            if (password.length > 0) {
                assertArrayEquals(PBEParametersGenerator.PKCS12PasswordToBytes(password), bmp);
            }
            PKCS12ParametersGenerator reference = new PKCS12ParametersGenerator(new SM3Digest());
            reference.init(bmp, salt, iterations);
            byte[] expected = ((KeyParameter) reference.generateDerivedMacParameters(length * 8)).getKey();

            assertArrayEquals(expected, kdf.derive(Pkcs12Kdf.MAC_KEY, password, salt, iterations, length),
                    "password " + password.length + ", salt " + salt.length + ", seed " + seed);
        }
    }

    @Test
    void refusesBadIterationsAndIds() {
        Pkcs12Kdf kdf = new Pkcs12Kdf(new Sm3());
        assertThrows(IllegalArgumentException.class, () -> kdf.derive(3, new char[1], new byte[8], 0, 32));
        assertThrows(IllegalArgumentException.class, () -> kdf.derive(4, new char[1], new byte[8], 1, 32));
        assertThrows(IllegalArgumentException.class, () -> kdf.derive(0, new char[1], new byte[8], 1, 32));
    }
}
