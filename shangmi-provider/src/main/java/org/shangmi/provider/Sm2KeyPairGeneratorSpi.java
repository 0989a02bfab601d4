package org.shangmi.provider;

import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidParameterException;
import java.security.KeyPair;
import java.security.KeyPairGeneratorSpi;
import java.security.SecureRandom;
import java.security.spec.AlgorithmParameterSpec;
import java.security.spec.ECParameterSpec;
import java.security.spec.NamedParameterSpec;
import java.util.Arrays;
import org.shangmi.core.backend.Sm2Engine;
import org.shangmi.provider.spec.Sm2ParameterSpec;

/**
 * {@code KeyPairGenerator} "SM2" and "EC": key pairs on sm2p256v1.
 *
 * <p>"SM2" has one curve, chosen by default, by key size 256, by {@code ECGenParameterSpec}
 * (or {@code NamedParameterSpec}) with one of {@link Sm2ParameterSpec#NAMES}, or by the curve's
 * {@code ECParameterSpec}.
 *
 * <p>"EC" makes SM2 keys only when asked for sm2p256v1 by name or parameters. A key size, or no
 * {@code initialize} at all, is refused with a runtime exception, on which JCA fails over to
 * the next provider's "EC" generator: a program that wants P-256 gets it from SunEC even with
 * ShangMi installed first.
 */
final class Sm2KeyPairGeneratorSpi extends KeyPairGeneratorSpi {

    private final Sm2Engine engine;
    /** Whether this is "EC", which needs the curve named before it generates. */
    private final boolean curveByNameOnly;
    private boolean curveChosen;
    private SecureRandom random;

    Sm2KeyPairGeneratorSpi(Sm2Engine engine, boolean curveByNameOnly) {
        this.engine = engine;
        this.curveByNameOnly = curveByNameOnly;
    }

    @Override
    public void initialize(int keysize, SecureRandom random) {
        if (curveByNameOnly) {
            throw new InvalidParameterException("ShangMi's EC generator makes sm2p256v1 keys only, and only when "
                    + "given new ECGenParameterSpec(\"sm2p256v1\"); a key size (" + keysize + ") names no curve");
        }
        if (keysize != 256) {
            throw new InvalidParameterException("SM2 keys are 256 bits (sm2p256v1), not " + keysize);
        }
        this.random = random;
        curveChosen = true;
    }

    @Override
    public void initialize(AlgorithmParameterSpec params, SecureRandom random) throws InvalidAlgorithmParameterException {
        // ECGenParameterSpec is a NamedParameterSpec; keytool asks with a bare NamedParameterSpec first
        if (params instanceof NamedParameterSpec named) {
            if (!Sm2ParameterSpec.isName(named.getName())) {
                throw new InvalidAlgorithmParameterException("curve " + named.getName()
                        + " is not supported: SM2 keys are on sm2p256v1 (names " + Sm2ParameterSpec.NAMES + ")");
            }
        } else if (params instanceof ECParameterSpec explicit) {
            if (!Sm2ParameterSpec.isSm2(explicit)) {
                throw new InvalidAlgorithmParameterException("the EC parameters are not those of sm2p256v1");
            }
        } else if (params != null || curveByNameOnly) {
            throw new InvalidAlgorithmParameterException("SM2 key generation takes an ECGenParameterSpec or a NamedParameterSpec, not "
                    + (params == null ? "null" : params.getClass().getName()));
        }
        this.random = random;
        curveChosen = true;
    }

    @Override
    public KeyPair generateKeyPair() {
        if (curveByNameOnly && !curveChosen) {
            throw new IllegalStateException("ShangMi's EC generator makes sm2p256v1 keys only when initialized with "
                    + "new ECGenParameterSpec(\"sm2p256v1\")");
        }
        byte[] d = new byte[Sm2Engine.SCALAR_BYTES];
        byte[] xy = new byte[Sm2Engine.PUBLIC_KEY_BYTES];
        try {
            engine.generateKeyPair(random != null ? random : DefaultRandom.get(), d, xy);
            Sm2PublicKey publicKey = new Sm2PublicKey(xy);
            return new KeyPair(publicKey, Sm2PrivateKey.generated(d, publicKey));
        } finally {
            Arrays.fill(d, (byte) 0);
        }
    }
}
