package org.shangmi.provider.spec;

import java.security.spec.AlgorithmParameterSpec;

/**
 * The inputs of 3GPP's 128-EEA3 and 128-EIA3 (GM/T 0001.2 and 0001.3): COUNT, BEARER, DIRECTION
 * and, optionally, the message's LENGTH in bits. Given to {@code Cipher "ZUC-128"} it makes
 * 128-EEA3; given to {@code Mac "ZUC-128"}, 128-EIA3. The two derive different ZUC IVs from the
 * same fields, so one spec serves both.
 *
 * <p>With a bit length, the cipher and the MAC take exactly ⌈LENGTH/8⌉ bytes: the MAC ignores
 * the bits past LENGTH in the last byte, and the cipher writes them as zeros (as the standards'
 * examples print them). Without one, whole bytes count.
 */
public final class Zuc3gppParameterSpec implements AlgorithmParameterSpec {

    /** The largest LENGTH: 2^32 bits, the frame bound of 128-EEA3. */
    public static final long MAX_LENGTH_BITS = 1L << 32;

    private final int count;
    private final int bearer;
    private final int direction;
    private final long lengthBits;

    /**
     * A spec for whole-byte messages.
     *
     * @param count COUNT, all 32 bits (an {@code int} read as unsigned)
     * @param bearer BEARER, 0 to 31
     * @param direction DIRECTION, 0 or 1
     */
    public Zuc3gppParameterSpec(int count, int bearer, int direction) {
        this(count, bearer, direction, -1);
    }

    /**
     * A spec for a message of {@code lengthBits} bits (0 to 2^32).
     *
     * @throws IllegalArgumentException if a field is out of its range
     */
    public Zuc3gppParameterSpec(int count, int bearer, int direction, long lengthBits) {
        if (bearer < 0 || bearer > 31) {
            throw new IllegalArgumentException("BEARER has 5 bits: 0 to 31, not " + bearer);
        }
        if (direction != 0 && direction != 1) {
            throw new IllegalArgumentException("DIRECTION is 0 or 1, not " + direction);
        }
        if (lengthBits < -1 || lengthBits > MAX_LENGTH_BITS) {
            throw new IllegalArgumentException("LENGTH is 0 to 2^32 bits, not " + lengthBits);
        }
        this.count = count;
        this.bearer = bearer;
        this.direction = direction;
        this.lengthBits = lengthBits;
    }

    public int getCount() {
        return count;
    }

    public int getBearer() {
        return bearer;
    }

    public int getDirection() {
        return direction;
    }

    /** The message's length in bits, or -1 when whole bytes count. */
    public long getLengthBits() {
        return lengthBits;
    }
}
