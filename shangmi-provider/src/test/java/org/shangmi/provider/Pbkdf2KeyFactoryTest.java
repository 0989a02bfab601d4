package org.shangmi.provider;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.nio.charset.StandardCharsets;
import java.security.InvalidKeyException;
import java.security.spec.InvalidKeySpecException;
import java.util.HexFormat;
import javax.crypto.Mac;
import javax.crypto.SecretKey;
import javax.crypto.SecretKeyFactory;
import javax.crypto.interfaces.PBEKey;
import javax.crypto.spec.PBEKeySpec;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;
import org.shangmi.core.testing.OpenSslCommand;

class Pbkdf2KeyFactoryTest {

    private static final String ALGORITHM = "PBKDF2WithHmacSM3";
    private final ShangMiProvider provider = new ShangMiProvider(Backend.JAVA);

    @Test
    void equalsBouncyCastleIncludingNonAsciiPasswords() throws Exception {
        SecretKeyFactory ours = SecretKeyFactory.getInstance(ALGORITHM, provider);
        SecretKeyFactory theirs = SecretKeyFactory.getInstance(ALGORITHM, Providers.bouncyCastle());
        String[] passwords = {"password", "pässwörd ✓ 密码", "\uD83D\uDD11 key emoji"};
        byte[] salt = "NaCl and more salt".getBytes(StandardCharsets.US_ASCII);
        for (String password : passwords) {
            for (int iterations : new int[] {1, 2, 1000}) {
                PBEKeySpec spec = new PBEKeySpec(password.toCharArray(), salt, iterations, 256);
                assertArrayEquals(theirs.generateSecret(spec).getEncoded(), ours.generateSecret(spec).getEncoded(),
                        password + ", " + iterations + " iterations");
            }
        }
    }

    @Test
    void equalsOpenSslOnAUtf8Password() throws Exception {
        OpenSslCommand.assumeAvailable();
        String password = "pässwörd ✓";
        byte[] salt = HexFormat.of().parseHex("00112233445566778899aabbccddeeff");
        byte[] expected = OpenSslCommand.kdf(48, "PBKDF2", "digest:SM3",
                "hexpass:" + HexFormat.of().formatHex(password.getBytes(StandardCharsets.UTF_8)),
                "hexsalt:00112233445566778899aabbccddeeff", "iter:4096");
        SecretKey key = SecretKeyFactory.getInstance(ALGORITHM, provider)
                .generateSecret(new PBEKeySpec(password.toCharArray(), salt, 4096, 384));
        assertArrayEquals(expected, key.getEncoded());
    }

    @Test
    void acceptsAnEmptyPasswordAsRfc8018AndOpenSslDo() throws Exception {
        OpenSslCommand.assumeAvailable();
        byte[] expected = OpenSslCommand.kdf(32, "PBKDF2", "digest:SM3", "hexpass:", "hexsalt:0102030405060708", "iter:7");
        SecretKey key = SecretKeyFactory.getInstance(ALGORITHM, provider)
                .generateSecret(new PBEKeySpec(new char[0], HexFormat.of().parseHex("0102030405060708"), 7, 256));
        assertArrayEquals(expected, key.getEncoded());
    }

    @Test
    void keyCarriesItsParametersAndRoundTripsThroughItsSpec() throws Exception {
        SecretKeyFactory factory = SecretKeyFactory.getInstance(ALGORITHM, provider);
        byte[] salt = {1, 2, 3, 4, 5, 6, 7, 8};
        PBEKey key = (PBEKey) factory.generateSecret(new PBEKeySpec("pw".toCharArray(), salt, 10, 128));
        assertEquals(ALGORITHM, key.getAlgorithm());
        assertEquals("RAW", key.getFormat());
        assertArrayEquals("pw".toCharArray(), key.getPassword());
        assertArrayEquals(salt, key.getSalt());
        assertEquals(10, key.getIterationCount());

        PBEKeySpec spec = (PBEKeySpec) factory.getKeySpec(key, PBEKeySpec.class);
        assertEquals(128, spec.getKeyLength());
        assertArrayEquals(key.getEncoded(), factory.generateSecret(spec).getEncoded());
        assertSame(key, factory.translateKey(key));
        assertThrows(InvalidKeySpecException.class, () -> factory.getKeySpec(key, SecretKeySpec.class));
    }

    @Test
    void translatesAForeignKeyOnlyWhenItsBytesMatch() throws Exception {
        SecretKeyFactory factory = SecretKeyFactory.getInstance(ALGORITHM, provider);
        byte[] salt = new byte[16];
        byte[] right = SecretKeyFactory.getInstance(ALGORITHM, Providers.bouncyCastle())
                .generateSecret(new PBEKeySpec("secret".toCharArray(), salt, 5, 256)).getEncoded();
        SecretKey translated = factory.translateKey(new ForeignPbeKey("secret".toCharArray(), salt, 5, right));
        assertArrayEquals(right, translated.getEncoded());

        byte[] wrong = right.clone();
        wrong[0] ^= 1;
        assertThrows(InvalidKeyException.class, () -> factory.translateKey(new ForeignPbeKey("secret".toCharArray(), salt, 5, wrong)));
        assertThrows(InvalidKeyException.class, () -> factory.translateKey(new SecretKeySpec(right, "HmacSM3")));
    }

    @Test
    void refusesIncompleteSpecs() throws Exception {
        SecretKeyFactory factory = SecretKeyFactory.getInstance(ALGORITHM, provider);
        char[] password = "pw".toCharArray();
        byte[] salt = new byte[8];
        assertThrows(InvalidKeySpecException.class, () -> factory.generateSecret(new PBEKeySpec(password)), "no salt");
        assertThrows(InvalidKeySpecException.class, () -> factory.generateSecret(new PBEKeySpec(password, salt, 10)),
                "no key length");
        assertThrows(InvalidKeySpecException.class, () -> factory.generateSecret(new PBEKeySpec(password, salt, 10, 100)),
                "not whole bytes");
        assertThrows(InvalidKeySpecException.class, () -> factory.generateSecret(new SecretKeySpec(salt, "x")));
        PBEKeySpec cleared = new PBEKeySpec(password, salt, 10, 256);
        cleared.clearPassword();
        assertThrows(InvalidKeySpecException.class, () -> factory.generateSecret(cleared));
    }

    @Test
    void destroyWipesAndTheKeyIsThenRefused() throws Exception {
        PBEKey key = (PBEKey) SecretKeyFactory.getInstance(ALGORITHM, provider)
                .generateSecret(new PBEKeySpec("pw".toCharArray(), new byte[8], 10, 256));
        Mac mac = Mac.getInstance("HmacSM3", provider);
        mac.init(key);
        key.destroy();
        assertTrue(key.isDestroyed());
        assertThrows(IllegalStateException.class, key::getEncoded);
        assertThrows(IllegalStateException.class, key::getPassword);
        assertThrows(InvalidKeyException.class, () -> mac.init(key));
        SecretKeyFactory factory = SecretKeyFactory.getInstance(ALGORITHM, provider);
        assertThrows(InvalidKeySpecException.class, () -> factory.getKeySpec(key, PBEKeySpec.class));
    }

    @Test
    void serializationKeepsTheKeyButNeverThePassword() throws Exception {
        char[] password = "a very distinctive password".toCharArray();
        SecretKey key = SecretKeyFactory.getInstance(ALGORITHM, provider)
                .generateSecret(new PBEKeySpec(password, new byte[8], 3, 256));
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(key);
        }
        String serialized = new String(bytes.toByteArray(), StandardCharsets.ISO_8859_1);
        assertFalse(serialized.contains("distinctive"));
        assertFalse(serialized.contains("d\0i\0s\0t"), "nor as UTF-16");
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            SecretKey restored = (SecretKey) in.readObject();
            assertArrayEquals(key.getEncoded(), restored.getEncoded());
            assertEquals(ALGORITHM, restored.getAlgorithm());
        }
    }

    private record ForeignPbeKey(char[] password, byte[] salt, int iterations, byte[] key) implements PBEKey {
        @Override
        public char[] getPassword() {
            return password.clone();
        }

        @Override
        public byte[] getSalt() {
            return salt.clone();
        }

        @Override
        public int getIterationCount() {
            return iterations;
        }

        @Override
        public String getAlgorithm() {
            return ALGORITHM;
        }

        @Override
        public String getFormat() {
            return "RAW";
        }

        @Override
        public byte[] getEncoded() {
            return key.clone();
        }
    }
}
