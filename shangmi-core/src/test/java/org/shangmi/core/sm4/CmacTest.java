package org.shangmi.core.sm4;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.security.GeneralSecurityException;
import java.util.HexFormat;
import java.util.Random;
import javax.crypto.Cipher;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The CMAC construction on AES against RFC 4493's examples (section 4), fed whole and in every
 * split; SM4-CMAC is tested in the provider against Bouncy Castle.
 */
class CmacTest {

    private static final byte[] KEY = HexFormat.of().parseHex("2b7e151628aed2a6abf7158809cf4f3c");
    private static final byte[] MESSAGE = HexFormat.of().parseHex("6bc1bee22e409f96e93d7e117393172a"
            + "ae2d8a571e03ac9c9eb76fac45af8e51" + "30c81c46a35ce411e5fbc1191a0a52ef" + "f69f2445df4f9b17ad2b417be66c3710");

    private static BlockFunction aes(byte[] key) throws GeneralSecurityException {
        Cipher cipher = Cipher.getInstance("AES/ECB/NoPadding", "SunJCE");
        cipher.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(key, "AES"));
        return (in, inOff, out, outOff) -> {
            try {
                cipher.doFinal(in, inOff, 16, out, outOff);
            } catch (GeneralSecurityException e) {
                throw new IllegalStateException(e);
            }
        };
    }

    @ParameterizedTest
    @CsvSource({"0, bb1d6929e95937287fa37d129b756746", "16, 070a16b46b4d4144f79bdd9dd04a287c",
        "40, dfa66747de9ae63030ca32611497c827", "64, 51f0bebf7e3b9d92fc49741779363cfe"})
    void rfc4493(int length, String tag) throws Exception {
        byte[] expected = HexFormat.of().parseHex(tag);
        Cmac cmac = new Cmac(aes(KEY));
        for (int split = 0; split <= length; split++) {
            cmac.update(MESSAGE, 0, split);
            cmac.update(MESSAGE, split, length - split);
            byte[] out = new byte[16];
            cmac.doFinal(out, 0);
            assertArrayEquals(expected, out, length + " bytes split at " + split);
        }
        Random random = new Random(length);
        for (int trial = 0; trial < 20; trial++) {
            int off = 0;
            while (off < length) {
                int chunk = Math.min(length - off, random.nextInt(20));
                cmac.update(MESSAGE, off, chunk);
                off += chunk;
            }
            byte[] out = new byte[16];
            cmac.doFinal(out, 0);
            assertArrayEquals(expected, out, length + " bytes in random chunks");
        }
    }
}
