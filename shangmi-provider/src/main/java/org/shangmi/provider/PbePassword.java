package org.shangmi.provider;

import java.security.InvalidKeyException;
import java.security.Key;
import java.util.Arrays;
import javax.crypto.SecretKey;
import javax.crypto.interfaces.PBEKey;

/** The password of a password-based cipher or MAC, read out of the key the JCA hands it. */
final class PbePassword {

    private PbePassword() {
    }

    /**
     * The characters of the password in {@code key}: a {@link PBEKey}'s own, or the ASCII bytes
     * of a {@code "PBE"} secret key in RAW form (what SunJCE's {@code SecretKeyFactory "PBE"} makes,
     * and the JDK's PKCS12 keystore passes). The caller wipes the result.
     *
     * @throws InvalidKeyException for any other key, a destroyed one, or a non-ASCII encoding
     */
    static char[] of(Key key, String algorithm) throws InvalidKeyException {
        if (key instanceof PBEKey pbe) {
            char[] password;
            try {
                password = pbe.getPassword();
            } catch (IllegalStateException e) {
                throw new InvalidKeyException(algorithm + ": the PBE key has been destroyed", e);
            }
            if (password == null) {
                throw new InvalidKeyException(algorithm + ": the PBE key has no password");
            }
            return password;
        }
        if (key instanceof SecretKey && key.getAlgorithm() != null && key.getAlgorithm().regionMatches(true, 0, "PBE", 0, 3)
                && "RAW".equalsIgnoreCase(key.getFormat())) {
            byte[] encoded = key.getEncoded();
            if (encoded == null) {
                throw new InvalidKeyException(algorithm + ": the PBE key has no encoding");
            }
            char[] password = new char[encoded.length];
            try {
                int outside = 0; // no branch on the password's bytes
                for (int i = 0; i < encoded.length; i++) {
                    outside |= (encoded[i] - 0x20) | (0x7e - encoded[i]);
                    password[i] = (char) encoded[i];
                }
                if (outside < 0) {
                    Arrays.fill(password, '\0');
                    throw new InvalidKeyException(algorithm + ": a PBE key's encoding must be a printable ASCII "
                            + "password; for other characters use a javax.crypto.interfaces.PBEKey");
                }
                return password;
            } finally {
                Arrays.fill(encoded, (byte) 0);
            }
        }
        throw new InvalidKeyException(algorithm + " needs a password-based key (from SecretKeyFactory \"PBE\", or a "
                + "javax.crypto.interfaces.PBEKey), got " + (key == null ? "null" : key.getAlgorithm() + " key "
                + key.getClass().getName()));
    }
}
