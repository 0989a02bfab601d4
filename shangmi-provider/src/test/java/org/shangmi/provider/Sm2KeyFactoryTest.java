package org.shangmi.provider;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InvalidObjectException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidParameterException;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.interfaces.ECPrivateKey;
import java.security.interfaces.ECPublicKey;
import java.security.spec.ECGenParameterSpec;
import java.security.spec.ECPoint;
import java.security.spec.ECPrivateKeySpec;
import java.security.spec.ECPublicKeySpec;
import java.security.spec.InvalidKeySpecException;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.X509EncodedKeySpec;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import org.bouncycastle.asn1.ASN1Encodable;
import org.bouncycastle.asn1.ASN1EncodableVector;
import org.bouncycastle.asn1.ASN1Integer;
import org.bouncycastle.asn1.DERBitString;
import org.bouncycastle.asn1.DERNull;
import org.bouncycastle.asn1.DEROctetString;
import org.bouncycastle.asn1.DERSequence;
import org.bouncycastle.asn1.DERSet;
import org.bouncycastle.asn1.DERTaggedObject;
import org.bouncycastle.asn1.pkcs.PrivateKeyInfo;
import org.bouncycastle.asn1.x509.AlgorithmIdentifier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.shangmi.core.testing.OpenSslCommand;
import org.shangmi.provider.spec.PemKeySpec;
import org.shangmi.provider.spec.Sm2CompressedPublicKeySpec;
import org.shangmi.provider.spec.Sm2ParameterSpec;
import org.shangmi.provider.spec.Sm2RawPrivateKeySpec;
import org.shangmi.provider.spec.Sm2UncompressedPublicKeySpec;

/** KeyPairGenerator and KeyFactory SM2: every form in and out, OpenSSL's files, Bouncy Castle, refusals. */
class Sm2KeyFactoryTest {

    @TempDir
    Path directory;

    @Test
    void generatorAcceptsEveryNameOfTheCurveAndNothingElse() throws Exception {
        for (ShangMiProvider provider : Providers.serving("SM2")) {
            for (String algorithm : List.of("SM2", "EC")) {
                KeyPairGenerator generator = KeyPairGenerator.getInstance(algorithm, provider);
                for (String name : Sm2ParameterSpec.NAMES) {
                    generator.initialize(new ECGenParameterSpec(name));
                    checkPair(generator.generateKeyPair());
                }
                if (algorithm.equals("SM2")) { // "EC" takes no key size: it names no curve (EcServicesTest)
                    generator.initialize(256);
                    checkPair(generator.generateKeyPair());
                }
                generator.initialize(Sm2ParameterSpec.INSTANCE);
                checkPair(generator.generateKeyPair());
                assertThrows(InvalidAlgorithmParameterException.class,
                        () -> generator.initialize(new ECGenParameterSpec("secp256r1")));
                assertThrows(InvalidParameterException.class, () -> generator.initialize(384));
            }
        }
    }

    /** The public key is d·G as Bouncy Castle computes it, and both keys are on sm2p256v1. */
    private static void checkPair(KeyPair pair) throws Exception {
        ECPrivateKey privateKey = (ECPrivateKey) pair.getPrivate();
        ECPublicKey publicKey = (ECPublicKey) pair.getPublic();
        assertTrue(Sm2ParameterSpec.isSm2(privateKey.getParams()));
        BigInteger n = Sm2ParameterSpec.INSTANCE.getOrder();
        assertTrue(privateKey.getS().signum() > 0 && privateKey.getS().compareTo(n.subtract(BigInteger.ONE)) < 0);
        PrivateKey bcPrivate = KeyFactory.getInstance("EC", Providers.bouncyCastle())
                .generatePrivate(new PKCS8EncodedKeySpec(privateKey.getEncoded()));
        var bcPoint = org.bouncycastle.asn1.gm.GMNamedCurves.getByName("sm2p256v1").getG()
                .multiply(((ECPrivateKey) bcPrivate).getS()).normalize();
        assertEquals(bcPoint.getAffineXCoord().toBigInteger(), publicKey.getW().getAffineX());
        assertEquals(bcPoint.getAffineYCoord().toBigInteger(), publicKey.getW().getAffineY());
    }

    @Test
    void everyFormRoundTrips() throws Exception {
        for (ShangMiProvider provider : Providers.serving("SM2")) {
            KeyFactory factory = KeyFactory.getInstance("SM2", provider);
            KeyPair pair = KeyPairGenerator.getInstance("SM2", provider).generateKeyPair();
            PublicKey publicKey = pair.getPublic();
            PrivateKey privateKey = pair.getPrivate();
            for (Class<? extends java.security.spec.KeySpec> form : List.of(X509EncodedKeySpec.class, ECPublicKeySpec.class,
                    Sm2UncompressedPublicKeySpec.class, Sm2CompressedPublicKeySpec.class, PemKeySpec.class)) {
                assertEquals(publicKey, factory.generatePublic(factory.getKeySpec(publicKey, form)), form.getName());
            }
            for (Class<? extends java.security.spec.KeySpec> form : List.of(PKCS8EncodedKeySpec.class, ECPrivateKeySpec.class,
                    Sm2RawPrivateKeySpec.class, PemKeySpec.class)) {
                PrivateKey back = factory.generatePrivate(factory.getKeySpec(privateKey, form));
                assertEquals(privateKey, back, form.getName());
                assertEquals(publicKey, ((Sm2PrivateKey) back).getPublicKey());
            }
            assertEquals(33, factory.getKeySpec(publicKey, Sm2CompressedPublicKeySpec.class).getEncoded().length);
            assertEquals(65, factory.getKeySpec(publicKey, Sm2UncompressedPublicKeySpec.class).getEncoded().length);
            assertEquals(publicKey, factory.translateKey(KeyFactory.getInstance("EC", Providers.bouncyCastle())
                    .generatePublic(new X509EncodedKeySpec(publicKey.getEncoded()))));
            assertEquals(privateKey, factory.translateKey(KeyFactory.getInstance("EC", Providers.bouncyCastle())
                    .generatePrivate(new PKCS8EncodedKeySpec(privateKey.getEncoded()))));
            assertEquals(publicKey, serialized(publicKey));
            assertEquals(privateKey, serialized(privateKey));
        }
    }

    /** A serialised private key whose d is not 32 bytes is refused as the stream's fault, not with an index error. */
    @Test
    void aSerialisedKeyWithAShortScalarIsRefused() throws Exception {
        Sm2PrivateKey key = (Sm2PrivateKey) KeyFactory.getInstance("SM2", new ShangMiProvider(Backend.JAVA))
                .generatePrivate(new Sm2RawPrivateKeySpec(HexFormat.of().parseHex(
                        "0102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f20")));
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(key);
        }
        // the array d in the stream: its length (4 bytes), then its 32 bytes; write it with 31
        String stream = HexFormat.of().formatHex(bytes.toByteArray());
        String array = "00000020" + "0102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f20";
        assertTrue(stream.contains(array), "the scalar is in the stream");
        byte[] shortened = HexFormat.of().parseHex(stream.replace(array, "0000001f" + array.substring(10)));
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(shortened))) {
            assertThrows(InvalidObjectException.class, in::readObject);
        }
    }

    private static Object serialized(Object key) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(key);
        }
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            return in.readObject();
        }
    }

    /** Keys from {@code openssl genpkey} in every file form, and our encodings byte for byte as OpenSSL writes them. */
    @Test
    void readsOpensslKeysAndWritesWhatOpensslWrites() throws Exception {
        OpenSslCommand.assumeAvailable();
        Path pem = directory.resolve("key.pem");
        OpenSslCommand.run(new byte[0], "genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:SM2", "-out", pem.toString());
        byte[] pkcs8 = OpenSslCommand.run(new byte[0], "pkcs8", "-topk8", "-nocrypt", "-in", pem.toString(), "-outform", "DER");
        byte[] x509 = OpenSslCommand.run(new byte[0], "pkey", "-in", pem.toString(), "-pubout", "-outform", "DER");
        String publicPem = new String(OpenSslCommand.run(new byte[0], "pkey", "-in", pem.toString(), "-pubout"), StandardCharsets.US_ASCII);
        byte[] sec1 = OpenSslCommand.run(new byte[0], "ec", "-in", pem.toString(), "-outform", "DER");
        String sec1Pem = new String(OpenSslCommand.run(new byte[0], "ec", "-in", pem.toString()), StandardCharsets.US_ASCII);
        String text = new String(OpenSslCommand.run(new byte[0], "ec", "-in", pem.toString(), "-text", "-noout", "-conv_form", "compressed"),
                StandardCharsets.US_ASCII);
        byte[] compressed = HexFormat.of().parseHex(
                text.substring(text.indexOf("pub:") + 4, text.indexOf("ASN1 OID")).replaceAll("[^0-9a-f]", ""));
        for (ShangMiProvider provider : Providers.serving("SM2")) {
            KeyFactory factory = KeyFactory.getInstance("SM2", provider);
            PrivateKey fromPkcs8 = factory.generatePrivate(new PKCS8EncodedKeySpec(pkcs8));
            assertArrayEquals(pkcs8, fromPkcs8.getEncoded(), "PKCS#8 as OpenSSL writes it");
            assertEquals(fromPkcs8, factory.generatePrivate(new PKCS8EncodedKeySpec(sec1)));
            assertEquals(fromPkcs8, factory.generatePrivate(new PemKeySpec(Files.readString(pem))));
            assertEquals(fromPkcs8, factory.generatePrivate(new PemKeySpec(sec1Pem)));
            PublicKey fromX509 = factory.generatePublic(new X509EncodedKeySpec(x509));
            assertArrayEquals(x509, fromX509.getEncoded(), "X.509 as OpenSSL writes it");
            assertEquals(fromX509, factory.generatePublic(new PemKeySpec(publicPem)));
            assertEquals(fromX509, factory.generatePublic(new Sm2CompressedPublicKeySpec(compressed)));
            assertArrayEquals(compressed, ((Sm2PublicKey) fromX509).getCompressed());
            assertEquals(fromX509, ((Sm2PrivateKey) fromPkcs8).getPublicKey());
            assertEquals(publicPem.strip(), factory.getKeySpec(fromX509, PemKeySpec.class).getText().strip());
            assertEquals(Files.readString(pem).strip(), factory.getKeySpec(fromPkcs8, PemKeySpec.class).getText().strip());
        }
    }

    /** Our PKCS#8 and X.509 read back by OpenSSL: it derives the same public key. */
    @Test
    void opensslReadsOurKeys() throws Exception {
        OpenSslCommand.assumeAvailable();
        for (ShangMiProvider provider : Providers.serving("SM2")) {
            KeyPair pair = KeyPairGenerator.getInstance("SM2", provider).generateKeyPair();
            byte[] publicFromPrivate = OpenSslCommand.run(pair.getPrivate().getEncoded(),
                    "pkey", "-inform", "DER", "-pubout", "-outform", "DER");
            assertArrayEquals(pair.getPublic().getEncoded(), publicFromPrivate);
            byte[] publicAgain = OpenSslCommand.run(pair.getPublic().getEncoded(),
                    "pkey", "-pubin", "-inform", "DER", "-pubout", "-outform", "DER");
            assertArrayEquals(pair.getPublic().getEncoded(), publicAgain);
        }
    }

    @Test
    void invalidAndForeignKeysAreRefusedWithTheReason() throws Exception {
        KeyPairGenerator p256 = KeyPairGenerator.getInstance("EC", "SunEC");
        p256.initialize(new ECGenParameterSpec("secp256r1"));
        KeyPair nist = p256.generateKeyPair();
        KeyPair ed25519 = KeyPairGenerator.getInstance("Ed25519").generateKeyPair();
        KeyPairGenerator rsaGenerator = KeyPairGenerator.getInstance("RSA");
        rsaGenerator.initialize(1024);
        KeyPair rsa = rsaGenerator.generateKeyPair();
        for (ShangMiProvider provider : Providers.serving("SM2")) {
            KeyFactory factory = KeyFactory.getInstance("SM2", provider);
            InvalidKeySpecException e = assertThrows(InvalidKeySpecException.class,
                    () -> factory.generatePublic(new X509EncodedKeySpec(nist.getPublic().getEncoded())));
            assertTrue(e.getMessage().contains("curve secp256r1 (P-256) (1.2.840.10045.3.1.7)"), e.getMessage());
            // other key types are named in words, with their OID
            e = assertThrows(InvalidKeySpecException.class,
                    () -> factory.generatePrivate(new PKCS8EncodedKeySpec(ed25519.getPrivate().getEncoded())));
            assertTrue(e.getMessage().contains("not an EC key but Ed25519 (algorithm 1.3.101.112)"), e.getMessage());
            e = assertThrows(InvalidKeySpecException.class,
                    () -> factory.generatePublic(new X509EncodedKeySpec(rsa.getPublic().getEncoded())));
            assertTrue(e.getMessage().contains("not an EC key but RSA (algorithm 1.2.840.113549.1.1.1)"), e.getMessage());
            e = assertThrows(InvalidKeySpecException.class,
                    () -> factory.generatePrivate(new PKCS8EncodedKeySpec(nist.getPrivate().getEncoded())));
            assertTrue(e.getMessage().contains("1.2.840.10045.3.1.7"), e.getMessage());
            assertThrows(InvalidKeySpecException.class, () -> factory.generatePublic(
                    new ECPublicKeySpec(((ECPublicKey) nist.getPublic()).getW(), ((ECPublicKey) nist.getPublic()).getParams())));

            KeyPair pair = KeyPairGenerator.getInstance("SM2", provider).generateKeyPair();
            byte[] point = ((Sm2PublicKey) pair.getPublic()).getUncompressed();
            byte[] offCurve = point.clone();
            offCurve[64] ^= 1;
            BigInteger p = ((java.security.spec.ECFieldFp) Sm2ParameterSpec.INSTANCE.getCurve().getField()).getP();
            List<byte[]> badPoints = List.of(offCurve, Arrays.copyOf(point, 64), new byte[65], new byte[33],
                    HexFormat.of().parseHex("05" + HexFormat.of().formatHex(point, 1, 65)));
            for (byte[] bad : badPoints) {
                assertThrows(InvalidKeySpecException.class, () -> factory.generatePublic(new Sm2UncompressedPublicKeySpec(bad)));
            }
            byte[] x509 = pair.getPublic().getEncoded();
            x509[x509.length - 1] ^= 1;
            assertThrows(InvalidKeySpecException.class, () -> factory.generatePublic(new X509EncodedKeySpec(x509)));
            assertThrows(InvalidKeySpecException.class, () -> factory.generatePublic(new X509EncodedKeySpec(new byte[10])));
            assertThrows(InvalidKeySpecException.class, () -> factory.generatePublic(
                    new ECPublicKeySpec(new ECPoint(p, BigInteger.ONE), Sm2ParameterSpec.INSTANCE)));

            BigInteger n = Sm2ParameterSpec.INSTANCE.getOrder();
            for (BigInteger d : List.of(BigInteger.ZERO, n, n.add(BigInteger.ONE), BigInteger.ONE.negate(), BigInteger.ONE.shiftLeft(256))) {
                assertThrows(InvalidKeySpecException.class,
                        () -> factory.generatePrivate(new ECPrivateKeySpec(d, Sm2ParameterSpec.INSTANCE)), d.toString(16));
            }
            assertThrows(InvalidKeySpecException.class, () -> factory.generatePrivate(new Sm2RawPrivateKeySpec(new byte[31])));
            assertThrows(InvalidKeySpecException.class, () -> factory.generatePrivate(new Sm2RawPrivateKeySpec(new byte[32])));

            // a PKCS#8 key whose embedded public key is not d·G
            KeyPair other = KeyPairGenerator.getInstance("SM2", provider).generateKeyPair();
            byte[] mismatched = Sm2PrivateKeys.encodePkcs8(((Sm2PrivateKey) pair.getPrivate()).scalarCopy(), ((Sm2PublicKey) other.getPublic()).xy());
            assertThrows(InvalidKeySpecException.class, () -> factory.generatePrivate(new PKCS8EncodedKeySpec(mismatched)));
            assertThrows(InvalidKeySpecException.class, () -> factory.generatePrivate(new PemKeySpec("no PEM here")));
            assertFalse(pair.getPrivate().toString().contains(((ECPrivateKey) pair.getPrivate()).getS().toString(16)));
        }
    }

    /**
     * PKCS#8 is read strictly: trailing bytes at any level are refused, attributes are skipped,
     * and a version-2 public key must be the private key's. The inputs are built with Bouncy
     * Castle's ASN.1 classes around an SEC1 key of OpenSSL's form.
     */
    @Test
    void pkcs8IsReadStrictly() throws Exception {
        KeyFactory factory = KeyFactory.getInstance("SM2", new ShangMiProvider(Backend.JAVA));
        KeyPairGenerator generator = KeyPairGenerator.getInstance("SM2", new ShangMiProvider(Backend.JAVA));
        KeyPair pair = generator.generateKeyPair();
        KeyPair other = generator.generateKeyPair();
        PrivateKeyInfo info = PrivateKeyInfo.getInstance(
                pair.getPrivate().getEncoded());
        byte[] sec1 = info.getPrivateKey().getOctets();
        AlgorithmIdentifier algorithm = info.getPrivateKeyAlgorithm();

        byte[] trailingInside = Arrays.copyOf(sec1, sec1.length + 2);
        assertThrows(InvalidKeySpecException.class, () -> factory.generatePrivate(new PKCS8EncodedKeySpec(
                pkcs8(0, algorithm, trailingInside))), "bytes after the SEC1 key inside the OCTET STRING");
        assertThrows(InvalidKeySpecException.class, () -> factory.generatePrivate(new PKCS8EncodedKeySpec(
                pkcs8(0, algorithm, sec1, DERNull.INSTANCE))), "an element after the OCTET STRING");

        DERTaggedObject attributes = new DERTaggedObject(false, 0,
                new DERSet());
        assertArrayEquals(pair.getPrivate().getEncoded(), factory.generatePrivate(new PKCS8EncodedKeySpec(
                pkcs8(0, algorithm, sec1, attributes))).getEncoded(), "attributes are skipped");

        byte[] ownPoint = ((Sm2PublicKey) pair.getPublic()).getUncompressed();
        byte[] otherPoint = ((Sm2PublicKey) other.getPublic()).getUncompressed();
        assertArrayEquals(pair.getPrivate().getEncoded(), factory.generatePrivate(new PKCS8EncodedKeySpec(
                pkcs8(1, algorithm, sec1, publicKey(ownPoint)))).getEncoded(), "v2 with its own public key");
        InvalidKeySpecException e = assertThrows(InvalidKeySpecException.class, () -> factory.generatePrivate(
                new PKCS8EncodedKeySpec(pkcs8(1, algorithm, sec1, publicKey(otherPoint)))));
        assertTrue(e.getMessage().contains("not the private key's"), e.getMessage());
        assertThrows(InvalidKeySpecException.class, () -> factory.generatePrivate(new PKCS8EncodedKeySpec(
                pkcs8(1, algorithm, sec1, publicKey(ownPoint), attributes))), "the public key before the attributes");
    }

    private static DERTaggedObject publicKey(byte[] point) {
        return new DERTaggedObject(false, 1, new DERBitString(point));
    }

    private static byte[] pkcs8(int version, AlgorithmIdentifier algorithm, byte[] sec1,
            ASN1Encodable... after) throws Exception {
        ASN1EncodableVector fields = new ASN1EncodableVector();
        fields.add(new ASN1Integer(version));
        fields.add(algorithm);
        fields.add(new DEROctetString(sec1));
        for (ASN1Encodable element : after) {
            fields.add(element);
        }
        return new DERSequence(fields).getEncoded();
    }
}
