package org.shangmi.provider;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.InvalidKeyException;
import java.security.Key;
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
import org.shangmi.core.sm2.Sm2Point;
import org.shangmi.core.util.Der;
import org.shangmi.provider.spec.Sm2ParameterSpec;

/**
 * Reading and writing SM2 public keys: points (04 || x || y and 02/03 || x), X.509
 * SubjectPublicKeyInfo and the public keys of other providers; with what both kinds of key share,
 * the algorithm and curve identifiers and PEM. Every public point is checked (coordinates below
 * p, on the curve, not the identity). A private key passes through here only as bytes (PEM
 * armour, and {@link #fixed}, which wipes its copy); its encodings and checks are
 * {@link Sm2PrivateKeys}'.
 */
final class Sm2Keys {

    /** DER contents of id-ecPublicKey (1.2.840.10045.2.1). */
    private static final byte[] EC_PUBLIC_KEY = HexFormat.of().parseHex("2a8648ce3d0201");
    /** DER contents of sm2p256v1 (1.2.156.10197.1.301). */
    private static final byte[] SM2_CURVE = HexFormat.of().parseHex("2a811ccf5501822d");

    static final String PUBLIC_PEM = "PUBLIC KEY";
    static final String PRIVATE_PEM = "PRIVATE KEY";
    static final String SEC1_PEM = "EC PRIVATE KEY";
    /** The label {@code openssl ec} gives a SEC1 key on the SM2 curve. */
    static final String SM2_SEC1_PEM = "SM2 PRIVATE KEY";

    private static final Pattern PEM = Pattern.compile(
            "-----BEGIN ([A-Z0-9 ]+)-----([A-Za-z0-9+/=\\s]*?)-----END \\1-----");

    private Sm2Keys() {
    }

    // ---- points ------------------------------------------------------------------------------

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

    // ---- X.509 and the algorithm identifiers ------------------------------------------------

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

    /** The DER of the curve's OID: the named-curve ECParameters of every SM2 key. */
    static byte[] curveOid() {
        return new Der.Writer().element(Der.OBJECT_IDENTIFIER, SM2_CURVE).toByteArray();
    }

    static byte[] algorithmIdentifier() {
        return new Der.Writer().element(Der.OBJECT_IDENTIFIER, EC_PUBLIC_KEY).element(Der.OBJECT_IDENTIFIER, SM2_CURVE)
                .wrap(Der.SEQUENCE);
    }

    static void checkAlgorithm(Der.Reader algorithm) throws Der.MalformedException, InvalidKeySpecException {
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

    static void checkCurve(byte[] oid) throws InvalidKeySpecException {
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

    // ---- public keys of other providers ---------------------------------------------------------

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

    static void checkParameters(ECParameterSpec params) throws InvalidKeySpecException {
        if (!Sm2ParameterSpec.isSm2(params)) {
            throw new OtherCurveException("the EC parameters are not those of sm2p256v1: " + params);
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

}
