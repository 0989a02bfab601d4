package org.shangmi.provider;

import java.math.BigInteger;
import java.security.InvalidKeyException;
import java.security.Key;
import java.security.interfaces.ECPrivateKey;
import java.security.spec.ECParameterSpec;
import java.security.spec.InvalidKeySpecException;
import java.util.Arrays;
import org.shangmi.core.sm2.Sm2Curve;
import org.shangmi.core.sm2.Sm2OrderField;
import org.shangmi.core.sm2.Sm2Point;
import org.shangmi.core.util.ConstantTime;
import org.shangmi.core.util.Der;

/**
 * Reading and writing SM2 private keys: the scalar d, PKCS#8 and SEC1 ECPrivateKey, and the
 * private keys of other providers. Every private scalar lies in [1, n − 1], and a key that comes
 * with its public key must have them agree (d·G, computed and compared in constant time). The
 * code that handles d is here alone, so that a review of how it is copied and wiped reads this
 * file; the public points, the identifiers and PEM are {@link Sm2Keys}'.
 */
final class Sm2PrivateKeys {

    /** PKCS#8 v2's publicKey: [1] IMPLICIT BIT STRING, a primitive context-specific tag. */
    private static final int PKCS8_PUBLIC_KEY = 0x81;

    private Sm2PrivateKeys() {
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

    /** Whether the public point is d·G; checked when a private key arrives with its public key. */
    static boolean matches(byte[] d, byte[] xy) {
        byte[] derived = publicPoint(d);
        return ConstantTime.equals(derived, 0, xy, 0, 64);
    }

    // ---- PKCS#8 and SEC1 ---------------------------------------------------------------------

    /** PKCS#8 as OpenSSL 3 writes it: the SEC1 key inside carries the public key, not the curve. */
    static byte[] encodePkcs8(byte[] d, byte[] xy) {
        byte[] sec1 = sec1(d, xy, false);
        try {
            return new Der.Writer().smallInteger(0).raw(Sm2Keys.algorithmIdentifier()).element(Der.OCTET_STRING, sec1)
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
            fields.element(Der.CONTEXT, Sm2Keys.curveOid());
        }
        fields.element(Der.CONTEXT | 1, new Der.Writer().bitString(Sm2Keys.uncompressed(xy)).toByteArray());
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
            Sm2Keys.checkAlgorithm(info.sequence());
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
                byte[] xy = Sm2Keys.decodePoint(Arrays.copyOfRange(bits, 1, bits.length));
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
                Sm2Keys.checkCurve(parameters.bytes(Der.OBJECT_IDENTIFIER));
                parameters.expectEnd();
            }
            if (key.peekTag() == (Der.CONTEXT | 1)) {
                Der.Reader publicKey = key.read(Der.CONTEXT | 1);
                xy = Sm2Keys.decodePoint(publicKey.bitString());
                publicKey.expectEnd();
            }
            key.expectEnd();
            return new Sm2PrivateKey(d, xy);
        } finally {
            Arrays.fill(d, (byte) 0);
        }
    }

    // ---- private keys of other providers -----------------------------------------------------

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

    /** The private key s of EC parameters, as an {@code ECPrivateKey} or its spec carries them. */
    static Sm2PrivateKey fromEc(ECParameterSpec params, BigInteger s) throws InvalidKeySpecException {
        Sm2Keys.checkParameters(params);
        return fromScalar(s);
    }

    private static Sm2PrivateKey fromScalar(BigInteger s) throws InvalidKeySpecException {
        if (s == null || s.signum() <= 0 || s.bitLength() > 256) {
            throw new InvalidKeySpecException("an SM2 private key must lie in [1, n - 1]");
        }
        byte[] d = new byte[32];
        Sm2Keys.fixed(s, d, 0);
        try {
            return new Sm2PrivateKey(privateScalar(d), null);
        } finally {
            Arrays.fill(d, (byte) 0);
        }
    }
}
