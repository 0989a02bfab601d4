package org.shangmi.provider;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.security.AlgorithmParameters;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidParameterException;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.Provider;
import java.security.Security;
import java.security.Signature;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.security.interfaces.ECPublicKey;
import java.security.spec.ECGenParameterSpec;
import java.security.spec.ECParameterSpec;
import java.security.spec.InvalidKeySpecException;
import java.security.spec.NamedParameterSpec;
import java.security.spec.X509EncodedKeySpec;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.shangmi.core.testing.OpenSslPki;
import org.junit.jupiter.api.io.TempDir;
import org.shangmi.core.testing.OpenSslCommand;
import org.shangmi.provider.spec.Sm2ParameterSpec;

/**
 * The "EC" services (key factory, parameters, key pair generator): SM2 for sm2p256v1, and with
 * ShangMi installed ahead of SunEC, exactly what SunEC gives for every other curve.
 */
class EcServicesTest {

    private static final List<String> OTHER_CURVES = List.of("secp256r1", "secp384r1", "secp521r1");

    @TempDir
    Path directory;

    private static Provider sunEc() {
        return Security.getProvider("SunEC");
    }

    @Test
    void parametersOfSm2AreTheNamedCurveOpenSslWrites() throws Exception {
        OpenSslCommand.assumeAvailable();
        byte[] openssl = OpenSslCommand.run(new byte[0], "ecparam", "-name", "SM2", "-outform", "DER");
        for (ShangMiProvider provider : Providers.each()) {
            for (String name : Sm2ParameterSpec.NAMES) {
                AlgorithmParameters byName = AlgorithmParameters.getInstance("EC", provider);
                byName.init(new ECGenParameterSpec(name));
                assertArrayEquals(openssl, byName.getEncoded(), name);
                assertEquals("sm2p256v1", byName.getParameterSpec(ECGenParameterSpec.class).getName());
                assertSame(Sm2ParameterSpec.INSTANCE, byName.getParameterSpec(ECParameterSpec.class));
            }
            AlgorithmParameters decoded = AlgorithmParameters.getInstance("EC", provider);
            decoded.init(openssl);
            assertTrue(Sm2ParameterSpec.isSm2(decoded.getParameterSpec(ECParameterSpec.class)));
            AlgorithmParameters explicit = AlgorithmParameters.getInstance("EC", provider);
            explicit.init(new ECParameterSpec(Sm2ParameterSpec.INSTANCE.getCurve(), Sm2ParameterSpec.INSTANCE.getGenerator(),
                    Sm2ParameterSpec.INSTANCE.getOrder(), 1));
            assertArrayEquals(openssl, explicit.getEncoded());
        }
    }

    @Test
    void parametersOfOtherCurvesAreSunEcs() throws Exception {
        for (ShangMiProvider provider : Providers.each()) {
            for (String curve : OTHER_CURVES) {
                AlgorithmParameters theirs = AlgorithmParameters.getInstance("EC", sunEc());
                theirs.init(new ECGenParameterSpec(curve));
                AlgorithmParameters ours = AlgorithmParameters.getInstance("EC", provider);
                ours.init(new ECGenParameterSpec(curve));
                assertArrayEquals(theirs.getEncoded(), ours.getEncoded(), curve);
                assertEquals(theirs.toString(), ours.toString());
                assertSameCurve(curve, ours.getParameterSpec(ECParameterSpec.class));

                AlgorithmParameters decoded = AlgorithmParameters.getInstance("EC", provider);
                decoded.init(theirs.getEncoded());
                assertEquals(theirs.getParameterSpec(ECGenParameterSpec.class).getName(),
                        decoded.getParameterSpec(ECGenParameterSpec.class).getName());
            }
            AlgorithmParameters unknown = AlgorithmParameters.getInstance("EC", provider);
            assertThrows(java.security.spec.InvalidParameterSpecException.class,
                    () -> unknown.init(new ECGenParameterSpec("no-such-curve")));
        }
    }

    @Test
    void keyPairGeneratorEcGivesSm2OnlyWhenAskedByName() throws Exception {
        for (ShangMiProvider provider : Providers.serving("SM2")) {
            KeyPairGenerator named = KeyPairGenerator.getInstance("EC", provider);
            named.initialize(new ECGenParameterSpec("sm2p256v1"));
            assertInstanceOf(Sm2PublicKey.class, named.generateKeyPair().getPublic());
            KeyPairGenerator bare = KeyPairGenerator.getInstance("EC", provider); // as keytool asks first
            bare.initialize(new NamedParameterSpec("sm2p256v1"));
            assertInstanceOf(Sm2PublicKey.class, bare.generateKeyPair().getPublic());
            assertThrows(InvalidAlgorithmParameterException.class,
                    () -> KeyPairGenerator.getInstance("EC", provider).initialize(NamedParameterSpec.X25519));
            KeyPairGenerator explicit = KeyPairGenerator.getInstance("EC", provider);
            explicit.initialize(Sm2ParameterSpec.INSTANCE);
            assertInstanceOf(Sm2PrivateKey.class, explicit.generateKeyPair().getPrivate());

            KeyPairGenerator bySize = KeyPairGenerator.getInstance("EC", provider);
            InvalidParameterException size = assertThrows(InvalidParameterException.class, () -> bySize.initialize(256));
            assertTrue(size.getMessage().contains("sm2p256v1"), size.getMessage());
            assertThrows(IllegalStateException.class, () -> KeyPairGenerator.getInstance("EC", provider).generateKeyPair());
            assertThrows(InvalidAlgorithmParameterException.class,
                    () -> KeyPairGenerator.getInstance("EC", provider).initialize(new ECGenParameterSpec("secp256r1")));

            // "SM2" keeps its defaults
            KeyPairGenerator sm2 = KeyPairGenerator.getInstance("SM2", provider);
            assertInstanceOf(Sm2PublicKey.class, sm2.generateKeyPair().getPublic());
            sm2.initialize(256);
            assertInstanceOf(Sm2PublicKey.class, sm2.generateKeyPair().getPublic());
        }
    }

    @Test
    void installedFirstTheEcGeneratorsStillGiveP256ToProgramsThatWantIt() throws Exception {
        for (ShangMiProvider provider : Providers.serving("SM2")) {
            try (Installed installed = Installed.first(provider)) {
                KeyPair byDefault = KeyPairGenerator.getInstance("EC").generateKeyPair();
                assertFalse(byDefault.getPublic() instanceof Sm2PublicKey);
                KeyPairGenerator bySize = KeyPairGenerator.getInstance("EC");
                bySize.initialize(256);
                KeyPair p256 = bySize.generateKeyPair();
                assertSameCurve("secp256r1", ((ECPublicKey) p256.getPublic()).getParams());
                Signature signer = Signature.getInstance("SHA256withECDSA");
                signer.initSign(p256.getPrivate());
                signer.update(new byte[] {1, 2, 3});
                byte[] signature = signer.sign();
                Signature verifier = Signature.getInstance("SHA256withECDSA");
                verifier.initVerify(p256.getPublic());
                verifier.update(new byte[] {1, 2, 3});
                assertTrue(verifier.verify(signature));

                KeyPairGenerator byName = KeyPairGenerator.getInstance("EC");
                byName.initialize(new ECGenParameterSpec("secp384r1"));
                assertSameCurve("secp384r1", ((ECPublicKey) byName.generateKeyPair().getPublic()).getParams());
                KeyPairGenerator sm2 = KeyPairGenerator.getInstance("EC");
                sm2.initialize(new ECGenParameterSpec("sm2p256v1"));
                assertInstanceOf(Sm2PublicKey.class, sm2.generateKeyPair().getPublic());
            }
        }
    }

    @Test
    void keyFactoryEcReadsSm2AndLeavesOtherCurvesToSunEc() throws Exception {
        KeyPair p256 = generate(sunEc(), "secp256r1");
        for (ShangMiProvider provider : Providers.serving("SM2")) {
            KeyPair sm2 = KeyPairGenerator.getInstance("SM2", provider).generateKeyPair();
            KeyFactory ours = KeyFactory.getInstance("EC", provider);
            assertEquals(sm2.getPublic(), ours.generatePublic(new X509EncodedKeySpec(sm2.getPublic().getEncoded())));
            InvalidKeySpecException refused = assertThrows(InvalidKeySpecException.class,
                    () -> ours.generatePublic(new X509EncodedKeySpec(p256.getPublic().getEncoded())));
            assertTrue(refused.getMessage().contains("1.2.840.10045.3.1.7"), refused.getMessage());

            try (Installed installed = Installed.first(provider)) {
                KeyFactory any = KeyFactory.getInstance("EC");
                assertEquals(p256.getPublic(), any.generatePublic(new X509EncodedKeySpec(p256.getPublic().getEncoded())));
                assertEquals(sunEc(), any.getProvider());
                assertInstanceOf(Sm2PublicKey.class,
                        KeyFactory.getInstance("EC").generatePublic(new X509EncodedKeySpec(sm2.getPublic().getEncoded())));
            }
        }
    }

    @Test
    void installedFirstP256CertificatesParseAsBefore() throws Exception {
        OpenSslPki pki = new OpenSslPki(directory);
        Path p256 = pki.otherRoot("p256", "/CN=P-256", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256");
        X509Certificate without = OpenSslPki.certificate(CertificateFactory.getInstance("X.509"), p256);
        try (Installed installed = Installed.first(Providers.each().get(0))) {
            X509Certificate with = OpenSslPki.certificate(CertificateFactory.getInstance("X.509"), p256);
            assertEquals(without.getPublicKey().getClass(), with.getPublicKey().getClass());
            assertEquals(without.getPublicKey(), with.getPublicKey());
            with.verify(with.getPublicKey());
        }
    }

    private static KeyPair generate(Provider provider, String curve) throws Exception {
        KeyPairGenerator generator = KeyPairGenerator.getInstance("EC", provider);
        generator.initialize(new ECGenParameterSpec(curve));
        return generator.generateKeyPair();
    }

    /** Asserts that {@code params} describe the curve SunEC knows by {@code name}. */
    private static void assertSameCurve(String name, ECParameterSpec params) throws Exception {
        AlgorithmParameters parameters = AlgorithmParameters.getInstance("EC", sunEc());
        parameters.init(new ECGenParameterSpec(name));
        ECParameterSpec expected = parameters.getParameterSpec(ECParameterSpec.class);
        assertEquals(expected.getCurve(), params.getCurve(), name);
        assertEquals(expected.getGenerator(), params.getGenerator(), name);
        assertEquals(expected.getOrder(), params.getOrder(), name);
        assertEquals(expected.getCofactor(), params.getCofactor(), name);
    }
}
