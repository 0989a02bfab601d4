package org.shangmi.provider;

import java.security.InvalidKeyException;
import java.security.Key;
import java.security.KeyFactorySpi;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.spec.ECPrivateKeySpec;
import java.security.spec.ECPublicKeySpec;
import java.security.spec.InvalidKeySpecException;
import java.security.spec.KeySpec;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.X509EncodedKeySpec;
import java.util.Arrays;
import org.shangmi.provider.spec.PemKeySpec;
import org.shangmi.provider.spec.Sm2CompressedPublicKeySpec;
import org.shangmi.provider.spec.Sm2ParameterSpec;
import org.shangmi.provider.spec.Sm2RawPrivateKeySpec;
import org.shangmi.provider.spec.Sm2UncompressedPublicKeySpec;

/**
 * {@code KeyFactory} "SM2", and "EC" for the JDK's own PKI: reads public keys from X.509,
 * {@code ECPublicKeySpec}, uncompressed and compressed points and PEM; private keys from PKCS#8
 * (with or without the public key), SEC1 ECPrivateKey (through {@code PKCS8EncodedKeySpec} too),
 * {@code ECPrivateKeySpec}, the raw 32-byte scalar and PEM; and writes each key back in the same
 * forms. Keys of other curves are refused with an {@link InvalidKeySpecException} that names the
 * curve ({@link OtherCurveException}, without a stack trace: as "EC" ahead of SunEC, it refuses
 * every P-256 key the JDK decodes, and JCA fails over to SunEC).
 */
final class Sm2KeyFactorySpi extends KeyFactorySpi {

    @Override
    protected PublicKey engineGeneratePublic(KeySpec keySpec) throws InvalidKeySpecException {
        if (keySpec instanceof X509EncodedKeySpec x509) {
            return new Sm2PublicKey(Sm2Keys.decodeX509(x509.getEncoded()));
        }
        if (keySpec instanceof Sm2UncompressedPublicKeySpec point) {
            return new Sm2PublicKey(Sm2Keys.decodePoint(point.getEncoded()));
        }
        if (keySpec instanceof Sm2CompressedPublicKeySpec point) {
            return new Sm2PublicKey(Sm2Keys.decodePoint(point.getEncoded()));
        }
        if (keySpec instanceof ECPublicKeySpec ec) {
            return Sm2Keys.fromEc(ec.getParams(), ec.getW());
        }
        if (keySpec instanceof PemKeySpec pem) {
            return new Sm2PublicKey(Sm2Keys.decodeX509(Sm2Keys.readPem(pem.getText(), Sm2Keys.PUBLIC_PEM).der()));
        }
        throw unsupported(keySpec, "public");
    }

    @Override
    protected PrivateKey engineGeneratePrivate(KeySpec keySpec) throws InvalidKeySpecException {
        if (keySpec instanceof PKCS8EncodedKeySpec pkcs8) {
            return decodeAndWipe(pkcs8.getEncoded());
        }
        if (keySpec instanceof Sm2RawPrivateKeySpec raw) {
            byte[] encoded = raw.getEncoded();
            try {
                if (encoded.length != 32) {
                    throw new InvalidKeySpecException("a raw SM2 private key is 32 bytes, got " + encoded.length);
                }
                byte[] d = Sm2PrivateKeys.privateScalar(encoded);
                try {
                    return new Sm2PrivateKey(d, null);
                } finally {
                    Arrays.fill(d, (byte) 0);
                }
            } finally {
                Arrays.fill(encoded, (byte) 0);
            }
        }
        if (keySpec instanceof ECPrivateKeySpec ec) {
            return Sm2PrivateKeys.fromEc(ec.getParams(), ec.getS());
        }
        if (keySpec instanceof PemKeySpec pem) {
            return decodeAndWipe(Sm2Keys.readPem(pem.getText(), Sm2Keys.PRIVATE_PEM, Sm2Keys.SEC1_PEM, Sm2Keys.SM2_SEC1_PEM).der());
        }
        throw unsupported(keySpec, "private");
    }

    private static Sm2PrivateKey decodeAndWipe(byte[] encoded) throws InvalidKeySpecException {
        try {
            return Sm2PrivateKeys.decodePrivate(encoded);
        } finally {
            Arrays.fill(encoded, (byte) 0);
        }
    }

    @Override
    protected <T extends KeySpec> T engineGetKeySpec(Key key, Class<T> keySpec) throws InvalidKeySpecException {
        if (keySpec == null) {
            throw new InvalidKeySpecException("no key spec class given");
        }
        Key translated = translate(key);
        if (translated instanceof Sm2PublicKey publicKey) {
            if (keySpec.isAssignableFrom(X509EncodedKeySpec.class)) {
                return keySpec.cast(new X509EncodedKeySpec(publicKey.getEncoded()));
            }
            if (keySpec.isAssignableFrom(ECPublicKeySpec.class)) {
                return keySpec.cast(new ECPublicKeySpec(publicKey.getW(), Sm2ParameterSpec.INSTANCE));
            }
            if (keySpec.isAssignableFrom(Sm2UncompressedPublicKeySpec.class)) {
                return keySpec.cast(new Sm2UncompressedPublicKeySpec(publicKey.getUncompressed()));
            }
            if (keySpec.isAssignableFrom(Sm2CompressedPublicKeySpec.class)) {
                return keySpec.cast(new Sm2CompressedPublicKeySpec(publicKey.getCompressed()));
            }
            if (keySpec.isAssignableFrom(PemKeySpec.class)) {
                return keySpec.cast(new PemKeySpec(Sm2Keys.pem(Sm2Keys.PUBLIC_PEM, publicKey.getEncoded())));
            }
            throw unsupportedClass(keySpec, "public");
        }
        Sm2PrivateKey privateKey = (Sm2PrivateKey) translated;
        if (keySpec.isAssignableFrom(PKCS8EncodedKeySpec.class)) {
            byte[] encoded = privateKey.getEncoded();
            try {
                return keySpec.cast(new PKCS8EncodedKeySpec(encoded));
            } finally {
                Arrays.fill(encoded, (byte) 0);
            }
        }
        if (keySpec.isAssignableFrom(ECPrivateKeySpec.class)) {
            return keySpec.cast(new ECPrivateKeySpec(privateKey.getS(), Sm2ParameterSpec.INSTANCE));
        }
        if (keySpec.isAssignableFrom(Sm2RawPrivateKeySpec.class)) {
            byte[] scalar = privateKey.scalarCopy();
            try {
                return keySpec.cast(new Sm2RawPrivateKeySpec(scalar));
            } finally {
                Arrays.fill(scalar, (byte) 0);
            }
        }
        if (keySpec.isAssignableFrom(PemKeySpec.class)) {
            byte[] encoded = privateKey.getEncoded();
            try {
                return keySpec.cast(new PemKeySpec(Sm2Keys.pem(Sm2Keys.PRIVATE_PEM, encoded)));
            } finally {
                Arrays.fill(encoded, (byte) 0);
            }
        }
        throw unsupportedClass(keySpec, "private");
    }

    @Override
    protected Key engineTranslateKey(Key key) throws InvalidKeyException {
        try {
            return translate(key);
        } catch (InvalidKeySpecException e) {
            throw new InvalidKeyException(e.getMessage(), e);
        }
    }

    private static Key translate(Key key) throws InvalidKeySpecException {
        try {
            if (key instanceof PublicKey) {
                return Sm2Keys.toPublic(key);
            }
            if (key instanceof PrivateKey) {
                return Sm2PrivateKeys.toPrivate(key);
            }
        } catch (InvalidKeyException e) {
            throw new InvalidKeySpecException(e.getMessage(), e);
        }
        throw new InvalidKeySpecException("not an SM2 key: " + (key == null ? "null" : key.getClass().getName()));
    }

    private static InvalidKeySpecException unsupported(KeySpec keySpec, String kind) {
        return new InvalidKeySpecException("KeyFactory SM2 cannot make a " + kind + " key from "
                + (keySpec == null ? "null" : keySpec.getClass().getName()));
    }

    private static InvalidKeySpecException unsupportedClass(Class<?> keySpec, String kind) {
        return new InvalidKeySpecException("KeyFactory SM2 cannot write a " + kind + " key as " + keySpec.getName());
    }
}
