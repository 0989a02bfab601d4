package org.shangmi.provider;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.ProviderException;
import java.security.PublicKey;
import java.security.Signature;
import java.security.SignatureException;
import java.security.interfaces.ECPrivateKey;
import java.security.interfaces.ECPublicKey;
import java.security.spec.ECGenParameterSpec;
import java.security.spec.ECPrivateKeySpec;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.X509EncodedKeySpec;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import org.bouncycastle.asn1.ASN1Encodable;
import org.bouncycastle.asn1.ASN1Integer;
import org.bouncycastle.asn1.DERSequence;
import org.bouncycastle.jcajce.spec.SM2ParameterSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.shangmi.core.sm2.Sm2KnownNonce;
import org.shangmi.core.testing.BrokenRandom;
import org.shangmi.core.testing.Chunks;
import org.shangmi.core.testing.Vectors;
import org.shangmi.provider.spec.Sm2ParameterSpec;
import org.shangmi.provider.spec.Sm2RawPrivateKeySpec;
import org.shangmi.provider.spec.Sm2SignatureSpec;
import org.shangmi.provider.spec.Sm2UncompressedPublicKeySpec;

/** Signature SM3withSM2 / inP1363Format / NONEwithSM2 on every backend, against vectors and Bouncy Castle. */
class Sm2SignatureTest {

    private static final BigInteger N = new BigInteger("FFFFFFFEFFFFFFFFFFFFFFFFFFFFFFFF7203DF6B21C6052B53BBF40939D54123", 16);

    static List<Arguments> fixedNonceVectors() {
        List<Arguments> cases = new ArrayList<>();
        for (Arguments c : Providers.withVectors("SM2", "SM2-SIGN")) {
            Vectors.Record record = (Vectors.Record) c.get()[2];
            if (record.text("curve").equals("sm2p256v1") && record.text("digest").equals("SM3")) {
                cases.add(c);
            }
        }
        assertFalse(cases.isEmpty(), "no sm2p256v1/SM3 signature vector");
        return cases;
    }

    @ParameterizedTest(name = "{0}: {2}")
    @MethodSource("fixedNonceVectors")
    void fixedNonceVectorEveryFormatOneShotAndInChunks(Backend backend, ShangMiProvider provider, Vectors.Record record)
            throws Exception {
        PrivateKey key = KeyFactory.getInstance("SM2", provider).generatePrivate(new Sm2RawPrivateKeySpec(record.hex("priv")));
        Sm2SignatureSpec spec = new Sm2SignatureSpec(record.text("id_ascii").getBytes(StandardCharsets.US_ASCII));
        byte[] message = record.message();
        byte[] expectedRaw = HexFormat.of().parseHex(record.text("r") + record.text("s"));
        byte[] expectedDer = new DERSequence(new ASN1Encodable[] {
            new ASN1Integer(new BigInteger(1, record.hex("r"))), new ASN1Integer(new BigInteger(1, record.hex("s")))})
                .getEncoded();
        Random random = new Random(message.length);
        PublicKey publicKey = publicKeyOf(record.hex("priv"));
        for (int way = 0; way < 4; way++) {
            for (String algorithm : List.of("SM3withSM2inP1363Format", "SM3withSM2")) {
                Signature signer = Signature.getInstance(algorithm, provider);
                signer.setParameter(spec);
                signer.initSign(key, new Sm2KnownNonce(record.hex("k")));
                feed(signer, message, way, random);
                byte[] signature = signer.sign();
                byte[] expected = algorithm.endsWith("Format") ? expectedRaw : expectedDer;
                if (drawsItsOwnNonces(backend)) {
                    assertTrue(verifies(javaProvider(), algorithm, publicKey, spec, message, signature), algorithm + " way " + way);
                    assertTrue(verifies(provider, algorithm, publicKey, spec, message, expected), "the vector verifies");
                } else {
                    assertArrayEquals(expected, signature, algorithm + " way " + way);
                }
            }
        }
    }

    /** libcrypto draws SM2 nonces from its own generator: the native backends cannot take the vector's k. */
    private static boolean drawsItsOwnNonces(Backend backend) {
        return backend == Backend.FFM || backend == Backend.JNI;
    }

    private static ShangMiProvider javaProvider() {
        return new ShangMiProvider(Backend.JAVA);
    }

    private static PublicKey publicKeyOf(byte[] d) throws Exception {
        byte[] point = new byte[65];
        point[0] = 4;
        new org.shangmi.core.sm2.Sm2().publicKey(d, point, 1);
        return KeyFactory.getInstance("SM2", javaProvider()).generatePublic(new Sm2UncompressedPublicKeySpec(point));
    }

    private static boolean verifies(java.security.Provider provider, String algorithm, PublicKey key, Sm2SignatureSpec spec,
            byte[] message, byte[] signature) throws Exception {
        Signature verifier = Signature.getInstance(algorithm, provider);
        verifier.setParameter(spec);
        verifier.initVerify(key);
        verifier.update(message);
        return verifier.verify(signature);
    }

    /** Feeds the message one-shot, byte by byte, in random chunks, or through a direct ByteBuffer. */
    private static void feed(Signature signature, byte[] message, int way, Random random) throws SignatureException {
        switch (way) {
            case 0 -> signature.update(message);
            case 1 -> {
                for (byte b : message) {
                    signature.update(b);
                }
            }
            case 2 -> Chunks.feed(random, message.length, 7, (off, len) -> {
                try {
                    signature.update(message, off, len);
                } catch (SignatureException e) {
                    throw new AssertionError(e);
                }
            });
            default -> {
                ByteBuffer direct = ByteBuffer.allocateDirect(message.length);
                direct.put(message).flip();
                signature.update(direct);
            }
        }
    }

    static List<Arguments> opensslDigestVectors() {
        return Providers.withVectors("SM2", "SM2-VERIFY-DIGEST");
    }

    @ParameterizedTest(name = "{0}: {2}")
    @MethodSource("opensslDigestVectors")
    void opensslVerifyOverDigestThroughNoneWithSm2(Backend backend, ShangMiProvider provider, Vectors.Record record)
            throws Exception {
        PublicKey key = KeyFactory.getInstance("SM2", provider).generatePublic(new Sm2UncompressedPublicKeySpec(record.hex("pub")));
        Signature verifier = Signature.getInstance("NONEwithSM2", provider);
        verifier.initVerify(key);
        verifier.update(record.hex("e"));
        boolean expected = record.text("result").equals("valid");
        assertEquals(expected, verifier.verify(record.hex("sig_der")), record.id());
    }

    /** 1,000 random keys, IDs and messages: every backend signs, every backend and Bouncy Castle verify. */
    @Test
    void randomRoundTripsAcrossBackendsAndBouncyCastle() throws Exception {
        long seed = System.nanoTime();
        Random random = new Random(seed);
        List<ShangMiProvider> providers = Providers.serving("SM2");
        for (int i = 0; i < 1000; i++) {
            String context = "seed " + seed + ", round " + i;
            ShangMiProvider signing = providers.get(i % providers.size());
            KeyPair pair = KeyPairGenerator.getInstance("SM2", signing).generateKeyPair();
            byte[] id = new byte[random.nextInt(3) == 0 ? 16 : random.nextInt(64)];
            random.nextBytes(id);
            byte[] message = new byte[random.nextInt(300)];
            random.nextBytes(message);
            Signature signer = Signature.getInstance("SM3withSM2", signing);
            signer.setParameter(new Sm2SignatureSpec(id));
            signer.initSign(pair.getPrivate());
            signer.update(message);
            byte[] signature = signer.sign();
            for (ShangMiProvider verifying : providers) {
                Signature verifier = Signature.getInstance("SM3withSM2", verifying);
                verifier.setParameter(new Sm2SignatureSpec(id));
                verifier.initVerify(pair.getPublic());
                verifier.update(message);
                assertTrue(verifier.verify(signature), context);
            }
            if (i % 50 == 0) {
                assertTrue(bouncyCastleVerifies(pair.getPublic(), id, message, signature), context);
            }
            if (message.length > 0) {
                message[random.nextInt(message.length)] ^= 1;
                Signature verifier = Signature.getInstance("SM3withSM2", providers.get(0));
                verifier.setParameter(new Sm2SignatureSpec(id));
                verifier.initVerify(pair.getPublic());
                verifier.update(message);
                assertFalse(verifier.verify(signature), context + ": a changed message verified");
            }
        }
    }

    @Test
    void bouncyCastleSignaturesVerifyAndOursVerifyThere() throws Exception {
        KeyPairGenerator bcGenerator = KeyPairGenerator.getInstance("EC", Providers.bouncyCastle());
        bcGenerator.initialize(new ECGenParameterSpec("sm2p256v1"));
        byte[] id = "alice@example.com".getBytes(StandardCharsets.US_ASCII);
        byte[] message = "interop".getBytes(StandardCharsets.US_ASCII);
        for (ShangMiProvider provider : Providers.serving("SM2")) {
            KeyPair theirs = bcGenerator.generateKeyPair();
            Signature bcSigner = Signature.getInstance("SM3withSM2", Providers.bouncyCastle());
            bcSigner.setParameter(new SM2ParameterSpec(id));
            bcSigner.initSign(theirs.getPrivate());
            bcSigner.update(message);
            byte[] bcSignature = bcSigner.sign();

            Signature verifier = Signature.getInstance("SM3withSM2", provider);
            verifier.setParameter(new Sm2SignatureSpec(id));
            verifier.initVerify(theirs.getPublic()); // Bouncy Castle's key object, translated
            verifier.update(message);
            assertTrue(verifier.verify(bcSignature));

            Signature signer = Signature.getInstance("SM3withSM2", provider);
            signer.setParameter(new Sm2SignatureSpec(id));
            signer.initSign(theirs.getPrivate());
            signer.update(message);
            assertTrue(bouncyCastleVerifies(theirs.getPublic(), id, message, signer.sign()));
        }
    }

    private static boolean bouncyCastleVerifies(PublicKey key, byte[] id, byte[] message, byte[] signature) throws Exception {
        PublicKey bcKey = KeyFactory.getInstance("EC", Providers.bouncyCastle()).generatePublic(new X509EncodedKeySpec(key.getEncoded()));
        Signature verifier = Signature.getInstance("SM3withSM2", Providers.bouncyCastle());
        verifier.setParameter(new SM2ParameterSpec(id));
        verifier.initVerify(bcKey);
        verifier.update(message);
        return verifier.verify(signature);
    }

    @Test
    void defaultIdIsTheStandardOneAndTheSpecPublicKeyChangesNothing() throws Exception {
        for (ShangMiProvider provider : Providers.serving("SM2")) {
            KeyPair pair = KeyPairGenerator.getInstance("SM2", provider).generateKeyPair();
            PrivateKey fresh = KeyFactory.getInstance("SM2", provider).generatePrivate(
                    new Sm2RawPrivateKeySpec(((Sm2PrivateKey) pair.getPrivate()).scalarCopy()));
            byte[] k = new byte[32];
            k[31] = 42;
            byte[] message = {1, 2, 3};
            byte[] withDefault = signRaw(provider, pair.getPrivate(), null, k, message);
            byte[] explicitId = signRaw(provider, pair.getPrivate(), new Sm2SignatureSpec(Sm2SignatureSpec.defaultId()), k, message);
            byte[] withPublic = signRaw(provider, fresh,
                    new Sm2SignatureSpec(Sm2SignatureSpec.defaultId(), (ECPublicKey) pair.getPublic()), k, message);
            byte[] defaultId = "1234567812345678".getBytes(StandardCharsets.US_ASCII);
            if (drawsItsOwnNonces(provider.backendFor("SM2"))) {
                assertTrue(bouncyCastleVerifies(pair.getPublic(), defaultId, message, derOf(explicitId)), "explicit ID");
                assertTrue(bouncyCastleVerifies(pair.getPublic(), defaultId, message, derOf(withPublic)), "with the public key");
            } else {
                assertArrayEquals(withDefault, explicitId);
                assertArrayEquals(withDefault, withPublic);
            }
            assertTrue(bouncyCastleVerifies(pair.getPublic(), defaultId, message, derOf(withDefault)));
        }
    }

    private static byte[] signRaw(ShangMiProvider provider, PrivateKey key, Sm2SignatureSpec spec, byte[] k, byte[] message)
            throws Exception {
        Signature signer = Signature.getInstance("SM3withSM2inP1363Format", provider);
        if (spec != null) {
            signer.setParameter(spec);
        }
        signer.initSign(key, new Sm2KnownNonce(k));
        signer.update(message);
        return signer.sign();
    }

    private static byte[] derOf(byte[] raw) throws Exception {
        return new DERSequence(new ASN1Encodable[] {
            new ASN1Integer(new BigInteger(1, java.util.Arrays.copyOfRange(raw, 0, 32))),
            new ASN1Integer(new BigInteger(1, java.util.Arrays.copyOfRange(raw, 32, 64)))}).getEncoded();
    }

    /** Malformed and wrong signatures give false, never an exception. */
    @Test
    void verifyReturnsFalseForEveryBadSignature() throws Exception {
        for (ShangMiProvider provider : Providers.serving("SM2")) {
            KeyPair pair = KeyPairGenerator.getInstance("SM2", provider).generateKeyPair();
            byte[] message = "message".getBytes(StandardCharsets.US_ASCII);
            byte[] raw = signRaw(provider, pair.getPrivate(), null, HexFormat.of().parseHex("0f".repeat(32)), message);
            BigInteger r = new BigInteger(1, java.util.Arrays.copyOfRange(raw, 0, 32));
            BigInteger s = new BigInteger(1, java.util.Arrays.copyOfRange(raw, 32, 64));
            byte[] good = derOf(raw);
            assertTrue(verify(provider, "SM3withSM2", pair.getPublic(), message, good));

            List<byte[]> bad = new ArrayList<>();
            for (BigInteger[] pairRs : new BigInteger[][] {{BigInteger.ZERO, s}, {r, BigInteger.ZERO}, {N, s}, {r, N},
                    {r.add(N), s}, {r, s.add(N)}, {r.add(BigInteger.ONE), s}, {r, s.subtract(BigInteger.ONE)}}) {
                bad.add(new DERSequence(new ASN1Encodable[] {new ASN1Integer(pairRs[0]), new ASN1Integer(pairRs[1])}).getEncoded());
            }
            bad.add(new DERSequence(new ASN1Encodable[] {new ASN1Integer(r.negate()), new ASN1Integer(s)}).getEncoded());
            byte[] trailing = java.util.Arrays.copyOf(good, good.length + 1);
            bad.add(trailing);
            bad.add(java.util.Arrays.copyOf(good, good.length - 1));
            byte[] longForm = new byte[good.length + 1]; // 30 81 LL: non-minimal length
            longForm[0] = 0x30;
            longForm[1] = (byte) 0x81;
            System.arraycopy(good, 1, longForm, 2, good.length - 1);
            bad.add(longForm);
            bad.add(new byte[0]);
            bad.add(raw); // raw r || s where DER is expected
            Random random = new Random(1);
            for (int i = 0; i < 50; i++) {
                byte[] garbage = new byte[random.nextInt(80)];
                random.nextBytes(garbage);
                bad.add(garbage);
            }
            for (byte[] signature : bad) {
                assertFalse(verify(provider, "SM3withSM2", pair.getPublic(), message, signature), HexFormat.of().formatHex(signature));
            }
            assertFalse(verify(provider, "SM3withSM2", pair.getPublic(), "messagE".getBytes(StandardCharsets.US_ASCII), good));
            assertFalse(verify(provider, "SM3withSM2inP1363Format", pair.getPublic(), message, good));
            assertFalse(verify(provider, "SM3withSM2inP1363Format", pair.getPublic(), message, java.util.Arrays.copyOf(raw, 63)));
            assertTrue(verify(provider, "SM3withSM2inP1363Format", pair.getPublic(), message, raw));

            Signature otherId = Signature.getInstance("SM3withSM2", provider);
            otherId.setParameter(new Sm2SignatureSpec("someone else".getBytes(StandardCharsets.US_ASCII)));
            otherId.initVerify(pair.getPublic());
            otherId.update(message);
            assertFalse(otherId.verify(good));
        }
    }

    private static boolean verify(ShangMiProvider provider, String algorithm, PublicKey key, byte[] message, byte[] signature)
            throws Exception {
        Signature verifier = Signature.getInstance(algorithm, provider);
        verifier.initVerify(key);
        verifier.update(message);
        return verifier.verify(signature);
    }

    @Test
    void noneWithSm2SignsExactlyE() throws Exception {
        for (ShangMiProvider provider : Providers.serving("SM2")) {
            KeyPair pair = KeyPairGenerator.getInstance("SM2", provider).generateKeyPair();
            byte[] e = new byte[32];
            new Random(2).nextBytes(e);
            Signature signer = Signature.getInstance("NONEwithSM2", provider);
            signer.initSign(pair.getPrivate());
            signer.update(e, 0, 10);
            signer.update(e, 10, 22);
            byte[] signature = signer.sign();
            assertTrue(verify(provider, "NONEwithSM2", pair.getPublic(), e, signature));
            signer.update(new byte[31]);
            assertThrows(SignatureException.class, signer::sign);
            signer.update(new byte[33]);
            assertThrows(SignatureException.class, signer::sign);
            assertFalse(verify(provider, "NONEwithSM2", pair.getPublic(), java.util.Arrays.copyOf(e, 33), signature));
            assertThrows(InvalidAlgorithmParameterException.class,
                    () -> signer.setParameter(new Sm2SignatureSpec(new byte[0])));
        }
    }

    @Test
    void badKeysAndMisuseAreRefusedClearly() throws Exception {
        KeyPairGenerator p256 = KeyPairGenerator.getInstance("EC", "SunEC");
        p256.initialize(new ECGenParameterSpec("secp256r1"));
        KeyPair nist = p256.generateKeyPair();
        for (ShangMiProvider provider : Providers.serving("SM2")) {
            Signature signature = Signature.getInstance("SM3withSM2", provider);
            InvalidKeyException e = assertThrows(InvalidKeyException.class, () -> signature.initSign(nist.getPrivate()));
            assertTrue(e.getMessage().contains("sm2p256v1"), e.getMessage());
            assertThrows(InvalidKeyException.class, () -> signature.initVerify(nist.getPublic()));

            // d = n - 1 is a valid decryption key but cannot sign: 1 + d has no inverse
            PrivateKey nMinusOne = KeyFactory.getInstance("SM2", provider).generatePrivate(
                    new Sm2RawPrivateKeySpec(HexFormat.of().parseHex("FFFFFFFEFFFFFFFFFFFFFFFFFFFFFFFF7203DF6B21C6052B53BBF40939D54122")));
            assertThrows(InvalidKeyException.class, () -> signature.initSign(nMinusOne));

            KeyPair pair = KeyPairGenerator.getInstance("SM2", provider).generateKeyPair();
            KeyPair other = KeyPairGenerator.getInstance("SM2", provider).generateKeyPair();
            signature.initSign(pair.getPrivate());
            assertThrows(InvalidAlgorithmParameterException.class, () -> signature.setParameter(
                    new Sm2SignatureSpec(new byte[1], (ECPublicKey) other.getPublic())));
            // a private key that came without its public key (a raw scalar) is checked too, against d·G
            PrivateKey bare = KeyFactory.getInstance("SM2", provider).generatePrivate(
                    new ECPrivateKeySpec(((ECPrivateKey) pair.getPrivate()).getS(), Sm2ParameterSpec.INSTANCE));
            Signature fresh = Signature.getInstance("SM3withSM2", provider);
            fresh.setParameter(new Sm2SignatureSpec(new byte[1], (ECPublicKey) other.getPublic()));
            assertThrows(InvalidKeyException.class, () -> fresh.initSign(bare));
            PrivateKey bareAgain = KeyFactory.getInstance("SM2", provider).generatePrivate(
                    new ECPrivateKeySpec(((ECPrivateKey) pair.getPrivate()).getS(), Sm2ParameterSpec.INSTANCE));
            fresh.setParameter(new Sm2SignatureSpec(new byte[1]));
            fresh.initSign(bareAgain);
            assertThrows(InvalidAlgorithmParameterException.class, () -> fresh.setParameter(
                    new Sm2SignatureSpec(new byte[1], (ECPublicKey) other.getPublic())));
            signature.update((byte) 1);
            assertThrows(InvalidAlgorithmParameterException.class, () -> signature.setParameter(new Sm2SignatureSpec(new byte[1])));
            assertThrows(SignatureException.class, () -> signature.verify(new byte[64]));
            signature.initVerify(pair.getPublic());
            assertThrows(SignatureException.class, signature::sign);
            assertThrows(IllegalArgumentException.class, () -> new Sm2SignatureSpec(new byte[8192]));

            Sm2PrivateKey destroyed = (Sm2PrivateKey) KeyPairGenerator.getInstance("SM2", provider).generateKeyPair().getPrivate();
            destroyed.destroy();
            assertThrows(InvalidKeyException.class, () -> signature.initSign(destroyed));
        }
    }

    @Test
    void opensslTestKeyRoundTripsThroughPkcs8AndSignsForBouncyCastle() throws Exception {
        Vectors.Record record = Vectors.load(Vectors.OPENSSL_EVP, "SM2-VERIFY-DIGEST").get(0);
        for (ShangMiProvider provider : Providers.serving("SM2")) {
            KeyFactory factory = KeyFactory.getInstance("SM2", provider);
            PublicKey publicKey = factory.generatePublic(new Sm2UncompressedPublicKeySpec(record.hex("pub")));
            PrivateKey fromRaw = factory.generatePrivate(new Sm2RawPrivateKeySpec(record.hex("priv")));
            PrivateKey key = factory.generatePrivate(new PKCS8EncodedKeySpec(fromRaw.getEncoded()));
            assertEquals(publicKey, ((Sm2PrivateKey) key).getPublicKey());
            Signature signer = Signature.getInstance("SM3withSM2", provider);
            signer.initSign(key);
            signer.update(new byte[] {7});
            assertTrue(bouncyCastleVerifies(publicKey, Sm2SignatureSpec.defaultId(), new byte[] {7}, signer.sign()));
        }
    }

    /**
     * A random source stuck at one value: signing still works (the Java engine hedges its nonces;
     * libcrypto draws its own), and the Java engine refuses to make a key from it instead of
     * waiting forever.
     */
    @Test
    void aStuckRandomSourceSignsButMakesNoKey() throws Exception {
        for (ShangMiProvider provider : Providers.serving("SM2")) {
            KeyPair pair = KeyPairGenerator.getInstance("SM2", provider).generateKeyPair();
            Signature signer = Signature.getInstance("SM3withSM2", provider);
            signer.initSign(pair.getPrivate(), new BrokenRandom(0));
            signer.update(new byte[] {1, 2, 3});
            byte[] signature = signer.sign();
            signer.initVerify(pair.getPublic());
            signer.update(new byte[] {1, 2, 3});
            assertTrue(signer.verify(signature), provider.getInfo());

            KeyPairGenerator generator = KeyPairGenerator.getInstance("SM2", provider);
            generator.initialize(new ECGenParameterSpec("sm2p256v1"), new BrokenRandom(0xff));
            if (provider.backendFor("SM2") == Backend.JAVA) {
                ProviderException e = assertThrows(ProviderException.class, generator::generateKeyPair);
                assertTrue(e.getMessage().contains("it is broken"), e.getMessage());
            } else {
                assertNotNull(generator.generateKeyPair(), "libcrypto draws keys from its own generator");
            }
        }
    }
}
