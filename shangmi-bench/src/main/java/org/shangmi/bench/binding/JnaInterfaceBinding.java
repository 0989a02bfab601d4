package org.shangmi.bench.binding;

import com.sun.jna.Library;
import com.sun.jna.Memory;
import com.sun.jna.Native;
import com.sun.jna.Pointer;

/**
 * JNA's interface mapping, the way most JNA code is written: a Java interface that JNA implements
 * with a proxy, arrays copied to native memory and back on every call. With {@code memoryPerCall},
 * each call instead wraps its data in new {@link Memory} objects that it never frees: JNA frees
 * them through a Cleaner once the collector finds them, the finalizer-style ownership the seed
 * found to blow up the error bars.
 */
final class JnaInterfaceBinding implements NativeBinding {

    /** libcrypto as JNA maps it. */
    interface Crypto extends Library {
        long OpenSSL_version_num();

        Pointer EVP_MD_fetch(Pointer libraryContext, String algorithm, String properties);

        int EVP_Digest(byte[] data, long count, byte[] md, Pointer size, Pointer type, Pointer engine);

        int EVP_Digest(Pointer data, long count, Pointer md, Pointer size, Pointer type, Pointer engine);
    }

    /** libsodium as JNA maps it. */
    interface Sodium extends Library {
        int sodium_init();

        int crypto_box_keypair(byte[] publicKey, byte[] secretKey);

        int crypto_box_seal(byte[] ciphertext, byte[] message, long length, byte[] publicKey);

        int crypto_box_seal(Pointer ciphertext, Pointer message, long length, Pointer publicKey);

        int crypto_box_seal_open(byte[] message, byte[] ciphertext, long length, byte[] publicKey, byte[] secretKey);

        int crypto_box_seal_open(Pointer message, Pointer ciphertext, long length, Pointer publicKey, Pointer secretKey);
    }

    private static final Crypto CRYPTO = Native.load(LIBCRYPTO, Crypto.class);
    private static final Sodium SODIUM = Native.load(LIBSODIUM, Sodium.class);

    private final boolean memoryPerCall;
    private final Pointer sm3;

    JnaInterfaceBinding(boolean memoryPerCall) {
        this.memoryPerCall = memoryPerCall;
        sm3 = CRYPTO.EVP_MD_fetch(null, "SM3", null);
        if (sm3 == null || SODIUM.sodium_init() < 0) {
            throw new IllegalStateException("EVP_MD_fetch(SM3) or sodium_init failed");
        }
    }

    @Override
    public String name() {
        return memoryPerCall ? "JNA-Memory-Cleaner" : "JNA-interface";
    }

    @Override
    public long versionNumber() {
        return CRYPTO.OpenSSL_version_num();
    }

    @Override
    public void sm3(byte[] in, int length, byte[] out) {
        NativeBinding.checkSm3(in, length, out);
        int result;
        if (memoryPerCall) {
            Memory data = copyIn(in, length);
            Memory md = new Memory(DIGEST_BYTES);
            result = CRYPTO.EVP_Digest(data, length, md, null, sm3, null);
            md.read(0, out, 0, DIGEST_BYTES);
        } else {
            result = CRYPTO.EVP_Digest(in, length, out, null, sm3, null);
        }
        if (result != 1) {
            throw new IllegalStateException("EVP_Digest failed");
        }
    }

    @Override
    public void keyPair(byte[] publicKey, byte[] secretKey) {
        if (publicKey.length < KEY_BYTES || secretKey.length < KEY_BYTES || SODIUM.crypto_box_keypair(publicKey, secretKey) != 0) {
            throw new IllegalStateException("crypto_box_keypair failed");
        }
    }

    @Override
    public void seal(byte[] ciphertext, byte[] message, int length, byte[] publicKey) {
        NativeBinding.checkSeal(ciphertext, message, length, publicKey);
        int result;
        if (memoryPerCall) {
            Memory out = new Memory(length + SEAL_OVERHEAD);
            result = SODIUM.crypto_box_seal(out, copyIn(message, length), length, copyIn(publicKey, KEY_BYTES));
            out.read(0, ciphertext, 0, length + SEAL_OVERHEAD);
        } else {
            result = SODIUM.crypto_box_seal(ciphertext, message, length, publicKey);
        }
        if (result != 0) {
            throw new IllegalStateException("crypto_box_seal failed");
        }
    }

    @Override
    public boolean open(byte[] message, byte[] ciphertext, int length, byte[] publicKey, byte[] secretKey) {
        NativeBinding.checkOpen(message, ciphertext, length, publicKey, secretKey);
        if (!memoryPerCall) {
            return SODIUM.crypto_box_seal_open(message, ciphertext, length, publicKey, secretKey) == 0;
        }
        Memory out = new Memory(length - SEAL_OVERHEAD + 1L); // JNA refuses a Memory of 0 bytes
        boolean opened = SODIUM.crypto_box_seal_open(out, copyIn(ciphertext, length), length, copyIn(publicKey, KEY_BYTES),
                copyIn(secretKey, KEY_BYTES)) == 0;
        out.read(0, message, 0, length - SEAL_OVERHEAD);
        return opened;
    }

    /** A new Memory holding {@code bytes[0..length)}, left for JNA's Cleaner to free. */
    private static Memory copyIn(byte[] bytes, int length) {
        Memory memory = new Memory(Math.max(1, length));
        memory.write(0, bytes, 0, length);
        return memory;
    }
}
