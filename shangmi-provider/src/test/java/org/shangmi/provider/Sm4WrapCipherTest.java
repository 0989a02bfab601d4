package org.shangmi.provider;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.Key;
import java.util.Arrays;
import java.util.Random;
import javax.crypto.Cipher;
import javax.crypto.IllegalBlockSizeException;
import javax.crypto.SecretKey;
import javax.crypto.ShortBufferException;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;
import org.shangmi.core.testing.Chunks;

/**
 * Cipher SM4WRAP (RFC 3394) and SM4WRAPPAD (RFC 5649) on every backend: Bouncy Castle's SM4 wrap
 * both ways at every length, by every name, through update in chunks and wrap/unwrap, and the
 * JDK's key wrap behaviour on failures (the construction itself is checked on AES against the
 * RFCs and the JDK in core's KeyWrapTest).
 */
class Sm4WrapCipherTest {

    private static final String[][] NAMES = {
        {"SM4WRAP", "SM4/KW/NoPadding", "1.2.156.10197.1.104.11", "OID.1.2.156.10197.1.104.11"},
        {"SM4WRAPPAD", "SM4/KWP/NoPadding", "1.2.156.10197.1.104.12", "OID.1.2.156.10197.1.104.12"}};

    @Test
    void interoperatesWithBouncyCastleBothWaysAtEveryLength() throws Exception {
        long seed = System.nanoTime();
        Random random = new Random(seed);
        for (ShangMiProvider provider : Providers.serving("SM4")) {
            for (String[] names : NAMES) {
                boolean padded = names[0].endsWith("PAD");
                for (int length = padded ? 1 : 16; length <= 80; length += padded ? 1 : 8) {
                    SecretKey kek = new SecretKeySpec(bytes(random, 16), "SM4");
                    byte[] data = bytes(random, length);
                    String context = names[0] + ", " + length + " bytes, " + provider.backendFor("SM4") + ", seed " + seed;
                    Cipher ours = Cipher.getInstance(names[random.nextInt(names.length)], provider);
                    ours.init(Cipher.ENCRYPT_MODE, kek);
                    byte[] wrapped = ours.doFinal(data);
                    assertEquals(ours.getOutputSize(length), wrapped.length, context);
                    Cipher theirs = Cipher.getInstance(names[0], Providers.bouncyCastle());
                    theirs.init(Cipher.DECRYPT_MODE, kek);
                    assertArrayEquals(data, theirs.doFinal(wrapped), "BC unwraps ours, " + context);
                    theirs.init(Cipher.ENCRYPT_MODE, kek);
                    assertArrayEquals(wrapped, theirs.doFinal(data), "the same bytes as BC's, " + context);

                    Cipher back = Cipher.getInstance(names[0], provider);
                    back.init(Cipher.DECRYPT_MODE, kek);
                    Chunks.feed(random, wrapped.length, 9, (off, len) -> {
                        byte[] piece = back.update(wrapped, off, len);
                        assertEquals(0, piece == null ? 0 : piece.length, "nothing before doFinal");
                    });
                    assertArrayEquals(data, back.doFinal(), "in chunks, " + context);
                }
            }
        }
    }

    @Test
    void wrapsAndUnwrapsKeysAndOutputsInPlace() throws Exception {
        for (ShangMiProvider provider : Providers.serving("SM4")) {
            SecretKey kek = new SecretKeySpec(new byte[16], "SM4");
            SecretKey key = new SecretKeySpec(new byte[] {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16}, "SM4");
            for (String[] names : NAMES) {
                Cipher wrapper = Cipher.getInstance(names[0], provider);
                wrapper.init(Cipher.WRAP_MODE, kek);
                byte[] wrapped = wrapper.wrap(key);
                Cipher unwrapper = Cipher.getInstance(names[0], provider);
                unwrapper.init(Cipher.UNWRAP_MODE, kek);
                Key back = unwrapper.unwrap(wrapped, "SM4", Cipher.SECRET_KEY);
                assertArrayEquals(key.getEncoded(), back.getEncoded(), names[0]);
                assertEquals("SM4", back.getAlgorithm());

                byte[] buffer = Arrays.copyOf(wrapped, wrapped.length + 3);
                unwrapper.init(Cipher.DECRYPT_MODE, kek);
                assertEquals(16, unwrapper.doFinal(buffer, 0, wrapped.length, buffer, 0), names[0] + " in place");
                assertArrayEquals(key.getEncoded(), Arrays.copyOf(buffer, 16));
                assertThrows(ShortBufferException.class, () -> unwrapper.doFinal(wrapped, 0, wrapped.length, new byte[8], 0));
            }
        }
    }

    @Test
    void integrityFailuresAsTheJdksAesWrap() throws Exception {
        for (ShangMiProvider provider : Providers.serving("SM4")) {
            SecretKey kek = new SecretKeySpec(new byte[16], "SM4");
            SecretKey other = new SecretKeySpec(new byte[] {1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}, "SM4");
            for (String[] names : NAMES) {
                Cipher wrapper = Cipher.getInstance(names[0], provider);
                wrapper.init(Cipher.ENCRYPT_MODE, kek);
                byte[] wrapped = wrapper.doFinal(new byte[24]);
                Cipher unwrapper = Cipher.getInstance(names[0], provider);
                for (int i = 0; i < wrapped.length; i++) {
                    byte[] tampered = wrapped.clone();
                    tampered[i] ^= 0x10;
                    unwrapper.init(Cipher.DECRYPT_MODE, kek);
                    IllegalBlockSizeException bad = assertThrows(IllegalBlockSizeException.class, () -> unwrapper.doFinal(tampered));
                    assertTrue(bad.getMessage().startsWith("Integrity check failed"), bad.getMessage());
                    unwrapper.init(Cipher.UNWRAP_MODE, kek);
                    assertThrows(InvalidKeyException.class, () -> unwrapper.unwrap(tampered, "SM4", Cipher.SECRET_KEY));
                }
                unwrapper.init(Cipher.DECRYPT_MODE, other);
                assertThrows(IllegalBlockSizeException.class, () -> unwrapper.doFinal(wrapped));
                unwrapper.init(Cipher.DECRYPT_MODE, kek);
                assertArrayEquals(new byte[24], unwrapper.doFinal(wrapped), "after failures, the cipher still works");
            }
        }
    }

    /** As the JDK's AES/KWP: a private key wraps, and unwraps as one (the main use of KWP). */
    @Test
    void unwrapsPrivateAndPublicKeys() throws Exception {
        ShangMiProvider provider = Providers.serving("SM4").get(0);
        java.security.KeyPair pair = java.security.KeyPairGenerator.getInstance("SM2", provider).generateKeyPair();
        SecretKey kek = new SecretKeySpec(new byte[16], "SM4");
        Cipher wrapper = Cipher.getInstance("SM4WRAPPAD", provider);
        wrapper.init(Cipher.WRAP_MODE, kek);
        byte[] wrappedPrivate = wrapper.wrap(pair.getPrivate());
        byte[] wrappedPublic = wrapper.wrap(pair.getPublic());
        Cipher unwrapper = Cipher.getInstance("SM4WRAPPAD", provider);
        unwrapper.init(Cipher.UNWRAP_MODE, kek);
        java.security.interfaces.ECPrivateKey back = (java.security.interfaces.ECPrivateKey)
                unwrapper.unwrap(wrappedPrivate, "EC", Cipher.PRIVATE_KEY);
        assertEquals(((java.security.interfaces.ECPrivateKey) pair.getPrivate()).getS(), back.getS());
        assertEquals(pair.getPublic(), unwrapper.unwrap(wrappedPublic, "SM2", Cipher.PUBLIC_KEY));
        assertThrows(InvalidKeyException.class, () -> unwrapper.unwrap(wrappedPrivate, "SM2", Cipher.PUBLIC_KEY));
    }

    @Test
    void refusesWhatTheRfcsDoNotWrap() throws Exception {
        ShangMiProvider provider = Providers.serving("SM4").get(0);
        SecretKey kek = new SecretKeySpec(new byte[16], "SM4");
        Cipher kw = Cipher.getInstance("SM4WRAP", provider);
        kw.init(Cipher.ENCRYPT_MODE, kek);
        IllegalBlockSizeException odd = assertThrows(IllegalBlockSizeException.class, () -> kw.doFinal(new byte[20]));
        assertTrue(odd.getMessage().contains("SM4WRAPPAD"), odd.getMessage());
        assertThrows(IllegalBlockSizeException.class, () -> kw.doFinal(new byte[8]));
        kw.init(Cipher.DECRYPT_MODE, kek);
        assertThrows(IllegalBlockSizeException.class, () -> kw.doFinal(new byte[16]));
        Cipher kwp = Cipher.getInstance("SM4WRAPPAD", provider);
        kwp.init(Cipher.ENCRYPT_MODE, kek);
        assertThrows(IllegalBlockSizeException.class, () -> kwp.doFinal(new byte[0]));
        assertThrows(InvalidAlgorithmParameterException.class,
                () -> kwp.init(Cipher.ENCRYPT_MODE, kek, new IvParameterSpec(new byte[4])));
        assertThrows(InvalidKeyException.class, () -> kwp.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(new byte[24], "SM4")));
        assertThrows(java.security.NoSuchAlgorithmException.class, () -> Cipher.getInstance("SM4WRAP/CBC/NoPadding", provider));
        assertEquals(null, kwp.getParameters());
    }

    private static byte[] bytes(Random random, int length) {
        byte[] bytes = new byte[length];
        random.nextBytes(bytes);
        return bytes;
    }
}
