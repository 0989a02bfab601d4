package org.shangmi.provider;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.InvalidKeyException;
import java.security.Key;
import java.security.interfaces.ECPrivateKey;
import java.security.interfaces.ECPublicKey;
import java.security.spec.ECParameterSpec;
import java.security.spec.ECPoint;
import java.security.spec.InvalidKeySpecException;
import java.util.Arrays;
import java.util.Base64;
import java.util.HexFormat;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.shangmi.core.sm2.Sm2Curve;
import org.shangmi.core.sm2.Sm2OrderField;
import org.shangmi.core.sm2.Sm2Point;
import org.shangmi.core.util.ConstantTime;
import org.shangmi.core.util.Der;
import org.shangmi.provider.spec.Sm2ParameterSpec;

/**
 * Reading and writing SM2 keys: X.509 SubjectPublicKeyInfo, PKCS#8, SEC1 ECPrivateKey, points
 * (04 || x || y and 02/03 || x), PEM, and keys of other providers. Every public point is checked
 * (coordinates below p, on the curve, not the identity) and every private scalar lies in
 * [1, n − 1]; a key that carries both must have them agree.
 */
final class Sm2Keys {

    /** DER contents of id-ecPublicKey (1.2.840.10045.2.1). */
    private static final byte[] EC_PUBLIC_KEY = HexFormat.of().parseHex("2a8648ce3d0201");
    /** DER contents of sm2p256v1 (1.2.156.10197.1.301). */
    private static final byte[] SM2_CURVE = HexFormat.of().parseHex("2a811ccf5501822d");
    /** PKCS#8 v2's publicKey: [1] IMPLICIT BIT STRING, a primitive context-specific tag. */
    private static final int PKCS8_PUBLIC_KEY = 0x81;

    static final String PUBLIC_PEM = "PUBLIC KEY";
    static final String PRIVATE_PEM = "PRIVATE KEY";
    static final String SEC1_PEM = "EC PRIVATE KEY";
    /** The label {@code openssl ec} gives a SEC1 key on the SM2 curve. */
    static final String SM2_SEC1_PEM = "SM2 PRIVATE KEY";

    private static final Pattern PEM = Pattern.compile(
            "-----BEGIN ([A-Z0-9 ]+)-----([A-Za-z0-9+/=\\s]*?)-----END \\1-----");

    private Sm2Keys() {
    }

    // ---- points and scalars ------------------------------------------------------------------

    /**
     * The validated affine x || y of a point encoded as 04 || x || y or 02/03 || x.
     *
     * @throws InvalidKeySpecException if it is neither or not a point of sm2p256v1
     */
    static byte[] decodePoint(byte[] encoded) throws InvalidKeySpecException {
        Sm2Curve curve = new Sm2Curve();
        Sm2Point point = new Sm2Point();
        byte[] xy = new byte[64];
        boolean valid;
        if (encoded.length == 65 && encoded[0] == 0x04) {
            System.arraycopy(encoded, 1, xy, 0, 64);
            valid = curve.fromAffine(point, xy, 0);
        } else if (encoded.length == 33 && (encoded[0] == 0x02 || encoded[0] == 0x03)) {
            valid = curve.decompress(encoded, 0, xy, 0);
        } else {
            throw new InvalidKeySpecException("an SM2 public key is 04 || x || y (65 bytes) or 02/03 || x (33 bytes); got "
                    + encoded.length + " bytes" + (encoded.length > 0 ? String.format(" starting %02x", encoded[0]) : ""));
        }
        if (!valid) {
            throw new InvalidKeySpecException("the public key is not a point of sm2p256v1");
        }
        return xy;
    }

    /** Whether x || y is a point of the curve with coordinates below p. */
    static boolean isPoint(byte[] xy) {
        return xy.length == 64 && new Sm2Curve().fromAffine(new Sm2Point(), xy, 0);
    }

    /** 02/03 || x of a valid x || y. */
    static byte[] compress(byte[] xy) {
        byte[] out = new byte[33];
        out[0] = (byte) (0x02 | (xy[63] & 1));
        System.arraycopy(xy, 0, out, 1, 32);
        return out;
    }

    /** 04 || x || y. */
    static byte[] uncompressed(byte[] xy) {
        byte[] out = new byte[65];
        out[0] = 0x04;
        System.arraycopy(xy, 0, out, 1, 64);
        return out;
    }

    /**
     * A private scalar as 32 bytes from a big-endian magnitude of up to 32 bytes, checked to lie
     * in [1, n − 1]. The caller keeps ownership of (and wipes) {@code magnitude}.
     */
    static byte[] privateScalar(byte[] magnitude) throws InvalidKeySpecException {
        if (magnitude.length > 32) {
            throw new InvalidKeySpecException("an SM2 private key is at most 32 bytes, got " + magnitude.length);
        }
        byte[] d = new byte[32];
        System.arraycopy(magnitude, 0, d, 32 - magnitude.length, magnitude.length);
        long[] limbs = Sm2OrderField.create();
        boolean inRange = new Sm2OrderField().decodeScalar(d, limbs);
        Arrays.fill(limbs, 0);
        if (!inRange) {
            Arrays.fill(d, (byte) 0);
            throw new InvalidKeySpecException("an SM2 private key must lie in [1, n - 1]");
        }
        return d;
    }

    /** d·G as x || y for a scalar d in [1, n − 1]; constant time in d. */
    static byte[] publicPoint(byte[] d) {
        byte[] xy = new byte[64];
        Sm2Curve curve = new Sm2Curve();
        Sm2Point point = new Sm2Point();
        curve.multiplyGenerator(point, d, 0);
        curve.toAffine(point, xy, 0);
        point.wipe();
        return xy;
    }

    // ---- X.509 and PKCS#8 --------------------------------------------------------------------

    static byte[] encodeX509(byte[] xy) {
        return new Der.Writer().raw(algorithmIdentifier()).bitString(uncompressed(xy)).wrap(Der.SEQUENCE);
    }

    static byte[] decodeX509(byte[] encoded) throws InvalidKeySpecException {
        try {
            Der.Reader outer = new Der.Reader(encoded);
            Der.Reader info = outer.sequence();
            outer.expectEnd();
            checkAlgorithm(info.sequence());
            byte[] point = info.bitString();
            info.expectEnd();
            return decodePoint(point);
        } catch (Der.MalformedException e) {
            throw new InvalidKeySpecException("not an X.509 SubjectPublicKeyInfo: " + e.getMessage());
        }
    }

    /** PKCS#8 as OpenSSL 3 writes it: the SEC1 key inside carries the public key, not the curve. */
    static byte[] encodePkcs8(byte[] d, byte[] xy) {
        byte[] sec1 = sec1(d, xy, false);
        try {
            return new Der.Writer().smallInteger(0).raw(algorithmIdentifier()).element(Der.OCTET_STRING, sec1)
                    .wrap(Der.SEQUENCE);
        } finally {
            Arrays.fill(sec1, (byte) 0);
        }
    }

    /** SEC1 ECPrivateKey as {@code openssl ec} writes it: with the curve and the public key. */
    static byte[] encodeSec1(byte[] d, byte[] xy) {
        return sec1(d, xy, true);
    }

    private static byte[] sec1(byte[] d, byte[] xy, boolean withCurve) {
        Der.Writer fields = new Der.Writer().smallInteger(1).element(Der.OCTET_STRING, d);
        if (withCurve) {
            fields.element(Der.CONTEXT, new Der.Writer().element(Der.OBJECT_IDENTIFIER, SM2_CURVE).toByteArray());
        }
        fields.element(Der.CONTEXT | 1, new Der.Writer().bitString(uncompressed(xy)).toByteArray());
        return fields.wrap(Der.SEQUENCE);
    }

    /**
     * Reads PKCS#8 PrivateKeyInfo (v1, or v2 with its optional public key) or, recognised by its
     * version 1, a bare SEC1 ECPrivateKey. Strict: nothing may follow an element where the
     * structure ends, and every public key that comes with the private key must be d·G.
     */
    static Sm2PrivateKey decodePrivate(byte[] encoded) throws InvalidKeySpecException {
        try {
            Der.Reader outer = new Der.Reader(encoded);
            Der.Reader info = outer.sequence();
            outer.expectEnd();
            int version = info.smallInteger();
            if (version == 1 && info.peekTag() == Der.OCTET_STRING) {
                return sec1Key(encoded);
            }
            if (version != 0 && version != 1) {
                throw new InvalidKeySpecException("unknown PKCS#8 version " + version);
            }
            checkAlgorithm(info.sequence());
            byte[] sec1 = info.bytes(Der.OCTET_STRING);
            Sm2PrivateKey key;
            try {
                key = sec1Key(sec1);
            } finally {
                Arrays.fill(sec1, (byte) 0);
            }
            if (info.peekTag() == Der.CONTEXT) {
                info.read(Der.CONTEXT); // attributes [0]: none has a meaning for SM2 keys
            }
            if (version == 1 && info.peekTag() == PKCS8_PUBLIC_KEY) {
                byte[] bits = info.bytes(PKCS8_PUBLIC_KEY); // [1] IMPLICIT BIT STRING
                if (bits.length == 0 || bits[0] != 0) {
                    throw new InvalidKeySpecException("the PKCS#8 public key is not a whole-byte BIT STRING");
                }
                byte[] xy = decodePoint(Arrays.copyOfRange(bits, 1, bits.length));
                byte[] scalar = key.scalarCopy();
                boolean matches = matches(scalar, xy);
                Arrays.fill(scalar, (byte) 0);
                if (!matches) {
                    throw new InvalidKeySpecException("the PKCS#8 public key is not the private key's d·G");
                }
            }
            info.expectEnd();
            return key;
        } catch (Der.MalformedException e) {
            throw new InvalidKeySpecException("not a PKCS#8 or SEC1 SM2 private key: " + e.getMessage());
        }
    }

    private static Sm2PrivateKey sec1Key(byte[] encoded) throws Der.MalformedException, InvalidKeySpecException {
        Der.Reader outer = new Der.Reader(encoded);
        Der.Reader key = outer.sequence();
        outer.expectEnd();
        if (key.smallInteger() != 1) {
            throw new InvalidKeySpecException("SEC1 ECPrivateKey must have version 1");
        }
        byte[] magnitude = key.bytes(Der.OCTET_STRING);
        byte[] d;
        try {
            d = privateScalar(magnitude);
        } finally {
            Arrays.fill(magnitude, (byte) 0);
        }
        try {
            byte[] xy = null;
            if (key.peekTag() == Der.CONTEXT) {
                Der.Reader parameters = key.read(Der.CONTEXT);
                checkCurve(parameters.bytes(Der.OBJECT_IDENTIFIER));
                parameters.expectEnd();
            }
            if (key.peekTag() == (Der.CONTEXT | 1)) {
                Der.Reader publicKey = key.read(Der.CONTEXT | 1);
                xy = decodePoint(publicKey.bitString());
                publicKey.expectEnd();
            }
            key.expectEnd();
            return new Sm2PrivateKey(d, xy);
        } finally {
            Arrays.fill(d, (byte) 0);
        }
    }

    /** The DER of the curve's OID: the named-curve ECParameters of every SM2 key. */
    static byte[] curveOid() {
        return new Der.Writer().element(Der.OBJECT_IDENTIFIER, SM2_CURVE).toByteArray();
    }

    private static byte[] algorithmIdentifier() {
        return new Der.Writer().element(Der.OBJECT_IDENTIFIER, EC_PUBLIC_KEY).element(Der.OBJECT_IDENTIFIER, SM2_CURVE)
                .wrap(Der.SEQUENCE);
    }

    private static void checkAlgorithm(Der.Reader algorithm) throws Der.MalformedException, InvalidKeySpecException {
        byte[] oid = algorithm.bytes(Der.OBJECT_IDENTIFIER);
        if (!Arrays.equals(oid, EC_PUBLIC_KEY)) {
            String name = Der.oidString(oid);
            String known = knownName(name);
            throw new OtherCurveException(known == null ? "not an EC key: algorithm " + name
                    : "not an EC key but " + known + " (algorithm " + name + ")");
        }
        if (algorithm.peekTag() != Der.OBJECT_IDENTIFIER) {
            throw new OtherCurveException("EC key without a named curve: only sm2p256v1 ("
                    + Sm2ParameterSpec.OID + ") by name is supported");
        }
        checkCurve(algorithm.bytes(Der.OBJECT_IDENTIFIER));
        algorithm.expectEnd();
    }

    private static void checkCurve(byte[] oid) throws InvalidKeySpecException {
        if (!Arrays.equals(oid, SM2_CURVE)) {
            String name = Der.oidString(oid);
            String known = knownName(name);
            throw new OtherCurveException("the key is on curve " + (known == null ? name : known + " (" + name + ")")
                    + ", not sm2p256v1 (" + Sm2ParameterSpec.OID + ")");
        }
    }

    /** The usual name of a key algorithm or curve that people meet in place of SM2, or null. */
    private static String knownName(String oid) {
        return switch (oid) {
            case "1.2.840.113549.1.1.1" -> "RSA";
            case "1.2.840.113549.1.1.10" -> "RSASSA-PSS";
            case "1.2.840.10040.4.1" -> "DSA";
            case "1.2.840.113549.1.3.1", "1.2.840.10046.2.1" -> "DH";
            case "1.3.101.110" -> "X25519";
            case "1.3.101.111" -> "X448";
            case "1.3.101.112" -> "Ed25519";
            case "1.3.101.113" -> "Ed448";
            case "1.2.840.10045.3.1.7" -> "secp256r1 (P-256)";
            case "1.3.132.0.34" -> "secp384r1 (P-384)";
            case "1.3.132.0.35" -> "secp521r1 (P-521)";
            case "1.3.132.0.10" -> "secp256k1";
            default -> null;
        };
    }

    // ---- PEM -----------------------------------------------------------------------------

    static String pem(String label, byte[] der) {
        return "-----BEGIN " + label + "-----\n"
                + Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII)).encodeToString(der)
                + "\n-----END " + label + "-----\n";
    }

    /** The DER of the first PEM block whose label is one of {@code labels}, with its label. */
    static Pem readPem(String text, String... labels) throws InvalidKeySpecException {
        Matcher matcher = PEM.matcher(text);
        while (matcher.find()) {
            for (String label : labels) {
                if (label.equals(matcher.group(1))) {
                    try {
                        return new Pem(label, Base64.getMimeDecoder().decode(matcher.group(2)));
                    } catch (IllegalArgumentException e) {
                        throw new InvalidKeySpecException("bad base64 in PEM block " + label);
                    }
                }
            }
        }
        throw new InvalidKeySpecException("no PEM block labelled " + String.join(" or ", labels));
    }

    record Pem(String label, byte[] der) {
    }

    // ---- keys of other providers ----------------------------------------------------------------

    static Sm2PublicKey toPublic(Key key) throws InvalidKeyException {
        if (key instanceof Sm2PublicKey sm2) {
            return sm2;
        }
        try {
            if (key instanceof ECPublicKey ec) {
                return fromEc(ec.getParams(), ec.getW());
            }
            if (key != null && "X.509".equals(key.getFormat()) && key.getEncoded() != null) {
                return new Sm2PublicKey(decodeX509(key.getEncoded()));
            }
        } catch (InvalidKeySpecException e) {
            throw new InvalidKeyException(e.getMessage(), e);
        }
        throw new InvalidKeyException("not an SM2 public key: " + (key == null ? "null" : key.getClass().getName()));
    }

    static Sm2PrivateKey toPrivate(Key key) throws InvalidKeyException {
        if (key instanceof Sm2PrivateKey sm2) {
            if (sm2.isDestroyed()) {
                throw new InvalidKeyException("the SM2 private key has been destroyed");
            }
            return sm2;
        }
        try {
            if (key instanceof ECPrivateKey ec) {
                return fromEc(ec.getParams(), ec.getS());
            }
            if (key != null && "PKCS#8".equals(key.getFormat())) {
                byte[] encoded = key.getEncoded();
                if (encoded != null) {
                    try {
                        return decodePrivate(encoded);
                    } finally {
                        Arrays.fill(encoded, (byte) 0);
                    }
                }
            }
        } catch (InvalidKeySpecException e) {
            throw new InvalidKeyException(e.getMessage(), e);
        }
        throw new InvalidKeyException("not an SM2 private key: " + (key == null ? "null" : key.getClass().getName()));
    }

    /** The public key W of EC parameters and a point, as an {@code ECPublicKey} or its spec carries them. */
    static Sm2PublicKey fromEc(ECParameterSpec params, ECPoint w) throws InvalidKeySpecException {
        checkParameters(params);
        byte[] xy = new byte[64];
        if (w == null || w == ECPoint.POINT_INFINITY || !fixed(w.getAffineX(), xy, 0) || !fixed(w.getAffineY(), xy, 32)
                || !isPoint(xy)) {
            throw new InvalidKeySpecException("the public key is not a point of sm2p256v1");
        }
        return new Sm2PublicKey(xy);
    }

    /** The private key s of EC parameters, as an {@code ECPrivateKey} or its spec carries them. */
    static Sm2PrivateKey fromEc(ECParameterSpec params, BigInteger s) throws InvalidKeySpecException {
        checkParameters(params);
        return fromScalar(s);
    }

    private static void checkParameters(ECParameterSpec params) throws InvalidKeySpecException {
        if (!Sm2ParameterSpec.isSm2(params)) {
            throw new OtherCurveException("the EC parameters are not those of sm2p256v1: " + params);
        }
    }

    private static Sm2PrivateKey fromScalar(BigInteger s) throws InvalidKeySpecException {
        if (s == null || s.signum() <= 0 || s.bitLength() > 256) {
            throw new InvalidKeySpecException("an SM2 private key must lie in [1, n - 1]");
        }
        byte[] d = new byte[32];
        fixed(s, d, 0);
        try {
            return new Sm2PrivateKey(privateScalar(d), null);
        } finally {
            Arrays.fill(d, (byte) 0);
        }
    }

    /** Writes a non-negative value below 2^256 as 32 bytes; false if it does not fit. */
    static boolean fixed(BigInteger value, byte[] out, int off) {
        if (value == null || value.signum() < 0 || value.bitLength() > 256) {
            return false;
        }
        byte[] bytes = value.toByteArray();
        int length = Math.min(bytes.length, 32);
        System.arraycopy(bytes, bytes.length - length, out, off + 32 - length, length);
        Arrays.fill(bytes, (byte) 0);
        return true;
    }

    /** Whether the public point is d·G; checked when a private key arrives with its public key. */
    static boolean matches(byte[] d, byte[] xy) {
        byte[] derived = publicPoint(d);
        return ConstantTime.equals(derived, 0, xy, 0, 64);
    }
}
