package org.shangmi.provider;

import java.io.IOException;
import java.io.InvalidObjectException;
import java.io.ObjectInputStream;
import java.security.PublicKey;
import java.security.spec.InvalidKeySpecException;
import java.util.HexFormat;
import org.shangmi.core.sm9.Sm9MasterPoint;
import org.shangmi.provider.spec.Sm9KeyKind;

/**
 * An SM9 master public key: Ppub-s (a G2 point) of a signature master key or Ppub-e (a G1
 * point) of an encryption master key. Encoded as X.509 SubjectPublicKeyInfo under algorithm sm9
 * with parameter sm9sign or sm9encrypt; {@code KeyFactory "SM9"} also writes GmSSL's DER and PEM.
 * The pairing value every operation under it needs is computed once and kept with the key.
 */
public final class Sm9MasterPublicKey implements PublicKey {

    private static final long serialVersionUID = 1L;

    private final Sm9KeyKind kind;
    private final byte[] point;
    private transient volatile Sm9MasterPoint master;

    Sm9MasterPublicKey(Sm9KeyKind kind, Sm9MasterPoint master) {
        this.kind = kind;
        this.point = master.encoded();
        this.master = master;
    }

    /** Whether this is a signature or an encryption master key. */
    public Sm9KeyKind getKind() {
        return kind;
    }

    /** The point, 04 || x || y: 129 bytes for a signature master key, 65 for an encryption one. */
    public byte[] getPoint() {
        return point.clone();
    }

    Sm9MasterPoint master() {
        Sm9MasterPoint result = master;
        if (result == null) {
            result = Sm9MasterPoint.decode(Sm9Keys.core(kind), point); // checked when deserialised
            master = result;
        }
        return result;
    }

    @Override
    public String getAlgorithm() {
        return "SM9";
    }

    @Override
    public String getFormat() {
        return "X.509";
    }

    @Override
    public byte[] getEncoded() {
        return Sm9Keys.encodeX509(kind, point);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Sm9MasterPublicKey key && key.kind == kind && java.util.Arrays.equals(key.point, point);
    }

    @Override
    public int hashCode() {
        return java.util.Arrays.hashCode(point);
    }

    @Override
    public String toString() {
        return "SM9 " + Sm9Keys.name(kind) + " master public key " + HexFormat.of().formatHex(point);
    }

    private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
        in.defaultReadObject();
        if (kind == null || point == null) {
            throw new InvalidObjectException("an SM9 master public key needs its kind and point");
        }
        try {
            master = Sm9Keys.masterPoint(kind, point);
        } catch (InvalidKeySpecException e) {
            throw new InvalidObjectException(e.getMessage());
        }
    }
}
