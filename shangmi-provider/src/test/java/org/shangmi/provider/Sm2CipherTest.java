package org.shangmi.provider;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.security.InvalidKeyException;
import java.security.Key;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.NoSuchAlgorithmException;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.spec.ECGenParameterSpec;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.X509EncodedKeySpec;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import javax.crypto.BadPaddingException;
import javax.crypto.Cipher;
import javax.crypto.SecretKey;
import javax.crypto.ShortBufferException;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.shangmi.core.testing.Chunks;
import org.shangmi.core.testing.Vectors;
import org.shangmi.provider.spec.Sm2CiphertextFormat;
import org.shangmi.provider.spec.Sm2RawPrivateKeySpec;

/** Cipher SM2 on every backend: OpenSSL's ciphertexts, every layout, Bouncy Castle, tampering. */
class Sm2CipherTest {

    static List<Arguments> opensslCiphertexts() {
        return Providers.withVectors("SM2", "SM2-DECRYPT");
    }

    /**
     * OpenSSL's GM/T 0009 ciphertexts decrypt one-shot and in uneven updates. The one record
     * that asks for SHAKE128 as the digest expects an error: this Cipher has SM3 only, and no
     * transformation that names another digest exists.
     */
    @ParameterizedTest(name = "{0}: {2}")
    @MethodSource("opensslCiphertexts")
    void decryptsOpensslCiphertexts(Backend backend, ShangMiProvider provider, Vectors.Record record) throws Exception {
        if (!record.text("digest").startsWith("SM3")) {
            assertTrue(record.text("result").startsWith("error"), record.id());
            assertThrows(NoSuchAlgorithmException.class,
                    () -> Cipher.getInstance("SM2with" + record.text("digest"), provider));
            return;
        }
        PrivateKey key = KeyFactory.getInstance("SM2", provider).generatePrivate(new Sm2RawPrivateKeySpec(record.hex("priv")));
        byte[] ciphertext = record.hex("ct_der");
        Cipher cipher = Cipher.getInstance("SM2", provider);
        cipher.init(Cipher.DECRYPT_MODE, key);
        assertArrayEquals(record.hex("msg"), cipher.doFinal(ciphertext), record.id());
        byte[] out = new byte[cipher.getOutputSize(ciphertext.length)];
        int[] written = {0};
        Chunks.feed(new Random(ciphertext.length), ciphertext.length, 13, (off, len) -> {
            try {
                written[0] += cipher.update(ciphertext, off, len, out, written[0]);
            } catch (ShortBufferException e) {
                throw new AssertionError(e);
            }
        });
        written[0] += cipher.doFinal(out, written[0]);
        assertArrayEquals(record.hex("msg"), Arrays.copyOf(out, written[0]));
    }

    /** Every layout, chosen by transformation or by spec, round trips between every pair of backends. */
    @Test
    void everyLayoutRoundTripsAcrossBackends() throws Exception {
        Random random = new Random(11);
        List<ShangMiProvider> providers = Providers.each();
        KeyPair pair = KeyPairGenerator.getInstance("SM2", providers.get(0)).generateKeyPair();
        for (int size : new int[] {0, 1, 31, 32, 33, 100, 1024, 5000}) {
            byte[] plaintext = new byte[size];
            random.nextBytes(plaintext);
            for (Sm2CiphertextFormat format : Sm2CiphertextFormat.values()) {
                for (ShangMiProvider encrypting : providers) {
                    Cipher encryptor = Cipher.getInstance("SM2/" + format + "/NoPadding", encrypting);
                    encryptor.init(Cipher.ENCRYPT_MODE, pair.getPublic());
                    byte[] ciphertext = encryptor.doFinal(plaintext);
                    assertTrue(ciphertext.length <= encryptor.getOutputSize(size), "output size bound");
                    assertEquals(size + 97, Sm2CiphertextFormat.convert(ciphertext, format, Sm2CiphertextFormat.C1C3C2).length);
                    for (ShangMiProvider decrypting : providers) {
                        Cipher decryptor = Cipher.getInstance("SM2", decrypting);
                        decryptor.init(Cipher.DECRYPT_MODE, pair.getPrivate(), format);
                        assertArrayEquals(plaintext, decryptor.doFinal(ciphertext), format + " " + size);
                    }
                }
            }
        }
    }

    /** Bouncy Castle's Cipher "SM2" writes and reads C1 || C2 || C3. */
    @Test
    void interoperatesWithBouncyCastleBothWays() throws Exception {
        KeyPairGenerator bcGenerator = KeyPairGenerator.getInstance("EC", Providers.bouncyCastle());
        bcGenerator.initialize(new ECGenParameterSpec("sm2p256v1"));
        KeyPair theirs = bcGenerator.generateKeyPair();
        byte[] plaintext = "interoperable plaintext".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        for (ShangMiProvider provider : Providers.each()) {
            Cipher bc = Cipher.getInstance("SM2", Providers.bouncyCastle());
            bc.init(Cipher.ENCRYPT_MODE, theirs.getPublic());
            byte[] fromBc = bc.doFinal(plaintext);
            Cipher ours = Cipher.getInstance("SM2/C1C2C3/NoPadding", provider);
            ours.init(Cipher.DECRYPT_MODE, theirs.getPrivate());
            assertArrayEquals(plaintext, ours.doFinal(fromBc));

            ours.init(Cipher.ENCRYPT_MODE, theirs.getPublic());
            byte[] fromUs = ours.doFinal(plaintext);
            bc.init(Cipher.DECRYPT_MODE, theirs.getPrivate());
            assertArrayEquals(plaintext, bc.doFinal(fromUs));

            // and with keys that went through our encodings into Bouncy Castle
            KeyPair pair = KeyPairGenerator.getInstance("SM2", provider).generateKeyPair();
            KeyFactory bcFactory = KeyFactory.getInstance("EC", Providers.bouncyCastle());
            PublicKey bcPublic = bcFactory.generatePublic(new X509EncodedKeySpec(pair.getPublic().getEncoded()));
            PrivateKey bcPrivate = bcFactory.generatePrivate(new PKCS8EncodedKeySpec(pair.getPrivate().getEncoded()));
            bc.init(Cipher.ENCRYPT_MODE, bcPublic);
            ours.init(Cipher.DECRYPT_MODE, pair.getPrivate());
            assertArrayEquals(plaintext, ours.doFinal(bc.doFinal(plaintext)));
            ours.init(Cipher.ENCRYPT_MODE, pair.getPublic());
            bc.init(Cipher.DECRYPT_MODE, bcPrivate);
            assertArrayEquals(plaintext, bc.doFinal(ours.doFinal(plaintext)));
        }
    }

    @Test
    void acceptsACompressedC1() throws Exception {
        for (ShangMiProvider provider : Providers.each()) {
            KeyPair pair = KeyPairGenerator.getInstance("SM2", provider).generateKeyPair();
            Cipher cipher = Cipher.getInstance("SM2/C1C3C2/NoPadding", provider);
            cipher.init(Cipher.ENCRYPT_MODE, pair.getPublic());
            byte[] raw = cipher.doFinal(new byte[] {1, 2, 3});
            byte[] compressed = new byte[raw.length - 32];
            compressed[0] = (byte) (0x02 | (raw[64] & 1));
            System.arraycopy(raw, 1, compressed, 1, 32);
            System.arraycopy(raw, 65, compressed, 33, raw.length - 65);
            cipher.init(Cipher.DECRYPT_MODE, pair.getPrivate());
            assertArrayEquals(new byte[] {1, 2, 3}, cipher.doFinal(compressed));
        }
    }

    /** Tampered, truncated or malformed ciphertexts: BadPaddingException, and the output buffer untouched. */
    @Test
    void badCiphertextsReleaseNothing() throws Exception {
        for (ShangMiProvider provider : Providers.each()) {
            KeyPair pair = KeyPairGenerator.getInstance("SM2", provider).generateKeyPair();
            byte[] plaintext = new byte[40];
            Arrays.fill(plaintext, (byte) 'p');
            for (Sm2CiphertextFormat format : Sm2CiphertextFormat.values()) {
                Cipher cipher = Cipher.getInstance("SM2", provider);
                cipher.init(Cipher.ENCRYPT_MODE, pair.getPublic(), format);
                byte[] good = cipher.doFinal(plaintext);
                byte[] raw = Sm2CiphertextFormat.convert(good, format, Sm2CiphertextFormat.C1C3C2);
                List<byte[]> bad = new java.util.ArrayList<>();
                for (int position : new int[] {10, 40, 64, 70, 96, 97, raw.length - 1}) {
                    byte[] tampered = raw.clone();
                    tampered[position] ^= 1; // C1 x and y (off the curve), C3, C2
                    bad.add(Sm2CiphertextFormat.convert(tampered, Sm2CiphertextFormat.C1C3C2, format));
                }
                bad.add(Arrays.copyOf(good, good.length - 1));
                bad.add(Arrays.copyOf(good, 96));
                bad.add(new byte[0]);
                bad.add(Arrays.copyOf(good, good.length + 1));
                cipher.init(Cipher.DECRYPT_MODE, pair.getPrivate(), format);
                for (byte[] ciphertext : bad) {
                    byte[] out = new byte[200];
                    Arrays.fill(out, (byte) 0x55);
                    assertThrows(BadPaddingException.class, () -> cipher.doFinal(ciphertext, 0, ciphertext.length, out, 0), format.toString());
                    for (byte b : out) {
                        assertEquals(0x55, b & 0xff, "output written on failure");
                    }
                }
                assertArrayEquals(plaintext, cipher.doFinal(good), "the cipher still works after failures");
            }
        }
    }

    @Test
    void shortBufferKeepsTheInputAndByteBuffersWork() throws Exception {
        for (ShangMiProvider provider : Providers.each()) {
            KeyPair pair = KeyPairGenerator.getInstance("SM2", provider).generateKeyPair();
            Cipher cipher = Cipher.getInstance("SM2", provider);
            cipher.init(Cipher.ENCRYPT_MODE, pair.getPublic());
            byte[] ciphertext = cipher.doFinal(new byte[300]);
            cipher.init(Cipher.DECRYPT_MODE, pair.getPrivate());
            cipher.update(ciphertext);
            assertThrows(ShortBufferException.class, () -> cipher.doFinal(new byte[10], 0));
            byte[] out = new byte[300];
            assertEquals(300, cipher.doFinal(out, 0));
            assertArrayEquals(new byte[300], out);

            ByteBuffer in = ByteBuffer.allocateDirect(ciphertext.length);
            in.put(ciphertext).flip();
            ByteBuffer plain = ByteBuffer.allocateDirect(cipher.getOutputSize(ciphertext.length));
            assertEquals(300, cipher.doFinal(in, plain));
            plain.flip();
            byte[] copy = new byte[300];
            plain.get(copy);
            assertArrayEquals(new byte[300], copy);
        }
    }

    @Test
    void wrapsAndUnwrapsSecretKeys() throws Exception {
        for (ShangMiProvider provider : Providers.each()) {
            KeyPair pair = KeyPairGenerator.getInstance("SM2", provider).generateKeyPair();
            SecretKey key = new SecretKeySpec(new byte[] {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16}, "SM4");
            Cipher cipher = Cipher.getInstance("SM2", provider);
            cipher.init(Cipher.WRAP_MODE, pair.getPublic());
            byte[] wrapped = cipher.wrap(key);
            cipher.init(Cipher.UNWRAP_MODE, pair.getPrivate());
            Key unwrapped = cipher.unwrap(wrapped, "SM4", Cipher.SECRET_KEY);
            assertArrayEquals(key.getEncoded(), unwrapped.getEncoded());
            assertEquals("SM4", unwrapped.getAlgorithm());
            wrapped[wrapped.length - 1] ^= 1;
            assertThrows(InvalidKeyException.class, () -> cipher.unwrap(wrapped, "SM4", Cipher.SECRET_KEY));
        }
    }

    @Test
    void wrongKeysAreRefused() throws Exception {
        KeyPairGenerator p256 = KeyPairGenerator.getInstance("EC", "SunEC");
        p256.initialize(new ECGenParameterSpec("secp256r1"));
        KeyPair nist = p256.generateKeyPair();
        for (ShangMiProvider provider : Providers.each()) {
            KeyPair pair = KeyPairGenerator.getInstance("SM2", provider).generateKeyPair();
            Cipher cipher = Cipher.getInstance("SM2", provider);
            assertThrows(InvalidKeyException.class, () -> cipher.init(Cipher.ENCRYPT_MODE, pair.getPrivate()));
            assertThrows(InvalidKeyException.class, () -> cipher.init(Cipher.DECRYPT_MODE, pair.getPublic()));
            assertThrows(InvalidKeyException.class, () -> cipher.init(Cipher.ENCRYPT_MODE, nist.getPublic()));
            assertThrows(InvalidKeyException.class, () -> cipher.init(Cipher.DECRYPT_MODE, nist.getPrivate()));
            assertThrows(java.security.InvalidAlgorithmParameterException.class,
                    () -> cipher.init(Cipher.ENCRYPT_MODE, pair.getPublic(), new javax.crypto.spec.IvParameterSpec(new byte[16])));
        }
    }
}
