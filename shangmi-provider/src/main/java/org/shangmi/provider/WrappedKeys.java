package org.shangmi.provider;

import java.security.InvalidKeyException;
import javax.crypto.SecretKey;
import javax.crypto.spec.SecretKeySpec;

/** What the Ciphers' {@code unwrap} shares: the decrypted bytes as a secret key, refused with the JCA's exception. */
final class WrappedKeys {

    private WrappedKeys() {
    }

    /**
     * The key {@code encoded} (copied) of {@code algorithm}.
     *
     * @throws InvalidKeyException if the key is empty or the algorithm missing, which
     *         {@link SecretKeySpec} would refuse with an undeclared {@code IllegalArgumentException}
     */
    static SecretKey secretKey(byte[] encoded, String algorithm) throws InvalidKeyException {
        if (encoded.length == 0) {
            throw new InvalidKeyException("the wrapped key is empty");
        }
        if (algorithm == null || algorithm.isEmpty()) {
            throw new InvalidKeyException("the wrapped key's algorithm is missing");
        }
        return new SecretKeySpec(encoded, algorithm);
    }
}
