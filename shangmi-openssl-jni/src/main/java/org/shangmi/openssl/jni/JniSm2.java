package org.shangmi.openssl.jni;

import java.lang.ref.Reference;
import java.util.Objects;
import org.shangmi.core.backend.Sm2Engine;
import org.shangmi.core.libcrypto.LibcryptoSm2;

/**
 * SM2 through libcrypto's EVP_PKEY over JNI: the C calls of {@link LibcryptoSm2}, which holds the
 * checks, the conversions between DER and raw layouts, and what libcrypto 3.0 cannot do. Arrays
 * cross into C as copies (an SM2 operation may block on OpenSSL's random generator, so nothing is
 * pinned), and the C side wipes its copies of secrets.
 */
final class JniSm2 extends LibcryptoSm2<JniSm2.Key> {

    /** One EVP_PKEY, freed by {@link #free} or, at the latest, when unreachable. */
    static final class Key {
        private final NativeHandle handle;

        Key(long pkey) {
            this.handle = new NativeHandle(pkey, NativeCrypto::pkeyFree);
        }
    }

    /** {@code java} derives public keys from private ones and handles empty messages. */
    JniSm2(Sm2Engine java) {
        super(java);
    }

    @Override
    protected Key importPrivate(byte[] d, boolean kept) {
        return new Key(NativeCrypto.pkeyPrivate(d));
    }

    @Override
    protected Key importPublic(byte[] xy, boolean kept) {
        if (xy.length != PUBLIC_KEY_BYTES) {
            throw new IllegalArgumentException("an SM2 public key is 64 bytes (x || y), got " + xy.length);
        }
        try {
            return new Key(NativeCrypto.pkeyPublic(xy));
        } catch (JniException e) {
            throw new IllegalArgumentException("not a point of sm2p256v1: " + e.getMessage(), e);
        }
    }

    @Override
    protected void free(Key key) {
        key.handle.close();
    }

    @Override
    protected void generate(byte[] privateKey, byte[] publicKey) {
        NativeCrypto.pkeyGenerate(privateKey, publicKey);
    }

    @Override
    protected int signDer(Key key, byte[] digest, byte[] der) {
        Objects.checkFromIndexSize(0, SCALAR_BYTES, digest.length);
        long pointer = key.handle.acquire();
        try {
            return NativeCrypto.pkeySign(pointer, digest, der);
        } finally {
            key.handle.release();
            Reference.reachabilityFence(key);
        }
    }

    @Override
    protected boolean verifyDer(Key key, byte[] der, int length, byte[] digest) {
        Objects.checkFromIndexSize(0, length, der.length);
        Objects.checkFromIndexSize(0, SCALAR_BYTES, digest.length);
        long pointer = key.handle.acquire();
        try {
            return NativeCrypto.pkeyVerify(pointer, der, length, digest) == 1;
        } finally {
            key.handle.release();
            Reference.reachabilityFence(key);
        }
    }

    @Override
    protected int encryptDer(Key key, byte[] in, int off, int len, byte[] der) {
        Objects.checkFromIndexSize(off, len, in.length);
        long pointer = key.handle.acquire();
        try {
            return checkLength(NativeCrypto.pkeyEncrypt(pointer, in, off, len, der), der.length, "EVP_PKEY_encrypt");
        } finally {
            key.handle.release();
            Reference.reachabilityFence(key);
        }
    }

    @Override
    protected int decryptDer(Key key, byte[] der, int length, byte[] out, int outOff, int capacity) {
        Objects.checkFromIndexSize(0, length, der.length);
        Objects.checkFromIndexSize(outOff, capacity, out.length);
        long pointer = key.handle.acquire();
        try {
            return NativeCrypto.pkeyDecrypt(pointer, der, length, out, outOff, capacity);
        } finally {
            key.handle.release();
            Reference.reachabilityFence(key);
        }
    }

    private static int checkLength(int written, int capacity, String function) {
        if (written < 0 || written > capacity) {
            throw new JniException(function + " reported " + written + " bytes for room of " + capacity);
        }
        return written;
    }
}
