package org.shangmi.provider;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import javax.crypto.AEADBadTagException;
import javax.crypto.Cipher;
import javax.crypto.SecretKey;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.shangmi.core.testing.Chunks;
import org.shangmi.core.testing.Vectors;

/** Cipher SM4/GCM/NoPadding on every backend: RFC 8998 on every path, Bouncy Castle both ways, the JCA's GCM rules. */
class Sm4GcmCipherTest {

    static List<Arguments> vectors() {
        return Providers.withVectors("SM4", "SM4-GCM");
    }

    @ParameterizedTest
    @MethodSource("vectors")
    void knownAnswersOnEveryPath(Object backend, ShangMiProvider provider, Vectors.Record record) throws Exception {
        SecretKeySpec key = new SecretKeySpec(record.hex("key"), "SM4");
        byte[] aad = record.hex("aad");
        byte[] plaintext = record.hex("msg");
        byte[] tag = record.hex("tag");
        byte[] sealed = concat(record.hex("ct"), tag);
        GCMParameterSpec spec = new GCMParameterSpec(8 * tag.length, record.hex("iv"));
        long seed = System.nanoTime();
        Random random = new Random(seed);

        Cipher decryptor = Cipher.getInstance("SM4/GCM/NoPadding", provider);
        decryptor.init(Cipher.DECRYPT_MODE, key, spec);
        decryptor.updateAAD(aad);
        assertArrayEquals(plaintext, decryptor.doFinal(sealed), record.id());
        decryptor.updateAAD(aad);
        assertArrayEquals(plaintext, chunked(decryptor, sealed, random), "chunked");
        decryptor.updateAAD(aad);
        ByteBuffer out = ByteBuffer.allocateDirect(plaintext.length);
        decryptor.doFinal(ByteBuffer.wrap(sealed), out);
        out.flip();
        byte[] fromBuffer = new byte[out.remaining()];
        out.get(fromBuffer);
        assertArrayEquals(plaintext, fromBuffer, "direct buffer");

        // encryption: a fresh init per message, since GCM refuses to repeat a key and IV
        Cipher encryptor = Cipher.getInstance("SM4/GCM/NoPadding", provider);
        encryptor.init(Cipher.ENCRYPT_MODE, key, spec);
        Chunks.feed(random, aad.length, 7, (off, len) -> encryptor.updateAAD(aad, off, len));
        assertArrayEquals(sealed, chunked(encryptor, plaintext, random), record.id() + " chunked, seed " + seed);
        byte[] inPlace = Arrays.copyOf(plaintext, sealed.length);
        Cipher again = Cipher.getInstance("SM4/GCM/NoPadding", provider);
        again.init(Cipher.ENCRYPT_MODE, key, spec);
        again.updateAAD(aad);
        assertEquals(sealed.length, again.doFinal(inPlace, 0, plaintext.length, inPlace, 0));
        assertArrayEquals(sealed, inPlace, "in place");
    }

    /** Random keys, IVs, AAD, sizes and tag lengths both ways with Bouncy Castle. */
    @Test
    void interoperatesWithBouncyCastleBothWays() throws Exception {
        long seed = System.nanoTime();
        Random random = new Random(seed);
        for (ShangMiProvider provider : Providers.serving("SM4")) {
            for (int trial = 0; trial < 60; trial++) {
                SecretKey key = new SecretKeySpec(bytes(random, 16), "SM4");
                int tagBits = new int[] {128, 120, 112, 104, 96}[random.nextInt(5)];
                GCMParameterSpec spec = new GCMParameterSpec(tagBits, bytes(random, trial % 2 == 0 ? 12 : 1 + random.nextInt(30)));
                byte[] aad = bytes(random, random.nextInt(50));
                byte[] plaintext = bytes(random, random.nextInt(3000));
                Cipher ours = Cipher.getInstance("SM4/GCM/NoPadding", provider);
                ours.init(Cipher.ENCRYPT_MODE, key, spec);
                ours.updateAAD(aad);
                byte[] sealed = ours.doFinal(plaintext);
                Cipher theirs = Cipher.getInstance("SM4/GCM/NoPadding", Providers.bouncyCastle());
                theirs.init(Cipher.DECRYPT_MODE, key, spec);
                theirs.updateAAD(aad);
                String context = "tag " + tagBits + ", iv " + spec.getIV().length + ", seed " + seed;
                assertArrayEquals(plaintext, theirs.doFinal(sealed), "BC opens ours, " + context);
                theirs.init(Cipher.ENCRYPT_MODE, key, new GCMParameterSpec(tagBits, bytes(random, 12)));
                theirs.updateAAD(aad);
                byte[] fromBc = theirs.doFinal(plaintext);
                ours.init(Cipher.DECRYPT_MODE, key, theirs.getParameters());
                ours.updateAAD(aad);
                assertArrayEquals(plaintext, ours.doFinal(fromBc), "we open BC's, " + context);
            }
        }
    }

    @Test
    void theJcaRulesOfGcm() throws Exception {
        for (ShangMiProvider provider : Providers.serving("SM4")) {
            SecretKey key = new SecretKeySpec(new byte[16], "SM4");
            Cipher cipher = Cipher.getInstance("SM4/GCM/NoPadding", provider);
            cipher.init(Cipher.ENCRYPT_MODE, key);
            byte[] iv = cipher.getIV();
            assertNotNull(iv);
            assertEquals(12, iv.length, "a random 12-byte IV by default");
            assertEquals(128, cipher.getParameters().getParameterSpec(GCMParameterSpec.class).getTLen());
            assertEquals(36, cipher.getOutputSize(20));
            cipher.updateAAD(new byte[3]);
            byte[] first = cipher.update(new byte[20]);
            assertThrows(IllegalStateException.class, () -> cipher.updateAAD(new byte[1]), "AAD after data");
            byte[] sealed = concat(first, cipher.doFinal());
            assertEquals(36, sealed.length);
            assertThrows(IllegalStateException.class, () -> cipher.doFinal(new byte[1]), "spent after doFinal");
            GCMParameterSpec same = new GCMParameterSpec(128, iv);
            assertThrows(InvalidAlgorithmParameterException.class, () -> cipher.init(Cipher.ENCRYPT_MODE, key, same),
                    "the same key and IV again");

            Cipher decryptor = Cipher.getInstance("SM4/GCM/NoPadding", provider);
            decryptor.init(Cipher.DECRYPT_MODE, key, same);
            decryptor.updateAAD(new byte[3]);
            assertEquals(0, decryptor.update(sealed, 0, 30).length, "decryption releases nothing before doFinal");
            assertArrayEquals(new byte[20], decryptor.doFinal(sealed, 30, 6));
            for (int position : new int[] {0, 19, 20, 35}) {
                byte[] tampered = sealed.clone();
                tampered[position] ^= 1;
                byte[] output = new byte[40];
                Arrays.fill(output, (byte) 7);
                decryptor.updateAAD(new byte[3]);
                assertThrows(AEADBadTagException.class, () -> decryptor.doFinal(tampered, 0, tampered.length, output, 0));
                byte[] untouched = new byte[40];
                Arrays.fill(untouched, (byte) 7);
                assertArrayEquals(untouched, output, "nothing written, byte " + position + " changed");
            }
            assertThrows(AEADBadTagException.class, () -> decryptor.doFinal(new byte[15]), "shorter than the tag");
            decryptor.updateAAD(new byte[3]);
            assertArrayEquals(new byte[20], decryptor.doFinal(sealed), "usable after failures");

            assertThrows(InvalidKeyException.class, () -> decryptor.init(Cipher.DECRYPT_MODE, key), "decryption needs the IV");
            assertThrows(InvalidAlgorithmParameterException.class,
                    () -> decryptor.init(Cipher.ENCRYPT_MODE, key, new GCMParameterSpec(80, new byte[12])));
            assertThrows(InvalidAlgorithmParameterException.class,
                    () -> decryptor.init(Cipher.ENCRYPT_MODE, key, new GCMParameterSpec(128, new byte[0])));
            assertThrows(InvalidAlgorithmParameterException.class,
                    () -> decryptor.init(Cipher.ENCRYPT_MODE, key, new IvParameterSpec(new byte[12])));
            assertThrows(InvalidKeyException.class,
                    () -> decryptor.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(new byte[32], "SM4"), same));
            Cipher shortTag = Cipher.getInstance("SM4/GCM/NoPadding", provider);
            shortTag.init(Cipher.ENCRYPT_MODE, key, new GCMParameterSpec(32, new byte[12]));
            assertEquals(24, shortTag.doFinal(new byte[20]).length, "a 32-bit tag when asked for");
        }
    }

    private static byte[] chunked(Cipher cipher, byte[] in, Random random) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Chunks.feed(random, in.length, 40, (offset, length) -> {
            byte[] piece = cipher.update(in, offset, length);
            if (piece != null) {
                out.writeBytes(piece);
            }
        });
        out.writeBytes(cipher.doFinal());
        return out.toByteArray();
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] out = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    private static byte[] bytes(Random random, int length) {
        byte[] out = new byte[length];
        random.nextBytes(out);
        return out;
    }
}
