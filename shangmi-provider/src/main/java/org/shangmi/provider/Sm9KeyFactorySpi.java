package org.shangmi.provider;

import java.security.InvalidKeyException;
import java.security.Key;
import java.security.KeyFactorySpi;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.spec.InvalidKeySpecException;
import java.security.spec.KeySpec;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.X509EncodedKeySpec;
import java.util.Arrays;
import org.shangmi.core.sm9.Sm9;
import org.shangmi.core.sm9.Sm9KeyExchange;
import org.shangmi.provider.spec.Sm9EphemeralKeySpec;
import org.shangmi.provider.spec.PemKeySpec;
import org.shangmi.provider.spec.Sm9KeyKind;
import org.shangmi.provider.spec.Sm9UserKeySpec;

/**
 * {@code KeyFactory "SM9"}: the KGC's extraction of user keys ({@link Sm9UserKeySpec}), a key
 * exchange's saved ephemeral key ({@link Sm9EphemeralKeySpec}), and the encodings of SM9 keys.
 * Master public keys are read from X.509 SubjectPublicKeyInfo, GmSSL's DER (both through
 * {@code X509EncodedKeySpec}) and GmSSL's PEM ({@link PemKeySpec}, labels "SM9 SIGN MASTER
 * PUBLIC KEY" and "SM9 ENC MASTER PUBLIC KEY"), and written as X.509 or GmSSL's PEM; private
 * keys, master and user, as PKCS#8 (DER or PEM "PRIVATE KEY"). Every point read is checked, and
 * a master key's point must belong to its secret.
 */
final class Sm9KeyFactorySpi extends KeyFactorySpi {

    static final String PRIVATE_PEM = "PRIVATE KEY";

    @Override
    protected PublicKey engineGeneratePublic(KeySpec keySpec) throws InvalidKeySpecException {
        if (keySpec instanceof X509EncodedKeySpec x509) {
            return Sm9Keys.decodePublic(x509.getEncoded());
        }
        if (keySpec instanceof PemKeySpec pem) {
            return Sm9Keys.decodePublic(Sm2Keys.readPem(pem.getText(), Sm9Keys.SIGN_PUBLIC_PEM, Sm9Keys.ENCRYPT_PUBLIC_PEM,
                    "PUBLIC KEY").der());
        }
        throw new InvalidKeySpecException("KeyFactory SM9 cannot make a public key from "
                + (keySpec == null ? "null" : keySpec.getClass().getName()));
    }

    @Override
    protected PrivateKey engineGeneratePrivate(KeySpec keySpec) throws InvalidKeySpecException {
        if (keySpec instanceof Sm9UserKeySpec user) {
            return extract(user);
        }
        if (keySpec instanceof Sm9EphemeralKeySpec ephemeral) {
            return rebuild(ephemeral);
        }
        byte[] der;
        if (keySpec instanceof PKCS8EncodedKeySpec pkcs8) {
            der = pkcs8.getEncoded();
        } else if (keySpec instanceof PemKeySpec pem) {
            der = Sm2Keys.readPem(pem.getText(), PRIVATE_PEM).der();
        } else {
            throw new InvalidKeySpecException("KeyFactory SM9 cannot make a private key from "
                    + (keySpec == null ? "null" : keySpec.getClass().getName()));
        }
        try {
            return (PrivateKey) Sm9Keys.decodePkcs8(der);
        } finally {
            Arrays.fill(der, (byte) 0);
        }
    }

    private static Sm9EphemeralPrivateKey rebuild(Sm9EphemeralKeySpec spec) throws InvalidKeySpecException {
        Sm9MasterPublicKey master;
        try {
            master = Sm9Keys.toMasterPublic(spec.getMasterPublicKey(), Sm9KeyKind.ENCRYPT);
        } catch (InvalidKeyException e) {
            throw new InvalidKeySpecException(e.getMessage(), e);
        }
        byte[] r = spec.getR();
        try {
            if (!Sm9.isScalar(r)) {
                throw new InvalidKeySpecException("an SM9 ephemeral secret is 32 bytes in [1, N - 1]");
            }
            byte[] peerId = spec.getPeerId();
            Sm9EphemeralPublicKey point = Sm9EphemeralPublicKey.of(
                    Sm9KeyExchange.ephemeralPoint(master.master(), peerId, spec.getHid(), r));
            return new Sm9EphemeralPrivateKey(r, point, master, peerId, spec.getHid());
        } finally {
            Arrays.fill(r, (byte) 0);
        }
    }

    private static Sm9UserPrivateKey extract(Sm9UserKeySpec spec) throws InvalidKeySpecException {
        if (!(spec.getMasterKey() instanceof Sm9MasterPrivateKey master)) {
            throw new InvalidKeySpecException("an Sm9UserKeySpec needs an SM9 master private key of this provider, not "
                    + spec.getMasterKey().getClass().getName());
        }
        byte[] secret = master.secretCopy();
        try {
            byte[] point = master.getKind() == Sm9KeyKind.SIGN
                    ? Sm9.signUserKey(secret, spec.getId(), spec.getHid())
                    : Sm9.encryptUserKey(secret, spec.getId(), spec.getHid());
            try {
                return Sm9UserPrivateKey.extracted(master.getKind(), point, master.getPublicKey());
            } finally {
                Arrays.fill(point, (byte) 0);
            }
        } catch (IllegalStateException e) {
            throw new InvalidKeySpecException(e.getMessage(), e);
        } finally {
            Arrays.fill(secret, (byte) 0);
        }
    }

    @Override
    protected <T extends KeySpec> T engineGetKeySpec(Key key, Class<T> keySpec) throws InvalidKeySpecException {
        if (keySpec == null) {
            throw new InvalidKeySpecException("no key spec class given");
        }
        Key translated = translate(key);
        if (translated instanceof Sm9MasterPublicKey publicKey) {
            if (keySpec.isAssignableFrom(X509EncodedKeySpec.class)) {
                return keySpec.cast(new X509EncodedKeySpec(publicKey.getEncoded()));
            }
            if (keySpec.isAssignableFrom(PemKeySpec.class)) {
                return keySpec.cast(new PemKeySpec(Sm2Keys.pem(Sm9Keys.publicPemLabel(publicKey.getKind()),
                        Sm9Keys.encodeGmssl(publicKey.getPoint()))));
            }
            throw new InvalidKeySpecException("KeyFactory SM9 cannot write a public key as " + keySpec.getName());
        }
        byte[] encoded = translated.getEncoded();
        try {
            if (keySpec.isAssignableFrom(PKCS8EncodedKeySpec.class)) {
                return keySpec.cast(new PKCS8EncodedKeySpec(encoded));
            }
            if (keySpec.isAssignableFrom(PemKeySpec.class)) {
                return keySpec.cast(new PemKeySpec(Sm2Keys.pem(PRIVATE_PEM, encoded)));
            }
        } finally {
            Arrays.fill(encoded, (byte) 0);
        }
        throw new InvalidKeySpecException("KeyFactory SM9 cannot write a private key as " + keySpec.getName());
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
        if (key instanceof Sm9MasterPublicKey || key instanceof Sm9MasterPrivateKey || key instanceof Sm9UserPrivateKey) {
            return key;
        }
        byte[] encoded = key == null ? null : key.getEncoded();
        if (encoded == null) {
            throw new InvalidKeySpecException("not an SM9 key: " + (key == null ? "null" : key.getClass().getName()));
        }
        try {
            if (key instanceof PublicKey && "X.509".equalsIgnoreCase(key.getFormat())) {
                return Sm9Keys.decodePublic(encoded);
            }
            if (key instanceof PrivateKey && "PKCS#8".equalsIgnoreCase(key.getFormat())) {
                return Sm9Keys.decodePkcs8(encoded);
            }
        } finally {
            Arrays.fill(encoded, (byte) 0);
        }
        throw new InvalidKeySpecException("not an SM9 key: " + key.getAlgorithm() + " in format " + key.getFormat());
    }
}
