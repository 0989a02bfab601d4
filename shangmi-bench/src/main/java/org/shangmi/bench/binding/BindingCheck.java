package org.shangmi.bench.binding;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.Random;
import org.shangmi.provider.Backend;
import org.shangmi.provider.ShangMiProvider;

/**
 * What each binding must get right before it is timed: its SM3 equals ShangMi's Java SM3, and its
 * sealed boxes open with another binding and the other's with it, at every size the study uses.
 */
public final class BindingCheck {

    private BindingCheck() {
    }

    /**
     * Checks {@code binding} against {@code other} (another binding) for messages of {@code sizes} bytes.
     *
     * @throws IllegalStateException saying what differs
     */
    public static void against(NativeBinding binding, NativeBinding other, int... sizes) {
        if (binding.versionNumber() != other.versionNumber()) {
            throw new IllegalStateException(binding.name() + " and " + other.name() + " see different libcrypto versions");
        }
        MessageDigest java;
        try {
            java = MessageDigest.getInstance("SM3", new ShangMiProvider(Backend.JAVA));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        Random random = new Random(sizes.length);
        byte[] publicKey = new byte[NativeBinding.KEY_BYTES];
        byte[] secretKey = new byte[NativeBinding.KEY_BYTES];
        binding.keyPair(publicKey, secretKey);
        for (int size : sizes) {
            byte[] message = new byte[size];
            random.nextBytes(message);
            byte[] digest = new byte[NativeBinding.DIGEST_BYTES];
            binding.sm3(message, size, digest);
            if (!Arrays.equals(java.digest(message), digest)) {
                throw new IllegalStateException(binding.name() + ": SM3 of " + size + " bytes differs from the Java SM3");
            }
            byte[] ciphertext = new byte[size + NativeBinding.SEAL_OVERHEAD];
            byte[] opened = new byte[size];
            binding.seal(ciphertext, message, size, publicKey);
            if (!other.open(opened, ciphertext, ciphertext.length, publicKey, secretKey) || !Arrays.equals(message, opened)) {
                throw new IllegalStateException(other.name() + " cannot open what " + binding.name() + " sealed (" + size + " bytes)");
            }
            other.seal(ciphertext, message, size, publicKey);
            Arrays.fill(opened, (byte) 0);
            if (!binding.open(opened, ciphertext, ciphertext.length, publicKey, secretKey) || !Arrays.equals(message, opened)) {
                throw new IllegalStateException(binding.name() + " cannot open what " + other.name() + " sealed (" + size + " bytes)");
            }
            ciphertext[size % ciphertext.length] ^= 1;
            if (binding.open(opened, ciphertext, ciphertext.length, publicKey, secretKey)) {
                throw new IllegalStateException(binding.name() + " opened a changed box (" + size + " bytes)");
            }
        }
    }
}
