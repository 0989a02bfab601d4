package org.shangmi.provider;

import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.Key;
import java.security.NoSuchAlgorithmException;
import java.security.PublicKey;
import java.security.SecureRandom;
import java.security.spec.AlgorithmParameterSpec;
import java.util.Arrays;
import javax.crypto.KeyAgreementSpi;
import javax.crypto.SecretKey;
import javax.crypto.ShortBufferException;
import org.shangmi.core.sm9.Sm9KeyExchange;
import org.shangmi.provider.spec.Sm9KeyExchangeSpec;
import org.shangmi.provider.spec.Sm9KeyKind;

/**
 * {@code KeyAgreement "SM9"}: the key exchange of GB/T 38635.2. {@code init} takes this party's
 * ephemeral private key (from {@code KeyPairGenerator "SM9"} with an
 * {@link org.shangmi.provider.spec.Sm9ExchangeKeyGenParameterSpec}) and an
 * {@link Sm9KeyExchangeSpec}; {@code doPhase} (last phase) the peer's ephemeral public key
 * ({@link Sm9EphemeralPublicKey#of}). {@code generateSecret()} gives the key bytes;
 * {@code generateSecret(alg)} an {@link Sm9ExchangedKey} that also carries the confirmation
 * values SA and SB. An agreement ends the exchange: the next one needs {@code init} with a new
 * ephemeral key.
 */
final class Sm9KeyAgreementSpi extends KeyAgreementSpi {

    private Sm9KeyExchangeSpec spec;
    private Sm9EphemeralPrivateKey ephemeral;
    private Sm9UserPrivateKey userKey;
    private Sm9EphemeralPublicKey peer;

    @Override
    protected void engineInit(Key key, SecureRandom random) throws InvalidKeyException {
        throw new InvalidKeyException("SM9 key exchange needs an Sm9KeyExchangeSpec: init(ephemeralPrivateKey, spec)");
    }

    @Override
    protected void engineInit(Key key, AlgorithmParameterSpec params, SecureRandom random)
            throws InvalidKeyException, InvalidAlgorithmParameterException {
        if (!(params instanceof Sm9KeyExchangeSpec given)) {
            throw new InvalidAlgorithmParameterException("SM9 key exchange needs an Sm9KeyExchangeSpec, not "
                    + (params == null ? "null" : params.getClass().getName()));
        }
        if (!(key instanceof Sm9EphemeralPrivateKey newEphemeral)) {
            throw new InvalidKeyException("SM9 key exchange starts from an ephemeral key of KeyPairGenerator \"SM9\" "
                    + "with an Sm9ExchangeKeyGenParameterSpec, not " + (key == null ? "null" : key.getClass().getName()));
        }
        Sm9UserPrivateKey newUser;
        try {
            newUser = Sm9Keys.toUserPrivate(given.getUserKey(), Sm9KeyKind.ENCRYPT);
        } catch (InvalidKeyException e) {
            throw new InvalidAlgorithmParameterException(e.getMessage(), e);
        }
        if (!newUser.getMasterPublicKey().equals(newEphemeral.master())) {
            throw new InvalidAlgorithmParameterException("the user key and the ephemeral key belong to different master keys");
        }
        if (!Arrays.equals(given.getPeerId(), newEphemeral.peerId())) {
            throw new InvalidAlgorithmParameterException("the ephemeral key was made for another peer than the spec names");
        }
        this.spec = given;
        this.ephemeral = newEphemeral;
        this.userKey = newUser;
        this.peer = null;
    }

    @Override
    protected Key engineDoPhase(Key key, boolean lastPhase) throws InvalidKeyException {
        if (spec == null) {
            throw new IllegalStateException("the KeyAgreement is not initialised");
        }
        if (!lastPhase) {
            throw new IllegalStateException("SM9 key exchange has one phase: doPhase(peerEphemeralKey, true)");
        }
        if (key instanceof Sm9EphemeralPublicKey given) {
            peer = given;
        } else if (key instanceof PublicKey && "RAW".equalsIgnoreCase(key.getFormat()) && key.getEncoded() != null) {
            try {
                peer = Sm9EphemeralPublicKey.of(key.getEncoded());
            } catch (IllegalArgumentException e) {
                throw new InvalidKeyException(e.getMessage(), e);
            }
        } else {
            throw new InvalidKeyException("doPhase takes the peer's SM9 ephemeral public key, not "
                    + (key == null ? "null" : key.getClass().getName()));
        }
        return null;
    }

    @Override
    protected byte[] engineGenerateSecret() {
        Agreed agreed = agree();
        agreed.wipeConfirmations();
        return agreed.key;
    }

    @Override
    protected int engineGenerateSecret(byte[] sharedSecret, int offset) throws ShortBufferException {
        if (spec != null && sharedSecret.length - offset < spec.getKeyLength()) {
            throw new ShortBufferException("the shared key is " + spec.getKeyLength() + " bytes");
        }
        byte[] key = engineGenerateSecret();
        System.arraycopy(key, 0, sharedSecret, offset, key.length);
        Arrays.fill(key, (byte) 0);
        return key.length;
    }

    @Override
    protected SecretKey engineGenerateSecret(String algorithm) throws NoSuchAlgorithmException {
        if (algorithm == null || algorithm.isEmpty()) {
            throw new NoSuchAlgorithmException("name the algorithm of the shared key");
        }
        Agreed agreed = agree();
        try {
            return new Sm9ExchangedKey(algorithm, agreed.key, agreed.own, agreed.peer);
        } finally {
            Arrays.fill(agreed.key, (byte) 0);
            agreed.wipeConfirmations();
        }
    }

    private record Agreed(byte[] key, byte[] own, byte[] peer) {
        void wipeConfirmations() {
            Arrays.fill(own, (byte) 0);
            Arrays.fill(peer, (byte) 0);
        }
    }

    private Agreed agree() {
        if (spec == null) {
            throw new IllegalStateException("the KeyAgreement is not initialised (or its exchange is done: "
                    + "init again with a new ephemeral key)");
        }
        if (peer == null) {
            throw new IllegalStateException("doPhase with the peer's ephemeral public key first");
        }
        byte[] de = userKey.pointCopy();
        byte[] r = ephemeral.scalarCopy();
        Sm9KeyExchange exchange = new Sm9KeyExchange(userKey.getMasterPublicKey().master(), de, spec.getOwnId(),
                spec.getPeerId(), ephemeral.hid(), spec.isInitiator());
        try {
            exchange.useEphemeral(r);
            byte[] key = exchange.agree(peer.getPoint(), spec.getKeyLength());
            byte[] sa = exchange.initiatorConfirmation();
            byte[] sb = exchange.responderConfirmation();
            return spec.isInitiator() ? new Agreed(key, sa, sb) : new Agreed(key, sb, sa);
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException(e.getMessage(), e);
        } finally {
            exchange.destroy();
            Arrays.fill(de, (byte) 0);
            Arrays.fill(r, (byte) 0);
            // an ephemeral key serves one exchange: reusing r would tie sessions together
            peer = null;
            spec = null;
            ephemeral = null;
        }
    }
}
