package org.shangmi.provider;

import java.io.IOException;
import java.io.InvalidObjectException;
import java.io.ObjectInputStream;
import java.security.spec.InvalidKeySpecException;
import java.util.Arrays;
import org.shangmi.core.sm9.Sm9;
import org.shangmi.core.sm9.Sm9MasterPoint;
import org.shangmi.provider.spec.Sm9KeyKind;

/**
 * An SM9 master private key, the KGC's secret: ks (signature) or ke (encryption) in
 * [1, N − 1], with its master public key. Only the KGC should hold it: it issues every user's
 * key ({@code KeyFactory "SM9"} with an {@code Sm9UserKeySpec}). Encoded as PKCS#8 as GmSSL
 * writes it; {@link #destroy()} wipes the secret.
 */
public final class Sm9MasterPrivateKey extends Sm9PrivateKeyBase {

    private static final long serialVersionUID = 2L;

    private final Sm9MasterPublicKey publicKey;

    private Sm9MasterPrivateKey(Sm9KeyKind kind, byte[] secret, Sm9MasterPublicKey publicKey) {
        super(kind, secret);
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

    public Sm9MasterPublicKey getPublicKey() {
        return publicKey;
    }

    /** A copy of the secret, taken atomically with respect to {@link #destroy}; the caller wipes it. */
    byte[] secretCopy() {
        return secretBytes();
    }

    @Override
    String describe() {
        return "SM9 master private key";
    }

    @Override
    public byte[] getEncoded() {
        byte[] copy = secretCopy();
        try {
            return Sm9Keys.encodeMasterPkcs8(getKind(), copy, publicKey.getPoint());
        } finally {
            Arrays.fill(copy, (byte) 0);
        }
    }

    @Override
    public boolean equals(Object other) {
        return sameSecret(other);
    }

    @Override
    public int hashCode() {
        return publicKey.hashCode(); // public data only
    }

    @Override
    public String toString() {
        return isDestroyed() ? "SM9 master private key (destroyed)" : "SM9 master private key for " + publicKey;
    }

    private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
        in.defaultReadObject();
        byte[] secret = secretForCheck();
        if (getKind() == null || secret == null || publicKey == null || secret.length != Sm9.SCALAR_LENGTH
                || publicKey.getKind() != getKind()) {
            throw new InvalidObjectException("malformed SM9 master private key");
        }
        try {
            of(getKind(), secret, publicKey.getPoint());
        } catch (InvalidKeySpecException e) {
            throw new InvalidObjectException(e.getMessage());
        }
    }
}
