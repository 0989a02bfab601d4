package org.shangmi.provider;

import java.io.IOException;
import java.io.InvalidObjectException;
import java.io.ObjectInputStream;
import java.security.PublicKey;
import java.util.Arrays;
import java.util.HexFormat;
import org.shangmi.core.sm9.Sm9;

/**
 * One party's ephemeral point R of an SM9 key exchange, 04 || x || y (65 bytes), which it sends
 * to its peer. {@link #of(byte[])} reads one received from the peer (GmSSL and gmsm send these
 * 65 bytes) and checks that it is a point of G1.
 */
public final class Sm9EphemeralPublicKey implements PublicKey {

    private static final long serialVersionUID = 1L;

    private final byte[] point;

    private Sm9EphemeralPublicKey(byte[] point) {
        this.point = point.clone();
    }

    /**
     * The peer's R: 65 bytes (04 || x || y) or 64 (x || y).
     *
     * @throws IllegalArgumentException if it is not a point of G1
     */
    public static Sm9EphemeralPublicKey of(byte[] point) {
        Sm9.checkG1(point, "SM9 ephemeral point R");
        byte[] full = point;
        if (point.length == 64) {
            full = new byte[Sm9.G1_LENGTH];
            full[0] = 0x04;
            System.arraycopy(point, 0, full, 1, 64);
        }
        return new Sm9EphemeralPublicKey(full);
    }

    /** R as 04 || x || y. */
    public byte[] getPoint() {
        return point.clone();
    }

    @Override
    public String getAlgorithm() {
        return "SM9";
    }

    @Override
    public String getFormat() {
        return "RAW";
    }

    /** R as 04 || x || y, the 65 bytes to send. */
    @Override
    public byte[] getEncoded() {
        return point.clone();
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Sm9EphemeralPublicKey key && Arrays.equals(key.point, point);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(point);
    }

    @Override
    public String toString() {
        return "SM9 ephemeral point " + HexFormat.of().formatHex(point);
    }

    private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
        in.defaultReadObject();
        try {
            Sm9.checkG1(point, "SM9 ephemeral point R");
        } catch (IllegalArgumentException | NullPointerException e) {
            throw new InvalidObjectException("not an SM9 ephemeral point");
        }
    }
}
