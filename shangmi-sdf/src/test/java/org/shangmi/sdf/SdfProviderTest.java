package org.shangmi.sdf;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.InvalidKeyException;
import java.security.InvalidParameterException;
import java.security.KeyFactory;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.SecureRandom;
import java.security.Signature;
import java.security.UnrecoverableKeyException;
import java.security.spec.X509EncodedKeySpec;
import java.util.Arrays;
import java.util.Base64;
import java.util.Collections;
import java.util.HexFormat;
import java.util.List;
import javax.crypto.BadPaddingException;
import javax.crypto.Cipher;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.shangmi.core.testing.GmsslPeer;
import org.shangmi.provider.spec.Sm2CiphertextFormat;
import org.shangmi.provider.spec.Sm2SignatureSpec;

/**
 * The provider on SoftSDF, once per binding this JDK runs (FFM and JNI on 22+, JNI on 17): the key
 * store lists the device's pairs with the public keys {@code softsdfinit} wrote, signatures made
 * in the device verify in GmSSL and GmSSL's device signatures verify here, ciphertexts of GmSSL
 * and of every layout decrypt in the device, and every failure is a clear exception.
 */
class SdfProviderTest extends WithDevice {

    private static final byte[] MESSAGE = "a message signed in the device".getBytes(StandardCharsets.US_ASCII);

    private KeyStore store(String binding) throws Exception {
        KeyStore store = KeyStore.getInstance("SDF", open(binding));
        store.load(null, null);
        return store;
    }

    /** The public key softsdfinit wrote beside the device's files, read as PEM here. */
    private static PublicKey filePublicKey(String name) throws Exception {
        String pem = Files.readString(SoftSdf.device().resolve(name));
        byte[] der = Base64.getMimeDecoder().decode(pem.replaceAll("-----[A-Z ]+-----", ""));
        return KeyFactory.getInstance("SM2", SHANGMI).generatePublic(new X509EncodedKeySpec(der));
    }

    @ParameterizedTest
    @MethodSource("bindings")
    void keyStoreListsThePairsWithTheDevicesPublicKeys(String binding) throws Exception {
        KeyStore store = store(binding);
        assertEquals(List.of("sign-1", "enc-1", "sign-2", "enc-2"), Collections.list(store.aliases()));
        PrivateKey key = (PrivateKey) store.getKey("sign-1", SoftSdf.PASSWORD.toCharArray());
        SdfPrivateKey device = assertInstanceOf(SdfPrivateKey.class, key);
        assertNull(key.getEncoded());
        assertNull(key.getFormat());
        assertEquals("EC", key.getAlgorithm());
        assertArrayEquals(filePublicKey("sm2signpub-1.pem").getEncoded(), device.getPublicKey().getEncoded());
        SdfPrivateKey enc = (SdfPrivateKey) store.getKey("enc-2", SoftSdf.PASSWORD_2.toCharArray());
        assertArrayEquals(filePublicKey("sm2encpub-2.pem").getEncoded(), enc.getPublicKey().getEncoded());
        assertFalse(enc.isSigningKey());
        assertNull(store.getKey("sign-3", SoftSdf.PASSWORD.toCharArray()), "index 3 has no key");
    }

    @ParameterizedTest
    @MethodSource("bindings")
    void deviceSignaturesVerifyHereAndInGmssl(String binding) throws Exception {
        PrivateKey key = (PrivateKey) store(binding).getKey("sign-1", SoftSdf.PASSWORD.toCharArray());
        Signature signer = Signature.getInstance("SM3withSM2");
        signer.initSign(key);
        assertEquals(provider.getName(), signer.getProvider().getName(), "the JCA found the device's Signature by the key");
        signer.update(MESSAGE, 0, 5);
        signer.update(MESSAGE, 5, MESSAGE.length - 5);
        byte[] signature = signer.sign();

        Signature verifier = Signature.getInstance("SM3withSM2", SHANGMI);
        verifier.initVerify(filePublicKey("sm2signpub-1.pem"));
        verifier.update(MESSAGE);
        assertTrue(verifier.verify(signature));

        Path directory = Files.createTempDirectory("sdf-sign");
        Files.write(directory.resolve("msg"), MESSAGE);
        Files.write(directory.resolve("sig"), signature);
        String out = GmsslPeer.run(directory, "sm2verify", "-pubkey", SoftSdf.device().resolve("sm2signpub-1.pem").toString(),
                "-in", "msg", "-sig", "sig");
        assertTrue(out.contains("verify : success"), out);

        // the same object signs again, with another ID: GB/T 32918's Z changes with it
        byte[] id = "device@example.org".getBytes(StandardCharsets.US_ASCII);
        signer.setParameter(new Sm2SignatureSpec(id));
        signer.update(MESSAGE);
        byte[] withId = signer.sign();
        verifier.setParameter(new Sm2SignatureSpec(id));
        verifier.update(MESSAGE);
        assertTrue(verifier.verify(withId));
    }

    @ParameterizedTest
    @MethodSource("bindings")
    void gmsslDeviceSignaturesVerifyHere(String binding) throws Exception {
        Path directory = Files.createTempDirectory("sdf-sdfsign");
        Files.write(directory.resolve("msg"), MESSAGE);
        // GmSSL's own SDF client, in the device directory (SoftSDF reads its keys there)
        GmsslPeer.run(SoftSdf.device(), "sdfsign", "-lib", SoftSdf.library().toString(), "-key", "1", "-pass", SoftSdf.PASSWORD,
                "-in", directory.resolve("msg").toString(), "-out", directory.resolve("sig").toString());
        byte[] signature = Files.readAllBytes(directory.resolve("sig"));
        KeyStore store = store(binding);
        Signature verifier = Signature.getInstance("SM3withSM2", provider);
        SdfPrivateKey key = (SdfPrivateKey) store.getKey("sign-1", SoftSdf.PASSWORD.toCharArray());
        verifier.initVerify(key.getPublicKey());
        verifier.update(MESSAGE);
        assertTrue(verifier.verify(signature));
        verifier.update(MESSAGE, 1, MESSAGE.length - 1);
        assertFalse(verifier.verify(signature));
    }

    @ParameterizedTest
    @MethodSource("bindings")
    void ciphertextsOfEveryLayoutAndOfGmsslDecryptInTheDevice(String binding) throws Exception {
        KeyStore store = store(binding);
        PrivateKey key = (PrivateKey) store.getKey("enc-1", SoftSdf.PASSWORD.toCharArray());
        PublicKey publicKey = filePublicKey("sm2encpub-1.pem");
        byte[] secret = HexFormat.of().parseHex("00112233445566778899aabbccddeeff0123456789abcdeffedcba9876543210");
        for (Sm2CiphertextFormat format : Sm2CiphertextFormat.values()) {
            Cipher encryptor = Cipher.getInstance("SM2/" + format + "/NoPadding", SHANGMI);
            encryptor.init(Cipher.ENCRYPT_MODE, publicKey);
            byte[] ciphertext = encryptor.doFinal(secret);
            Cipher decryptor = Cipher.getInstance("SM2/" + format + "/NoPadding");
            decryptor.init(Cipher.DECRYPT_MODE, key);
            assertEquals(provider.getName(), decryptor.getProvider().getName());
            decryptor.update(ciphertext, 0, 7);
            assertArrayEquals(secret, decryptor.doFinal(ciphertext, 7, ciphertext.length - 7), format.toString());
        }
        byte[] longest = new byte[255];
        new SecureRandom().nextBytes(longest);
        Path directory = Files.createTempDirectory("sdf-decrypt");
        Files.write(directory.resolve("msg"), longest);
        GmsslPeer.run(directory, "sm2encrypt", "-pubkey", SoftSdf.device().resolve("sm2encpub-1.pem").toString(),
                "-in", "msg", "-out", "ct");
        Cipher decryptor = Cipher.getInstance("SM2");
        decryptor.init(Cipher.DECRYPT_MODE, key);
        assertArrayEquals(longest, decryptor.doFinal(Files.readAllBytes(directory.resolve("ct"))));

        byte[] tampered = Files.readAllBytes(directory.resolve("ct"));
        tampered[tampered.length - 1] ^= 1;
        BadPaddingException refused = assertThrows(BadPaddingException.class, () -> decryptor.doFinal(tampered));
        SdfException cause = assertInstanceOf(SdfException.class, refused.getCause());
        assertEquals("InternalDecrypt_ECC", cause.function());

        Cipher encryptor = Cipher.getInstance("SM2", SHANGMI);
        encryptor.init(Cipher.ENCRYPT_MODE, publicKey);
        byte[] tooLong = encryptor.doFinal(new byte[256]);
        BadPaddingException overLimit = assertThrows(BadPaddingException.class, () -> decryptor.doFinal(tooLong));
        assertTrue(overLimit.getMessage().contains("255"), overLimit.getMessage());
    }

    @ParameterizedTest
    @MethodSource("bindings")
    void keysRefuseWhatTheirUsageForbids(String binding) throws Exception {
        KeyStore store = store(binding);
        PrivateKey enc = (PrivateKey) store.getKey("enc-1", SoftSdf.PASSWORD.toCharArray());
        PrivateKey sign = (PrivateKey) store.getKey("sign-1", SoftSdf.PASSWORD.toCharArray());
        assertThrows(InvalidKeyException.class, () -> Signature.getInstance("SM3withSM2", provider).initSign(enc));
        assertThrows(InvalidKeyException.class, () -> Cipher.getInstance("SM2", provider).init(Cipher.DECRYPT_MODE, sign));
        sign.destroy();
        assertTrue(sign.isDestroyed());
        InvalidKeyException destroyed = assertThrows(InvalidKeyException.class,
                () -> Signature.getInstance("SM3withSM2", provider).initSign(sign));
        assertTrue(destroyed.getMessage().contains("destroyed"), destroyed.getMessage());
    }

    @ParameterizedTest
    @MethodSource("bindings")
    void aWrongPasswordIsRefusedWithTheDevicesCode(String binding) throws Exception {
        KeyStore store = store(binding);
        UnrecoverableKeyException wrong = assertThrows(UnrecoverableKeyException.class,
                () -> store.getKey("sign-1", "not-the-password".toCharArray()));
        SdfException cause = assertInstanceOf(SdfException.class, wrong.getCause());
        assertEquals("GetPrivateKeyAccessRight", cause.function());
        assertFalse(wrong.getMessage().contains("not-the-password"));
        assertThrows(UnrecoverableKeyException.class, () -> store.getKey("sign-1", null), "no password, no handler");
        UnrecoverableKeyException empty = assertThrows(UnrecoverableKeyException.class, () -> store.getKey("sign-1", new char[0]));
        assertEquals("SDR_INARGERR", ((SdfException) empty.getCause()).codeName());
        // the right password still works after the refusals
        assertNotNull(store.getKey("sign-1", SoftSdf.PASSWORD.toCharArray()));
    }

    @ParameterizedTest
    @MethodSource("bindings")
    void theDevicesRandomGenerator(String binding) throws Exception {
        SecureRandom random = SecureRandom.getInstance("SDF", open(binding));
        byte[] first = new byte[1000];
        byte[] second = new byte[1000];
        random.nextBytes(first);
        random.nextBytes(second);
        assertFalse(Arrays.equals(first, second));
        assertFalse(Arrays.equals(first, new byte[1000]));
        assertEquals(0, random.generateSeed(0).length);
    }

    @ParameterizedTest
    @MethodSource("bindings")
    void aClosedProviderRefusesWork(String binding) throws Exception {
        KeyStore store = store(binding);
        PrivateKey key = (PrivateKey) store.getKey("sign-1", SoftSdf.PASSWORD.toCharArray());
        Signature signer = Signature.getInstance("SM3withSM2", provider);
        signer.initSign(key);
        provider.close();
        signer.update(MESSAGE);
        java.security.SignatureException closed = assertThrows(java.security.SignatureException.class, signer::sign);
        assertTrue(closed.getMessage().contains("closed"), closed.getMessage());
        assertThrows(java.security.ProviderException.class, () -> Signature.getInstance("SM3withSM2", provider));
        // the device opens again for the next provider: nothing was left open
        open(binding);
    }

    @Test
    void aMissingLibraryAndALibraryThatIsNotSdfAreRefusedByName() {
        InvalidParameterException missing = assertThrows(InvalidParameterException.class,
                () -> new ShangMiSdfProvider().configure("--library=/nonexistent/libsdf.so"));
        assertTrue(missing.getMessage().contains("/nonexistent/libsdf.so") && missing.getMessage().contains("no such file"),
                missing.getMessage());
        Path libc = Path.of("/lib/x86_64-linux-gnu/libc.so.6");
        if (!Files.exists(libc)) {
            libc = Path.of("/lib/aarch64-linux-gnu/libc.so.6");
        }
        for (String binding : SoftSdf.bindings()) {
            String config = "--library=" + libc + "\\nbinding=" + binding;
            InvalidParameterException notSdf = assertThrows(InvalidParameterException.class,
                    () -> new ShangMiSdfProvider().configure(config));
            assertTrue(notSdf.getMessage().contains("is not an SDF (GM/T 0018) library"), notSdf.getMessage());
        }
        InvalidParameterException unknown = assertThrows(InvalidParameterException.class,
                () -> new ShangMiSdfProvider().configure("--library=/x.so\\nsesions=2"));
        assertTrue(unknown.getMessage().contains("unknown setting \"sesions\""), unknown.getMessage());
    }
}
