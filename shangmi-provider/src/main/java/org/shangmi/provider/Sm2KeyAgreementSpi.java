package org.shangmi.provider;

import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.Key;
import java.security.SecureRandom;
import java.security.spec.AlgorithmParameterSpec;
import java.util.Arrays;
import javax.crypto.KeyAgreementSpi;
import javax.crypto.SecretKey;
import javax.crypto.ShortBufferException;
import org.shangmi.core.backend.DigestEngine;
import org.shangmi.core.sm2.Sm2KeyExchange;
import org.shangmi.core.sm2.Sm2Signer;
import org.shangmi.core.sm3.Sm3;
import org.shangmi.provider.spec.Sm2KeyExchangeSpec;

/**
 * {@code KeyAgreement} "SM2": the key exchange of GB/T 32918.3. {@code init} takes this party's
 * ephemeral private key and an {@link Sm2KeyExchangeSpec}; {@code doPhase} (last phase) the peer's
 * ephemeral public key. {@code generateSecret()} gives the key bytes; {@code generateSecret(alg)}
 * an {@link Sm2ExchangedKey} that also carries the confirmation values. Served in Java on every
 * backend: OpenSSL has no SM2 key exchange.
 */
final class Sm2KeyAgreementSpi extends KeyAgreementSpi {

    private final Sm2KeyExchange exchange = new Sm2KeyExchange();
    private final DigestEngine sm3 = new Sm3();

    private Sm2KeyExchangeSpec spec;
    private Sm2PrivateKey ownStatic;
    private Sm2PublicKey ownStaticPublic;
    private Sm2PublicKey peerStatic;
    private Sm2PrivateKey ephemeral;
    private Sm2PublicKey peerEphemeral;

    @Override
    protected void engineInit(Key key, SecureRandom random) throws InvalidKeyException {
        throw new InvalidKeyException("SM2 key exchange needs an Sm2KeyExchangeSpec: init(ephemeralPrivateKey, spec)");
    }

    @Override
    protected void engineInit(Key key, AlgorithmParameterSpec params, SecureRandom random)
            throws InvalidKeyException, InvalidAlgorithmParameterException {
        if (!(params instanceof Sm2KeyExchangeSpec given)) {
            throw new InvalidAlgorithmParameterException("SM2 key exchange needs an Sm2KeyExchangeSpec, not "
                    + (params == null ? "null" : params.getClass().getName()));
        }
        Sm2PrivateKey newEphemeral = Sm2PrivateKeys.toPrivate(key);
        Sm2PrivateKey newStatic;
        Sm2PublicKey newStaticPublic;
        Sm2PublicKey newPeer;
        try {
            newStatic = Sm2PrivateKeys.toPrivate(given.getOwnStaticPrivateKey());
            newStaticPublic = Sm2Keys.toPublic(given.getOwnStaticPublicKey());
            newPeer = Sm2Keys.toPublic(given.getPeerStaticPublicKey());
        } catch (InvalidKeyException e) {
            throw new InvalidAlgorithmParameterException(e.getMessage(), e);
        }
        if (!newStatic.getPublicKey().equals(newStaticPublic)) { // d·G, computed once per key object
            throw new InvalidAlgorithmParameterException("the static public key does not belong to the static private key");
        }
        this.spec = given;
        this.ephemeral = newEphemeral;
        this.ownStatic = newStatic;
        this.ownStaticPublic = newStaticPublic;
        this.peerStatic = newPeer;
        this.peerEphemeral = null;
    }

    @Override
    protected Key engineDoPhase(Key key, boolean lastPhase) throws InvalidKeyException {
        if (spec == null) {
            throw new IllegalStateException("the KeyAgreement is not initialised");
        }
        if (!lastPhase) {
            throw new IllegalStateException("SM2 key exchange has one phase: doPhase(peerEphemeralPublicKey, true)");
        }
        if (peerEphemeral != null) {
            throw new IllegalStateException("SM2 key exchange has one phase and it is done: call generateSecret, "
                    + "or init again for another exchange");
        }
        peerEphemeral = Sm2Keys.toPublic(key);
        return null;
    }

    @Override
    protected byte[] engineGenerateSecret() {
        Sm2ExchangedKey result = agree("SM2");
        try {
            return result.getEncoded();
        } finally {
            result.destroy();
        }
    }

    @Override
    protected int engineGenerateSecret(byte[] sharedSecret, int offset) throws ShortBufferException {
        if (spec != null && sharedSecret.length - offset < spec.getKeyLength()) {
            throw new ShortBufferException("the shared key needs " + spec.getKeyLength() + " bytes");
        }
        byte[] secret = engineGenerateSecret();
        System.arraycopy(secret, 0, sharedSecret, offset, secret.length);
        Arrays.fill(secret, (byte) 0);
        return secret.length;
    }

    @Override
    protected SecretKey engineGenerateSecret(String algorithm) {
        return agree(algorithm);
    }

    private Sm2ExchangedKey agree(String algorithm) {
        if (spec == null || peerEphemeral == null) {
            throw new IllegalStateException("call init(ephemeralPrivateKey, spec) and doPhase(peerEphemeralPublicKey, true) first");
        }
        boolean initiator = spec.isInitiator();
        byte[] zOwn = new byte[32];
        byte[] zPeer = new byte[32];
        Sm2Signer.za(sm3, spec.getOwnId(), ownStaticPublic.xy(), zOwn, 0);
        Sm2Signer.za(sm3, spec.getPeerId(), peerStatic.xy(), zPeer, 0);
        byte[] key = new byte[spec.getKeyLength()];
        byte[] confirmation02 = new byte[Sm2KeyExchange.CONFIRMATION_BYTES];
        byte[] confirmation03 = new byte[Sm2KeyExchange.CONFIRMATION_BYTES];
        byte[] ownScalar = ownStatic.scalarCopy();
        byte[] ephemeralScalar = ephemeral.scalarCopy();
        try {
            boolean agreed = exchange.agree(initiator, ownScalar, ephemeralScalar,
                    ephemeral.getPublicKey().xy(), peerStatic.xy(), peerEphemeral.xy(),
                    initiator ? zOwn : zPeer, initiator ? zPeer : zOwn, key, confirmation02, confirmation03);
            if (!agreed) {
                throw new IllegalStateException("SM2 key exchange failed: the shared point is the identity");
            }
            // the initiator sends S_A (0x03) and checks S_B (0x02); the responder the reverse
            return initiator
                    ? new Sm2ExchangedKey(algorithm, key, confirmation03, confirmation02)
                    : new Sm2ExchangedKey(algorithm, key, confirmation02, confirmation03);
        } finally {
            Arrays.fill(ownScalar, (byte) 0);
            Arrays.fill(ephemeralScalar, (byte) 0);
            Arrays.fill(key, (byte) 0);
            Arrays.fill(confirmation02, (byte) 0);
            Arrays.fill(confirmation03, (byte) 0);
            peerEphemeral = null; // one secret per doPhase; another doPhase reuses the ephemeral key, as JCA allows
        }
    }
}
