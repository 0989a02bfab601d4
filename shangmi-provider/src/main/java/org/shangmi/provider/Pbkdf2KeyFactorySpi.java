package org.shangmi.provider;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.StandardCharsets;
import java.security.InvalidKeyException;
import java.security.MessageDigest;
import java.security.spec.InvalidKeySpecException;
import java.security.spec.KeySpec;
import java.util.Arrays;
import javax.crypto.SecretKey;
import javax.crypto.SecretKeyFactorySpi;
import javax.crypto.interfaces.PBEKey;
import javax.crypto.spec.PBEKeySpec;
import org.shangmi.core.hash.Hmac;
import org.shangmi.core.hash.Pbkdf2;
import org.shangmi.core.sm3.Sm3;

/**
 * {@code SecretKeyFactory} "PBKDF2WithHmacSM3": derives keys from a {@link PBEKeySpec} (password,
 * salt, iteration count and key length in bits, all required). The password's characters are
 * encoded as UTF-8, as the JDK's PBKDF2WithHmacSHA* do, so keys match theirs for the same input.
 * Runs in Java on every backend: one HMAC per iteration is too small a call to send to native code.
 */
final class Pbkdf2KeyFactorySpi extends SecretKeyFactorySpi {

    static final String ALGORITHM = "PBKDF2WithHmacSM3";

    @Override
    protected SecretKey engineGenerateSecret(KeySpec keySpec) throws InvalidKeySpecException {
        if (!(keySpec instanceof PBEKeySpec)) {
            throw new InvalidKeySpecException(ALGORITHM + " needs a PBEKeySpec, got "
                    + (keySpec == null ? "null" : keySpec.getClass().getName()));
        }
        PBEKeySpec spec = (PBEKeySpec) keySpec;
        char[] password;
        try {
            password = spec.getPassword();
        } catch (IllegalStateException e) {
            throw new InvalidKeySpecException("the PBEKeySpec's password has been cleared", e);
        }
        if (password == null) {
            throw new InvalidKeySpecException(ALGORITHM + " needs a password");
        }
        try {
            return derive(password, spec.getSalt(), spec.getIterationCount(), spec.getKeyLength());
        } finally {
            Arrays.fill(password, '\0');
        }
    }

    private static Pbkdf2Key derive(char[] password, byte[] salt, int iterations, int keyLengthBits)
            throws InvalidKeySpecException {
        if (salt == null) {
            throw new InvalidKeySpecException(ALGORITHM + " needs a salt");
        }
        if (iterations <= 0) {
            throw new InvalidKeySpecException(ALGORITHM + " needs a positive iteration count, got " + iterations);
        }
        if (keyLengthBits <= 0 || keyLengthBits % 8 != 0) {
            throw new InvalidKeySpecException(
                    ALGORITHM + " needs a key length in bits, a positive multiple of 8: got " + keyLengthBits);
        }
        byte[] passwordBytes = utf8(password);
        try {
            byte[] key = new Pbkdf2(new Hmac(new Sm3(), "HmacSM3"))
                    .derive(passwordBytes, salt, iterations, keyLengthBits / 8);
            return new Pbkdf2Key(ALGORITHM, password.clone(), salt.clone(), iterations, key);
        } finally {
            Arrays.fill(passwordBytes, (byte) 0);
        }
    }

    /** UTF-8 without an intermediate String, so every copy can be wiped. */
    private static byte[] utf8(char[] password) {
        ByteBuffer encoded = StandardCharsets.UTF_8.encode(CharBuffer.wrap(password));
        byte[] bytes = new byte[encoded.remaining()];
        encoded.get(bytes);
        if (encoded.hasArray()) {
            Arrays.fill(encoded.array(), (byte) 0);
        }
        return bytes;
    }

    @Override
    protected KeySpec engineGetKeySpec(SecretKey key, Class<?> keySpec) throws InvalidKeySpecException {
        if (!(key instanceof PBEKey) || !ALGORITHM.equalsIgnoreCase(key.getAlgorithm())) {
            throw new InvalidKeySpecException("not a " + ALGORITHM + " key: "
                    + (key == null ? "null" : key.getAlgorithm()));
        }
        if (keySpec == null || !keySpec.isAssignableFrom(PBEKeySpec.class)) {
            throw new InvalidKeySpecException(ALGORITHM + " keys give a PBEKeySpec, not "
                    + (keySpec == null ? "null" : keySpec.getName()));
        }
        if (key.isDestroyed()) {
            throw new InvalidKeySpecException("the key has been destroyed");
        }
        PBEKey pbeKey = (PBEKey) key;
        char[] password = pbeKey.getPassword();
        byte[] encoded = pbeKey.getEncoded();
        try {
            return new PBEKeySpec(password, pbeKey.getSalt(), pbeKey.getIterationCount(), encoded.length * 8);
        } finally {
            Arrays.fill(password, '\0');
            Arrays.fill(encoded, (byte) 0);
        }
    }

    @Override
    protected SecretKey engineTranslateKey(SecretKey key) throws InvalidKeyException {
        if (key instanceof Pbkdf2Key) {
            return key;
        }
        if (!(key instanceof PBEKey) || !ALGORITHM.equalsIgnoreCase(key.getAlgorithm())) {
            throw new InvalidKeyException("cannot translate " + (key == null ? "null" : key.getAlgorithm())
                    + " keys: " + ALGORITHM + " translates only PBEKeys of its own algorithm");
        }
        if (key.isDestroyed()) {
            throw new InvalidKeyException("the key has been destroyed");
        }
        PBEKey pbeKey = (PBEKey) key;
        char[] password = pbeKey.getPassword();
        byte[] encoded = pbeKey.getEncoded();
        try {
            Pbkdf2Key derived = derive(password, pbeKey.getSalt(), pbeKey.getIterationCount(), encoded.length * 8);
            byte[] ours = derived.getEncoded();
            boolean same = MessageDigest.isEqual(ours, encoded);
            Arrays.fill(ours, (byte) 0);
            if (!same) {
                derived.destroy();
                throw new InvalidKeyException("the key's bytes do not match its password, salt and iteration count");
            }
            return derived;
        } catch (InvalidKeySpecException e) {
            throw new InvalidKeyException(e.getMessage(), e);
        } finally {
            Arrays.fill(password, '\0');
            Arrays.fill(encoded, (byte) 0);
        }
    }
}
