package org.shangmi.core.sm2;

import java.util.Arrays;

/**
 * A point of sm2p256v1 in Jacobian coordinates (X : Y : Z), standing for the affine point
 * (X/Z², Y/Z³); any point with Z = 0 is the identity, which {@link #setIdentity} writes as
 * (0 : 1 : 0). Coordinates are {@link Sm2Field}
 * elements. Mutable, so that {@link Sm2Curve} can work without allocating.
 */
public final class Sm2Point {

    final long[] x = Sm2Field.create();
    final long[] y = Sm2Field.create();
    final long[] z = Sm2Field.create();

    /** A new point, the identity. */
    public Sm2Point() {
        setIdentity();
    }

    public void setIdentity() {
        Sm2Field.setZero(x);
        Sm2Field.setOne(y);
        Sm2Field.setZero(z);
    }

    public void set(Sm2Point other) {
        System.arraycopy(other.x, 0, x, 0, Sm2Field.LIMBS);
        System.arraycopy(other.y, 0, y, 0, Sm2Field.LIMBS);
        System.arraycopy(other.z, 0, z, 0, Sm2Field.LIMBS);
    }

    /** Whether this is the identity (Z = 0). */
    public boolean isIdentity() {
        return Sm2Field.isZero(z);
    }

    /** Becomes {@code other} if {@code choose} is 1, stays if 0, without branching on it. */
    void conditionalCopy(Sm2Point other, int choose) {
        Sm2Field.conditionalCopy(x, other.x, choose);
        Sm2Field.conditionalCopy(y, other.y, choose);
        Sm2Field.conditionalCopy(z, other.z, choose);
    }

    /** Overwrites the coordinates with zeros (not a valid point until set again). */
    public void wipe() {
        Arrays.fill(x, 0);
        Arrays.fill(y, 0);
        Arrays.fill(z, 0);
    }
}
