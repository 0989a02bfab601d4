package org.shangmi.sdf;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.InvalidKeyException;
import java.security.Key;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.HexFormat;
import javax.crypto.BadPaddingException;
import javax.crypto.Cipher;
import javax.crypto.KeyGenerator;
import javax.crypto.Mac;
import javax.crypto.SecretKey;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.shangmi.core.testing.GmsslPeer;

/**
 * SM4 keys held in the device: made under a KEK, imported from their wrap, unwrapped from an SM2
 * envelope by a device encryption key; SM4-CBC in the device checked against the ShangMi
 * provider's SM4 with the key SoftSDF's own KEK file gives (an outside value: softsdfinit wrote
 * it), every length one-shot and in uneven updates, in place and not; the digital envelopes of
 * {@code gmssl sdfencrypt} opened here, and ours opened by {@code gmssl sdfdecrypt}; SM4-CBC-MAC in
 * the device against {@code gmssl sm4_cbc_mac}.
 */
class SdfSessionKeyTest extends WithDevice {

    /** The session key inside a SoftSDF KEK wrap: IV(16) || SM4-CBC-PKCS7(key) under the KEK file's 16 bytes. */
    private static byte[] unwrapWithKekFile(byte[] wrapped) throws Exception {
        byte[] kek = Files.readAllBytes(SoftSdf.device().resolve("kek-1.key"));
        Cipher cipher = Cipher.getInstance("SM4/CBC/PKCS5Padding", SHANGMI);
        cipher.init(Cipher.DECRYPT_MODE, new SecretKeySpec(kek, "SM4"), new IvParameterSpec(wrapped, 0, 16));
        return cipher.doFinal(wrapped, 16, wrapped.length - 16);
    }

    /** A session key made in the device under KEK 1, on a device opened with {@code binding}. */
    private SdfSecretKey kekKey(String binding) throws Exception {
        open(binding, "key-indexes=1");
        KeyGenerator generator = KeyGenerator.getInstance("SM4", provider);
        generator.init(new SdfKekParameterSpec(1));
        return (SdfSecretKey) generator.generateKey();
    }

    @ParameterizedTest
    @MethodSource("bindings")
    void kekKeysCipherAsTheKeyInTheirWrap(String binding) throws Exception {
        SdfSecretKey key = kekKey(binding);
        assertNull(key.getEncoded());
        assertEquals(1, key.kekIndex());
        SecretKey software = new SecretKeySpec(unwrapWithKekFile(key.wrapped()), "SM4");
        assertEquals(16, software.getEncoded().length);
        byte[] iv = new byte[16];
        new SecureRandom().nextBytes(iv);
        for (int length : new int[] {0, 1, 15, 16, 17, 31, 32, 33, 100, 16 * 1024 + 5, 40_000}) {
            byte[] plain = new byte[length];
            new SecureRandom().nextBytes(plain);
            for (String padding : new String[] {"PKCS5Padding", "NoPadding"}) {
                byte[] message = padding.equals("NoPadding") ? Arrays.copyOf(plain, length / 16 * 16) : plain;
                Cipher reference = Cipher.getInstance("SM4/CBC/" + padding, SHANGMI);
                reference.init(Cipher.ENCRYPT_MODE, software, new IvParameterSpec(iv));
                byte[] expected = reference.doFinal(message);
                Cipher device = Cipher.getInstance("SM4/CBC/" + padding);
                device.init(Cipher.ENCRYPT_MODE, key, new IvParameterSpec(iv));
                assertEquals(provider.getName(), device.getProvider().getName());
                assertArrayEquals(expected, device.doFinal(message), length + " " + padding + " one-shot");
                assertArrayEquals(expected, chunked(device, message), length + " " + padding + " in updates");
                device.init(Cipher.DECRYPT_MODE, key, new IvParameterSpec(iv));
                assertArrayEquals(message, device.doFinal(expected), length + " " + padding + " decrypted");
                assertArrayEquals(message, chunked(device, expected), length + " " + padding + " decrypted in updates");
                byte[] inPlace = Arrays.copyOf(expected, expected.length + 16);
                int n = device.doFinal(inPlace, 0, expected.length, inPlace, 0);
                assertArrayEquals(message, Arrays.copyOf(inPlace, n), length + " " + padding + " decrypted in place");
            }
        }
        byte[] imported = key.wrapped();
        SecretKey again = SecretKeyFactory.getInstance("SM4", provider).generateSecret(new SdfWrappedKeySpec(1, imported));
        Cipher device = Cipher.getInstance("SM4/CBC/PKCS5Padding", provider);
        device.init(Cipher.ENCRYPT_MODE, key, new IvParameterSpec(iv));
        byte[] sealed = device.doFinal(new byte[50]);
        device.init(Cipher.DECRYPT_MODE, again, new IvParameterSpec(iv));
        assertArrayEquals(new byte[50], device.doFinal(sealed), "the imported wrap is the same key");
        sealed[sealed.length - 1] ^= 1;
        device.init(Cipher.DECRYPT_MODE, again, new IvParameterSpec(iv));
        assertThrows(BadPaddingException.class, () -> device.doFinal(sealed));
        key.destroy();
        assertTrue(key.isDestroyed());
        assertThrows(InvalidKeyException.class, () -> device.init(Cipher.ENCRYPT_MODE, key, new IvParameterSpec(iv)));
        again.destroy();
    }

    /**
     * SM4-CBC-MAC in the device: with zero chaining, equal to {@code gmssl sm4_cbc_mac} under the
     * key inside the wrap; from an IV, equal to the last block of SM4-CBC over the zero-filled
     * message (the ShangMi provider's SM4); one-shot, in uneven updates, from a direct buffer and a
 * byte at a time.
     */
    @ParameterizedTest
    @MethodSource("bindings")
    void cbcMacMatchesGmsslAndTheLastCbcBlock(String binding) throws Exception {
        SdfSecretKey key = kekKey(binding);
        byte[] software = unwrapWithKekFile(key.wrapped());
        Path directory = Files.createTempDirectory("sdf-mac");
        byte[] iv = new byte[16];
        new SecureRandom().nextBytes(iv);
        Mac mac = Mac.getInstance("SM4-CBC-MAC", provider);
        for (int length : new int[] {1, 15, 16, 17, 32, 33, 100, 16 * 1024, 16 * 1024 + 5, 40_000}) {
            byte[] message = new byte[length];
            new SecureRandom().nextBytes(message);
            Path file = directory.resolve("message");
            Files.write(file, message);
            byte[] gmssl = HexFormat.of().parseHex(GmsslPeer.run(directory, "sm4_cbc_mac", "-key",
                    HexFormat.of().formatHex(software), "-in", file.toString(), "-hex").trim());
            mac.init(key);
            assertArrayEquals(gmssl, mac.doFinal(message), length + " one-shot, against gmssl sm4_cbc_mac");
            assertArrayEquals(gmssl, chunked(mac, message), length + " in updates, against gmssl sm4_cbc_mac");
            ByteBuffer direct = ByteBuffer.allocateDirect(length).put(message).flip();
            mac.update(direct);
            assertArrayEquals(gmssl, mac.doFinal(), length + " from a direct buffer");
            if (length <= 100) {
                for (byte b : message) {
                    mac.update(new byte[0]);
                    mac.update(b);
                }
                assertArrayEquals(gmssl, mac.doFinal(), length + " a byte at a time");
            }

            Cipher reference = Cipher.getInstance("SM4/CBC/NoPadding", SHANGMI);
            reference.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(software, "SM4"), new IvParameterSpec(iv));
            byte[] chained = reference.doFinal(Arrays.copyOf(message, (length + 15) / 16 * 16));
            byte[] expected = Arrays.copyOfRange(chained, chained.length - 16, chained.length);
            mac.init(key, new IvParameterSpec(iv));
            assertArrayEquals(expected, mac.doFinal(message), length + " from an IV, one-shot");
            assertArrayEquals(expected, chunked(mac, message), length + " from an IV, in updates (init's IV kept)");
        }
        mac.init(key);
        assertThrows(java.security.ProviderException.class, mac::doFinal, "an empty message has no device MAC");
        assertThrows(java.security.InvalidAlgorithmParameterException.class,
                () -> mac.init(key, new IvParameterSpec(new byte[8])));
        assertThrows(InvalidKeyException.class, () -> mac.init(new SecretKeySpec(software, "SM4")));
        key.destroy();
        assertThrows(InvalidKeyException.class, () -> mac.init(key));
        Arrays.fill(software, (byte) 0);
    }

    private static byte[] chunked(Mac mac, byte[] input) {
        int[] sizes = {1, 7, 16, 33, 5000};
        int off = 0;
        for (int i = 0; off < input.length; i++) {
            int n = Math.min(sizes[i % sizes.length], input.length - off);
            mac.update(input, off, n);
            off += n;
        }
        return mac.doFinal();
    }

    /** Updates of 1, 7, 16, 33, ... bytes, then doFinal. */
    private static byte[] chunked(Cipher cipher, byte[] input) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int[] sizes = {1, 7, 16, 33, 5000};
        int off = 0;
        for (int i = 0; off < input.length; i++) {
            int n = Math.min(sizes[i % sizes.length], input.length - off);
            out.write(cipher.update(input, off, n));
            off += n;
        }
        out.write(cipher.doFinal());
        return out.toByteArray();
    }

    @ParameterizedTest
    @MethodSource("bindings")
    void gmsslEnvelopesOpenInTheDeviceAndOursInGmssl(String binding) throws Exception {
        open(binding, "key-indexes=1");
        KeyStore store = KeyStore.getInstance("SDF", provider);
        store.load(null, null);
        PrivateKey encryption = (PrivateKey) store.getKey("enc-1", SoftSdf.PASSWORD.toCharArray());
        Path directory = Files.createTempDirectory("sdf-envelope");
        byte[] message = new byte[1000];
        new SecureRandom().nextBytes(message);
        Files.write(directory.resolve("msg"), message);
        GmsslPeer.run(SoftSdf.device(), "sdfencrypt", "-lib", SoftSdf.library().toString(), "-pubkey", "sm2encpub-1.pem",
                "-in", directory.resolve("msg").toString(), "-out", directory.resolve("env").toString());
        byte[] envelope = Files.readAllBytes(directory.resolve("env"));
        int keyLength = 2 + (envelope[1] & 0xff); // DER SEQUENCE with a one-byte length: an SM2 ciphertext of a 16-byte key
        assertTrue(envelope[0] == 0x30 && envelope[1] > 0);
        Cipher unwrapper = Cipher.getInstance("SM2");
        unwrapper.init(Cipher.UNWRAP_MODE, encryption);
        Key sessionKey = unwrapper.unwrap(Arrays.copyOf(envelope, keyLength), "SM4", Cipher.SECRET_KEY);
        assertInstanceOf(SdfSecretKey.class, sessionKey, "the envelope's key stays in the device");
        assertNull(sessionKey.getEncoded());
        Cipher opener = Cipher.getInstance("SM4/CBC/PKCS5Padding");
        opener.init(Cipher.DECRYPT_MODE, sessionKey, new IvParameterSpec(envelope, keyLength, 16));
        assertArrayEquals(message, opener.doFinal(envelope, keyLength + 16, envelope.length - keyLength - 16));

        // ours, for sdfdecrypt: it writes out only what its last read gives (a short message comes out whole)
        byte[] secret = "fifteen bytes!!".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        byte[] contentKey = new byte[16];
        byte[] iv = new byte[16];
        new SecureRandom().nextBytes(contentKey);
        new SecureRandom().nextBytes(iv);
        PublicKey publicKey = ((SdfPrivateKey) encryption).getPublicKey();
        Cipher wrapper = Cipher.getInstance("SM2", SHANGMI);
        wrapper.init(Cipher.ENCRYPT_MODE, publicKey);
        byte[] wrappedKey = wrapper.doFinal(contentKey);
        Cipher sealer = Cipher.getInstance("SM4/CBC/PKCS5Padding", SHANGMI);
        sealer.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(contentKey, "SM4"), new IvParameterSpec(iv));
        ByteArrayOutputStream ours = new ByteArrayOutputStream();
        ours.write(wrappedKey);
        ours.write(iv);
        ours.write(sealer.doFinal(secret));
        Files.write(directory.resolve("ours"), ours.toByteArray());
        GmsslPeer.run(SoftSdf.device(), "sdfdecrypt", "-lib", SoftSdf.library().toString(), "-key", "1", "-pass", SoftSdf.PASSWORD,
                "-in", directory.resolve("ours").toString(), "-out", directory.resolve("ours.out").toString());
        assertArrayEquals(secret, Files.readAllBytes(directory.resolve("ours.out")));
    }
}
