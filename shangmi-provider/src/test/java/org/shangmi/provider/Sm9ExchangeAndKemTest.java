package org.shangmi.provider;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.security.InvalidAlgorithmParameterException;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.Provider;
import java.security.PublicKey;
import java.security.SecureRandom;
import java.security.spec.AlgorithmParameterSpec;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.Arrays;
import javax.crypto.BadPaddingException;
import javax.crypto.KeyAgreement;
import javax.crypto.SecretKey;
import org.junit.jupiter.api.Test;
import org.shangmi.core.testing.Vectors;
import org.shangmi.core.testing.Vectors.Record;
import org.shangmi.core.util.Der;
import org.shangmi.provider.spec.Sm9ExchangeKeyGenParameterSpec;
import org.shangmi.provider.spec.Sm9KemParameterSpec;
import org.shangmi.provider.spec.Sm9KeyExchangeSpec;
import org.shangmi.provider.spec.Sm9KeyGenParameterSpec;
import org.shangmi.provider.spec.Sm9ParameterSpec;
import org.shangmi.provider.spec.Sm9UserKeySpec;

/**
 * SM9 key exchange through {@code KeyAgreement "SM9"} and key encapsulation through
 * {@link Sm9KeyEncapsulation} and, where the JDK has it (JDK 21 and later, and 17 updates with the
 * backport), {@code javax.crypto.KEM "SM9"} (reached by reflection, as these tests compile for
 * JDK 17); the standard's KEM example
 * decapsulated through both.
 */
class Sm9ExchangeAndKemTest {

    private static final ShangMiProvider PROVIDER = new ShangMiProvider();
    private static final byte[] ALICE = "Alice".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] BOB = "Bob".getBytes(StandardCharsets.US_ASCII);

    private static KeyPair encryptMaster() throws Exception {
        KeyPairGenerator generator = KeyPairGenerator.getInstance("SM9", PROVIDER);
        generator.initialize(Sm9KeyGenParameterSpec.ENCRYPT);
        return generator.generateKeyPair();
    }

    private static PrivateKey userKey(KeyPair master, byte[] id, byte hid) throws Exception {
        return KeyFactory.getInstance("SM9", PROVIDER).generatePrivate(new Sm9UserKeySpec(master.getPrivate(), id, hid));
    }

    private static KeyPair ephemeral(PublicKey master, byte[] peer) throws Exception {
        KeyPairGenerator generator = KeyPairGenerator.getInstance("SM9", PROVIDER);
        generator.initialize(new Sm9ExchangeKeyGenParameterSpec(master, peer, Sm9ParameterSpec.HID_EXCHANGE));
        return generator.generateKeyPair();
    }

    @Test
    void bothPartiesAgreeAndConfirm() throws Exception {
        KeyPair master = encryptMaster();
        PrivateKey alice = userKey(master, ALICE, Sm9ParameterSpec.HID_EXCHANGE);
        PrivateKey bob = userKey(master, BOB, Sm9ParameterSpec.HID_EXCHANGE);
        KeyPair aliceEphemeral = ephemeral(master.getPublic(), BOB);
        KeyPair bobEphemeral = ephemeral(master.getPublic(), ALICE);
        assertEquals(65, aliceEphemeral.getPublic().getEncoded().length);

        KeyAgreement a = KeyAgreement.getInstance("SM9", PROVIDER);
        a.init(aliceEphemeral.getPrivate(), new Sm9KeyExchangeSpec(alice, ALICE, BOB, true, 16));
        KeyAgreement b = KeyAgreement.getInstance("SM9", PROVIDER);
        b.init(bobEphemeral.getPrivate(), new Sm9KeyExchangeSpec(bob, BOB, ALICE, false, 16));
        // the points travel as bytes
        b.doPhase(Sm9EphemeralPublicKey.of(aliceEphemeral.getPublic().getEncoded()), true);
        Sm9ExchangedKey bobKey = (Sm9ExchangedKey) b.generateSecret("SM4");
        a.doPhase(Sm9EphemeralPublicKey.of(bobEphemeral.getPublic().getEncoded()), true);
        Sm9ExchangedKey aliceKey = (Sm9ExchangedKey) a.generateSecret("SM4");
        assertEquals(16, aliceKey.getEncoded().length);
        assertArrayEquals(bobKey.getEncoded(), aliceKey.getEncoded());
        assertTrue(aliceKey.confirms(bobKey.getConfirmation()), "A checks SB");
        assertTrue(bobKey.confirms(aliceKey.getConfirmation()), "B checks SA");
        assertFalse(aliceKey.confirms(aliceKey.getConfirmation()), "SA is not SB");
        // the ephemeral key served its exchange: a second agreement needs a new init
        assertThrows(IllegalStateException.class, () -> a.doPhase(bobEphemeral.getPublic(), true));
        assertThrows(IllegalStateException.class, () -> a.generateSecret("SM4"));

        // a party with another identity than its key's agrees on a different key, and its SB fails
        PrivateKey mallory = userKey(master, "Mallory".getBytes(StandardCharsets.US_ASCII), Sm9ParameterSpec.HID_EXCHANGE);
        KeyPair malloryEphemeral = ephemeral(master.getPublic(), ALICE);
        KeyAgreement m = KeyAgreement.getInstance("SM9", PROVIDER);
        m.init(malloryEphemeral.getPrivate(), new Sm9KeyExchangeSpec(mallory, BOB, ALICE, false, 16));
        KeyPair aliceAgain = ephemeral(master.getPublic(), BOB);
        m.doPhase(aliceAgain.getPublic(), true);
        Sm9ExchangedKey forged = (Sm9ExchangedKey) m.generateSecret("SM4");
        a.init(aliceAgain.getPrivate(), new Sm9KeyExchangeSpec(alice, ALICE, BOB, true, 16));
        a.doPhase(malloryEphemeral.getPublic(), true);
        Sm9ExchangedKey aliceSees = (Sm9ExchangedKey) a.generateSecret("SM4");
        assertFalse(Arrays.equals(forged.getEncoded(), aliceSees.getEncoded()));
        assertFalse(aliceSees.confirms(forged.getConfirmation()));

        // a peer point off the curve is refused; an ephemeral key made for another peer is refused
        byte[] bad = bobEphemeral.getPublic().getEncoded();
        bad[64] ^= 1;
        assertThrows(IllegalArgumentException.class, () -> Sm9EphemeralPublicKey.of(bad));
        assertThrows(InvalidAlgorithmParameterException.class,
                () -> a.init(aliceEphemeral.getPrivate(), new Sm9KeyExchangeSpec(alice, ALICE, ALICE, true, 16)));
    }

    private static byte[] prefixed(byte[] bare) {
        byte[] out = new byte[bare.length + 1];
        out[0] = 0x04;
        System.arraycopy(bare, 0, out, 1, bare.length);
        return out;
    }

    /** The standard's KEM example (Annex C) as keys of this provider. */
    private static PrivateKey standardUserKey(Record v) throws Exception {
        byte[] ke = v.hex("ke");
        byte[] inner = new Der.Writer().unsignedInteger(ke, 0, ke.length).bitString(prefixed(v.hex("ppub_e")))
                .wrap(Der.SEQUENCE);
        byte[] algorithm = new Der.Writer().element(Der.OBJECT_IDENTIFIER, Der.oid("1.2.156.10197.1.302"))
                .element(Der.OBJECT_IDENTIFIER, Der.oid("1.2.156.10197.1.302.3")).wrap(Der.SEQUENCE);
        byte[] pkcs8 = new Der.Writer().smallInteger(0).raw(algorithm).element(Der.OCTET_STRING, inner).wrap(Der.SEQUENCE);
        KeyFactory factory = KeyFactory.getInstance("SM9", PROVIDER);
        PrivateKey master = factory.generatePrivate(new PKCS8EncodedKeySpec(pkcs8));
        return factory.generatePrivate(new Sm9UserKeySpec(master, v.hex("idb"), v.hex("hid")[0]));
    }

    @Test
    void encapsulationOnEveryJdk() throws Exception {
        Record v = Vectors.load(Vectors.SM9, "SM9-KEM").get(0);
        PrivateKey user = standardUserKey(v);
        Sm9KemParameterSpec spec = new Sm9KemParameterSpec(new Sm9ParameterSpec(v.hex("idb"), v.hex("hid")[0]),
                v.json().get("klen_bits").getAsInt() / 8);
        SecretKey k = Sm9KeyEncapsulation.decapsulate(user, spec, v.hex("c"), "Generic");
        assertArrayEquals(v.hex("k"), k.getEncoded());

        PublicKey master = ((Sm9UserPrivateKey) user).getMasterPublicKey();
        Sm9KeyEncapsulation.Encapsulated sent = Sm9KeyEncapsulation.encapsulate(master, spec, "SM4", new SecureRandom());
        assertEquals(65, sent.encapsulation().length);
        assertArrayEquals(sent.key().getEncoded(), Sm9KeyEncapsulation.decapsulate(user, spec, sent.encapsulation(), "SM4")
                .getEncoded());
        byte[] offCurve = sent.encapsulation();
        offCurve[64] ^= 1;
        BadPaddingException e = assertThrows(BadPaddingException.class,
                () -> Sm9KeyEncapsulation.decapsulate(user, spec, offCurve, "SM4"));
        assertTrue(e.getMessage().contains("not a point of the SM9 curve"), e.getMessage());
        Sm9KemParameterSpec otherId = new Sm9KemParameterSpec(new Sm9ParameterSpec(ALICE, v.hex("hid")[0]), 32);
        assertFalse(Arrays.equals(sent.key().getEncoded(),
                Sm9KeyEncapsulation.decapsulate(user, otherId, sent.encapsulation(), "SM4").getEncoded()));
    }

    @Test
    void javaxCryptoKemWhereTheJdkHasIt() throws Exception {
        Provider.Service service = PROVIDER.getService("KEM", "SM9");
        boolean jdkHasKem;
        try {
            Class.forName("javax.crypto.KEM");
            jdkHasKem = true;
        } catch (ClassNotFoundException absent) {
            jdkHasKem = false;
        }
        if (!jdkHasKem) {
            assertNull(service, "a JDK without javax.crypto.KEM gets no KEM service");
            return;
        }
        assertNotNull(service);
        Record v = Vectors.load(Vectors.SM9, "SM9-KEM").get(0);
        PrivateKey user = standardUserKey(v);
        Sm9KemParameterSpec spec = new Sm9KemParameterSpec(new Sm9ParameterSpec(v.hex("idb"), v.hex("hid")[0]), 32);
        Class<?> kemClass = Class.forName("javax.crypto.KEM");
        Object kem = kemClass.getMethod("getInstance", String.class, Provider.class).invoke(null, "SM9", PROVIDER);
        Object decapsulator = kemClass.getMethod("newDecapsulator", PrivateKey.class, AlgorithmParameterSpec.class)
                .invoke(kem, user, spec);
        Method decapsulate = decapsulator.getClass().getMethod("decapsulate", byte[].class, int.class, int.class,
                String.class);
        SecretKey k = (SecretKey) decapsulate.invoke(decapsulator, v.hex("c"), 0, 32, "Generic");
        assertArrayEquals(v.hex("k"), k.getEncoded());
        SecretKey half = (SecretKey) decapsulate.invoke(decapsulator, v.hex("c"), 16, 32, "SM4");
        assertArrayEquals(Arrays.copyOfRange(v.hex("k"), 16, 32), half.getEncoded());

        Object encapsulator = kemClass.getMethod("newEncapsulator", PublicKey.class, AlgorithmParameterSpec.class,
                SecureRandom.class).invoke(kem, ((Sm9UserPrivateKey) user).getMasterPublicKey(), spec, new SecureRandom());
        assertEquals(65, encapsulator.getClass().getMethod("encapsulationSize").invoke(encapsulator));
        assertEquals(32, encapsulator.getClass().getMethod("secretSize").invoke(encapsulator));
        Object encapsulated = encapsulator.getClass().getMethod("encapsulate").invoke(encapsulator);
        byte[] c = (byte[]) encapsulated.getClass().getMethod("encapsulation").invoke(encapsulated);
        SecretKey sent = (SecretKey) encapsulated.getClass().getMethod("key").invoke(encapsulated);
        assertArrayEquals(sent.getEncoded(), ((SecretKey) decapsulate.invoke(decapsulator, c, 0, 32, "Generic")).getEncoded());
        // a bad encapsulation is a DecapsulateException
        byte[] bad = c.clone();
        bad[64] ^= 1;
        InvocationTargetException thrown = assertThrows(InvocationTargetException.class,
                () -> decapsulate.invoke(decapsulator, bad, 0, 32, "Generic"));
        assertEquals("javax.crypto.DecapsulateException", thrown.getCause().getClass().getName());
        // the spec is required: the JDK reports its absence as unsupported, with our reason as the cause
        thrown = assertThrows(InvocationTargetException.class, () -> kemClass.getMethod("newDecapsulator", PrivateKey.class)
                .invoke(kem, user));
        assertTrue(thrown.getCause() instanceof UnsupportedOperationException, String.valueOf(thrown.getCause()));
        assertTrue(thrown.getCause().getCause() instanceof InvalidAlgorithmParameterException, String.valueOf(thrown.getCause()));
    }
}
