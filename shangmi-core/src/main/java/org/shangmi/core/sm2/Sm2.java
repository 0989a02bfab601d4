package org.shangmi.core.sm2;

import java.security.SecureRandom;
import java.util.Arrays;
import org.shangmi.core.backend.Sm2Engine;

/**
 * The pure-Java {@link Sm2Engine}: {@link Sm2Signer} and {@link Sm2Encryptor} behind the
 * backend-neutral interface. Constant time in private keys and nonces, as those classes are.
 * Not thread-safe; the encryptor's workspaces are created on first use.
 */
public final class Sm2 implements Sm2Engine {

    private final Sm2Signer signer = new Sm2Signer();
    private Sm2Encryptor encryptor;

    @Override
    public void generateKeyPair(SecureRandom random, byte[] privateKey, byte[] publicKey) {
        signer.generateKeyPair(random, privateKey, publicKey);
    }

    @Override
    public void publicKey(byte[] privateKey, byte[] out, int off) {
        signer.publicKey(privateKey, out, off);
    }

    @Override
    public SigningKey signingKey(byte[] privateKey) {
        return signer.prepare(privateKey);
    }

    @Override
    public void sign(SigningKey key, byte[] digest, SecureRandom random, byte[] out, int off) {
        if (!(key instanceof Sm2Signer.PreparedKey prepared)) {
            throw new IllegalArgumentException("the signing key was prepared by another SM2 engine");
        }
        signer.sign(prepared, digest, random, out, off);
    }

    @Override
    public boolean verify(byte[] publicKey, byte[] digest, byte[] signature, int off) {
        return signer.verify(publicKey, digest, signature, off);
    }

    @Override
    public VerifyingKey verifyingKey(byte[] publicKey) {
        return signer.preparePublic(publicKey);
    }

    @Override
    public boolean verify(VerifyingKey key, byte[] digest, byte[] signature, int off) {
        if (!(key instanceof Sm2Signer.PreparedPublicKey prepared)) {
            throw new IllegalArgumentException("the verifying key was prepared by another SM2 engine");
        }
        return signer.verify(prepared, digest, signature, off);
    }

    @Override
    public int encrypt(byte[] publicKey, byte[] in, int off, int len, SecureRandom random, byte[] out, int outOff) {
        return encryptor().encrypt(publicKey, in, off, len, random, out, outOff);
    }

    @Override
    public int decrypt(byte[] privateKey, byte[] in, int off, int len, byte[] out, int outOff) {
        return encryptor().decrypt(privateKey, in, off, len, out, outOff);
    }

    @Override
    public int decrypt(SigningKey key, byte[] in, int off, int len, byte[] out, int outOff) {
        if (!(key instanceof Sm2Signer.PreparedKey prepared)) {
            throw new IllegalArgumentException("the SM2 key was prepared by another engine");
        }
        byte[] d = prepared.scalarCopy();
        try {
            return encryptor().decrypt(d, in, off, len, out, outOff);
        } finally {
            Arrays.fill(d, (byte) 0);
        }
    }

    private Sm2Encryptor encryptor() {
        if (encryptor == null) {
            encryptor = new Sm2Encryptor();
        }
        return encryptor;
    }
}
