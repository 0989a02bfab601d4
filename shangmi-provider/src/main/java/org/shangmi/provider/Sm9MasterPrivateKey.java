package org.shangmi.provider;

import java.io.IOException;
import java.io.InvalidObjectException;
import java.io.ObjectInputStream;
import java.security.PrivateKey;
import java.security.spec.InvalidKeySpecException;
import java.util.Arrays;
import javax.security.auth.Destroyable;
import org.shangmi.core.sm9.Sm9;
import org.shangmi.core.sm9.Sm9MasterPoint;
import org.shangmi.core.util.ConstantTime;
import org.shangmi.provider.spec.Sm9KeyKind;

/**
 * An SM9 master private key, the KGC's secret: ks (signature) or ke (encryption) in
 * [1, N − 1], with its master public key. Only the KGC should hold it: it issues every user's
 * key ({@code KeyFactory "SM9"} with an {@code Sm9UserKeySpec}). Encoded as PKCS#8 as GmSSL
 * writes it; {@link #destroy()} wipes the secret.
 */
public final class Sm9MasterPrivateKey implements PrivateKey, Destroyable {

    private static final long serialVersionUID = 1L;

    private final Sm9KeyKind kind;
    private final byte[] secret;
    private final Sm9MasterPublicKey publicKey;
    private volatile boolean destroyed;

    private Sm9MasterPrivateKey(Sm9KeyKind kind, byte[] secret, Sm9MasterPublicKey publicKey) {
        this.kind = kind;
        this.secret = secret.clone();
        this.publicKey = publicKey;
    }

    /** A fresh key pair's private half: the public key is derived here. */
    static Sm9MasterPrivateKey generated(Sm9KeyKind kind, byte[] secret) {
        return new Sm9MasterPrivateKey(kind, secret, new Sm9MasterPublicKey(kind, derive(kind, secret)));
    }

    private static Sm9MasterPoint derive(Sm9KeyKind kind, byte[] secret) {
        return kind == Sm9KeyKind.SIGN ? Sm9.signMasterPublicKey(secret) : Sm9.encryptMasterPublicKey(secret);
    }

    /**
     * A key read from an encoding: the secret must lie in [1, N − 1] and the point must be its
     * public key.
     */
    static Sm9MasterPrivateKey of(Sm9KeyKind kind, byte[] secret, byte[] point) throws InvalidKeySpecException {
        if (!Sm9.isScalar(secret)) {
            throw new InvalidKeySpecException("an SM9 master secret must lie in [1, N - 1]");
        }
        Sm9MasterPoint derived = derive(kind, secret);
        byte[] expected = derived.encoded();
        if (!Arrays.equals(expected, point)) {
            throw new InvalidKeySpecException("the SM9 master key's public point does not belong to its secret");
        }
        return new Sm9MasterPrivateKey(kind, secret, new Sm9MasterPublicKey(kind, derived));
    }

    public Sm9KeyKind getKind() {
        return kind;
    }

    public Sm9MasterPublicKey getPublicKey() {
        return publicKey;
    }

    /** A copy of the secret, taken atomically with respect to {@link #destroy}; the caller wipes it. */
    synchronized byte[] secretCopy() {
        if (destroyed) {
            throw new IllegalStateException("the SM9 master private key has been destroyed");
        }
        return secret.clone();
    }

    @Override
    public String getAlgorithm() {
        return "SM9";
    }

    @Override
    public String getFormat() {
        return "PKCS#8";
    }

    @Override
    public byte[] getEncoded() {
        byte[] copy = secretCopy();
        try {
            return Sm9Keys.encodeMasterPkcs8(kind, copy, publicKey.getPoint());
        } finally {
            Arrays.fill(copy, (byte) 0);
        }
    }

    @Override
    public synchronized void destroy() {
        destroyed = true;
        Arrays.fill(secret, (byte) 0);
    }

    @Override
    public boolean isDestroyed() {
        return destroyed;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Sm9MasterPrivateKey key && !destroyed && !key.destroyed && key.kind == kind
                && ConstantTime.equals(secret, 0, key.secret, 0, Sm9.SCALAR_LENGTH);
    }

    @Override
    public int hashCode() {
        return publicKey.hashCode(); // public data only
    }

    @Override
    public String toString() {
        return destroyed ? "SM9 master private key (destroyed)" : "SM9 master private key for " + publicKey;
    }

    private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
        in.defaultReadObject();
        if (kind == null || secret == null || publicKey == null || secret.length != Sm9.SCALAR_LENGTH
                || publicKey.getKind() != kind) {
            throw new InvalidObjectException("malformed SM9 master private key");
        }
        try {
            of(kind, secret, publicKey.getPoint());
        } catch (InvalidKeySpecException e) {
            throw new InvalidObjectException(e.getMessage());
        }
    }
}
