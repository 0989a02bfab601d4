package org.shangmi.provider;

import java.security.InvalidKeyException;
import java.security.Key;
import java.security.spec.InvalidKeySpecException;
import java.util.Arrays;
import org.shangmi.core.sm9.Sm9;
import org.shangmi.core.sm9.Sm9MasterPoint;
import org.shangmi.core.util.Der;
import org.shangmi.provider.spec.Sm9KeyKind;

/**
 * The encodings of SM9 keys, as GmSSL 3 writes and reads them (GM/T 0044 defines none):
 *
 * <ul>
 *   <li>PKCS#8 PrivateKeyInfo: a master key under algorithm sm9 (1.2.156.10197.1.302) with
 *       parameter sm9sign (.1) or sm9encrypt (.3), its private key
 *       {@code SEQUENCE {secret INTEGER, Ppub BIT STRING}}; a user key under sm9sign or
 *       sm9encrypt without parameters, {@code SEQUENCE {key BIT STRING, Ppub BIT STRING}}
 *       (the user's point, then the master public key). Key-exchange user keys are encryption
 *       keys, as in GmSSL.</li>
 *   <li>a master public key as GmSSL's {@code SEQUENCE {Ppub BIT STRING}} (PEM "SM9 SIGN MASTER
 *       PUBLIC KEY" or "SM9 ENC MASTER PUBLIC KEY"), and, for the JCA's X.509 format, as
 *       {@code SubjectPublicKeyInfo} with the same algorithm identifier as the master private
 *       key.</li>
 * </ul>
 * Points are 04 || x || y; every one read is checked (curve, subgroup) before use.
 */
final class Sm9Keys {

    static final String SM9_OID = "1.2.156.10197.1.302";
    static final String SM9_SIGN_OID = SM9_OID + ".1";
    static final String SM9_EXCHANGE_OID = SM9_OID + ".2";
    static final String SM9_ENCRYPT_OID = SM9_OID + ".3";

    static final String SIGN_PUBLIC_PEM = "SM9 SIGN MASTER PUBLIC KEY";
    static final String ENCRYPT_PUBLIC_PEM = "SM9 ENC MASTER PUBLIC KEY";

    private static final byte[] SM9 = Der.oid(SM9_OID);
    private static final byte[] SM9_SIGN = Der.oid(SM9_SIGN_OID);
    private static final byte[] SM9_ENCRYPT = Der.oid(SM9_ENCRYPT_OID);

    private Sm9Keys() {
    }

    static Sm9MasterPoint.Kind core(Sm9KeyKind kind) {
        return kind == Sm9KeyKind.SIGN ? Sm9MasterPoint.Kind.SIGN : Sm9MasterPoint.Kind.ENCRYPT;
    }

    static String publicPemLabel(Sm9KeyKind kind) {
        return kind == Sm9KeyKind.SIGN ? SIGN_PUBLIC_PEM : ENCRYPT_PUBLIC_PEM;
    }

    static byte[] kindOid(Sm9KeyKind kind) {
        return kind == Sm9KeyKind.SIGN ? SM9_SIGN : SM9_ENCRYPT;
    }

    /** The master key's algorithm identifier: {sm9, sm9sign | sm9encrypt}. */
    static byte[] masterAlgorithm(Sm9KeyKind kind) {
        return new Der.Writer().element(Der.OBJECT_IDENTIFIER, SM9).element(Der.OBJECT_IDENTIFIER, kindOid(kind))
                .wrap(Der.SEQUENCE);
    }

    /** A master public point of this kind, checked. */
    static Sm9MasterPoint masterPoint(Sm9KeyKind kind, byte[] point) throws InvalidKeySpecException {
        try {
            return Sm9MasterPoint.decode(core(kind), point);
        } catch (IllegalArgumentException e) {
            throw new InvalidKeySpecException("SM9 " + name(kind) + " master public key: " + e.getMessage());
        }
    }

    static String name(Sm9KeyKind kind) {
        return kind == Sm9KeyKind.SIGN ? "signature" : "encryption";
    }

    // ---- public keys -----------------------------------------------------------------------

    static byte[] encodeX509(Sm9KeyKind kind, byte[] point) {
        return new Der.Writer().raw(masterAlgorithm(kind)).bitString(point).wrap(Der.SEQUENCE);
    }

    static byte[] encodeGmssl(byte[] point) {
        return new Der.Writer().bitString(point).wrap(Der.SEQUENCE);
    }

    /**
     * Reads a master public key from X.509 SubjectPublicKeyInfo or GmSSL's
     * {@code SEQUENCE {BIT STRING}}; for the latter, the point's size says its kind.
     */
    static Sm9MasterPublicKey decodePublic(byte[] encoded) throws InvalidKeySpecException {
        try {
            Der.Reader outer = new Der.Reader(encoded);
            Der.Reader info = outer.sequence();
            outer.expectEnd();
            Sm9KeyKind kind;
            if (info.peekTag() == Der.SEQUENCE) {
                Der.Reader algorithm = info.sequence();
                kind = masterKind(algorithm);
            } else {
                kind = null;
            }
            byte[] point = info.bitString();
            info.expectEnd();
            if (kind == null) {
                kind = switch (point.length) {
                    case Sm9.G2_LENGTH -> Sm9KeyKind.SIGN;
                    case Sm9.G1_LENGTH -> Sm9KeyKind.ENCRYPT;
                    default -> throw new InvalidKeySpecException("an SM9 master public point is "
                            + Sm9.G2_LENGTH + " (signature) or " + Sm9.G1_LENGTH + " (encryption) bytes, not " + point.length);
                };
            }
            return new Sm9MasterPublicKey(kind, masterPoint(kind, point));
        } catch (Der.MalformedException e) {
            throw new InvalidKeySpecException("not an SM9 master public key: " + e.getMessage());
        }
    }

    /** The kind named by a master key's algorithm identifier {sm9, sm9sign | sm9encrypt}. */
    private static Sm9KeyKind masterKind(Der.Reader algorithm) throws Der.MalformedException, InvalidKeySpecException {
        byte[] oid = algorithm.bytes(Der.OBJECT_IDENTIFIER);
        if (!Arrays.equals(oid, SM9)) {
            throw new InvalidKeySpecException("not an SM9 master key: algorithm " + Der.oidString(oid));
        }
        Sm9KeyKind kind = kindOf(algorithm.bytes(Der.OBJECT_IDENTIFIER));
        algorithm.expectEnd();
        return kind;
    }

    private static Sm9KeyKind kindOf(byte[] oid) throws InvalidKeySpecException {
        if (Arrays.equals(oid, SM9_SIGN)) {
            return Sm9KeyKind.SIGN;
        }
        if (Arrays.equals(oid, SM9_ENCRYPT)) {
            return Sm9KeyKind.ENCRYPT;
        }
        throw new InvalidKeySpecException("unknown SM9 key type " + Der.oidString(oid)
                + " (sm9sign " + SM9_SIGN_OID + " or sm9encrypt " + SM9_ENCRYPT_OID + ")");
    }

    // ---- private keys ----------------------------------------------------------------------

    static byte[] encodeMasterPkcs8(Sm9KeyKind kind, byte[] secret, byte[] point) {
        byte[] inner = new Der.Writer().unsignedInteger(secret, 0, secret.length).bitString(point).wrap(Der.SEQUENCE);
        try {
            return new Der.Writer().smallInteger(0).raw(masterAlgorithm(kind)).element(Der.OCTET_STRING, inner)
                    .wrap(Der.SEQUENCE);
        } finally {
            Arrays.fill(inner, (byte) 0);
        }
    }

    static byte[] encodeUserPkcs8(Sm9KeyKind kind, byte[] userPoint, byte[] masterPoint) {
        byte[] inner = new Der.Writer().bitString(userPoint).bitString(masterPoint).wrap(Der.SEQUENCE);
        byte[] algorithm = new Der.Writer().element(Der.OBJECT_IDENTIFIER, kindOid(kind)).wrap(Der.SEQUENCE);
        try {
            return new Der.Writer().smallInteger(0).raw(algorithm).element(Der.OCTET_STRING, inner).wrap(Der.SEQUENCE);
        } finally {
            Arrays.fill(inner, (byte) 0);
        }
    }

    /** Reads a master or user private key from PKCS#8 PrivateKeyInfo. */
    static Key decodePkcs8(byte[] encoded) throws InvalidKeySpecException {
        byte[] inner = null;
        try {
            Der.Reader outer = new Der.Reader(encoded);
            Der.Reader info = outer.sequence();
            outer.expectEnd();
            if (info.smallInteger() != 0) {
                throw new InvalidKeySpecException("PKCS#8 version must be 0");
            }
            Der.Reader algorithm = info.sequence();
            byte[] oid = algorithm.bytes(Der.OBJECT_IDENTIFIER);
            inner = info.bytes(Der.OCTET_STRING);
            info.expectEnd(); // GmSSL writes no attributes and reads none
            Der.Reader key = new Der.Reader(inner).sequence();
            if (Arrays.equals(oid, SM9)) {
                Sm9KeyKind kind = kindOf(algorithm.bytes(Der.OBJECT_IDENTIFIER));
                algorithm.expectEnd();
                byte[] secret = new byte[Sm9.SCALAR_LENGTH];
                try {
                    key.unsignedIntegerTo(secret, 0, Sm9.SCALAR_LENGTH);
                    byte[] point = key.bitString();
                    key.expectEnd();
                    return Sm9MasterPrivateKey.of(kind, secret, point);
                } finally {
                    Arrays.fill(secret, (byte) 0);
                }
            }
            Sm9KeyKind kind = kindOf(oid);
            algorithm.expectEnd();
            byte[] userPoint = key.bitString();
            try {
                byte[] masterPoint = key.bitString();
                key.expectEnd();
                return Sm9UserPrivateKey.of(kind, userPoint, masterPoint(kind, masterPoint));
            } finally {
                Arrays.fill(userPoint, (byte) 0);
            }
        } catch (Der.MalformedException e) {
            throw new InvalidKeySpecException("not an SM9 PKCS#8 private key: " + e.getMessage());
        } finally {
            if (inner != null) {
                Arrays.fill(inner, (byte) 0);
            }
        }
    }

    // ---- keys of the right type ---------------------------------------------------------------

    static Sm9MasterPublicKey toMasterPublic(Key key, Sm9KeyKind kind) throws InvalidKeyException {
        Sm9MasterPublicKey result;
        if (key instanceof Sm9MasterPublicKey ours) {
            result = ours;
        } else if (key != null && "X.509".equalsIgnoreCase(key.getFormat()) && key.getEncoded() != null) {
            try {
                result = decodePublic(key.getEncoded());
            } catch (InvalidKeySpecException e) {
                throw new InvalidKeyException(e.getMessage(), e);
            }
        } else {
            throw new InvalidKeyException("needs an SM9 master public key, not " + describe(key));
        }
        if (result.getKind() != kind) {
            throw new InvalidKeyException("needs an SM9 " + name(kind) + " master public key, not an "
                    + name(result.getKind()) + " one");
        }
        return result;
    }

    static Sm9UserPrivateKey toUserPrivate(Key key, Sm9KeyKind kind) throws InvalidKeyException {
        Key decoded = key;
        if (!(key instanceof Sm9UserPrivateKey) && key != null && "PKCS#8".equalsIgnoreCase(key.getFormat())) {
            byte[] encoded = key.getEncoded();
            try {
                decoded = decodePkcs8(encoded);
            } catch (InvalidKeySpecException e) {
                throw new InvalidKeyException(e.getMessage(), e);
            } finally {
                if (encoded != null) {
                    Arrays.fill(encoded, (byte) 0);
                }
            }
        }
        if (decoded instanceof Sm9UserPrivateKey user) {
            if (user.getKind() != kind) {
                throw new InvalidKeyException("needs an SM9 " + name(kind) + " user private key, not an "
                        + name(user.getKind()) + " one");
            }
            return user;
        }
        if (decoded instanceof Sm9MasterPrivateKey) {
            throw new InvalidKeyException("needs an SM9 user private key, not the master key: extract one with "
                    + "KeyFactory \"SM9\" and an Sm9UserKeySpec");
        }
        throw new InvalidKeyException("needs an SM9 " + name(kind) + " user private key, not " + describe(key));
    }

    private static String describe(Key key) {
        return key == null ? "null" : key.getAlgorithm() + " key (" + key.getClass().getName() + ")";
    }
}
