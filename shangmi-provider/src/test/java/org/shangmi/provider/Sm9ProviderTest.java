package org.shangmi.provider;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.nio.charset.StandardCharsets;
import java.security.InvalidKeyException;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.Signature;
import java.security.SignatureException;
import java.security.spec.InvalidKeySpecException;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.X509EncodedKeySpec;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.stream.Stream;
import javax.crypto.AEADBadTagException;
import javax.crypto.BadPaddingException;
import javax.crypto.Cipher;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.shangmi.core.testing.Vectors;
import org.shangmi.core.testing.Vectors.Record;
import org.shangmi.core.util.Der;
import org.shangmi.provider.spec.PemKeySpec;
import org.shangmi.provider.spec.Sm9CipherParameterSpec;
import org.shangmi.provider.spec.Sm9KeyGenParameterSpec;
import org.shangmi.provider.spec.Sm9KeyKind;
import org.shangmi.provider.spec.Sm9ParameterSpec;
import org.shangmi.provider.spec.Sm9UserKeySpec;

/**
 * SM9 through the JCA: the standard's worked examples (vectors/sm9-gmt0044.jsonl) read through
 * {@code KeyFactory}, verified through {@code Signature} and decrypted through {@code Cipher};
 * round trips of every cipher, MAC and layout with the input in uneven pieces; the encodings;
 * and refusals of bad keys, identities and ciphertexts.
 */
class Sm9ProviderTest {

    private static final HexFormat HEX = HexFormat.of();
    private static final ShangMiProvider PROVIDER = new ShangMiProvider();
    private static final byte[] ALICE = "Alice".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] BOB = "Bob".getBytes(StandardCharsets.US_ASCII);

    private static KeyFactory keyFactory() throws Exception {
        return KeyFactory.getInstance("SM9", PROVIDER);
    }

    private static byte[] prefixed(byte[] bare) {
        byte[] out = new byte[bare.length + 1];
        out[0] = 0x04;
        System.arraycopy(bare, 0, out, 1, bare.length);
        return out;
    }

    /** A master key's PKCS#8 as GmSSL lays it out, built here from the standard's ks and Ppub. */
    private static byte[] masterPkcs8(String kindOid, byte[] secret, byte[] point) {
        byte[] inner = new Der.Writer().unsignedInteger(secret, 0, secret.length).bitString(point).wrap(Der.SEQUENCE);
        byte[] algorithm = new Der.Writer().element(Der.OBJECT_IDENTIFIER, Der.oid("1.2.156.10197.1.302"))
                .element(Der.OBJECT_IDENTIFIER, Der.oid(kindOid)).wrap(Der.SEQUENCE);
        return new Der.Writer().smallInteger(0).raw(algorithm).element(Der.OCTET_STRING, inner).wrap(Der.SEQUENCE);
    }

    @Test
    void theStandardsSignatureVerifiesThroughTheJca() throws Exception {
        Record v = Vectors.load(Vectors.SM9, "SM9-SIGN").get(0);
        PrivateKey master = keyFactory().generatePrivate(new PKCS8EncodedKeySpec(
                masterPkcs8("1.2.156.10197.1.302.1", v.hex("ks"), prefixed(v.hex("ppub_s")))));
        Sm9UserPrivateKey user = (Sm9UserPrivateKey) keyFactory().generatePrivate(
                new Sm9UserKeySpec(master, v.hex("ida"), v.hex("hid")[0]));
        assertArrayEquals(prefixed(v.hex("ds_a")), user.pointCopy());
        byte[] signature = new Der.Writer().element(Der.OCTET_STRING, v.hex("h")).bitString(v.hex("s")).wrap(Der.SEQUENCE);
        assertEquals(Sm9SignatureSpi.SIGNATURE_LENGTH, signature.length);
        Signature verifier = Signature.getInstance("SM9", PROVIDER);
        verifier.initVerify(((Sm9MasterPrivateKey) master).getPublicKey());
        verifier.setParameter(new Sm9ParameterSpec(v.hex("ida"), v.hex("hid")[0]));
        byte[] message = v.hex("msg");
        for (int at = 0, piece = 1; at < message.length; at += piece, piece++) {
            verifier.update(message, at, Math.min(piece, message.length - at));
        }
        assertTrue(verifier.verify(signature));
        verifier.update(message);
        assertFalse(verifier.verify(Arrays.copyOf(signature, signature.length - 1)), "a truncated signature");
        verifier.update(message);
        verifier.setParameter(new Sm9ParameterSpec(BOB, v.hex("hid")[0]));
        assertFalse(verifier.verify(signature), "another signer's identity");
    }

    static Stream<Record> encryptions() {
        return Vectors.load(Vectors.SM9, "SM9-ENCRYPT").stream();
    }

    @ParameterizedTest
    @MethodSource("encryptions")
    void theStandardsCiphertextsDecryptThroughTheJca(Record v) throws Exception {
        PrivateKey master = keyFactory().generatePrivate(new PKCS8EncodedKeySpec(
                masterPkcs8("1.2.156.10197.1.302.3", v.hex("ke"), prefixed(v.hex("ppub_e")))));
        PrivateKey user = keyFactory().generatePrivate(new Sm9UserKeySpec(master, v.hex("idb"), v.hex("hid")[0]));
        Sm9CipherParameterSpec.Cipher cipher = v.text("enc_mode").equals("xor-kdf")
                ? Sm9CipherParameterSpec.Cipher.XOR : Sm9CipherParameterSpec.Cipher.SM4_ECB;
        Sm9CipherParameterSpec spec = new Sm9CipherParameterSpec(new Sm9ParameterSpec(v.hex("idb"), v.hex("hid")[0]),
                cipher, Sm9CipherParameterSpec.Mac.SM3, Sm9CipherParameterSpec.Layout.C1C3C2);
        Cipher decryptor = Cipher.getInstance("SM9", PROVIDER);
        decryptor.init(Cipher.DECRYPT_MODE, user, spec);
        assertArrayEquals(v.hex("msg"), decryptor.doFinal(v.hex("ct")));
        byte[] tampered = v.hex("ct");
        tampered[tampered.length - 1] ^= 1;
        assertThrows(AEADBadTagException.class, () -> decryptor.doFinal(tampered));
        // the same ciphertext in the DER layout
        byte[] der = new Der.Writer().smallInteger(cipher == Sm9CipherParameterSpec.Cipher.XOR ? 0 : 1)
                .bitString(prefixed(v.hex("c1"))).element(Der.OCTET_STRING, v.hex("c3"))
                .element(Der.OCTET_STRING, v.hex("c2")).wrap(Der.SEQUENCE);
        decryptor.init(Cipher.DECRYPT_MODE, user, new Sm9CipherParameterSpec(spec.getRecipient(), cipher,
                Sm9CipherParameterSpec.Mac.SM3, Sm9CipherParameterSpec.Layout.DER));
        assertArrayEquals(v.hex("msg"), decryptor.doFinal(der));
        // GmSSL's MAC does not verify the standard's C3, and is not tried in its place
        decryptor.init(Cipher.DECRYPT_MODE, user, new Sm9CipherParameterSpec(spec.getRecipient(), cipher,
                Sm9CipherParameterSpec.Mac.HMAC_SM3, Sm9CipherParameterSpec.Layout.DER));
        assertThrows(AEADBadTagException.class, () -> decryptor.doFinal(der));
    }

    private static KeyPair masterPair(Sm9KeyGenParameterSpec spec) throws Exception {
        KeyPairGenerator generator = KeyPairGenerator.getInstance("SM9", PROVIDER);
        generator.initialize(spec);
        return generator.generateKeyPair();
    }

    @Test
    void signAndVerifyAcrossEncodings() throws Exception {
        KeyPair master = masterPair(Sm9KeyGenParameterSpec.SIGN);
        PrivateKey user = keyFactory().generatePrivate(new Sm9UserKeySpec(master.getPrivate(), ALICE, Sm9ParameterSpec.HID_SIGN));
        // the keys through their encodings, as another process would read them
        PrivateKey userRead = keyFactory().generatePrivate(new PKCS8EncodedKeySpec(user.getEncoded()));
        assertEquals(user, userRead);
        PublicKey publicRead = keyFactory().generatePublic(new X509EncodedKeySpec(master.getPublic().getEncoded()));
        assertEquals(master.getPublic(), publicRead);
        PemKeySpec gmsslPem = keyFactory().getKeySpec(master.getPublic(), PemKeySpec.class);
        assertTrue(gmsslPem.getText().startsWith("-----BEGIN SM9 SIGN MASTER PUBLIC KEY-----\n"), gmsslPem.getText());
        assertEquals(master.getPublic(), keyFactory().generatePublic(gmsslPem));

        byte[] message = new byte[1000];
        Arrays.fill(message, (byte) 'm');
        Signature signer = Signature.getInstance("SM9", PROVIDER);
        signer.initSign(userRead);
        signer.update(message, 0, 1);
        signer.update(message, 1, 999);
        byte[] signature = signer.sign();
        assertEquals(Sm9SignatureSpi.SIGNATURE_LENGTH, signature.length);
        signer.update(message);
        assertNotEquals(HEX.formatHex(signature), HEX.formatHex(signer.sign()), "r is fresh for each signature");

        Signature verifier = Signature.getInstance("SM9", PROVIDER);
        verifier.initVerify(publicRead);
        verifier.update(message);
        assertThrows(SignatureException.class, () -> verifier.verify(signature), "no identity given");
        verifier.setParameter(new Sm9ParameterSpec("Alice", Sm9ParameterSpec.HID_SIGN));
        verifier.update(message);
        assertTrue(verifier.verify(signature));
        verifier.update(message);
        verifier.update((byte) 0);
        assertFalse(verifier.verify(signature));
        for (int i = 0; i < signature.length; i += 7) {
            byte[] altered = signature.clone();
            altered[i] ^= 0x10;
            verifier.update(message);
            assertFalse(verifier.verify(altered), "byte " + i + " altered");
        }
        // the wrong kinds of key are refused with the reason
        InvalidKeyException wrongKind = assertThrows(InvalidKeyException.class,
                () -> verifier.initVerify(masterPair(Sm9KeyGenParameterSpec.ENCRYPT).getPublic()));
        assertTrue(wrongKind.getMessage().contains("signature master public key"), wrongKind.getMessage());
        InvalidKeyException master2 = assertThrows(InvalidKeyException.class, () -> signer.initSign(master.getPrivate()));
        assertTrue(master2.getMessage().contains("not the master key"), master2.getMessage());
    }

    static Stream<Arguments> cipherChoices() {
        Stream.Builder<Arguments> all = Stream.builder();
        for (Sm9CipherParameterSpec.Cipher cipher : Sm9CipherParameterSpec.Cipher.values()) {
            for (Sm9CipherParameterSpec.Mac mac : Sm9CipherParameterSpec.Mac.values()) {
                for (Sm9CipherParameterSpec.Layout layout : Sm9CipherParameterSpec.Layout.values()) {
                    all.add(Arguments.of(cipher, mac, layout));
                }
            }
        }
        return all.build();
    }

    @ParameterizedTest
    @MethodSource("cipherChoices")
    void encryptAndDecryptEveryChoice(Sm9CipherParameterSpec.Cipher cipher, Sm9CipherParameterSpec.Mac mac,
            Sm9CipherParameterSpec.Layout layout) throws Exception {
        KeyPair master = ENCRYPT_MASTER;
        PrivateKey bob = keyFactory().generatePrivate(new Sm9UserKeySpec(master.getPrivate(), BOB, Sm9ParameterSpec.HID_ENCRYPT));
        Sm9CipherParameterSpec spec = new Sm9CipherParameterSpec(new Sm9ParameterSpec(BOB, Sm9ParameterSpec.HID_ENCRYPT),
                cipher, mac, layout);
        Cipher encryptor = Cipher.getInstance("SM9", PROVIDER);
        Cipher decryptor = Cipher.getInstance("SM9", PROVIDER);
        decryptor.init(Cipher.DECRYPT_MODE, bob, spec);
        for (int length : new int[] {0, 1, 15, 16, 17, 100}) {
            byte[] message = new byte[length];
            for (int i = 0; i < length; i++) {
                message[i] = (byte) (i * 31 + 7);
            }
            encryptor.init(Cipher.ENCRYPT_MODE, master.getPublic(), spec);
            // in uneven pieces through update, the last through doFinal
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            int at = 0;
            for (int piece = 1; at + piece < length; at += piece, piece++) {
                out.writeBytes(encryptor.update(message, at, piece));
            }
            out.writeBytes(encryptor.doFinal(message, at, length - at));
            byte[] ciphertext = out.toByteArray();
            assertTrue(ciphertext.length <= encryptor.getOutputSize(length));
            byte[] plain = new byte[length + 8];
            int written = decryptor.doFinal(ciphertext, 0, ciphertext.length, plain, 4);
            assertEquals(length, written);
            assertArrayEquals(message, Arrays.copyOfRange(plain, 4, 4 + length));
            // in place: the ciphertext's own array receives the plaintext
            byte[] inPlace = ciphertext.clone();
            assertEquals(length, decryptor.doFinal(inPlace, 0, inPlace.length, inPlace, 0));
            assertArrayEquals(message, Arrays.copyOf(inPlace, length));
            // C3 and C2 altered; another identity
            byte[] altered = ciphertext.clone();
            altered[altered.length - 1] ^= 1;
            assertThrows(BadPaddingException.class, () -> decryptor.doFinal(altered));
        }
        Cipher other = Cipher.getInstance("SM9", PROVIDER);
        other.init(Cipher.DECRYPT_MODE, bob, new Sm9CipherParameterSpec(new Sm9ParameterSpec(ALICE, Sm9ParameterSpec.HID_ENCRYPT),
                cipher, mac, layout));
        encryptor.init(Cipher.ENCRYPT_MODE, master.getPublic(), spec);
        byte[] ciphertext = encryptor.doFinal("for Bob".getBytes(StandardCharsets.US_ASCII));
        assertThrows(AEADBadTagException.class, () -> other.doFinal(ciphertext));
    }

    private static final KeyPair ENCRYPT_MASTER;

    static {
        try {
            ENCRYPT_MASTER = masterPair(Sm9KeyGenParameterSpec.ENCRYPT);
        } catch (Exception e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    @Test
    void malformedCiphertextsAreRefusedAsSuch() throws Exception {
        PrivateKey bob = keyFactory().generatePrivate(new Sm9UserKeySpec(ENCRYPT_MASTER.getPrivate(), BOB, Sm9ParameterSpec.HID_ENCRYPT));
        Sm9ParameterSpec recipient = new Sm9ParameterSpec(BOB, Sm9ParameterSpec.HID_ENCRYPT);
        Cipher encryptor = Cipher.getInstance("SM9", PROVIDER);
        encryptor.init(Cipher.ENCRYPT_MODE, ENCRYPT_MASTER.getPublic(), recipient);
        byte[] der = encryptor.doFinal("hello".getBytes(StandardCharsets.US_ASCII));
        Cipher decryptor = Cipher.getInstance("SM9", PROVIDER);
        decryptor.init(Cipher.DECRYPT_MODE, bob, recipient);
        // EnType 1 (SM4-ECB) asked of a cipher set up for XOR
        Der.Reader fields = new Der.Reader(der).sequence();
        fields.smallInteger();
        byte[] c1 = fields.bitString();
        byte[] c3 = fields.bytes(Der.OCTET_STRING);
        byte[] c2 = fields.bytes(Der.OCTET_STRING);
        byte[] sm4Type = new Der.Writer().smallInteger(1).bitString(c1).element(Der.OCTET_STRING, c3)
                .element(Der.OCTET_STRING, c2).wrap(Der.SEQUENCE);
        BadPaddingException enType = assertThrows(BadPaddingException.class, () -> decryptor.doFinal(sm4Type));
        assertTrue(enType.getMessage().contains("EnType is 1 (SM4_ECB)"), enType.getMessage());
        // C1 moved off the curve
        byte[] offCurve = c1.clone();
        offCurve[64] ^= 1;
        byte[] badC1 = new Der.Writer().smallInteger(0).bitString(offCurve).element(Der.OCTET_STRING, c3)
                .element(Der.OCTET_STRING, c2).wrap(Der.SEQUENCE);
        BadPaddingException curve = assertThrows(BadPaddingException.class, () -> decryptor.doFinal(badC1));
        assertFalse(curve instanceof AEADBadTagException);
        assertTrue(curve.getMessage().contains("not a point of the SM9 curve"), curve.getMessage());
        // truncated DER, trailing bytes, an empty input
        assertThrows(BadPaddingException.class, () -> decryptor.doFinal(Arrays.copyOf(der, der.length - 1)));
        assertThrows(BadPaddingException.class, () -> decryptor.doFinal(Arrays.copyOf(der, der.length + 1)));
        assertThrows(BadPaddingException.class, () -> decryptor.doFinal(new byte[0]));
        // a short C3
        byte[] shortC3 = new Der.Writer().smallInteger(0).bitString(c1).element(Der.OCTET_STRING, Arrays.copyOf(c3, 31))
                .element(Der.OCTET_STRING, c2).wrap(Der.SEQUENCE);
        assertThrows(BadPaddingException.class, () -> decryptor.doFinal(shortC3));
        // the decryptor still works after all that
        assertArrayEquals("hello".getBytes(StandardCharsets.US_ASCII), decryptor.doFinal(der));
    }

    @Test
    void jcaContractsAfterErrorsAndReuse() throws Exception {
        PrivateKey bob = keyFactory().generatePrivate(new Sm9UserKeySpec(ENCRYPT_MASTER.getPrivate(), BOB, Sm9ParameterSpec.HID_ENCRYPT));
        Sm9ParameterSpec recipient = new Sm9ParameterSpec(BOB, Sm9ParameterSpec.HID_ENCRYPT);
        Cipher encryptor = Cipher.getInstance("SM9", PROVIDER);
        encryptor.init(Cipher.ENCRYPT_MODE, ENCRYPT_MASTER.getPublic(), recipient);
        byte[] message = "sixteen bytes!!!".getBytes(StandardCharsets.US_ASCII);
        byte[] tooSmall = new byte[encryptor.getOutputSize(message.length) - 1];
        assertThrows(javax.crypto.ShortBufferException.class, () -> encryptor.doFinal(message, 0, message.length, tooSmall, 0));
        byte[] ciphertext = encryptor.doFinal(message);
        // decryption into a short buffer keeps the input, so the call can be repeated
        Cipher decryptor = Cipher.getInstance("SM9", PROVIDER);
        decryptor.init(Cipher.DECRYPT_MODE, bob, recipient);
        decryptor.update(ciphertext, 0, 10);
        byte[] small = new byte[message.length - 1];
        assertThrows(javax.crypto.ShortBufferException.class,
                () -> decryptor.doFinal(ciphertext, 10, ciphertext.length - 10, small, 0));
        byte[] enough = new byte[message.length];
        assertEquals(message.length, decryptor.doFinal(ciphertext, 10, ciphertext.length - 10, enough, 0));
        assertArrayEquals(message, enough);

        // a DER signature whose S lacks its 04 is not a second encoding of the same signature
        KeyPair master = masterPair(Sm9KeyGenParameterSpec.SIGN);
        PrivateKey alice = keyFactory().generatePrivate(new Sm9UserKeySpec(master.getPrivate(), ALICE, Sm9ParameterSpec.HID_SIGN));
        Signature signer = Signature.getInstance("SM9", PROVIDER);
        signer.initSign(alice);
        signer.update(message);
        Der.Reader fields = new Der.Reader(signer.sign()).sequence();
        byte[] h = fields.bytes(Der.OCTET_STRING);
        byte[] s = fields.bitString();
        byte[] bare = new Der.Writer().element(Der.OCTET_STRING, h).bitString(Arrays.copyOfRange(s, 1, 65)).wrap(Der.SEQUENCE);
        byte[] full = new Der.Writer().element(Der.OCTET_STRING, h).bitString(s).wrap(Der.SEQUENCE);
        Signature verifier = Signature.getInstance("SM9", PROVIDER);
        verifier.initVerify(master.getPublic());
        verifier.setParameter(new Sm9ParameterSpec(ALICE, Sm9ParameterSpec.HID_SIGN));
        verifier.update(message);
        assertFalse(verifier.verify(bare));
        verifier.update(message);
        assertTrue(verifier.verify(full));
        // initVerify forgets the last signer's identity
        verifier.initVerify(master.getPublic());
        verifier.update(message);
        assertThrows(SignatureException.class, () -> verifier.verify(full));

        // initialize(256) after an exchange spec makes a signature master key again
        KeyPairGenerator generator = KeyPairGenerator.getInstance("SM9", PROVIDER);
        generator.initialize(new org.shangmi.provider.spec.Sm9ExchangeKeyGenParameterSpec(ENCRYPT_MASTER.getPublic(), BOB,
                Sm9ParameterSpec.HID_EXCHANGE));
        assertTrue(generator.generateKeyPair().getPublic() instanceof Sm9EphemeralPublicKey);
        generator.initialize(256);
        assertEquals(Sm9KeyKind.SIGN, ((Sm9MasterPublicKey) generator.generateKeyPair().getPublic()).getKind());
    }

    @Test
    void badKeysAreRefusedWithTheReason() throws Exception {
        KeyPair sign = masterPair(Sm9KeyGenParameterSpec.SIGN);
        byte[] point = ((Sm9MasterPublicKey) sign.getPublic()).getPoint();
        byte[] offCurve = point.clone();
        offCurve[128] ^= 1;
        InvalidKeySpecException e = assertThrows(InvalidKeySpecException.class,
                () -> keyFactory().generatePublic(new X509EncodedKeySpec(Sm9Keys.encodeX509(Sm9KeyKind.SIGN, offCurve))));
        assertTrue(e.getMessage().contains("not a point of the SM9 twist curve"), e.getMessage());
        // a master private key whose public point is another key's
        byte[] secret = ((Sm9MasterPrivateKey) sign.getPrivate()).secretCopy();
        byte[] otherPoint = ((Sm9MasterPublicKey) masterPair(Sm9KeyGenParameterSpec.SIGN).getPublic()).getPoint();
        e = assertThrows(InvalidKeySpecException.class, () -> keyFactory().generatePrivate(
                new PKCS8EncodedKeySpec(Sm9Keys.encodeMasterPkcs8(Sm9KeyKind.SIGN, secret, otherPoint))));
        assertTrue(e.getMessage().contains("does not belong to its secret"), e.getMessage());
        // secret zero and secret N
        byte[] zero = new byte[32];
        e = assertThrows(InvalidKeySpecException.class, () -> keyFactory().generatePrivate(
                new PKCS8EncodedKeySpec(Sm9Keys.encodeMasterPkcs8(Sm9KeyKind.SIGN, zero, point))));
        assertTrue(e.getMessage().contains("[1, N - 1]"), e.getMessage());
        // a signing user key that is not on the curve
        byte[] ds = ((Sm9UserPrivateKey) keyFactory().generatePrivate(
                new Sm9UserKeySpec(sign.getPrivate(), ALICE, Sm9ParameterSpec.HID_SIGN))).pointCopy();
        ds[64] ^= 1;
        e = assertThrows(InvalidKeySpecException.class, () -> keyFactory().generatePrivate(
                new PKCS8EncodedKeySpec(Sm9Keys.encodeUserPkcs8(Sm9KeyKind.SIGN, ds, point))));
        assertTrue(e.getMessage().contains("not a point of the SM9 curve"), e.getMessage());
        // trailing bytes after the PKCS#8
        byte[] good = sign.getPrivate().getEncoded();
        assertThrows(InvalidKeySpecException.class,
                () -> keyFactory().generatePrivate(new PKCS8EncodedKeySpec(Arrays.copyOf(good, good.length + 1))));
    }

    @Test
    void keysSurviveSerialisationAndDestroyWipes() throws Exception {
        KeyPair sign = masterPair(Sm9KeyGenParameterSpec.SIGN);
        PrivateKey user = keyFactory().generatePrivate(new Sm9UserKeySpec(sign.getPrivate(), ALICE, Sm9ParameterSpec.HID_SIGN));
        for (Object key : new Object[] {sign.getPublic(), sign.getPrivate(), user}) {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
                out.writeObject(key);
            }
            try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
                assertEquals(key, in.readObject());
            }
        }
        Sm9UserPrivateKey userKey = (Sm9UserPrivateKey) user;
        userKey.destroy();
        assertTrue(userKey.isDestroyed());
        assertThrows(IllegalStateException.class, userKey::getEncoded);
        Signature signer = Signature.getInstance("SM9", PROVIDER);
        signer.initSign(userKey);
        signer.update((byte) 1);
        SignatureException destroyed = assertThrows(SignatureException.class, signer::sign);
        assertTrue(destroyed.getMessage().contains("destroyed"), destroyed.getMessage());
    }
}
