package org.shangmi.openssl;

import java.security.SecureRandom;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Objects;
import org.shangmi.core.backend.Sm2Engine;
import org.shangmi.core.sm2.Sm2Ciphertext;
import org.shangmi.core.sm2.Sm2Curve;
import org.shangmi.core.sm2.Sm2Point;
import org.shangmi.core.util.Der;
import org.shangmi.openssl.LibCrypto.PkeyOperation;

/**
 * SM2 through libcrypto's EVP_PKEY: keys are imported from raw bytes (or generated), signatures
 * are made over the digest e (the caller hashes Z_A || M, so the ID never crosses into C) and
 * travel as DER there, r || s here; ciphertexts are GM/T 0009 DER there, raw C1 || C3 || C2 here.
 *
 * <p>OpenSSL draws its nonces and keys from its own random generator; the {@code SecureRandom}
 * arguments are not used. Public keys of given private keys come from the Java engine, and so do
 * the ciphertexts of empty messages, on which libcrypto 3.0 fails. Private keys are range-checked in Java, without branching on their
 * value, before they reach C.
 */
final class OpenSslSm2 implements Sm2Engine {

    /** For the Java engine's share of the work when the caller passed no generator (libcrypto needs none). */
    private static final SecureRandom FALLBACK_RANDOM = new SecureRandom();

    private final Sm2Engine java;
    /** Checks C1 before libcrypto sees it (libcrypto accepts a coordinate written as x + p); made on first decryption. */
    private Sm2Curve curve;
    private Sm2Point c1;
    private final EvpPkey.Importer importer = new EvpPkey.Importer();
    /** The GM/T 0009 DER that libcrypto decrypts, kept from call to call (ciphertext only, public). */
    private byte[] derScratch = new byte[0];

    /** {@code java} derives public keys from private ones (see {@link #publicKey}). */
    OpenSslSm2(Sm2Engine java) {
        this.java = java;
    }

    /** n − 2 and n − 1 of sm2p256v1: the largest private keys for signing and for decryption. */
    private static final byte[] N_MINUS_2 =
            HexFormat.of().parseHex("fffffffeffffffffffffffffffffffff7203df6b21c6052b53bbf40939d54121");
    private static final byte[] N_MINUS_1 =
            HexFormat.of().parseHex("fffffffeffffffffffffffffffffffff7203df6b21c6052b53bbf40939d54122");
    /** A DER ECDSA-Sig-Value of two 256-bit integers is at most 72 bytes. */
    private static final int MAX_DER_SIGNATURE = 72;
    /** DER framing a GM/T 0009 ciphertext adds beyond C1 || C3 || C2 (headers, sign bytes): at most this. */
    private static final int MAX_DER_FRAMING = 24;

    /**
     * A key prepared for signing and decryption: the imported EVP_PKEY, shared by threads, each
     * with its own context; and d, for the empty messages that libcrypto cannot decrypt.
     */
    private static final class SigningKey implements Sm2Engine.SigningKey {
        private final EvpPkey key;
        private final byte[] scalar;
        private boolean destroyed;

        SigningKey(EvpPkey key, byte[] scalar) {
            this.key = key;
            this.scalar = scalar.clone();
        }

        /** A copy of d, taken atomically with respect to {@link #destroy}; the caller wipes it. */
        synchronized byte[] scalarCopy() {
            checkNotDestroyed();
            return scalar.clone();
        }

        synchronized void checkNotDestroyed() {
            if (destroyed) {
                throw new IllegalArgumentException("the SM2 key was destroyed");
            }
        }

        /** A context for one signature or decryption; the context holds its own reference to the key. */
        synchronized EvpPkeyCtx context(PkeyOperation operation) {
            checkNotDestroyed();
            return EvpPkeyCtx.forOperation(key, operation);
        }

        @Override
        public synchronized void destroy() {
            destroyed = true;
            Arrays.fill(scalar, (byte) 0);
            key.close();
        }
    }

    private static final class VerifyingKey implements Sm2Engine.VerifyingKey {
        private final EvpPkey key;

        VerifyingKey(EvpPkey key) {
            this.key = key;
        }
    }

    @Override
    public void generateKeyPair(SecureRandom random, byte[] privateKey, byte[] publicKey) {
        Objects.checkFromIndexSize(0, SCALAR_BYTES, privateKey.length);
        Objects.checkFromIndexSize(0, PUBLIC_KEY_BYTES, publicKey.length);
        try (EvpPkey key = EvpPkey.generate()) {
            key.privateKey(privateKey);
            key.publicKey(publicKey, 0);
        }
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
        return new SigningKey(importer.sm2Private(privateKey, true), privateKey);
    }

    @Override
    public void sign(Sm2Engine.SigningKey key, byte[] digest, SecureRandom random, byte[] out, int off) {
        if (!(key instanceof SigningKey ours)) {
            throw new IllegalArgumentException("the SM2 signing key was prepared by another engine");
        }
        checkDigest(digest);
        Objects.checkFromIndexSize(off, 2 * SCALAR_BYTES, out.length);
        byte[] der = new byte[MAX_DER_SIGNATURE];
        int length;
        try (EvpPkeyCtx ctx = ours.context(PkeyOperation.SIGN)) {
            length = ctx.transform(PkeyOperation.SIGN, digest, 0, SCALAR_BYTES, der, 0, der.length);
        }
        try {
            Der.Reader sequence = new Der.Reader(der, 0, length).sequence();
            sequence.unsignedIntegerTo(out, off, SCALAR_BYTES);
            sequence.unsignedIntegerTo(out, off + SCALAR_BYTES, SCALAR_BYTES);
            sequence.expectEnd();
        } catch (Der.MalformedException e) {
            throw new OpenSslException("EVP_PKEY_sign wrote a malformed signature: " + e.getMessage());
        }
    }

    @Override
    public boolean verify(byte[] publicKey, byte[] digest, byte[] signature, int off) {
        if (publicKey.length != PUBLIC_KEY_BYTES) {
            return false;
        }
        EvpPkey key;
        try {
            key = importer.sm2Public(publicKey, false);
        } catch (IllegalArgumentException e) {
            return false;
        }
        try (key) {
            return verify(key, digest, signature, off);
        }
    }

    @Override
    public Sm2Engine.VerifyingKey verifyingKey(byte[] publicKey) {
        return new VerifyingKey(importer.sm2Public(publicKey, true));
    }

    @Override
    public boolean verify(Sm2Engine.VerifyingKey key, byte[] digest, byte[] signature, int off) {
        if (!(key instanceof VerifyingKey ours)) {
            throw new IllegalArgumentException("the SM2 verifying key was prepared by another engine");
        }
        return verify(ours.key, digest, signature, off);
    }

    private static boolean verify(EvpPkey key, byte[] digest, byte[] signature, int off) {
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
        try (EvpPkeyCtx ctx = EvpPkeyCtx.forOperation(key, PkeyOperation.VERIFY)) {
            int result = ctx.verify(encoded, encoded.length, digest);
            if (result != 1) {
                OpenSslException.drainErrors(); // an invalid signature leaves reasons behind
            }
            return result == 1;
        }
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
        try (EvpPkey key = importer.sm2Public(publicKey, false);
                EvpPkeyCtx ctx = EvpPkeyCtx.forOperation(key, PkeyOperation.ENCRYPT)) {
            length = ctx.transform(PkeyOperation.ENCRYPT, in, off, len, der, 0, der.length);
        }
        try {
            byte[] raw = Sm2Ciphertext.toRaw(der, 0, length, Sm2Ciphertext.Format.DER);
            if (raw.length != CIPHERTEXT_OVERHEAD + len) {
                throw new OpenSslException("EVP_PKEY_encrypt wrote a ciphertext for " + (raw.length - CIPHERTEXT_OVERHEAD)
                        + " bytes, not " + len);
            }
            System.arraycopy(raw, 0, out, outOff, raw.length);
            return raw.length;
        } catch (Der.MalformedException e) {
            throw new OpenSslException("EVP_PKEY_encrypt wrote a malformed ciphertext: " + e.getMessage());
        }
    }

    @Override
    public int decrypt(byte[] privateKey, byte[] in, int off, int len, byte[] out, int outOff) {
        checkPrivateKey(privateKey, N_MINUS_1);
        return decrypt(() -> {
            try (EvpPkey key = importer.sm2Private(privateKey, false)) {
                return EvpPkeyCtx.forOperation(key, PkeyOperation.DECRYPT); // the context keeps the key alive
            }
        }, () -> java.decrypt(privateKey, in, off, len, out, outOff), in, off, len, out, outOff);
    }

    @Override
    public int decrypt(Sm2Engine.SigningKey key, byte[] in, int off, int len, byte[] out, int outOff) {
        if (!(key instanceof SigningKey ours)) {
            throw new IllegalArgumentException("the SM2 key was prepared by another engine");
        }
        ours.checkNotDestroyed();
        return decrypt(() -> ours.context(PkeyOperation.DECRYPT),
                () -> {
                    byte[] d = ours.scalarCopy();
                    try {
                        return java.decrypt(d, in, off, len, out, outOff);
                    } finally {
                        Arrays.fill(d, (byte) 0);
                    }
                }, in, off, len, out, outOff);
    }

    /** Where a decryption gets its context, and what decrypts an empty message (libcrypto 3.0 fails on it). */
    private interface ContextSource {
        EvpPkeyCtx open();
    }

    private interface EmptyMessage {
        int decrypt();
    }

    private int decrypt(ContextSource source, EmptyMessage empty, byte[] in, int off, int len, byte[] out, int outOff) {
        Objects.checkFromIndexSize(off, len, in.length);
        if (len < CIPHERTEXT_OVERHEAD) {
            return -1;
        }
        int plainLength = len - CIPHERTEXT_OVERHEAD;
        Objects.checkFromIndexSize(outOff, plainLength, out.length);
        if (plainLength == 0) {
            return empty.decrypt();
        }
        if (curve == null) {
            curve = new Sm2Curve();
            c1 = new Sm2Point();
        }
        if (in[off] != 4 || !curve.fromAffine(c1, in, off + 1)) {
            Arrays.fill(out, outOff, outOff + plainLength, (byte) 0);
            return -1; // C1 must be an uncompressed curve point with coordinates below p, as in Java
        }
        int derLength = Sm2Ciphertext.derLength(in, off, len);
        if (derScratch.length < derLength) {
            derScratch = new byte[derLength];
        }
        byte[] der = derScratch;
        Sm2Ciphertext.toDer(in, off, len, Sm2Ciphertext.Format.DER, der, 0);
        // straight into the caller's range, which is zeroed again if C3 does not match
        try (EvpPkeyCtx ctx = source.open()) {
            int written = ctx.transform(PkeyOperation.DECRYPT, der, 0, derLength, out, outOff, plainLength);
            if (written == plainLength) {
                return plainLength;
            }
        } catch (OpenSslException e) {
            // a point off the curve or a C3 that does not match: not an error of ours, just no plaintext
        }
        Arrays.fill(out, outOff, outOff + plainLength, (byte) 0);
        return -1;
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
