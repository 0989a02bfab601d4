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
 * An SM9 user private key as the KGC issues it: for signing, ds in G1; for decryption, key
 * decapsulation and key exchange, de in G2; with the master public key it was issued under (as
 * GmSSL keeps it). The identity is not part of the key or its encoding: operations that need it
 * take it as a parameter. Encoded as PKCS#8 as GmSSL writes it; {@link #destroy()} wipes it.
 */
public final class Sm9UserPrivateKey extends Sm9PrivateKeyBase {

    private static final long serialVersionUID = 2L;

    private final Sm9MasterPublicKey master;

    private Sm9UserPrivateKey(Sm9KeyKind kind, byte[] point, Sm9MasterPublicKey master) {
        super(kind, point);
        this.master = master;
    }

    /** A key just extracted by the KGC's code: already a valid point. */
    static Sm9UserPrivateKey extracted(Sm9KeyKind kind, byte[] point, Sm9MasterPublicKey master) {
        return new Sm9UserPrivateKey(kind, point, master);
    }

    /** A key read from an encoding: the point is checked (G1 for signing, G2 with its subgroup otherwise). */
    static Sm9UserPrivateKey of(Sm9KeyKind kind, byte[] point, Sm9MasterPoint master)
            throws InvalidKeySpecException {
        check(kind, point);
        return new Sm9UserPrivateKey(kind, point, new Sm9MasterPublicKey(kind, master));
    }

    private static void check(Sm9KeyKind kind, byte[] point) throws InvalidKeySpecException {
        int expected = kind == Sm9KeyKind.SIGN ? Sm9.G1_LENGTH : Sm9.G2_LENGTH;
        if (point.length != expected) {
            throw new InvalidKeySpecException("an SM9 " + Sm9Keys.name(kind) + " user key is a point of "
                    + expected + " bytes, not " + point.length);
        }
        try {
            if (kind == Sm9KeyKind.SIGN) {
                Sm9.checkG1(point, "SM9 signing key ds");
            } else {
                Sm9.checkG2(point, "SM9 user key de");
            }
        } catch (IllegalArgumentException e) {
            throw new InvalidKeySpecException(e.getMessage());
        }
    }

    /** The master public key this key was issued under. */
    public Sm9MasterPublicKey getMasterPublicKey() {
        return master;
    }

    /** A copy of the point, taken atomically with respect to {@link #destroy}; the caller wipes it. */
    byte[] pointCopy() {
        return secretBytes();
    }

    @Override
    String describe() {
        return "SM9 user private key";
    }

    @Override
    public byte[] getEncoded() {
        byte[] copy = pointCopy();
        try {
            return Sm9Keys.encodeUserPkcs8(getKind(), copy, master.getPoint());
        } finally {
            Arrays.fill(copy, (byte) 0);
        }
    }

    @Override
    public boolean equals(Object other) {
        return sameSecret(other) && ((Sm9UserPrivateKey) other).master.equals(master);
    }

    @Override
    public int hashCode() {
        return master.hashCode(); // public data only
    }

    @Override
    public String toString() {
        return isDestroyed() ? "SM9 user private key (destroyed)"
                : "SM9 " + Sm9Keys.name(getKind()) + " user private key under " + master;
    }

    private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
        in.defaultReadObject();
        byte[] point = secretForCheck();
        if (getKind() == null || point == null || master == null || master.getKind() != getKind()) {
            throw new InvalidObjectException("malformed SM9 user private key");
        }
        try {
            check(getKind(), point);
        } catch (InvalidKeySpecException e) {
            throw new InvalidObjectException(e.getMessage());
        }
    }
}
