package org.shangmi.core.sm4;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.security.GeneralSecurityException;
import java.util.HexFormat;
import java.util.Random;
import javax.crypto.Cipher;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The key wrap construction on AES, where outside answers exist: the examples of RFC 3394
 * section 4 and RFC 5649 section 6, and the JDK's own AESWrap and AESWrapPad (an independent
 * implementation) for many lengths. SM4's wrap is tested in the provider, against Bouncy Castle.
 */
class KeyWrapTest {

    private static final HexFormat HEX = HexFormat.of();

    private static BlockFunction aes(byte[] key, boolean encrypt) throws GeneralSecurityException {
        Cipher cipher = Cipher.getInstance("AES/ECB/NoPadding", "SunJCE");
        cipher.init(encrypt ? Cipher.ENCRYPT_MODE : Cipher.DECRYPT_MODE, new SecretKeySpec(key, "AES"));
        return (in, inOff, out, outOff) -> {
            try {
                cipher.doFinal(in, inOff, 16, out, outOff);
            } catch (GeneralSecurityException e) {
                throw new IllegalStateException(e);
            }
        };
    }

    /** RFC 3394, section 4.1 to 4.6. */
    @ParameterizedTest
    @CsvSource({
        "000102030405060708090A0B0C0D0E0F, 00112233445566778899AABBCCDDEEFF, 1FA68B0A8112B447AEF34BD8FB5A7B829D3E862371D2CFE5",
        "000102030405060708090A0B0C0D0E0F1011121314151617, 00112233445566778899AABBCCDDEEFF, "
            + "96778B25AE6CA435F92B5B97C050AED2468AB8A17AD84E5D",
        "000102030405060708090A0B0C0D0E0F101112131415161718191A1B1C1D1E1F, 00112233445566778899AABBCCDDEEFF, "
            + "64E8C3F9CE0F5BA263E9777905818A2A93C8191E7D6E8AE7",
        "000102030405060708090A0B0C0D0E0F1011121314151617, 00112233445566778899AABBCCDDEEFF0001020304050607, "
            + "031D33264E15D33268F24EC260743EDCE1C6C7DDEE725A936BA814915C6762D2",
        "000102030405060708090A0B0C0D0E0F101112131415161718191A1B1C1D1E1F, 00112233445566778899AABBCCDDEEFF0001020304050607, "
            + "A8F9BC1612C68B3FF6E6F4FBE30E71E4769C8B80A32CB8958CD5D17D6B254DA1",
        "000102030405060708090A0B0C0D0E0F101112131415161718191A1B1C1D1E1F, "
            + "00112233445566778899AABBCCDDEEFF000102030405060708090A0B0C0D0E0F, "
            + "28C9F404C4B810F4CBCCB35CFB87F8263F5786E2D80ED326CBC7F0E71A99F43BFB988B9B7A02DD21"})
    void rfc3394(String kek, String keyData, String wrapped) throws Exception {
        byte[] key = HEX.parseHex(kek);
        byte[] data = HEX.parseHex(keyData);
        byte[] expected = HEX.parseHex(wrapped);
        assertArrayEquals(expected, KeyWrap.wrap(aes(key, true), data, 0, data.length));
        assertArrayEquals(data, KeyWrap.unwrap(aes(key, false), expected, 0, expected.length));
    }

    /** RFC 5649, section 6: a 20-byte and a 7-byte key under a 192-bit KEK. */
    @ParameterizedTest
    @CsvSource({
        "5840df6e29b02af1ab493b705bf16ea1ae8338f4dcc176a8, c37b7e6492584340bed12207808941155068f738, "
            + "138bdeaa9b8fa7fc61f97742e72248ee5ae6ae5360d1ae6a5f54f373fa543b6a",
        "5840df6e29b02af1ab493b705bf16ea1ae8338f4dcc176a8, 466f7250617369, afbeb0f07dfbf5419200f2ccb50bb24f"})
    void rfc5649(String kek, String keyData, String wrapped) throws Exception {
        byte[] key = HEX.parseHex(kek);
        byte[] data = HEX.parseHex(keyData);
        byte[] expected = HEX.parseHex(wrapped);
        assertArrayEquals(expected, KeyWrap.wrapPadded(aes(key, true), data, 0, data.length));
        assertArrayEquals(data, KeyWrap.unwrapPadded(aes(key, false), expected, 0, expected.length));
    }

    @Test
    void agreesWithTheJdksAesWrapAtEveryLength() throws Exception {
        Random random = new Random(3394);
        byte[] kek = new byte[16];
        for (int length = 1; length <= 72; length++) {
            random.nextBytes(kek);
            byte[] data = new byte[length];
            random.nextBytes(data);
            Cipher jdkPadded = Cipher.getInstance("AESWrapPad", "SunJCE");
            jdkPadded.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(kek, "AES"));
            byte[] theirs = jdkPadded.doFinal(data);
            assertArrayEquals(theirs, KeyWrap.wrapPadded(aes(kek, true), data, 0, length), "KWP, " + length + " bytes");
            assertArrayEquals(data, KeyWrap.unwrapPadded(aes(kek, false), theirs, 0, theirs.length), "KWP back, " + length);
            if (KeyWrap.wrappable(length)) {
                Cipher jdk = Cipher.getInstance("AESWrap", "SunJCE");
                jdk.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(kek, "AES"));
                byte[] wrapped = jdk.doFinal(data);
                assertArrayEquals(wrapped, KeyWrap.wrap(aes(kek, true), data, 0, length), "KW, " + length + " bytes");
                assertArrayEquals(data, KeyWrap.unwrap(aes(kek, false), wrapped, 0, wrapped.length), "KW back, " + length);
            }
        }
    }

    @Test
    void everyFlippedBitFailsTheIntegrityCheck() throws Exception {
        byte[] kek = HEX.parseHex("000102030405060708090A0B0C0D0E0F");
        byte[] data = HEX.parseHex("00112233445566778899AABBCCDDEEFF0001020304050607");
        byte[] wrapped = KeyWrap.wrap(aes(kek, true), data, 0, data.length);
        byte[] padded = KeyWrap.wrapPadded(aes(kek, true), data, 0, 21);
        byte[] single = KeyWrap.wrapPadded(aes(kek, true), data, 0, 5);
        for (int bit = 0; bit < 8 * wrapped.length; bit++) {
            assertNull(KeyWrap.unwrap(aes(kek, false), flipped(wrapped, bit), 0, wrapped.length), "KW bit " + bit);
            assertNull(KeyWrap.unwrapPadded(aes(kek, false), flipped(padded, bit), 0, padded.length), "KWP bit " + bit);
        }
        for (int bit = 0; bit < 8 * single.length; bit++) {
            assertNull(KeyWrap.unwrapPadded(aes(kek, false), flipped(single, bit), 0, single.length), "KWP one block, bit " + bit);
        }
        // KW's output unwrapped as KWP (and the reverse) fails: the IVs differ
        assertNull(KeyWrap.unwrapPadded(aes(kek, false), wrapped, 0, wrapped.length));
        assertNull(KeyWrap.unwrap(aes(kek, false), padded, 0, padded.length));
    }

    /** A KWP block whose length indicator or padding lies: made with the raw block cipher, refused. */
    @Test
    void kwpRefusesALengthOutsideItsLastBlockAndNonzeroPadding() throws Exception {
        byte[] kek = HEX.parseHex("5840df6e29b02af1ab493b705bf16ea1ae8338f4dcc176a8");
        for (String block : new String[] {"A65959A600000000" + "0000000000000000", // length 0
            "A65959A600000009" + "0102030405060708",                              // 9 > 8
            "A65959A600000007" + "01020304050607FF",                              // padding byte not zero
            "A65959A700000007" + "0102030405060700"}) {                           // wrong magic
            byte[] forged = HEX.parseHex(block);
            aes(kek, true).apply(forged, 0, forged, 0);
            assertNull(KeyWrap.unwrapPadded(aes(kek, false), forged, 0, 16), block);
        }
        byte[] honest = HEX.parseHex("A65959A600000007" + "0102030405060700");
        aes(kek, true).apply(honest, 0, honest, 0);
        assertArrayEquals(HEX.parseHex("01020304050607"), KeyWrap.unwrapPadded(aes(kek, false), honest, 0, 16));
    }

    @Test
    void lengthsTheRfcsExcludeAreRefused() {
        BlockFunction none = (in, inOff, out, outOff) -> {
            throw new AssertionError("no block may be computed");
        };
        assertThrows(IllegalArgumentException.class, () -> KeyWrap.wrap(none, new byte[8], 0, 8));
        assertThrows(IllegalArgumentException.class, () -> KeyWrap.wrap(none, new byte[17], 0, 17));
        assertThrows(IllegalArgumentException.class, () -> KeyWrap.unwrap(none, new byte[16], 0, 16));
        assertThrows(IllegalArgumentException.class, () -> KeyWrap.wrapPadded(none, new byte[0], 0, 0));
        assertThrows(IllegalArgumentException.class, () -> KeyWrap.unwrapPadded(none, new byte[15], 0, 15));
    }

    private static byte[] flipped(byte[] data, int bit) {
        byte[] copy = data.clone();
        copy[bit / 8] ^= (byte) (1 << (bit % 8));
        return copy;
    }
}
