package org.shangmi.provider;

import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.Key;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.security.spec.AlgorithmParameterSpec;
import java.util.Arrays;
import javax.crypto.KeyAgreementSpi;
import javax.crypto.SecretKey;
import javax.crypto.ShortBufferException;
import javax.crypto.spec.SecretKeySpec;
import org.shangmi.core.sm2.Sm2Ecdh;

/**
 * {@code KeyAgreement} "ECDH" for sm2p256v1 keys: the shared secret is the x-coordinate of d·Q,
 * as TLS 1.3 computes it for the curveSM2 group (RFC 8998). Keys on any other curve are refused
 * with {@link InvalidKeyException}, so that JCA moves on to the next provider (SunEC): installing
 * ShangMi changes nothing for P-256. Served in Java on every backend, constant time in the
 * private key; the secret buffer is wiped once handed out.
 */
final class Sm2EcdhKeyAgreementSpi extends KeyAgreementSpi {

    private final Sm2Ecdh ecdh = new Sm2Ecdh();
    private Sm2PrivateKey privateKey;
    private Sm2PublicKey peer;

    @Override
    protected void engineInit(Key key, SecureRandom random) throws InvalidKeyException {
        privateKey = Sm2PrivateKeys.toPrivate(key);
        peer = null;
    }

    @Override
    protected void engineInit(Key key, AlgorithmParameterSpec params, SecureRandom random)
            throws InvalidKeyException, InvalidAlgorithmParameterException {
        if (params != null) {
            throw new InvalidAlgorithmParameterException("ECDH takes no parameters, got " + params.getClass().getName());
        }
        engineInit(key, random);
    }

    @Override
    protected Key engineDoPhase(Key key, boolean lastPhase) throws InvalidKeyException {
        if (privateKey == null) {
            throw new IllegalStateException("the KeyAgreement is not initialised");
        }
        if (!lastPhase) {
            throw new IllegalStateException("ECDH has one phase: doPhase(peerPublicKey, true)");
        }
        if (peer != null) {
            throw new IllegalStateException("ECDH has one phase and it is done: call generateSecret, or init again");
        }
        peer = Sm2Keys.toPublic(key);
        return null;
    }

    @Override
    protected byte[] engineGenerateSecret() {
        if (privateKey == null || peer == null) {
            throw new IllegalStateException("call init(privateKey) and doPhase(peerPublicKey, true) first");
        }
        byte[] d = privateKey.scalarCopy();
        try {
            byte[] secret = new byte[Sm2Ecdh.SECRET_BYTES];
            ecdh.agree(d, peer.xy(), secret, 0);
            return secret;
        } finally {
            Arrays.fill(d, (byte) 0);
            peer = null; // one secret per doPhase, as the JDK's ECDH
        }
    }

    @Override
    protected int engineGenerateSecret(byte[] sharedSecret, int offset) throws ShortBufferException {
        if (offset < 0 || sharedSecret.length - offset < Sm2Ecdh.SECRET_BYTES) {
            throw new ShortBufferException("the ECDH secret needs " + Sm2Ecdh.SECRET_BYTES + " bytes");
        }
        byte[] secret = engineGenerateSecret();
        System.arraycopy(secret, 0, sharedSecret, offset, secret.length);
        Arrays.fill(secret, (byte) 0);
        return Sm2Ecdh.SECRET_BYTES;
    }

    /** As the JDK's ECDH: a secret key only as "TlsPremasterSecret", the one use of a raw ECDH secret as a key. */
    @Override
    protected SecretKey engineGenerateSecret(String algorithm) throws NoSuchAlgorithmException {
        if (!"TlsPremasterSecret".equals(algorithm)) {
            throw new NoSuchAlgorithmException("ECDH gives a secret key only as TlsPremasterSecret, not " + algorithm
                    + ": derive keys from generateSecret() with a KDF");
        }
        byte[] secret = engineGenerateSecret();
        try {
            return new SecretKeySpec(secret, algorithm);
        } finally {
            Arrays.fill(secret, (byte) 0);
        }
    }
}
