package org.shangmi.provider;

import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidParameterException;
import java.security.KeyPair;
import java.security.KeyPairGeneratorSpi;
import java.security.SecureRandom;
import java.security.spec.AlgorithmParameterSpec;
import java.util.Arrays;
import java.security.InvalidKeyException;
import org.shangmi.core.sm9.Sm9;
import org.shangmi.core.sm9.Sm9KeyExchange;
import org.shangmi.provider.spec.Sm9ExchangeKeyGenParameterSpec;
import org.shangmi.provider.spec.Sm9KeyGenParameterSpec;
import org.shangmi.provider.spec.Sm9KeyKind;

/**
 * {@code KeyPairGenerator "SM9"}: a KGC's master key pair, for signatures unless an
 * {@link Sm9KeyGenParameterSpec} asks for an encryption master key; or, given an
 * {@link Sm9ExchangeKeyGenParameterSpec}, one party's ephemeral key pair (r, R) of a key
 * exchange. Secrets are uniform in [1, N − 1].
 */
final class Sm9KeyPairGeneratorSpi extends KeyPairGeneratorSpi {

    private Sm9KeyKind kind = Sm9KeyKind.SIGN;
    private Sm9ExchangeKeyGenParameterSpec exchange;
    private Sm9MasterPublicKey exchangeMaster;
    private SecureRandom random;

    @Override
    public void initialize(int keysize, SecureRandom random) {
        if (keysize != 256) {
            throw new InvalidParameterException("SM9 keys are on a 256-bit curve, not " + keysize
                    + " bits; choose the kind with Sm9KeyGenParameterSpec");
        }
        this.kind = Sm9KeyKind.SIGN;
        this.exchange = null;
        this.random = random;
    }

    @Override
    public void initialize(AlgorithmParameterSpec params, SecureRandom random) throws InvalidAlgorithmParameterException {
        if (params instanceof Sm9ExchangeKeyGenParameterSpec spec) {
            try {
                exchangeMaster = Sm9Keys.toMasterPublic(spec.getMasterPublicKey(), Sm9KeyKind.ENCRYPT);
            } catch (InvalidKeyException e) {
                throw new InvalidAlgorithmParameterException(e.getMessage(), e);
            }
            this.exchange = spec;
            this.random = random;
            return;
        }
        if (!(params instanceof Sm9KeyGenParameterSpec spec)) {
            throw new InvalidAlgorithmParameterException("SM9 key generation takes an Sm9KeyGenParameterSpec (master keys) "
                    + "or an Sm9ExchangeKeyGenParameterSpec (a key exchange's ephemeral key), not "
                    + (params == null ? "null" : params.getClass().getName()));
        }
        this.kind = spec.getKind();
        this.exchange = null;
        this.random = random;
    }

    @Override
    public KeyPair generateKeyPair() {
        byte[] secret = Sm9.randomScalar(random != null ? random : DefaultRandom.get());
        try {
            if (exchange != null) {
                byte[] peerId = exchange.getPeerId();
                Sm9EphemeralPublicKey point = Sm9EphemeralPublicKey.of(
                        Sm9KeyExchange.ephemeralPoint(exchangeMaster.master(), peerId, exchange.getHid(), secret));
                return new KeyPair(point, new Sm9EphemeralPrivateKey(secret, point, exchangeMaster, peerId, exchange.getHid()));
            }
            Sm9MasterPrivateKey privateKey = Sm9MasterPrivateKey.generated(kind, secret);
            return new KeyPair(privateKey.getPublicKey(), privateKey);
        } finally {
            Arrays.fill(secret, (byte) 0);
        }
    }
}
