package org.shangmi.provider;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.interfaces.ECPrivateKey;
import java.security.interfaces.ECPublicKey;
import java.security.spec.ECPrivateKeySpec;
import javax.crypto.KeyAgreement;
import org.bouncycastle.asn1.gm.GMNamedCurves;
import org.bouncycastle.asn1.x9.X9ECParameters;
import org.bouncycastle.crypto.agreement.SM2KeyExchange;
import org.bouncycastle.crypto.params.ECDomainParameters;
import org.bouncycastle.crypto.params.ECPrivateKeyParameters;
import org.bouncycastle.crypto.params.ECPublicKeyParameters;
import org.bouncycastle.crypto.params.ParametersWithID;
import org.bouncycastle.crypto.params.SM2KeyExchangePrivateParameters;
import org.bouncycastle.crypto.params.SM2KeyExchangePublicParameters;
import org.junit.jupiter.api.Test;
import org.shangmi.provider.spec.Sm2KeyExchangeSpec;
import org.shangmi.provider.spec.Sm2ParameterSpec;

/** KeyAgreement SM2: two parties through the JCA, and each role against Bouncy Castle's SM2KeyExchange. */
class Sm2KeyAgreementTest {

    private static final X9ECParameters CURVE = GMNamedCurves.getByName("sm2p256v1");
    private static final ECDomainParameters DOMAIN = new ECDomainParameters(CURVE.getCurve(), CURVE.getG(), CURVE.getN());
    private static final byte[] ID_A = "ALICE123@YAHOO.COM".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] ID_B = "BILL456@YAHOO.COM".getBytes(StandardCharsets.US_ASCII);

    @Test
    void twoPartiesAgreeAndConfirmEachOther() throws Exception {
        for (ShangMiProvider provider : Providers.serving("SM2")) {
            KeyPair[] keys = keyPairs(provider, 4);
            KeyPair staticA = keys[0];
            KeyPair staticB = keys[1];
            KeyPair ephemeralA = keys[2];
            KeyPair ephemeralB = keys[3];
            for (int length : new int[] {1, 16, 32, 33, 100}) {
                Sm2ExchangedKey a = exchange(provider, true, staticA, ephemeralA, ID_A, staticB, ephemeralB, ID_B, length);
                Sm2ExchangedKey b = exchange(provider, false, staticB, ephemeralB, ID_B, staticA, ephemeralA, ID_A, length);
                assertEquals(length, a.getEncoded().length);
                assertArrayEquals(a.getEncoded(), b.getEncoded());
                assertTrue(a.confirms(b.getConfirmation()), "A checks S_B");
                assertTrue(b.confirms(a.getConfirmation()), "B checks S_A");
                assertFalse(a.confirms(a.getConfirmation()), "S_A and S_B differ");
                assertEquals("SM4", a.getAlgorithm());
            }
            // a different peer ID gives a different key
            Sm2ExchangedKey wrongId = exchange(provider, true, staticA, ephemeralA, ID_A, staticB, ephemeralB, ID_A, 16);
            Sm2ExchangedKey b = exchange(provider, false, staticB, ephemeralB, ID_B, staticA, ephemeralA, ID_A, 16);
            assertFalse(java.util.Arrays.equals(wrongId.getEncoded(), b.getEncoded()));
            assertFalse(b.confirms(wrongId.getConfirmation()));
        }
    }

    private static KeyPair[] keyPairs(ShangMiProvider provider, int count) throws Exception {
        KeyPairGenerator generator = KeyPairGenerator.getInstance("SM2", provider);
        KeyPair[] pairs = new KeyPair[count];
        for (int i = 0; i < count; i++) {
            pairs[i] = generator.generateKeyPair();
        }
        return pairs;
    }

    private static Sm2ExchangedKey exchange(ShangMiProvider provider, boolean initiator, KeyPair own, KeyPair ownEphemeral,
            byte[] ownId, KeyPair peer, KeyPair peerEphemeral, byte[] peerId, int length) throws Exception {
        KeyAgreement agreement = KeyAgreement.getInstance("SM2", provider);
        agreement.init(ownEphemeral.getPrivate(), new Sm2KeyExchangeSpec(ownId, (ECPrivateKey) own.getPrivate(),
                (ECPublicKey) own.getPublic(), peerId, (ECPublicKey) peer.getPublic(), initiator, length));
        assertEquals(null, agreement.doPhase(peerEphemeral.getPublic(), true));
        return (Sm2ExchangedKey) agreement.generateSecret("SM4");
    }

    @Test
    void agreesWithBouncyCastleInEitherRole() throws Exception {
        for (ShangMiProvider provider : Providers.serving("SM2")) {
            KeyPair[] keys = keyPairs(provider, 4);
            KeyPair staticA = keys[0];
            KeyPair staticB = keys[1];
            KeyPair ephemeralA = keys[2];
            KeyPair ephemeralB = keys[3];
            for (boolean weAreA : new boolean[] {true, false}) {
                Sm2ExchangedKey ours = weAreA
                        ? exchange(provider, true, staticA, ephemeralA, ID_A, staticB, ephemeralB, ID_B, 16)
                        : exchange(provider, false, staticB, ephemeralB, ID_B, staticA, ephemeralA, ID_A, 16);
                SM2KeyExchange bc = new SM2KeyExchange();
                KeyPair bcStatic = weAreA ? staticB : staticA;
                KeyPair bcEphemeral = weAreA ? ephemeralB : ephemeralA;
                bc.init(new ParametersWithID(new SM2KeyExchangePrivateParameters(!weAreA, privateOf(bcStatic), privateOf(bcEphemeral)),
                        weAreA ? ID_B : ID_A));
                KeyPair ourStatic = weAreA ? staticA : staticB;
                KeyPair ourEphemeral = weAreA ? ephemeralA : ephemeralB;
                byte[][] result = bc.calculateKeyWithConfirmation(128, ours.getConfirmation(),
                        new ParametersWithID(new SM2KeyExchangePublicParameters(publicOf(ourStatic), publicOf(ourEphemeral)),
                                weAreA ? ID_A : ID_B));
                assertArrayEquals(result[0], ours.getEncoded(), "key, we are " + (weAreA ? "A" : "B"));
                // Bouncy Castle checked our confirmation (it throws if wrong) and returns its own
                assertTrue(ours.confirms(result[1]));
            }
        }
    }

    private static ECPrivateKeyParameters privateOf(KeyPair pair) {
        return new ECPrivateKeyParameters(((ECPrivateKey) pair.getPrivate()).getS(), DOMAIN);
    }

    private static ECPublicKeyParameters publicOf(KeyPair pair) {
        var w = ((ECPublicKey) pair.getPublic()).getW();
        return new ECPublicKeyParameters(CURVE.getCurve().createPoint(w.getAffineX(), w.getAffineY()), DOMAIN);
    }

    @Test
    void misuseIsRefused() throws Exception {
        for (ShangMiProvider provider : Providers.serving("SM2")) {
            KeyPair[] keys = keyPairs(provider, 2);
            KeyPair own = keys[0];
            KeyPair other = keys[1];
            KeyAgreement agreement = KeyAgreement.getInstance("SM2", provider);
            assertThrows(InvalidKeyException.class, () -> agreement.init(own.getPrivate()));
            assertThrows(IllegalStateException.class, () -> agreement.doPhase(other.getPublic(), true));
            // the static public key must belong to the static private key
            assertThrows(InvalidAlgorithmParameterException.class, () -> agreement.init(own.getPrivate(),
                    new Sm2KeyExchangeSpec(ID_A, (ECPrivateKey) own.getPrivate(), (ECPublicKey) other.getPublic(),
                            ID_B, (ECPublicKey) other.getPublic(), true, 16)));
            // also when the static private key came without its public key
            ECPrivateKey bare = (ECPrivateKey) KeyFactory.getInstance("SM2", provider).generatePrivate(
                    new ECPrivateKeySpec(((ECPrivateKey) own.getPrivate()).getS(), Sm2ParameterSpec.INSTANCE));
            assertThrows(InvalidAlgorithmParameterException.class, () -> agreement.init(own.getPrivate(),
                    new Sm2KeyExchangeSpec(ID_A, bare, (ECPublicKey) other.getPublic(), ID_B, (ECPublicKey) other.getPublic(),
                            true, 16)));
            agreement.init(own.getPrivate(), new Sm2KeyExchangeSpec(ID_A, (ECPrivateKey) own.getPrivate(),
                    (ECPublicKey) own.getPublic(), ID_B, (ECPublicKey) other.getPublic(), true, 16));
            assertThrows(IllegalStateException.class, agreement::generateSecret);
            assertThrows(IllegalStateException.class, () -> agreement.doPhase(other.getPublic(), false));
            agreement.doPhase(other.getPublic(), true);
            IllegalStateException again = assertThrows(IllegalStateException.class,
                    () -> agreement.doPhase(own.getPublic(), true), "a second last phase");
            assertTrue(again.getMessage().contains("generateSecret"), again.getMessage());
            assertEquals(16, agreement.generateSecret().length);
            assertThrows(IllegalStateException.class, agreement::generateSecret, "one secret per doPhase");
            assertThrows(IllegalArgumentException.class, () -> new Sm2KeyExchangeSpec(ID_A, (ECPrivateKey) own.getPrivate(),
                    (ECPublicKey) own.getPublic(), ID_B, (ECPublicKey) other.getPublic(), true, 0));
            Sm2ExchangedKey key = exchange(provider, true, own, own, ID_A, other, other, ID_B, 16);
            key.destroy();
            assertTrue(key.isDestroyed());
            assertThrows(IllegalStateException.class, key::getEncoded);
        }
    }
}
