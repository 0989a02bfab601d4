package org.shangmi.provider;

import java.security.InvalidAlgorithmParameterException;

/**
 * Bounds on password-based work whose parameters come from a file or a peer: an iteration count
 * of 2^31 − 1 in one {@code EncryptedPrivateKeyInfo} would otherwise cost hours of CPU that no
 * caller can interrupt. Counts above {@value #DEFAULT_MAX_ITERATIONS} (the bound of the JDK's
 * PKCS12 keystore) are refused when decrypting or computing a MAC; the system property
 * {@value #MAX_ITERATIONS_PROPERTY} sets another bound, read at each initialisation.
 */
final class PbeLimits {

    static final String MAX_ITERATIONS_PROPERTY = "shangmi.pbe.maxIterations";
    static final int DEFAULT_MAX_ITERATIONS = 5_000_000;
    /** The shortest salt accepted for encryption: RFC 8018 asks for at least eight octets. */
    static final int MIN_SALT_BYTES = 8;

    private PbeLimits() {
    }

    /**
     * Refuses an iteration count below 1 or above the bound.
     *
     * @throws InvalidAlgorithmParameterException naming the count, the bound and the property
     */
    static void checkIterations(int iterations, String algorithm) throws InvalidAlgorithmParameterException {
        if (iterations < 1) {
            throw new InvalidAlgorithmParameterException(algorithm + " needs a positive iteration count, got " + iterations);
        }
        int bound = maxIterations();
        if (iterations > bound) {
            throw new InvalidAlgorithmParameterException(algorithm + ": an iteration count of " + iterations
                    + " exceeds the bound of " + bound + " (system property " + MAX_ITERATIONS_PROPERTY + " raises it)");
        }
    }

    /**
     * Refuses a salt shorter than {@value #MIN_SALT_BYTES} bytes for encryption.
     *
     * @throws InvalidAlgorithmParameterException naming the length
     */
    static void checkSaltForEncryption(byte[] salt, String algorithm) throws InvalidAlgorithmParameterException {
        if (salt.length < MIN_SALT_BYTES) {
            throw new InvalidAlgorithmParameterException(algorithm + " encrypts with a salt of at least " + MIN_SALT_BYTES
                    + " bytes, got " + salt.length);
        }
    }

    /** The bound in force: the system property if set, else {@value #DEFAULT_MAX_ITERATIONS}. */
    static int maxIterations() throws InvalidAlgorithmParameterException {
        String value = System.getProperty(MAX_ITERATIONS_PROPERTY);
        if (value == null) {
            return DEFAULT_MAX_ITERATIONS;
        }
        try {
            int bound = Integer.parseInt(value.trim());
            if (bound > 0) {
                return bound;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new InvalidAlgorithmParameterException(MAX_ITERATIONS_PROPERTY + " must be a positive integer, got '" + value + "'");
    }
}
