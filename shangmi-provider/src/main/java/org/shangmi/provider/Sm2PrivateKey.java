package org.shangmi.provider;

import java.io.IOException;
import java.io.InvalidObjectException;
import java.io.ObjectInputStream;
import java.math.BigInteger;
import java.security.interfaces.ECPrivateKey;
import java.security.spec.ECParameterSpec;
import java.security.spec.InvalidKeySpecException;
import java.util.Arrays;
import javax.security.auth.Destroyable;
import org.shangmi.core.backend.Sm2Engine;
import org.shangmi.core.util.ConstantTime;
import org.shangmi.provider.spec.Sm2ParameterSpec;

/**
 * An SM2 private key: a scalar d in [1, n − 1] of sm2p256v1, with its public key (given or
 * derived once, on first need). Encoded as PKCS#8 wrapping a SEC1 ECPrivateKey that carries the
 * public key, as OpenSSL 3 writes it. Each backend's per-key precomputation for signing is cached
 * with the key. {@link #destroy()} wipes d and the cache.
 */
public final class Sm2PrivateKey implements ECPrivateKey, Destroyable {

    private static final long serialVersionUID = 1L;

    private final byte[] d;
    /** x || y of d·G, or null until first needed. Public data. */
    private volatile byte[] xy;
    private transient volatile Sm2PublicKey publicKey;
    private transient volatile Prepared prepared;
    private volatile boolean destroyed;

    /** One engine's signing key, kept with the engine type that made it. */
    private record Prepared(Class<?> engine, Sm2Engine.SigningKey key) {
    }

    /**
     * @param d a validated 32-byte scalar (copied)
     * @param xy its validated public key, or null; refused if it is not d·G
     */
    Sm2PrivateKey(byte[] d, byte[] xy) throws InvalidKeySpecException {
        this.d = d.clone();
        if (xy != null && !Sm2PrivateKeys.matches(this.d, xy)) {
            Arrays.fill(this.d, (byte) 0);
            throw new InvalidKeySpecException("the private key's public key is not d·G");
        }
        this.xy = xy == null ? null : xy.clone();
    }

    /** Builds a key whose public key is known to be d·G (fresh from key generation). */
    static Sm2PrivateKey generated(byte[] d, Sm2PublicKey publicKey) {
        try {
            Sm2PrivateKey key = new Sm2PrivateKey(d, null);
            key.xy = publicKey.xy();
            key.publicKey = publicKey;
            return key;
        } catch (InvalidKeySpecException e) {
            throw new AssertionError(e);
        }
    }

    /**
     * A copy of d, taken atomically with respect to {@link #destroy} (another thread may destroy
     * the key at any time); the caller wipes it.
     */
    synchronized byte[] scalarCopy() {
        checkNotDestroyed();
        return d.clone();
    }

    /** The public key d·G. */
    public Sm2PublicKey getPublicKey() {
        Sm2PublicKey result = publicKey;
        if (result == null) {
            byte[] point = xy;
            if (point == null) {
                byte[] scalar = scalarCopy();
                try {
                    point = Sm2PrivateKeys.publicPoint(scalar);
                } finally {
                    Arrays.fill(scalar, (byte) 0);
                }
                xy = point;
            }
            result = new Sm2PublicKey(point);
            publicKey = result;
        }
        return result;
    }

    /**
     * The signing key {@code engine} prepared for d, cached per engine type. Made under the key's
     * lock, so that a key destroyed meanwhile leaves no prepared copy of d behind.
     */
    synchronized Sm2Engine.SigningKey signingKey(Sm2Engine engine) {
        checkNotDestroyed();
        Prepared cached = prepared;
        if (cached == null || cached.engine() != engine.getClass()) {
            if (cached != null) {
                cached.key().destroy();
            }
            cached = new Prepared(engine.getClass(), engine.signingKey(d));
            prepared = cached;
        }
        return cached.key();
    }

    /**
     * As {@link #signingKey}, or null for d = n − 1, which may decrypt but not sign (such a key
     * then decrypts from its bytes each time).
     */
    Sm2Engine.SigningKey preparedOrNull(Sm2Engine engine) {
        try {
            return signingKey(engine);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    @Override
    public String getAlgorithm() {
        return "EC";
    }

    @Override
    public String getFormat() {
        return "PKCS#8";
    }

    @Override
    public byte[] getEncoded() {
        byte[] xy = getPublicKey().xy();
        byte[] scalar = scalarCopy();
        try {
            return Sm2PrivateKeys.encodePkcs8(scalar, xy);
        } finally {
            Arrays.fill(scalar, (byte) 0);
        }
    }

    @Override
    public BigInteger getS() {
        byte[] scalar = scalarCopy();
        try {
            return new BigInteger(1, scalar);
        } finally {
            Arrays.fill(scalar, (byte) 0);
        }
    }

    @Override
    public ECParameterSpec getParams() {
        return Sm2ParameterSpec.INSTANCE;
    }

    @Override
    public synchronized void destroy() {
        destroyed = true;
        Arrays.fill(d, (byte) 0);
        Prepared cached = prepared;
        prepared = null;
        if (cached != null) {
            cached.key().destroy();
        }
    }

    @Override
    public boolean isDestroyed() {
        return destroyed;
    }

    private void checkNotDestroyed() {
        if (destroyed) {
            throw new IllegalStateException("the SM2 private key has been destroyed");
        }
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Sm2PrivateKey key && !destroyed && !key.destroyed
                && ConstantTime.equals(d, 0, key.d, 0, 32);
    }

    @Override
    public int hashCode() {
        return destroyed ? 0 : getPublicKey().hashCode(); // public data only
    }

    @Override
    public String toString() {
        return destroyed ? "SM2 private key (destroyed)" : "SM2 private key for " + getPublicKey();
    }

    private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
        in.defaultReadObject();
        if (d == null || d.length != 32 || xy != null && xy.length != 64) {
            throw new InvalidObjectException("an SM2 private key is 32 bytes and its public key 64");
        }
        try {
            byte[] checked = Sm2PrivateKeys.privateScalar(d);
            Arrays.fill(checked, (byte) 0);
        } catch (InvalidKeySpecException e) {
            throw new InvalidObjectException(e.getMessage());
        }
        byte[] point = xy;
        if (point != null && (!Sm2Keys.isPoint(point) || !Sm2PrivateKeys.matches(d, point))) {
            throw new InvalidObjectException("the private key's public key is not d·G");
        }
    }
}
