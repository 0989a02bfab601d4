package org.shangmi.provider;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.security.InvalidKeyException;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.NoSuchAlgorithmException;
import java.security.PublicKey;
import java.security.spec.ECGenParameterSpec;
import java.security.spec.X509EncodedKeySpec;
import javax.crypto.KeyAgreement;
import javax.crypto.SecretKey;
import javax.crypto.ShortBufferException;
import org.junit.jupiter.api.Test;

/**
 * KeyAgreement "ECDH" on sm2p256v1 (TLS 1.3's curveSM2) against Bouncy Castle's ECDH on the same
 * curve, both ways and on every backend; P-256 keys still reach SunEC.
 */
class Sm2EcdhKeyAgreementTest {

    @Test
    void agreesWithBouncyCastleBothWays() throws Exception {
        KeyPairGenerator bcGenerator = KeyPairGenerator.getInstance("EC", Providers.bouncyCastle());
        bcGenerator.initialize(new ECGenParameterSpec("sm2p256v1"));
        KeyFactory bcKeys = KeyFactory.getInstance("EC", Providers.bouncyCastle());
        for (ShangMiProvider provider : Providers.serving("SM2")) {
            for (int i = 0; i < 8; i++) {
                KeyPair ours = KeyPairGenerator.getInstance("SM2", provider).generateKeyPair();
                KeyPair theirs = bcGenerator.generateKeyPair();

                KeyAgreement mine = KeyAgreement.getInstance("ECDH", provider);
                mine.init(ours.getPrivate());
                assertNull(mine.doPhase(theirs.getPublic(), true));
                byte[] secret = mine.generateSecret();

                KeyAgreement bc = KeyAgreement.getInstance("ECDH", Providers.bouncyCastle());
                bc.init(theirs.getPrivate());
                PublicKey ourPublic = bcKeys.generatePublic(new X509EncodedKeySpec(ours.getPublic().getEncoded()));
                bc.doPhase(ourPublic, true);
                assertArrayEquals(bc.generateSecret(), secret, provider.toString());

                // the key TLS asks for carries the same bytes
                mine.doPhase(theirs.getPublic(), true);
                SecretKey premaster = mine.generateSecret("TlsPremasterSecret");
                assertEquals("TlsPremasterSecret", premaster.getAlgorithm());
                assertArrayEquals(secret, premaster.getEncoded());
                mine.doPhase(theirs.getPublic(), true);
                byte[] into = new byte[40];
                assertEquals(32, mine.generateSecret(into, 8));
                assertArrayEquals(secret, java.util.Arrays.copyOfRange(into, 8, 40));
            }
        }
    }

    @Test
    void otherCurvesGoToSunEcAsBefore() throws Exception {
        KeyPairGenerator p256 = KeyPairGenerator.getInstance("EC", "SunEC");
        p256.initialize(new ECGenParameterSpec("secp256r1"));
        KeyPair a = p256.generateKeyPair();
        KeyPair b = p256.generateKeyPair();
        KeyAgreement sunEc = KeyAgreement.getInstance("ECDH", "SunEC");
        sunEc.init(a.getPrivate());
        sunEc.doPhase(b.getPublic(), true);
        byte[] expected = sunEc.generateSecret();
        for (ShangMiProvider provider : Providers.serving("SM2")) {
            assertThrows(InvalidKeyException.class, () -> KeyAgreement.getInstance("ECDH", provider).init(a.getPrivate()));
            try (Installed installed = Installed.first(provider)) {
                KeyAgreement any = KeyAgreement.getInstance("ECDH");
                any.init(a.getPrivate());
                any.doPhase(b.getPublic(), true);
                assertEquals("SunEC", any.getProvider().getName());
                assertArrayEquals(expected, any.generateSecret());
            }
        }
    }

    @Test
    void misuseIsRefused() throws Exception {
        ShangMiProvider provider = Providers.serving("SM2").get(0);
        KeyPair own = KeyPairGenerator.getInstance("SM2", provider).generateKeyPair();
        KeyPair other = KeyPairGenerator.getInstance("SM2", provider).generateKeyPair();
        KeyAgreement agreement = KeyAgreement.getInstance("ECDH", provider);
        assertThrows(IllegalStateException.class, () -> agreement.doPhase(other.getPublic(), true));
        agreement.init(own.getPrivate());
        assertThrows(IllegalStateException.class, agreement::generateSecret);
        assertThrows(IllegalStateException.class, () -> agreement.doPhase(other.getPublic(), false));
        assertThrows(InvalidKeyException.class, () -> agreement.doPhase(own.getPrivate(), true));
        agreement.doPhase(other.getPublic(), true);
        assertThrows(IllegalStateException.class, () -> agreement.doPhase(other.getPublic(), true));
        // refused calls leave the phase to finish
        assertThrows(NoSuchAlgorithmException.class, () -> agreement.generateSecret("AES"));
        assertThrows(ShortBufferException.class, () -> agreement.generateSecret(new byte[40], 9));
        assertEquals(32, agreement.generateSecret().length);
        assertThrows(IllegalStateException.class, agreement::generateSecret, "one secret per doPhase");
    }
}
