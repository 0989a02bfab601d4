package org.shangmi.provider;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.spec.ECGenParameterSpec;
import javax.crypto.Cipher;
import javax.crypto.KeyAgreement;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;

/**
 * The names and OIDs Bouncy Castle's and Kona's users type, meaning here what they mean there:
 * checked against Bouncy Castle where it has them.
 */
class PeerNamesTest {

    private static final ShangMiProvider PROVIDER = new ShangMiProvider();

    @Test
    void hmacSm3UnderEveryPeerName() throws Exception {
        SecretKeySpec key = new SecretKeySpec(new byte[32], "HmacSM3");
        Mac bc = Mac.getInstance("HMACSM3", Providers.bouncyCastle());
        bc.init(key);
        byte[] expected = bc.doFinal(new byte[] {1, 2, 3});
        for (String name : new String[] {"HmacSM3", "HMAC-SM3", "HMAC/SM3", "SM3HMac", "1.2.156.10197.1.401.2"}) {
            Mac ours = Mac.getInstance(name, PROVIDER);
            ours.init(key);
            assertArrayEquals(expected, ours.doFinal(new byte[] {1, 2, 3}), name);
        }
    }

    /**
     * Kona names its SM2 encryption (GM/T 0009's DER ciphertext, as "SM2" here) also by the
     * curve's OID, 1.2.156.10197.1.301: the name finds that cipher here too, and each side opens
     * what the other encrypts under it.
     */
    @Test
    void sm2EncryptionUnderKonasCurveOid() throws Exception {
        java.security.Provider kona = new com.tencent.kona.crypto.KonaCryptoProvider();
        KeyPair pair = KeyPairGenerator.getInstance("SM2", kona).generateKeyPair();   // EC keys, which both take
        byte[] message = "SM2 under Kona's name".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        for (String name : new String[] {"OID.1.2.156.10197.1.301", "1.2.156.10197.1.301"}) {
            Cipher theirs = Cipher.getInstance("OID.1.2.156.10197.1.301", kona);
            Cipher mine = Cipher.getInstance(name, PROVIDER);
            mine.init(Cipher.ENCRYPT_MODE, pair.getPublic());
            byte[] ciphertext = mine.doFinal(message);
            assertEquals(0x30, ciphertext[0] & 0xff, name + ": GM/T 0009's DER");
            theirs.init(Cipher.DECRYPT_MODE, pair.getPrivate());
            assertArrayEquals(message, theirs.doFinal(ciphertext), "Kona opens ours, " + name);
            theirs.init(Cipher.ENCRYPT_MODE, pair.getPublic());
            mine.init(Cipher.DECRYPT_MODE, pair.getPrivate());
            assertArrayEquals(message, mine.doFinal(theirs.doFinal(message)), "we open Kona's, " + name);
        }
    }

    /** "SM2withSM3" is raw C1C2C3 in Bouncy Castle, and so here; "SM2" stays GM/T 0009's DER. */
    @Test
    void sm2WithSm3IsBouncyCastlesC1c2c3BothWays() throws Exception {
        KeyPairGenerator generator = KeyPairGenerator.getInstance("EC", Providers.bouncyCastle());
        generator.initialize(new ECGenParameterSpec("sm2p256v1"));
        KeyPair pair = generator.generateKeyPair();
        byte[] message = "SM2 with SM3".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        for (String name : new String[] {"SM2withSM3", "1.2.156.10197.1.301.3.2.1", "OID.1.2.156.10197.1.301.3.2.1"}) {
            Cipher ours = Cipher.getInstance(name, PROVIDER);
            ours.init(Cipher.ENCRYPT_MODE, pair.getPublic());
            byte[] ciphertext = ours.doFinal(message);
            assertEquals(0x04, ciphertext[0], name + ": an uncompressed C1 first, no DER");
            assertEquals(65 + message.length + 32, ciphertext.length, name);
            Cipher bc = Cipher.getInstance("SM2withSM3", Providers.bouncyCastle());
            bc.init(Cipher.DECRYPT_MODE, pair.getPrivate());
            assertArrayEquals(message, bc.doFinal(ciphertext), "Bouncy Castle opens ours, " + name);
            bc.init(Cipher.ENCRYPT_MODE, pair.getPublic());
            ours.init(Cipher.DECRYPT_MODE, pair.getPrivate());
            assertArrayEquals(message, ours.doFinal(bc.doFinal(message)), "we open Bouncy Castle's, " + name);
        }
        Cipher der = Cipher.getInstance("SM2", PROVIDER);
        der.init(Cipher.ENCRYPT_MODE, pair.getPublic());
        assertEquals(0x30, der.doFinal(message)[0], "SM2 alone is a DER SEQUENCE");
    }

    /** Kona's names for PBES2 with HMAC-SM3 and SM4: a key factory and the _128 form, encrypting as the plain name. */
    @Test
    void pbes2WithHmacSm3UnderKonasNames() throws Exception {
        javax.crypto.SecretKey password = javax.crypto.SecretKeyFactory.getInstance("PBEWithHmacSM3AndSM4_128", PROVIDER)
                .generateSecret(new javax.crypto.spec.PBEKeySpec("secret".toCharArray()));
        assertEquals("PBEWithHmacSM3AndSM4", password.getAlgorithm());
        javax.crypto.spec.PBEParameterSpec parameters = new javax.crypto.spec.PBEParameterSpec(new byte[16], 1000,
                new javax.crypto.spec.IvParameterSpec(new byte[16]));
        Cipher kona = Cipher.getInstance("PBEWithHmacSM3AndSM4_128", PROVIDER);
        kona.init(Cipher.ENCRYPT_MODE, password, parameters);
        byte[] sealed = kona.doFinal(new byte[] {1, 2, 3});
        Cipher plain = Cipher.getInstance("PBEWithHmacSM3AndSM4", PROVIDER);
        plain.init(Cipher.DECRYPT_MODE, javax.crypto.SecretKeyFactory.getInstance("PBE").generateSecret(
                new javax.crypto.spec.PBEKeySpec("secret".toCharArray())), parameters);
        assertArrayEquals(new byte[] {1, 2, 3}, plain.doFinal(sealed), "the JDK's PBE key opens what Kona's name sealed");
        assertEquals(PROVIDER, java.security.AlgorithmParameters.getInstance("PBEWithHmacSM3AndSM4_128", PROVIDER).getProvider());
    }

    @Test
    void sm2KeyExchangeByItsOid() throws Exception {
        for (String name : new String[] {"1.2.156.10197.1.301.2", "OID.1.2.156.10197.1.301.2"}) {
            assertEquals("SM2", PROVIDER.getService("KeyAgreement", name).getAlgorithm(), name);
            assertEquals(PROVIDER, KeyAgreement.getInstance(name, PROVIDER).getProvider());
        }
    }
}
