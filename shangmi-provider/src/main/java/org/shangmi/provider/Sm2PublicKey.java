package org.shangmi.provider;

import java.io.IOException;
import java.io.InvalidObjectException;
import java.io.ObjectInputStream;
import java.math.BigInteger;
import java.security.interfaces.ECPublicKey;
import java.security.spec.ECParameterSpec;
import java.security.spec.ECPoint;
import java.util.Arrays;
import java.util.HexFormat;
import org.shangmi.core.backend.DigestEngine;
import org.shangmi.core.backend.Sm2Engine;
import org.shangmi.core.sm2.Sm2Signer;
import org.shangmi.provider.spec.Sm2ParameterSpec;

/**
 * An SM2 public key: a validated point of sm2p256v1. Encoded as X.509 SubjectPublicKeyInfo with
 * id-ecPublicKey and the SM2 curve OID, as OpenSSL 3 writes it; {@link #getAlgorithm()} is
 * {@code "EC"} for the same reason. Immutable.
 */
public final class Sm2PublicKey implements ECPublicKey {

    private static final long serialVersionUID = 1L;

    /** Affine x || y, validated. */
    private final byte[] xy;
    /** Verifications after which building the key's precomputed table pays for itself. */
    private static final int PREPARE_AFTER = 3;

    /** Z_A under the default ID, computed on first use (public data). */
    private transient volatile byte[] defaultZ;
    /** Verifications so far (a hint: racy increments only delay preparing). */
    private transient volatile int verifications;
    private transient volatile Prepared prepared;

    /** One engine's verifying key, kept with the engine type that made it. */
    private record Prepared(Class<?> engine, Sm2Engine.VerifyingKey key) {
    }

    Sm2PublicKey(byte[] xy) {
        this.xy = xy.clone();
    }

    /** x || y without a copy; callers must not modify it. */
    byte[] xy() {
        return xy;
    }

    /**
     * The verifying key {@code engine} prepared for this key, built once the key has verified
     * {@value #PREPARE_AFTER} times; null before that, and then the caller verifies with the
     * bare point. The table costs about 67 KB, held as long as this key object.
     */
    Sm2Engine.VerifyingKey verifyingKey(Sm2Engine engine) {
        Prepared cached = prepared;
        if (cached != null && cached.engine() == engine.getClass()) {
            return cached.key();
        }
        if (++verifications < PREPARE_AFTER) {
            return null;
        }
        cached = new Prepared(engine.getClass(), engine.verifyingKey(xy));
        prepared = cached;
        return cached.key();
    }

    /** Z_A under {@code id}, hashed by {@code sm3} (left reset); cached for the default ID. */
    byte[] z(byte[] id, DigestEngine sm3) {
        boolean isDefault = Arrays.equals(id, Sm2SignatureSpi.DEFAULT_ID);
        byte[] z = isDefault ? defaultZ : null;
        if (z == null) {
            z = new byte[32];
            Sm2Signer.za(sm3, id, xy, z, 0);
            if (isDefault) {
                defaultZ = z;
            }
        }
        return z;
    }

    @Override
    public String getAlgorithm() {
        return "EC";
    }

    @Override
    public String getFormat() {
        return "X.509";
    }

    @Override
    public byte[] getEncoded() {
        return Sm2Keys.encodeX509(xy);
    }

    @Override
    public ECPoint getW() {
        return new ECPoint(new BigInteger(1, Arrays.copyOfRange(xy, 0, 32)), new BigInteger(1, Arrays.copyOfRange(xy, 32, 64)));
    }

    @Override
    public ECParameterSpec getParams() {
        return Sm2ParameterSpec.INSTANCE;
    }

    /** The point 04 || x || y (65 bytes). */
    public byte[] getUncompressed() {
        return Sm2Keys.uncompressed(xy);
    }

    /** The point compressed, 02/03 || x (33 bytes). */
    public byte[] getCompressed() {
        return Sm2Keys.compress(xy);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Sm2PublicKey key && Arrays.equals(xy, key.xy);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(xy);
    }

    @Override
    public String toString() {
        return "SM2 public key " + HexFormat.of().formatHex(getCompressed());
    }

    private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
        in.defaultReadObject();
        if (xy == null || !Sm2Keys.isPoint(xy)) {
            throw new InvalidObjectException("not a point of sm2p256v1");
        }
    }
}
