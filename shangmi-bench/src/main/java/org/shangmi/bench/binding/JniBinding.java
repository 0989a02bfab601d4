package org.shangmi.bench.binding;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * JNI through a shim of this module (src/main/c/binding_shim.c, built with the JNI backend's build
 * script), one JNI function per C function, the Java arrays pinned for the call: what a JNI
 * library written for speed does.
 */
final class JniBinding implements NativeBinding {

    private static final String RESOURCE = "native/linux-x86_64/libshangmi-binding.so";
    private static boolean loaded;

    private final long sm3;

    JniBinding() {
        load();
        sm3 = fetchSm3();
        if (sm3 == 0) {
            throw new IllegalStateException("EVP_MD_fetch(SM3) failed");
        }
    }

    private static synchronized void load() {
        if (loaded) {
            return;
        }
        try (InputStream in = JniBinding.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("no " + RESOURCE + " in this build (built without a C compiler?)");
            }
            Path directory = Files.createTempDirectory("shangmi-binding",
                    PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
            Path file = directory.resolve("libshangmi-binding.so");
            try {
                Files.copy(in, file);
                System.load(file.toString());
            } finally {
                Files.deleteIfExists(file);
                Files.deleteIfExists(directory);
            }
        } catch (IOException e) {
            throw new IllegalStateException("cannot write the shim to a temporary directory: " + e, e);
        }
        String failure = open(LIBCRYPTO, LIBSODIUM);
        if (failure != null) {
            throw new IllegalStateException("the shim cannot open " + LIBCRYPTO + " and " + LIBSODIUM + ": " + failure);
        }
        loaded = true;
    }

    private static native String open(String crypto, String sodium);

    private static native long versionNumberNative();

    private static native long fetchSm3();

    private static native int digest(long md, byte[] input, int length, byte[] output);

    private static native int keyPairNative(byte[] publicKey, byte[] secretKey);

    private static native int sealNative(byte[] ciphertext, byte[] message, int length, byte[] publicKey);

    private static native int sealOpen(byte[] message, byte[] ciphertext, int length, byte[] publicKey, byte[] secretKey);

    @Override
    public String name() {
        return "JNI";
    }

    @Override
    public long versionNumber() {
        return versionNumberNative();
    }

    @Override
    public void sm3(byte[] in, int length, byte[] out) {
        NativeBinding.checkSm3(in, length, out);
        if (digest(sm3, in, length, out) != 1) {
            throw new IllegalStateException("EVP_Digest failed");
        }
    }

    @Override
    public void keyPair(byte[] publicKey, byte[] secretKey) {
        if (publicKey.length < KEY_BYTES || secretKey.length < KEY_BYTES || keyPairNative(publicKey, secretKey) != 0) {
            throw new IllegalStateException("crypto_box_keypair failed");
        }
    }

    @Override
    public void seal(byte[] ciphertext, byte[] message, int length, byte[] publicKey) {
        NativeBinding.checkSeal(ciphertext, message, length, publicKey);
        if (sealNative(ciphertext, message, length, publicKey) != 0) {
            throw new IllegalStateException("crypto_box_seal failed");
        }
    }

    @Override
    public boolean open(byte[] message, byte[] ciphertext, int length, byte[] publicKey, byte[] secretKey) {
        NativeBinding.checkOpen(message, ciphertext, length, publicKey, secretKey);
        return sealOpen(message, ciphertext, length, publicKey, secretKey) == 0;
    }
}
