package org.shangmi.provider;

import java.io.ObjectStreamException;
import java.security.KeyRep;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.Locale;
import javax.crypto.SecretKey;
import javax.crypto.interfaces.PBEKey;

/**
 * A key derived by PBKDF2: the derived bytes plus the password, salt and iteration count that
 * produced them. {@link #destroy()} wipes the password and the key. Serialization writes only the
 * derived bytes (as a plain secret key), never the password.
 */
final class Pbkdf2Key implements PBEKey {

    private static final long serialVersionUID = 1L;

    private final String algorithm;
    private final char[] password;
    private final byte[] salt;
    private final int iterations;
    private final byte[] key;
    private volatile boolean destroyed;

    /** Takes ownership of the arrays. */
    Pbkdf2Key(String algorithm, char[] password, byte[] salt, int iterations, byte[] key) {
        this.algorithm = algorithm;
        this.password = password;
        this.salt = salt;
        this.iterations = iterations;
        this.key = key;
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
    public byte[] getEncoded() {
        requireLive();
        return key.clone();
    }

    @Override
    public char[] getPassword() {
        requireLive();
        return password.clone();
    }

    @Override
    public byte[] getSalt() {
        return salt.clone();
    }

    @Override
    public int getIterationCount() {
        return iterations;
    }

    @Override
    public void destroy() {
        destroyed = true;
        Arrays.fill(password, '\0');
        Arrays.fill(key, (byte) 0);
    }

    @Override
    public boolean isDestroyed() {
        return destroyed;
    }

    @Override
    public boolean equals(Object other) {
        if (this == other) {
            return true;
        }
        if (!(other instanceof SecretKey) || destroyed) {
            return false;
        }
        SecretKey that = (SecretKey) other;
        if (!algorithm.equalsIgnoreCase(that.getAlgorithm())) {
            return false;
        }
        byte[] encoded = that.getEncoded();
        try {
            return encoded != null && MessageDigest.isEqual(key, encoded);
        } finally {
            if (encoded != null) {
                Arrays.fill(encoded, (byte) 0);
            }
        }
    }

    @Override
    public int hashCode() {
        // from public attributes only: a hash of the key bytes would leak a function of them
        return algorithm.toLowerCase(Locale.ROOT).hashCode() * 31 + key.length;
    }

    private void requireLive() {
        if (destroyed) {
            throw new IllegalStateException("the key has been destroyed");
        }
    }

    private Object writeReplace() throws ObjectStreamException {
        requireLive();
        return new KeyRep(KeyRep.Type.SECRET, algorithm, "RAW", key);
    }
}
