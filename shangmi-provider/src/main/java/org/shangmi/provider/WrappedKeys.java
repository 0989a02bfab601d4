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

    /**
     * The PKCS#8 private key {@code encoded} of {@code algorithm}: an "SM2" or "EC" key on
     * sm2p256v1 through {@code own}'s key factory (the cipher's provider, when known), anything
     * else through the installed providers'.
     */
    static java.security.PrivateKey privateKey(byte[] encoded, String algorithm, java.security.Provider own)
            throws InvalidKeyException, java.security.NoSuchAlgorithmException {
        java.security.spec.PKCS8EncodedKeySpec spec = new java.security.spec.PKCS8EncodedKeySpec(encoded);
        if (own != null && isSm2Name(algorithm)) {
            try {
                return java.security.KeyFactory.getInstance("SM2", own).generatePrivate(spec);
            } catch (java.security.spec.InvalidKeySpecException notSm2) {
                if ("SM2".equalsIgnoreCase(algorithm)) {
                    throw new InvalidKeyException("the unwrapped bytes are no SM2 private key: " + notSm2.getMessage(), notSm2);
                }
                // an EC key on another curve: the installed providers' "EC"
            }
        }
        try {
            return keyFactory(algorithm).generatePrivate(spec);
        } catch (java.security.spec.InvalidKeySpecException e) {
            throw new InvalidKeyException("the unwrapped bytes are no " + algorithm + " private key: " + e.getMessage(), e);
        }
    }

    /** The X.509 public key {@code encoded} of {@code algorithm}, through the installed providers' key factories. */
    static java.security.PublicKey publicKey(byte[] encoded, String algorithm, java.security.Provider own)
            throws InvalidKeyException, java.security.NoSuchAlgorithmException {
        java.security.spec.X509EncodedKeySpec spec = new java.security.spec.X509EncodedKeySpec(encoded);
        if (own != null && isSm2Name(algorithm)) {
            try {
                return java.security.KeyFactory.getInstance("SM2", own).generatePublic(spec);
            } catch (java.security.spec.InvalidKeySpecException notSm2) {
                if ("SM2".equalsIgnoreCase(algorithm)) {
                    throw new InvalidKeyException("the unwrapped bytes are no SM2 public key: " + notSm2.getMessage(), notSm2);
                }
                // an EC key on another curve: the installed providers' "EC"
            }
        }
        try {
            return keyFactory(algorithm).generatePublic(spec);
        } catch (java.security.spec.InvalidKeySpecException e) {
            throw new InvalidKeyException("the unwrapped bytes are no " + algorithm + " public key: " + e.getMessage(), e);
        }
    }

    private static boolean isSm2Name(String algorithm) {
        return "SM2".equalsIgnoreCase(algorithm) || "EC".equalsIgnoreCase(algorithm);
    }

    private static java.security.KeyFactory keyFactory(String algorithm) throws InvalidKeyException,
            java.security.NoSuchAlgorithmException {
        if (algorithm == null || algorithm.isEmpty()) {
            throw new InvalidKeyException("the wrapped key's algorithm is missing");
        }
        return java.security.KeyFactory.getInstance(algorithm);
    }
}
