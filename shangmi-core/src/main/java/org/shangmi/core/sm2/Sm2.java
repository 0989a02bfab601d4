package org.shangmi.core.sm2;

import java.security.SecureRandom;
import java.util.Arrays;
import java.util.List;
import org.shangmi.core.backend.Sm2Engine;
import org.shangmi.core.util.WorkspacePool;

/**
 * The pure-Java {@link Sm2Engine}: {@link Sm2Signer} and {@link Sm2Encryptor} behind the
 * backend-neutral interface. Constant time in private keys and nonces, as those classes are.
 *
 * <p>An instance holds nothing: each operation borrows a signer or an encryptor (kilobytes of
 * scratch space and precomputation) from a {@link WorkspacePool} and gives it back wiped, so that
 * a Cipher or Signature made for one message costs no workspace of its own. Thread-safe.
 */
public final class Sm2 implements Sm2Engine {

    private static final WorkspacePool<Sm2Signer> SIGNERS = new WorkspacePool<>(Sm2Signer::new, Sm2Signer::wipeWorkspace);
    private static final WorkspacePool<Sm2Encryptor> ENCRYPTORS =
            new WorkspacePool<>(Sm2Encryptor::new, Sm2Encryptor::wipeWorkspace);

    /** The idle signers, for tests that inspect what the pool keeps. */
    static List<Sm2Signer> idleSigners() {
        return SIGNERS.idle();
    }

    /** The idle encryptors, for tests that inspect what the pool keeps. */
    static List<Sm2Encryptor> idleEncryptors() {
        return ENCRYPTORS.idle();
    }

    @Override
    public void generateKeyPair(SecureRandom random, byte[] privateKey, byte[] publicKey) {
        Sm2Signer signer = SIGNERS.take();
        try {
            signer.generateKeyPair(random, privateKey, publicKey);
        } finally {
            SIGNERS.give(signer);
        }
    }

    @Override
    public void publicKey(byte[] privateKey, byte[] out, int off) {
        Sm2Signer signer = SIGNERS.take();
        try {
            signer.publicKey(privateKey, out, off);
        } finally {
            SIGNERS.give(signer);
        }
    }

    @Override
    public SigningKey signingKey(byte[] privateKey) {
        Sm2Signer signer = SIGNERS.take();
        try {
            return signer.prepare(privateKey);
        } finally {
            SIGNERS.give(signer);
        }
    }

    @Override
    public void sign(SigningKey key, byte[] digest, SecureRandom random, byte[] out, int off) {
        if (!(key instanceof Sm2Signer.PreparedKey prepared)) {
            throw new IllegalArgumentException("the signing key was prepared by another SM2 engine");
        }
        Sm2Signer signer = SIGNERS.take();
        try {
            signer.sign(prepared, digest, random, out, off);
        } finally {
            SIGNERS.give(signer);
        }
    }

    @Override
    public boolean verify(byte[] publicKey, byte[] digest, byte[] signature, int off) {
        Sm2Signer signer = SIGNERS.take();
        try {
            return signer.verify(publicKey, digest, signature, off);
        } finally {
            SIGNERS.give(signer);
        }
    }

    @Override
    public VerifyingKey verifyingKey(byte[] publicKey) {
        Sm2Signer signer = SIGNERS.take();
        try {
            return signer.preparePublic(publicKey);
        } finally {
            SIGNERS.give(signer);
        }
    }

    @Override
    public boolean verify(VerifyingKey key, byte[] digest, byte[] signature, int off) {
        if (!(key instanceof Sm2Signer.PreparedPublicKey prepared)) {
            throw new IllegalArgumentException("the verifying key was prepared by another SM2 engine");
        }
        Sm2Signer signer = SIGNERS.take();
        try {
            return signer.verify(prepared, digest, signature, off);
        } finally {
            SIGNERS.give(signer);
        }
    }

    @Override
    public int encrypt(byte[] publicKey, byte[] in, int off, int len, SecureRandom random, byte[] out, int outOff) {
        Sm2Encryptor encryptor = ENCRYPTORS.take();
        try {
            return encryptor.encrypt(publicKey, in, off, len, random, out, outOff);
        } finally {
            ENCRYPTORS.give(encryptor);
        }
    }

    @Override
    public int decrypt(byte[] privateKey, byte[] in, int off, int len, byte[] out, int outOff) {
        Sm2Encryptor encryptor = ENCRYPTORS.take();
        try {
            return encryptor.decrypt(privateKey, in, off, len, out, outOff);
        } finally {
            ENCRYPTORS.give(encryptor);
        }
    }

    @Override
    public int decrypt(SigningKey key, byte[] in, int off, int len, byte[] out, int outOff) {
        if (!(key instanceof Sm2Signer.PreparedKey prepared)) {
            throw new IllegalArgumentException("the SM2 key was prepared by another engine");
        }
        byte[] d = prepared.scalarCopy();
        try {
            return decrypt(d, in, off, len, out, outOff);
        } finally {
            Arrays.fill(d, (byte) 0);
        }
    }
}
