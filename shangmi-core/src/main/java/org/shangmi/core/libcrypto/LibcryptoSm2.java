package org.shangmi.core.libcrypto;

import java.security.SecureRandom;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Objects;
import java.util.concurrent.locks.ReadWriteLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.function.Consumer;
import org.shangmi.core.backend.Sm2Engine;
import org.shangmi.core.sm2.Sm2Ciphertext;
import org.shangmi.core.sm2.Sm2Curve;
import org.shangmi.core.sm2.Sm2Point;
import org.shangmi.core.util.Der;

/**
 * SM2 over libcrypto's EVP_PKEY, whatever the binding: everything around the C calls, which a
 * subclass supplies (FFM in shangmi-openssl-ffm, JNI in shangmi-openssl-jni). Keys are imported from raw bytes
 * (or generated); signatures are made over the digest e (the caller hashes Z_A || M, so the ID
 * never crosses into C) and travel as DER there, r || s here; ciphertexts are GM/T 0009 DER there,
 * raw C1 || C3 || C2 here.
 *
 * <p>OpenSSL draws its nonces and keys from its own random generator; the {@code SecureRandom}
 * arguments are not used. Public keys of given private keys come from the Java engine, and so do
 * the ciphertexts of empty messages, on which libcrypto 3.0 fails. Private keys are range-checked
 * here, without branching on their value, before they reach C; C1 is checked to be a point of
 * the curve with coordinates below p before libcrypto sees it (libcrypto accepts x + p).
 *
 * @param <K> the subclass's handle of one imported key (an EVP_PKEY): read-only once made, so
 *        threads may use it at once, each operation with a context of its own
 */
public abstract class LibcryptoSm2<K> implements Sm2Engine {

    /** For the Java engine's share of the work when the caller passed no generator (libcrypto needs none). */
    private static final SecureRandom FALLBACK_RANDOM = new SecureRandom();
    /** n − 2 and n − 1 of sm2p256v1: the largest private keys for signing and for decryption. */
    private static final byte[] N_MINUS_2 =
            HexFormat.of().parseHex("fffffffeffffffffffffffffffffffff7203df6b21c6052b53bbf40939d54121");
    private static final byte[] N_MINUS_1 =
            HexFormat.of().parseHex("fffffffeffffffffffffffffffffffff7203df6b21c6052b53bbf40939d54122");
    /** A DER ECDSA-Sig-Value of two 256-bit integers is at most 72 bytes. */
    private static final int MAX_DER_SIGNATURE = 72;
    /** DER framing a GM/T 0009 ciphertext adds beyond C1 || C3 || C2 (headers, sign bytes): at most this. */
    private static final int MAX_DER_FRAMING = 24;

    private final Sm2Engine java;
    /** Checks C1 before libcrypto sees it; made on first decryption. */
    private Sm2Curve curve;
    private Sm2Point c1;
    /** The GM/T 0009 DER that libcrypto decrypts, kept from call to call (ciphertext only, public). */
    private byte[] derScratch = new byte[0];

    /** {@code java} derives public keys from private ones and handles empty messages. */
    protected LibcryptoSm2(Sm2Engine java) {
        this.java = Objects.requireNonNull(java, "java");
    }

    /**
     * The private key d (32 bytes, big-endian, range-checked by the caller). A key {@code kept}
     * beyond the current operation is freed by a Cleaner at the latest; one used for a single
     * operation is freed by {@link #free} in a {@code finally}.
     */
    protected abstract K importPrivate(byte[] d, boolean kept);

    /**
     * The public key x || y (64 bytes); {@code kept} as for {@link #importPrivate}.
     *
     * @throws IllegalArgumentException if it is not a point of the curve
     */
    protected abstract K importPublic(byte[] xy, boolean kept);

    /** Frees the key now (OpenSSL clears a private scalar); later uses fail instead of crashing. */
    protected abstract void free(K key);

    /** Generates a key pair with OpenSSL's generator and writes d and x || y. */
    protected abstract void generate(byte[] privateKey, byte[] publicKey);

    /** Signs the 32-byte digest e, writing a DER ECDSA-Sig-Value to {@code der}; returns its length. */
    protected abstract int signDer(K key, byte[] digest, byte[] der);

    /** Whether the DER signature {@code der[0..length)} verifies; false on any failure, the error queue left empty. */
    protected abstract boolean verifyDer(K key, byte[] der, int length, byte[] digest);

    /** Encrypts {@code in[off..off+len)}, writing a GM/T 0009 DER ciphertext to {@code der}; returns its length. */
    protected abstract int encryptDer(K key, byte[] in, int off, int len, byte[] der);

    /**
     * Decrypts the GM/T 0009 DER ciphertext {@code der[0..length)} into {@code out[outOff..outOff+capacity)};
     * returns the plaintext length, or −1 if libcrypto refuses it (a point off the curve, a C3 that
     * does not match), the error queue left empty.
     */
    protected abstract int decryptDer(K key, byte[] der, int length, byte[] out, int outOff, int capacity);

    /**
     * A key prepared for signing and decryption: the imported key, shared by threads, and d, for
     * the empty messages that libcrypto cannot decrypt. Operations hold the read lock while they
     * use the key, {@link #destroy} the write lock, so that a key is never freed under a call.
     */
    private static final class SigningKey<K> implements Sm2Engine.SigningKey {
        /** The engine class that made it: engines of one backend share keys, as private key objects cache them. */
        private final Class<?> engine;
        private final K key;
        private final Consumer<K> free;
        private final byte[] scalar;
        private final ReadWriteLock lock = new ReentrantReadWriteLock();
        private boolean destroyed;

        SigningKey(Class<?> engine, K key, Consumer<K> free, byte[] scalar) {
            this.engine = engine;
            this.key = key;
            this.free = free;
            this.scalar = scalar.clone();
        }

        /** Takes the read lock; the caller releases it in a {@code finally}. */
        void acquire() {
            lock.readLock().lock();
            if (destroyed) {
                lock.readLock().unlock();
                throw new IllegalArgumentException("the SM2 key was destroyed");
            }
        }

        void release() {
            lock.readLock().unlock();
        }

        @Override
        public void destroy() {
            lock.writeLock().lock();
            try {
                if (!destroyed) {
                    destroyed = true;
                    Arrays.fill(scalar, (byte) 0);
                    free.accept(key);
                }
            } finally {
                lock.writeLock().unlock();
            }
        }
    }

    private static final class VerifyingKey<K> implements Sm2Engine.VerifyingKey {
        private final Class<?> engine;
        private final K key;

        VerifyingKey(Class<?> engine, K key) {
            this.engine = engine;
            this.key = key;
        }
    }

    @Override
    public void generateKeyPair(SecureRandom random, byte[] privateKey, byte[] publicKey) {
        Objects.checkFromIndexSize(0, SCALAR_BYTES, privateKey.length);
        Objects.checkFromIndexSize(0, PUBLIC_KEY_BYTES, publicKey.length);
        generate(privateKey, publicKey);
    }

    /**
     * d·G by the Java engine: libcrypto 3.0 does not derive the public key of an imported private
     * one, and has no EVP call that would (the result is the same point either way).
     */
    @Override
    public void publicKey(byte[] privateKey, byte[] out, int off) {
        checkPrivateKey(privateKey, N_MINUS_2);
        java.publicKey(privateKey, out, off);
    }

    @Override
    public Sm2Engine.SigningKey signingKey(byte[] privateKey) {
        checkPrivateKey(privateKey, N_MINUS_2);
        return new SigningKey<>(getClass(), importPrivate(privateKey, true), this::free, privateKey);
    }

    @Override
    public void sign(Sm2Engine.SigningKey key, byte[] digest, SecureRandom random, byte[] out, int off) {
        SigningKey<K> ours = ours(key);
        checkDigest(digest);
        Objects.checkFromIndexSize(off, 2 * SCALAR_BYTES, out.length);
        byte[] der = new byte[MAX_DER_SIGNATURE];
        int length;
        ours.acquire();
        try {
            length = signDer(ours.key, digest, der);
        } finally {
            ours.release();
        }
        try {
            Der.Reader sequence = new Der.Reader(der, 0, length).sequence();
            sequence.unsignedIntegerTo(out, off, SCALAR_BYTES);
            sequence.unsignedIntegerTo(out, off + SCALAR_BYTES, SCALAR_BYTES);
            sequence.expectEnd();
        } catch (Der.MalformedException e) {
            throw new LibcryptoException("EVP_PKEY_sign wrote a malformed signature: " + e.getMessage());
        }
    }

    @Override
    public boolean verify(byte[] publicKey, byte[] digest, byte[] signature, int off) {
        if (publicKey.length != PUBLIC_KEY_BYTES) {
            return false;
        }
        K key;
        try {
            key = importPublic(publicKey, false);
        } catch (IllegalArgumentException e) {
            return false;
        }
        try {
            return verify(key, digest, signature, off);
        } finally {
            free(key);
        }
    }

    @Override
    public Sm2Engine.VerifyingKey verifyingKey(byte[] publicKey) {
        return new VerifyingKey<>(getClass(), importPublic(publicKey, true));
    }

    @Override
    @SuppressWarnings("unchecked")
    public boolean verify(Sm2Engine.VerifyingKey key, byte[] digest, byte[] signature, int off) {
        if (!(key instanceof VerifyingKey<?> ours) || ours.engine != getClass()) {
            throw new IllegalArgumentException("the SM2 verifying key was prepared by another engine");
        }
        return verify((K) ours.key, digest, signature, off);
    }

    private boolean verify(K key, byte[] digest, byte[] signature, int off) {
        Objects.checkFromIndexSize(off, 2 * SCALAR_BYTES, signature.length);
        if (digest.length != SCALAR_BYTES) {
            return false;
        }
        int r = Der.unsignedIntegerContentLength(signature, off, SCALAR_BYTES);
        int s = Der.unsignedIntegerContentLength(signature, off + SCALAR_BYTES, SCALAR_BYTES);
        int content = Der.headerLength(r) + r + Der.headerLength(s) + s;
        byte[] encoded = new byte[Der.headerLength(content) + content];
        int position = Der.putHeader(encoded, 0, Der.SEQUENCE, content);
        position = Der.putUnsignedInteger(encoded, position, signature, off, SCALAR_BYTES);
        Der.putUnsignedInteger(encoded, position, signature, off + SCALAR_BYTES, SCALAR_BYTES);
        return verifyDer(key, encoded, encoded.length, digest);
    }

    @Override
    public int encrypt(byte[] publicKey, byte[] in, int off, int len, SecureRandom random, byte[] out, int outOff) {
        Objects.checkFromIndexSize(off, len, in.length);
        Objects.checkFromIndexSize(outOff, CIPHERTEXT_OVERHEAD + len, out.length);
        if (len == 0) {
            // libcrypto 3.0 fails on an empty message (a zero-byte allocation); the standard defines
            // its ciphertext, C1 || C3, and the Java engine computes it
            return java.encrypt(publicKey, in, off, len, random != null ? random : FALLBACK_RANDOM, out, outOff);
        }
        byte[] der = new byte[Math.addExact(CIPHERTEXT_OVERHEAD + MAX_DER_FRAMING, len)];
        int length;
        K key = importPublic(publicKey, false);
        try {
            length = encryptDer(key, in, off, len, der);
        } finally {
            free(key);
        }
        try {
            byte[] raw = Sm2Ciphertext.toRaw(der, 0, length, Sm2Ciphertext.Format.DER);
            if (raw.length != CIPHERTEXT_OVERHEAD + len) {
                throw new LibcryptoException("EVP_PKEY_encrypt wrote a ciphertext for " + (raw.length - CIPHERTEXT_OVERHEAD)
                        + " bytes, not " + len);
            }
            System.arraycopy(raw, 0, out, outOff, raw.length);
            return raw.length;
        } catch (Der.MalformedException e) {
            throw new LibcryptoException("EVP_PKEY_encrypt wrote a malformed ciphertext: " + e.getMessage());
        }
    }

    @Override
    public int decrypt(byte[] privateKey, byte[] in, int off, int len, byte[] out, int outOff) {
        checkPrivateKey(privateKey, N_MINUS_1);
        if (!checkCiphertext(in, off, len, out, outOff)) {
            return -1;
        }
        if (len == CIPHERTEXT_OVERHEAD) {
            return java.decrypt(privateKey, in, off, len, out, outOff);
        }
        K key = importPrivate(privateKey, false);
        try {
            return decryptChecked(key, in, off, len, out, outOff);
        } finally {
            free(key);
        }
    }

    @Override
    public int decrypt(Sm2Engine.SigningKey key, byte[] in, int off, int len, byte[] out, int outOff) {
        SigningKey<K> ours = ours(key);
        ours.acquire();
        try {
            if (!checkCiphertext(in, off, len, out, outOff)) {
                return -1;
            }
            if (len == CIPHERTEXT_OVERHEAD) {
                byte[] d = ours.scalar.clone();
                try {
                    return java.decrypt(d, in, off, len, out, outOff);
                } finally {
                    Arrays.fill(d, (byte) 0);
                }
            }
            return decryptChecked(ours.key, in, off, len, out, outOff);
        } finally {
            ours.release();
        }
    }

    /**
     * Checks the ranges and C1; false (the output range zeroed) if the ciphertext is too short or
     * C1 is not an uncompressed point of the curve with coordinates below p, as the Java engine
     * requires.
     */
    private boolean checkCiphertext(byte[] in, int off, int len, byte[] out, int outOff) {
        Objects.checkFromIndexSize(off, len, in.length);
        if (len < CIPHERTEXT_OVERHEAD) {
            return false;
        }
        int plainLength = len - CIPHERTEXT_OVERHEAD;
        Objects.checkFromIndexSize(outOff, plainLength, out.length);
        if (plainLength == 0) {
            return true; // the Java engine checks C1 itself
        }
        if (curve == null) {
            curve = new Sm2Curve();
            c1 = new Sm2Point();
        }
        if (in[off] != 4 || !curve.fromAffine(c1, in, off + 1)) {
            Arrays.fill(out, outOff, outOff + plainLength, (byte) 0);
            return false;
        }
        return true;
    }

    /** Decrypts a checked, non-empty ciphertext straight into the caller's range, zeroed again on failure. */
    private int decryptChecked(K key, byte[] in, int off, int len, byte[] out, int outOff) {
        int plainLength = len - CIPHERTEXT_OVERHEAD;
        int derLength = Sm2Ciphertext.derLength(in, off, len);
        if (derScratch.length < derLength) {
            derScratch = new byte[derLength];
        }
        Sm2Ciphertext.toDer(in, off, len, Sm2Ciphertext.Format.DER, derScratch, 0);
        if (decryptDer(key, derScratch, derLength, out, outOff, plainLength) == plainLength) {
            return plainLength;
        }
        Arrays.fill(out, outOff, outOff + plainLength, (byte) 0);
        return -1;
    }

    @SuppressWarnings("unchecked")
    private SigningKey<K> ours(Sm2Engine.SigningKey key) {
        if (!(key instanceof SigningKey<?> ours) || ours.engine != getClass()) {
            throw new IllegalArgumentException("the SM2 key was prepared by another engine");
        }
        return (SigningKey<K>) ours;
    }

    private static void checkDigest(byte[] digest) {
        if (digest.length != SCALAR_BYTES) {
            throw new IllegalArgumentException("an SM2 digest e is 32 bytes, got " + digest.length);
        }
    }

    /**
     * Throws unless d is 32 bytes in [1, max]; computed over every byte, without a branch on the
     * value: the borrow of max − d, and whether any byte is set.
     */
    private static void checkPrivateKey(byte[] d, byte[] max) {
        if (d.length != SCALAR_BYTES) {
            throw new IllegalArgumentException("an SM2 private key is 32 bytes, got " + d.length);
        }
        int borrow = 0;
        int any = 0;
        for (int i = SCALAR_BYTES - 1; i >= 0; i--) {
            int difference = (max[i] & 0xff) - (d[i] & 0xff) - borrow;
            borrow = (difference >>> 31) & 1;
            any |= d[i];
        }
        if ((borrow | ((any & 0xff) - 1) >>> 31) != 0) {
            throw new IllegalArgumentException("the SM2 private key is not in [1, n − " + (max == N_MINUS_2 ? 2 : 1) + "]");
        }
    }
}
