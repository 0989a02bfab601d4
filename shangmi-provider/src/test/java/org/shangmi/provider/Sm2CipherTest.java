package org.shangmi.provider;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.math.BigInteger;
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
import org.bouncycastle.asn1.gm.GMNamedCurves;
import org.bouncycastle.crypto.digests.SM3Digest;
import org.bouncycastle.crypto.generators.KDF2BytesGenerator;
import org.bouncycastle.crypto.params.KDFParameters;
import org.bouncycastle.math.ec.ECCurve;
import org.bouncycastle.math.ec.ECFieldElement;
import org.bouncycastle.math.ec.ECPoint;
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
        List<ShangMiProvider> providers = Providers.serving("SM2");
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

    /**
     * 1,000 random keys, messages and layouts, encrypted by one backend and decrypted by another;
     * every tenth also crosses Bouncy Castle both ways in that layout: its SM2Engine (C1C3C2 or
     * C1C2C3) for the raw layouts, and for DER its engine's output wrapped by its own ASN.1
     * encoder (and our DER unwrapped by its parser).
     */
    @Test
    void randomRoundTripsInEveryLayoutAcrossBackendsAndBouncyCastle() throws Exception {
        long seed = System.nanoTime();
        Random random = new Random(seed);
        java.security.SecureRandom secure = new java.security.SecureRandom();
        List<ShangMiProvider> providers = Providers.serving("SM2");
        KeyFactory bcFactory = KeyFactory.getInstance("EC", Providers.bouncyCastle());
        Sm2CiphertextFormat[] formats = Sm2CiphertextFormat.values();
        for (int i = 0; i < 1000; i++) {
            ShangMiProvider encrypting = providers.get(random.nextInt(providers.size()));
            ShangMiProvider decrypting = providers.get(random.nextInt(providers.size()));
            KeyPair pair = KeyPairGenerator.getInstance("SM2", encrypting).generateKeyPair();
            Sm2CiphertextFormat format = formats[random.nextInt(formats.length)];
            byte[] plaintext = new byte[random.nextInt(300) + (i % 10 == 0 ? 1 : 0)];
            random.nextBytes(plaintext);
            String context = format + ", " + plaintext.length + " bytes, seed " + seed;

            Cipher encryptor = Cipher.getInstance("SM2", encrypting);
            encryptor.init(Cipher.ENCRYPT_MODE, pair.getPublic(), format);
            byte[] ciphertext = encryptor.doFinal(plaintext);
            Cipher decryptor = Cipher.getInstance("SM2", decrypting);
            decryptor.init(Cipher.DECRYPT_MODE, pair.getPrivate(), format);
            assertArrayEquals(plaintext, decryptor.doFinal(ciphertext), context);

            if (i % 10 == 0) {
                var bcPrivate = org.bouncycastle.jcajce.provider.asymmetric.util.ECUtil.generatePrivateKeyParameter(
                        bcFactory.generatePrivate(new PKCS8EncodedKeySpec(pair.getPrivate().getEncoded())));
                var bcPublic = org.bouncycastle.jcajce.provider.asymmetric.util.ECUtil.generatePublicKeyParameter(
                        bcFactory.generatePublic(new X509EncodedKeySpec(pair.getPublic().getEncoded())));
                boolean der = format == Sm2CiphertextFormat.DER || format == Sm2CiphertextFormat.DER_C1C2C3;
                boolean c3First = format == Sm2CiphertextFormat.DER || format == Sm2CiphertextFormat.C1C3C2;
                var mode = c3First ? org.bouncycastle.crypto.engines.SM2Engine.Mode.C1C3C2
                        : org.bouncycastle.crypto.engines.SM2Engine.Mode.C1C2C3;
                var bc = new org.bouncycastle.crypto.engines.SM2Engine(mode);

                byte[] ours = der ? BouncyCastleDer.unwrap(ciphertext, c3First) : ciphertext;
                bc.init(false, bcPrivate);
                assertArrayEquals(plaintext, bc.processBlock(ours, 0, ours.length), "BC decrypts ours, " + context);

                bc.init(true, new org.bouncycastle.crypto.params.ParametersWithRandom(bcPublic, secure));
                byte[] theirs = bc.processBlock(plaintext, 0, plaintext.length);
                if (der) {
                    theirs = BouncyCastleDer.wrap(theirs, c3First);
                }
                assertArrayEquals(plaintext, decryptor.doFinal(theirs), "we decrypt BC's, " + context);
            }
        }
    }

    /** GM/T 0009 DER through Bouncy Castle's ASN.1 classes, independent of our encoder. */
    private static final class BouncyCastleDer {

        /** Raw C1 (04 || x || y) and the other two parts, in the given order, as DER. */
        static byte[] wrap(byte[] raw, boolean c3First) throws java.io.IOException {
            int c2Length = raw.length - 97;
            var x = new java.math.BigInteger(1, Arrays.copyOfRange(raw, 1, 33));
            var y = new java.math.BigInteger(1, Arrays.copyOfRange(raw, 33, 65));
            byte[] first = Arrays.copyOfRange(raw, 65, 65 + (c3First ? 32 : c2Length));
            byte[] second = Arrays.copyOfRange(raw, 65 + first.length, raw.length);
            var vector = new org.bouncycastle.asn1.ASN1EncodableVector();
            vector.add(new org.bouncycastle.asn1.ASN1Integer(x));
            vector.add(new org.bouncycastle.asn1.ASN1Integer(y));
            vector.add(new org.bouncycastle.asn1.DEROctetString(first));
            vector.add(new org.bouncycastle.asn1.DEROctetString(second));
            return new org.bouncycastle.asn1.DERSequence(vector).getEncoded(org.bouncycastle.asn1.ASN1Encoding.DER);
        }

        /** The DER ciphertext as raw 04 || x || y || (the two parts in order). */
        static byte[] unwrap(byte[] der, boolean c3First) {
            var sequence = org.bouncycastle.asn1.ASN1Sequence.getInstance(der);
            byte[] first = org.bouncycastle.asn1.ASN1OctetString.getInstance(sequence.getObjectAt(2)).getOctets();
            byte[] second = org.bouncycastle.asn1.ASN1OctetString.getInstance(sequence.getObjectAt(3)).getOctets();
            byte[] raw = new byte[65 + first.length + second.length];
            raw[0] = 0x04;
            for (int i = 0; i < 2; i++) {
                byte[] coordinate = org.bouncycastle.util.BigIntegers.asUnsignedByteArray(32,
                        org.bouncycastle.asn1.ASN1Integer.getInstance(sequence.getObjectAt(i)).getPositiveValue());
                System.arraycopy(coordinate, 0, raw, 1 + 32 * i, 32);
            }
            System.arraycopy(first, 0, raw, 65, first.length);
            System.arraycopy(second, 0, raw, 65 + first.length, second.length);
            assertEquals(c3First ? 32 : raw.length - 97, first.length, "the C3 sits where the layout says");
            return raw;
        }
    }

    /**
     * "SM2/NONE/NoPadding" is raw C1C2C3 in Bouncy Castle and DER elsewhere: refused with the
     * explicit names, of which SM2/C1C2C3/NoPadding reads what Bouncy Castle writes under it.
     */
    @Test
    void refusesTheAmbiguousModesAndNamesTheExplicitOnes() throws Exception {
        KeyPair pair = KeyPairGenerator.getInstance("SM2", Providers.serving("SM2").get(0)).generateKeyPair();
        byte[] plaintext = "one name, one layout".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        Cipher bc = Cipher.getInstance("SM2/NONE/NoPadding", Providers.bouncyCastle());
        bc.init(Cipher.ENCRYPT_MODE, KeyFactory.getInstance("EC", Providers.bouncyCastle())
                .generatePublic(new X509EncodedKeySpec(pair.getPublic().getEncoded())));
        byte[] fromBc = bc.doFinal(plaintext);
        for (ShangMiProvider provider : Providers.serving("SM2")) {
            for (String name : List.of("SM2/NONE/NoPadding", "SM2/ECB/NoPadding", "SM2/none/NoPadding")) {
                NoSuchAlgorithmException refused = assertThrows(NoSuchAlgorithmException.class,
                        () -> Cipher.getInstance(name, provider), name);
                String reason = String.valueOf(refused.getCause() == null ? refused.getMessage() : refused.getCause().getMessage());
                assertTrue(reason.contains("SM2/C1C2C3/NoPadding") && reason.contains("SM2/DER/NoPadding"), reason);
            }
            Cipher ours = Cipher.getInstance("SM2/C1C2C3/NoPadding", provider);
            ours.init(Cipher.DECRYPT_MODE, pair.getPrivate());
            assertArrayEquals(plaintext, ours.doFinal(fromBc));
        }
    }

    /** Bouncy Castle's Cipher "SM2" writes and reads C1 || C2 || C3. */
    @Test
    void interoperatesWithBouncyCastleBothWays() throws Exception {
        KeyPairGenerator bcGenerator = KeyPairGenerator.getInstance("EC", Providers.bouncyCastle());
        bcGenerator.initialize(new ECGenParameterSpec("sm2p256v1"));
        KeyPair theirs = bcGenerator.generateKeyPair();
        byte[] plaintext = "interoperable plaintext".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        for (ShangMiProvider provider : Providers.serving("SM2")) {
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
        for (ShangMiProvider provider : Providers.serving("SM2")) {
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
        for (ShangMiProvider provider : Providers.serving("SM2")) {
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
        for (ShangMiProvider provider : Providers.serving("SM2")) {
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

            // the JCA's rule: after a ShortBufferException, repeat the same call with a larger buffer
            byte[] message = new byte[40];
            Arrays.fill(message, (byte) 7);
            cipher.update(ciphertext, 0, 0); // nothing buffered
            assertThrows(ShortBufferException.class, () -> cipher.doFinal(ciphertext, 0, ciphertext.length, new byte[10], 0));
            assertEquals(300, cipher.doFinal(ciphertext, 0, ciphertext.length, out, 0), "the input was not kept twice");
            cipher.update(ciphertext, 0, 100);
            assertThrows(ShortBufferException.class, () -> cipher.doFinal(ciphertext, 100, ciphertext.length - 100, new byte[10], 0));
            assertEquals(300, cipher.doFinal(ciphertext, 100, ciphertext.length - 100, out, 0), "after an update too");
            cipher.init(Cipher.ENCRYPT_MODE, pair.getPublic());
            byte[] sealed = new byte[400];
            assertThrows(ShortBufferException.class, () -> cipher.doFinal(message, 0, 40, new byte[10], 0));
            int sealedLength = cipher.doFinal(message, 0, 40, sealed, 0);
            cipher.init(Cipher.DECRYPT_MODE, pair.getPrivate());
            assertArrayEquals(message, cipher.doFinal(sealed, 0, sealedLength), "an encryption repeated after a short buffer");

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
        for (ShangMiProvider provider : Providers.serving("SM2")) {
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

            // a ciphertext of nothing unwraps to no key: refused as a key, not with SecretKeySpec's IllegalArgumentException
            cipher.init(Cipher.ENCRYPT_MODE, pair.getPublic());
            byte[] empty = cipher.doFinal();
            cipher.init(Cipher.UNWRAP_MODE, pair.getPrivate());
            InvalidKeyException e = assertThrows(InvalidKeyException.class, () -> cipher.unwrap(empty, "SM4", Cipher.SECRET_KEY));
            assertEquals("the wrapped key is empty", e.getMessage());
        }
    }

    @Test
    void wrongKeysAreRefused() throws Exception {
        KeyPairGenerator p256 = KeyPairGenerator.getInstance("EC", "SunEC");
        p256.initialize(new ECGenParameterSpec("secp256r1"));
        KeyPair nist = p256.generateKeyPair();
        for (ShangMiProvider provider : Providers.serving("SM2")) {
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

    /**
     * C1 with a coordinate written as x + p names the same point to a lax reader: every backend
     * refuses it. The ciphertext is made with Bouncy Castle's arithmetic for a C1 whose x is small
     * enough that x + p fits 32 bytes, and decrypts when written canonically.
     */
    @Test
    void aC1CoordinateAbovePIsRefusedByEveryBackend() throws Exception {
        ECCurve curve = GMNamedCurves.getByName("sm2p256v1").getCurve();
        BigInteger p = curve.getField().getCharacteristic();
        ECPoint c1 = null;
        for (BigInteger x = BigInteger.ONE; c1 == null; x = x.add(BigInteger.ONE)) {
            ECFieldElement fx = curve.fromBigInteger(x);
            ECFieldElement y = fx.square().add(curve.getA()).multiply(fx).add(curve.getB()).sqrt();
            c1 = y == null ? null : curve.createPoint(x, y.toBigInteger());
        }
        BigInteger d = new BigInteger("1649AB77A00637BD5E2EFE283FBF353534AA7F7CB89463F208DDBC2920BB0DA0", 16);
        ECPoint shared = c1.multiply(d).normalize();
        byte[] x2y2 = Arrays.copyOf(bytes32(shared.getAffineXCoord().toBigInteger()), 64);
        System.arraycopy(bytes32(shared.getAffineYCoord().toBigInteger()), 0, x2y2, 32, 32);
        byte[] message = {1, 2, 3, 4, 5};
        byte[] mask = new byte[message.length];
        KDF2BytesGenerator kdf = new KDF2BytesGenerator(new SM3Digest());
        kdf.init(new KDFParameters(x2y2, null));
        kdf.generateBytes(mask, 0, mask.length);
        SM3Digest sm3 = new SM3Digest();
        sm3.update(x2y2, 0, 32);
        sm3.update(message, 0, message.length);
        sm3.update(x2y2, 32, 32);
        byte[] c3 = new byte[32];
        sm3.doFinal(c3, 0);

        for (BigInteger written : List.of(c1.getAffineXCoord().toBigInteger(), c1.getAffineXCoord().toBigInteger().add(p))) {
            ByteArrayOutputStream ciphertext = new ByteArrayOutputStream();
            ciphertext.write(4);
            ciphertext.write(bytes32(written));
            ciphertext.write(bytes32(c1.getAffineYCoord().toBigInteger()));
            ciphertext.write(c3);
            for (int i = 0; i < message.length; i++) {
                ciphertext.write(message[i] ^ mask[i]);
            }
            boolean canonical = written.compareTo(p) < 0;
            for (ShangMiProvider provider : Providers.serving("SM2")) {
                PrivateKey key = KeyFactory.getInstance("SM2", provider).generatePrivate(new Sm2RawPrivateKeySpec(bytes32(d)));
                Cipher cipher = Cipher.getInstance("SM2/C1C3C2/NoPadding", provider);
                cipher.init(Cipher.DECRYPT_MODE, key);
                if (canonical) {
                    assertArrayEquals(message, cipher.doFinal(ciphertext.toByteArray()), provider.getInfo());
                } else {
                    assertThrows(BadPaddingException.class, () -> cipher.doFinal(ciphertext.toByteArray()), provider.getInfo());
                }
            }
        }
    }

    private static byte[] bytes32(BigInteger value) {
        byte[] magnitude = value.toByteArray();
        byte[] out = new byte[32];
        int length = Math.min(magnitude.length, 32);
        System.arraycopy(magnitude, magnitude.length - length, out, 32 - length, length);
        return out;
    }
}
