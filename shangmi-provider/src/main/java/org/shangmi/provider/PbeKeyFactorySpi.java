package org.shangmi.provider;

import java.nio.charset.StandardCharsets;
import java.security.InvalidKeyException;
import java.security.spec.InvalidKeySpecException;
import java.security.spec.KeySpec;
import java.util.Arrays;
import javax.crypto.SecretKey;
import javax.crypto.SecretKeyFactorySpi;
import javax.crypto.interfaces.PBEKey;
import javax.crypto.spec.PBEKeySpec;

/**
 * {@code SecretKeyFactory "PBEWith<prf>AndSM4"}: the password of a PBES2 cipher as a key, as
 * SunJCE's PBE factories make it for AES (and Kona's for SM4): from a {@link PBEKeySpec}'s
 * password, printable ASCII, its salt and count ignored (the cipher's parameters carry them).
 */
final class PbeKeyFactorySpi extends SecretKeyFactorySpi {

    private final String algorithm;

    PbeKeyFactorySpi(String algorithm) {
        this.algorithm = algorithm;
    }

    @Override
    protected SecretKey engineGenerateSecret(KeySpec keySpec) throws InvalidKeySpecException {
        if (!(keySpec instanceof PBEKeySpec spec)) {
            throw new InvalidKeySpecException(algorithm + " keys come from a PBEKeySpec");
        }
        char[] password = spec.getPassword();
        try {
            for (char c : password) {
                if (c < 0x20 || c > 0x7e) {
                    throw new InvalidKeySpecException(algorithm + " passwords are printable ASCII, as the JDK's PBE keys");
                }
            }
            return new Key(algorithm, password);
        } finally {
            Arrays.fill(password, '\0');
        }
    }

    @Override
    protected KeySpec engineGetKeySpec(SecretKey key, Class<?> keySpec) throws InvalidKeySpecException {
        if (keySpec == null || !keySpec.isAssignableFrom(PBEKeySpec.class)) {
            throw new InvalidKeySpecException(algorithm + " keys give a PBEKeySpec");
        }
        try {
            char[] password = PbePassword.of(key, algorithm);
            try {
                return new PBEKeySpec(password);
            } finally {
                Arrays.fill(password, '\0');
            }
        } catch (InvalidKeyException e) {
            throw new InvalidKeySpecException(e.getMessage(), e);
        }
    }

    @Override
    protected SecretKey engineTranslateKey(SecretKey key) throws InvalidKeyException {
        char[] password = PbePassword.of(key, algorithm);
        try {
            return new Key(algorithm, password);
        } finally {
            Arrays.fill(password, '\0');
        }
    }

    /** A password as a PBE key: RAW encoding its ASCII bytes, destroyable. */
    private static final class Key implements PBEKey {

        private static final long serialVersionUID = 1L;

        private final String algorithm;
        private final char[] password;
        private boolean destroyed;

        Key(String algorithm, char[] password) {
            this.algorithm = algorithm;
            this.password = password.clone();
        }

        @Override
        public synchronized char[] getPassword() {
            if (destroyed) {
                throw new IllegalStateException("the key has been destroyed");
            }
            return password.clone();
        }

        @Override
        public byte[] getSalt() {
            return null;
        }

        @Override
        public int getIterationCount() {
            return 0;
        }

        @Override
        public String getAlgorithm() {
            return algorithm;
        }

        @Override
        public String getFormat() {
            return "RAW";
        }

        @Override
        public synchronized byte[] getEncoded() {
            if (destroyed) {
                throw new IllegalStateException("the key has been destroyed");
            }
            return new String(password).getBytes(StandardCharsets.US_ASCII);
        }

        @Override
        public synchronized void destroy() {
            Arrays.fill(password, '\0');
            destroyed = true;
        }

        @Override
        public synchronized boolean isDestroyed() {
            return destroyed;
        }
    }
}
