package org.shangmi.provider;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.AlgorithmParameters;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.NoSuchAlgorithmException;
import java.security.Provider;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import javax.crypto.BadPaddingException;
import javax.crypto.Cipher;
import javax.crypto.IllegalBlockSizeException;
import javax.crypto.KeyGenerator;
import javax.crypto.NoSuchPaddingException;
import javax.crypto.SecretKey;
import javax.crypto.ShortBufferException;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.shangmi.core.testing.Chunks;
import org.shangmi.core.testing.OpenSslCommand;
import org.shangmi.core.testing.Vectors;

/** Cipher SM4 (ECB, CBC, CTR, CFB, OFB) on every backend: vectors on every path, round trips, peers, refusals. */
class Sm4CipherTest {

    private static final List<String> TRANSFORMATIONS = List.of("SM4/ECB/NoPadding", "SM4/ECB/PKCS5Padding",
            "SM4/ECB/PKCS7Padding", "SM4/CBC/NoPadding", "SM4/CBC/PKCS5Padding", "SM4/CBC/PKCS7Padding",
            "SM4/CTR/NoPadding", "SM4/CFB/NoPadding", "SM4/CFB128/NoPadding", "SM4/CFB8/NoPadding", "SM4/OFB/NoPadding",
            "SM4/OFB128/NoPadding", "SM4");
    /** The modes that take any length. */
    private static final String STREAM = ".*/(CTR|CFB|CFB128|CFB8|OFB|OFB128)/.*";

    static Stream<Arguments> vectors() {
        List<Arguments> cases = new ArrayList<>();
        for (String mode : List.of("ECB", "CBC", "CTR", "CFB", "OFB")) {
            cases.addAll(Providers.withVectors("SM4", "SM4-" + mode));
        }
        return cases.stream();
    }

    /** Each vector one-shot, through update() in random chunks, in place, at offsets, and through heap and direct ByteBuffers. */
    @ParameterizedTest
    @MethodSource("vectors")
    void knownAnswersOnEveryPath(Object backend, ShangMiProvider provider, Vectors.Record record) throws Exception {
        String mode = record.algorithm().substring("SM4-".length());
        SecretKeySpec key = new SecretKeySpec(record.hex("key"), "SM4");
        IvParameterSpec iv = mode.equals("ECB") ? null : new IvParameterSpec(record.hex("iv"));
        Cipher cipher = Cipher.getInstance("SM4/" + mode + "/NoPadding", provider);
        checkEveryPath(cipher, key, iv, record.hex("msg"), record.hex("ct"), record.id() + " on " + backend);
    }

    /**
     * CFB8, which no vector file has, against Bouncy Castle's SM4/CFB8 on every path: lengths
     * around the 64-byte batches of the bitsliced decryption.
     */
    @Test
    void cfb8EqualsBouncyCastleOnEveryPath() throws Exception {
        Random random = new Random(8);
        Cipher theirs = Cipher.getInstance("SM4/CFB8/NoPadding", Providers.bouncyCastle());
        for (ShangMiProvider provider : Providers.serving("SM4")) {
            for (int length : new int[] {1, 3, 4, 63, 64, 65, 200, 1000}) {
                SecretKeySpec key = new SecretKeySpec(bytes(random, 16), "SM4");
                IvParameterSpec iv = new IvParameterSpec(bytes(random, 16));
                byte[] plaintext = bytes(random, length);
                theirs.init(Cipher.ENCRYPT_MODE, key, iv);
                byte[] ciphertext = theirs.doFinal(plaintext);
                checkEveryPath(Cipher.getInstance("SM4/CFB8/NoPadding", provider), key, iv, plaintext, ciphertext,
                        "CFB8, " + length + " bytes, on " + provider.backendFor("SM4"));
            }
        }
    }

    /**
     * Encrypts the plaintext and decrypts the ciphertext one-shot, through update() in random
     * chunks, in place, at overlapping offsets, and through heap and direct ByteBuffers.
     */
    private static void checkEveryPath(Cipher cipher, SecretKeySpec key, IvParameterSpec iv, byte[] plaintext, byte[] ciphertext,
            String name) throws Exception {
        long seed = System.nanoTime();
        Random random = new Random(seed);
        for (int opmode : new int[] {Cipher.ENCRYPT_MODE, Cipher.DECRYPT_MODE}) {
            byte[] in = opmode == Cipher.ENCRYPT_MODE ? plaintext : ciphertext;
            byte[] expected = opmode == Cipher.ENCRYPT_MODE ? ciphertext : plaintext;
            String context = name + " " + (opmode == Cipher.ENCRYPT_MODE ? "encrypt" : "decrypt");
            cipher.init(opmode, key, iv);
            assertArrayEquals(expected, cipher.doFinal(in), context);
            assertArrayEquals(expected, chunked(cipher, in, random), context + " in chunks, seed " + seed);

            byte[] inPlace = Arrays.copyOf(in, in.length);
            assertEquals(in.length, cipher.doFinal(inPlace, 0, inPlace.length, inPlace, 0));
            assertArrayEquals(expected, inPlace, context + " in place");

            for (int[] offsets : new int[][] {{3, 7}, {7, 3}}) { // overlapping: output ahead of the input, then behind
                byte[] shifted = new byte[in.length + 7];
                System.arraycopy(in, 0, shifted, offsets[0], in.length);
                int n = cipher.doFinal(shifted, offsets[0], in.length, shifted, offsets[1]);
                assertArrayEquals(expected, Arrays.copyOfRange(shifted, offsets[1], offsets[1] + n), context + " overlapping " + offsets[0] + "→" + offsets[1]);
            }

            for (boolean direct : new boolean[] {false, true}) {
                ByteBuffer source = direct ? ByteBuffer.allocateDirect(in.length) : ByteBuffer.allocate(in.length);
                source.put(in).flip();
                ByteBuffer target = direct ? ByteBuffer.allocateDirect(in.length + 16) : ByteBuffer.allocate(in.length + 16);
                cipher.doFinal(source, target);
                target.flip();
                byte[] out = new byte[target.remaining()];
                target.get(out);
                assertArrayEquals(expected, out, context + (direct ? " direct" : " heap") + " buffers");
            }
        }
    }

    /** Random sizes 0..5,000 for every mode and padding, split into random updates, in place and not. */
    @Test
    void randomRoundTripsInEveryModeAndPaddingAcrossBackends() throws Exception {
        long seed = System.nanoTime();
        Random random = new Random(seed);
        List<ShangMiProvider> providers = Providers.serving("SM4");
        for (String transformation : TRANSFORMATIONS) {
            boolean padded = !transformation.endsWith("NoPadding");
            boolean stream = transformation.matches(STREAM);
            for (int trial = 0; trial < 30; trial++) {
                int length = random.nextInt(5001);
                if (!padded && !stream) {
                    length -= length % 16;
                }
                byte[] plaintext = new byte[length];
                random.nextBytes(plaintext);
                SecretKey key = new SecretKeySpec(bytes(random, 16), "SM4");
                ShangMiProvider encrypting = providers.get(random.nextInt(providers.size()));
                ShangMiProvider decrypting = providers.get(random.nextInt(providers.size()));
                Cipher encryptor = Cipher.getInstance(transformation, encrypting);
                encryptor.init(Cipher.ENCRYPT_MODE, key);
                byte[] ciphertext = random.nextBoolean() ? encryptor.doFinal(plaintext) : chunked(encryptor, plaintext, random);
                assertEquals(padded ? (length / 16 + 1) * 16 : length, ciphertext.length, transformation);
                Cipher decryptor = Cipher.getInstance(transformation, decrypting);
                decryptor.init(Cipher.DECRYPT_MODE, key, encryptor.getParameters());
                String context = transformation + ", " + length + " bytes, seed " + seed;
                assertArrayEquals(plaintext, chunked(decryptor, ciphertext, random), context);
                byte[] inPlace = Arrays.copyOf(ciphertext, ciphertext.length);
                int n = decryptor.doFinal(inPlace, 0, inPlace.length, inPlace, 0);
                assertArrayEquals(plaintext, Arrays.copyOf(inPlace, n), context + " in place");
            }
        }
    }

    /** Every mode and padding both ways against Bouncy Castle's Cipher, on random data. */
    @Test
    void interoperatesWithBouncyCastleBothWays() throws Exception {
        long seed = System.nanoTime();
        Random random = new Random(seed);
        Provider bc = Providers.bouncyCastle();
        for (ShangMiProvider provider : Providers.serving("SM4")) {
            for (String transformation : TRANSFORMATIONS) {
                boolean whole = transformation.endsWith("NoPadding") && !transformation.matches(STREAM);
                int length = random.nextInt(3000);
                byte[] plaintext = bytes(random, whole ? length - length % 16 : length);
                SecretKey key = new SecretKeySpec(bytes(random, 16), "SM4");
                Cipher ours = Cipher.getInstance(transformation, provider);
                ours.init(Cipher.ENCRYPT_MODE, key);
                byte[] ciphertext = ours.doFinal(plaintext);
                Cipher theirs = Cipher.getInstance(transformation, bc);
                theirs.init(Cipher.DECRYPT_MODE, key, ours.getParameters());
                String context = transformation + ", seed " + seed;
                assertArrayEquals(plaintext, theirs.doFinal(ciphertext), "BC decrypts ours, " + context);
                theirs.init(Cipher.ENCRYPT_MODE, key, ours.getParameters());
                byte[] fromBc = theirs.doFinal(plaintext);
                assertArrayEquals(ciphertext, fromBc, "same key and IV, same ciphertext, " + context);
                ours.init(Cipher.DECRYPT_MODE, key, ours.getParameters());
                assertArrayEquals(plaintext, ours.doFinal(fromBc), "we decrypt BC's, " + context);
            }
        }
    }

    /** `openssl enc` encrypts what we decrypt, and decrypts what we encrypt (ECB, CBC with PKCS#7, CTR, CFB, OFB). */
    @Test
    void interoperatesWithTheOpensslCommand(@TempDir Path directory) throws Exception {
        OpenSslCommand.assumeAvailable();
        Random random = new Random(17);
        byte[] key = bytes(random, 16);
        byte[] iv = bytes(random, 16);
        byte[] plaintext = bytes(random, 1000);
        Path file = directory.resolve("plain");
        Files.write(file, plaintext);
        String[][] cases = {{"sm4-ecb", "SM4/ECB/PKCS5Padding"}, {"sm4-cbc", "SM4/CBC/PKCS7Padding"}, {"sm4-ctr", "SM4/CTR/NoPadding"},
            {"sm4-cfb", "SM4/CFB/NoPadding"}, {"sm4-ofb", "SM4/OFB/NoPadding"}};
        for (ShangMiProvider provider : Providers.serving("SM4")) {
            for (String[] pair : cases) {
                List<String> args = new ArrayList<>(List.of("enc", "-" + pair[0], "-K", HexFormat.of().formatHex(key)));
                if (!pair[0].equals("sm4-ecb")) {
                    args.addAll(List.of("-iv", HexFormat.of().formatHex(iv)));
                }
                byte[] fromOpenssl = OpenSslCommand.run(plaintext, args.toArray(String[]::new));
                Cipher cipher = Cipher.getInstance(pair[1], provider);
                IvParameterSpec spec = pair[0].equals("sm4-ecb") ? null : new IvParameterSpec(iv);
                cipher.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(key, "SM4"), spec);
                byte[] ours = cipher.doFinal(plaintext);
                assertArrayEquals(fromOpenssl, ours, pair[0]);
                args.add(1, "-d");
                assertArrayEquals(plaintext, OpenSslCommand.run(ours, args.toArray(String[]::new)), pair[0] + " decrypted by openssl");
            }
        }
        assertTrue(Files.size(file) > 0);
    }

    @Test
    void parametersIvAndReuse() throws Exception {
        for (ShangMiProvider provider : Providers.serving("SM4")) {
            Cipher cipher = Cipher.getInstance("SM4/CBC/PKCS5Padding", provider);
            SecretKey key = KeyGenerator.getInstance("SM4", provider).generateKey();
            assertEquals(16, key.getEncoded().length);
            cipher.init(Cipher.ENCRYPT_MODE, key);
            byte[] iv = cipher.getIV();
            assertNotNull(iv, "a random IV when none is given");
            assertEquals(16, iv.length);
            byte[] first = cipher.doFinal(new byte[40]);
            assertArrayEquals(first, cipher.doFinal(new byte[40]), "after doFinal: the state of init again");
            AlgorithmParameters parameters = cipher.getParameters();
            AlgorithmParameters decoded = AlgorithmParameters.getInstance("SM4", provider);
            decoded.init(parameters.getEncoded());
            assertArrayEquals(iv, decoded.getParameterSpec(IvParameterSpec.class).getIV());
            assertArrayEquals(HexFormat.of().parseHex("0410"), Arrays.copyOf(parameters.getEncoded(), 2), "DER OCTET STRING of 16 bytes");
            Cipher decryptor = Cipher.getInstance("SM4/CBC/PKCS5Padding", provider);
            decryptor.init(Cipher.DECRYPT_MODE, key, decoded);
            assertArrayEquals(new byte[40], decryptor.doFinal(first));

            Cipher ecb = Cipher.getInstance("SM4", provider);
            ecb.init(Cipher.ENCRYPT_MODE, key);
            assertNull(ecb.getIV());
            assertNull(ecb.getParameters());
            assertEquals(48, ecb.getOutputSize(40), "SM4 alone is ECB with PKCS#5 padding");
            assertEquals(48, ecb.doFinal(new byte[40]).length);

            byte[] wrapped;
            Cipher wrapper = Cipher.getInstance("SM4/ECB/PKCS5Padding", provider);
            wrapper.init(Cipher.WRAP_MODE, key);
            wrapped = wrapper.wrap(new SecretKeySpec(new byte[] {1, 2, 3}, "HmacSM3"));
            wrapper.init(Cipher.UNWRAP_MODE, key);
            assertArrayEquals(new byte[] {1, 2, 3}, wrapper.unwrap(wrapped, "HmacSM3", Cipher.SECRET_KEY).getEncoded());
            // one block of padding alone unwraps to no key: a refused key, not an IllegalArgumentException
            wrapper.init(Cipher.ENCRYPT_MODE, key);
            byte[] empty = wrapper.doFinal();
            wrapper.init(Cipher.UNWRAP_MODE, key);
            assertThrows(InvalidKeyException.class, () -> wrapper.unwrap(empty, "HmacSM3", Cipher.SECRET_KEY));
        }
    }

    @Test
    void badInputIsRefusedAndReleasesNothing() throws Exception {
        for (ShangMiProvider provider : Providers.serving("SM4")) {
            SecretKey key = new SecretKeySpec(new byte[16], "SM4");
            IvParameterSpec iv = new IvParameterSpec(new byte[16]);
            Cipher cipher = Cipher.getInstance("SM4/CBC/PKCS5Padding", provider);
            cipher.init(Cipher.ENCRYPT_MODE, key, iv);
            byte[] ciphertext = cipher.doFinal(new byte[20]);

            cipher.init(Cipher.DECRYPT_MODE, key, iv);
            byte[] tampered = ciphertext.clone();
            tampered[tampered.length - 1] ^= 1; // the last plaintext block's padding changes
            byte[] output = new byte[64];
            Arrays.fill(output, (byte) 0x55);
            assertThrows(BadPaddingException.class, () -> cipher.doFinal(tampered, 0, tampered.length, output, 0));
            byte[] untouched = new byte[64];
            Arrays.fill(untouched, (byte) 0x55);
            assertArrayEquals(untouched, Arrays.copyOf(output, 64), "nothing written on bad padding");
            assertArrayEquals(new byte[20], cipher.doFinal(ciphertext), "usable again after the failure");
            assertThrows(IllegalBlockSizeException.class, () -> cipher.doFinal(Arrays.copyOf(ciphertext, 31)));
            assertThrows(IllegalBlockSizeException.class, () -> cipher.doFinal(new byte[0]));

            Cipher noPadding = Cipher.getInstance("SM4/ECB/NoPadding", provider);
            noPadding.init(Cipher.ENCRYPT_MODE, key);
            assertThrows(IllegalBlockSizeException.class, () -> noPadding.doFinal(new byte[17]));

            assertThrows(InvalidKeyException.class, () -> cipher.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(new byte[24], "SM4"), iv));
            assertThrows(InvalidKeyException.class, () -> cipher.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(new byte[8], "SM4"), iv));
            assertThrows(InvalidAlgorithmParameterException.class,
                    () -> cipher.init(Cipher.ENCRYPT_MODE, key, new IvParameterSpec(new byte[12])));
            assertThrows(InvalidKeyException.class, () -> cipher.init(Cipher.DECRYPT_MODE, key), "decrypting needs the IV");
            assertThrows(InvalidAlgorithmParameterException.class,
                    () -> Cipher.getInstance("SM4/ECB/NoPadding", provider).init(Cipher.ENCRYPT_MODE, key, iv));
            assertThrows(NoSuchPaddingException.class, () -> Cipher.getInstance("SM4/CTR/PKCS5Padding", provider));
            assertThrows(NoSuchPaddingException.class, () -> Cipher.getInstance("SM4/OFB/PKCS7Padding", provider));
            assertThrows(NoSuchAlgorithmException.class, () -> Cipher.getInstance("SM4/XYZ/NoPadding", provider));
            assertThrows(NoSuchAlgorithmException.class, () -> Cipher.getInstance("SM4/CFB16/NoPadding", provider),
                    "CFB-8 and CFB-128 only");
            assertThrows(NoSuchPaddingException.class, () -> Cipher.getInstance("SM4/CFB8/PKCS5Padding", provider));
            assertThrows(NoSuchPaddingException.class, () -> Cipher.getInstance("SM4/CBC/ISO10126Padding", provider));
            assertThrows(java.security.InvalidParameterException.class, () -> KeyGenerator.getInstance("SM4", provider).init(256));
        }
    }

    /** Re-initialising with the same key keeps the round keys: the results must equal a fresh Cipher's. */
    @Test
    void reinitialisingWithTheSameOrAnotherKeyOrDirection() throws Exception {
        Random random = new Random(12);
        for (ShangMiProvider provider : Providers.serving("SM4")) {
            for (String transformation : TRANSFORMATIONS) {
                Cipher reused = Cipher.getInstance(transformation, provider);
                byte[] plaintext = bytes(random, 64);
                byte[] secondKey = bytes(random, 16);
                for (int round = 0; round < 8; round++) {
                    // pairs of rounds with the same key and direction (the second reuses the engine), then a new key
                    SecretKey key = new SecretKeySpec(round < 4 ? new byte[16] : secondKey, "SM4");
                    IvParameterSpec iv = transformation.contains("ECB") || transformation.equals("SM4") ? null
                            : new IvParameterSpec(bytes(random, 16));
                    int opmode = (round / 2) % 2 == 0 ? Cipher.ENCRYPT_MODE : Cipher.DECRYPT_MODE;
                    byte[] input = plaintext;
                    if (opmode == Cipher.DECRYPT_MODE && !transformation.endsWith("NoPadding")) { // needs a valid padding
                        Cipher sealer = Cipher.getInstance(transformation, provider);
                        sealer.init(Cipher.ENCRYPT_MODE, key, iv);
                        input = sealer.doFinal(plaintext);
                    }
                    Cipher fresh = Cipher.getInstance(transformation, provider);
                    fresh.init(opmode, key, iv);
                    reused.init(opmode, key, iv);
                    assertArrayEquals(fresh.doFinal(input), reused.doFinal(input), transformation + " round " + round);
                }
            }
        }
    }

    /** A short output buffer changes nothing: the same call with room gives the right result. */
    @Test
    void shortBufferKeepsTheState() throws Exception {
        for (ShangMiProvider provider : Providers.serving("SM4")) {
            SecretKey key = new SecretKeySpec(new byte[16], "SM4");
            IvParameterSpec iv = new IvParameterSpec(new byte[16]);
            Cipher reference = Cipher.getInstance("SM4/CBC/PKCS5Padding", provider);
            reference.init(Cipher.ENCRYPT_MODE, key, iv);
            byte[] expected = reference.doFinal(new byte[50]);

            Cipher cipher = Cipher.getInstance("SM4/CBC/PKCS5Padding", provider);
            cipher.init(Cipher.ENCRYPT_MODE, key, iv);
            byte[] out = new byte[64];
            int n = cipher.update(new byte[20], 0, 20, out, 0);
            assertThrows(ShortBufferException.class, () -> cipher.update(new byte[30], 0, 30, new byte[8], 0));
            assertThrows(ShortBufferException.class, () -> cipher.doFinal(new byte[30], 0, 30, new byte[8], 0));
            n += cipher.doFinal(new byte[30], 0, 30, out, n);
            assertArrayEquals(expected, Arrays.copyOf(out, n));
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

    private static byte[] bytes(Random random, int length) {
        byte[] out = new byte[Math.max(length, 0)];
        random.nextBytes(out);
        return out;
    }
}
