package org.shangmi.core.sm2;

import java.util.Arrays;
import java.util.Objects;

/**
 * Elliptic-curve Diffie-Hellman on sm2p256v1: the shared secret is the x-coordinate of d·Q. This
 * is the key exchange of TLS 1.3's curveSM2 group (RFC 8998, section 3.4), not the SM2 key
 * exchange protocol of GB/T 32918.3 ({@link Sm2KeyExchange}).
 *
 * <p>Constant time in the private key: the multiplication is {@link Sm2Curve#multiply}. The peer's
 * point is public and is checked to lie on the curve (whose order is prime, so every point on it
 * other than the identity generates the group). An instance wipes its workspace after each call
 * and is not thread-safe.
 */
public final class Sm2Ecdh {

    /** Bytes of the shared secret: one affine coordinate. */
    public static final int SECRET_BYTES = 32;

    private final Sm2Curve curve = new Sm2Curve();
    private final Sm2OrderField order = new Sm2OrderField();
    private final Sm2Point peer = new Sm2Point();
    private final Sm2Point shared = new Sm2Point();
    private final long[] scalar = Sm2OrderField.create();
    private final byte[] affine = new byte[2 * SECRET_BYTES];

    /**
     * Writes x(d·Q) ({@link #SECRET_BYTES} bytes) to {@code out} from {@code off}.
     *
     * @param privateKey d, 32 bytes big-endian, in [1, n − 1]
     * @param peerPublicKey Q, affine x || y (64 bytes)
     * @throws IllegalArgumentException if d is out of range or Q is not a point of the curve
     */
    public void agree(byte[] privateKey, byte[] peerPublicKey, byte[] out, int off) {
        Objects.checkFromIndexSize(off, SECRET_BYTES, out.length);
        try {
            if (!order.decodeScalar(privateKey, scalar)) {
                throw new IllegalArgumentException("SM2 private key must lie in [1, n - 1]");
            }
            if (peerPublicKey.length != 2 * SECRET_BYTES || !curve.fromAffine(peer, peerPublicKey, 0)) {
                throw new IllegalArgumentException("the peer's key is not a point of sm2p256v1");
            }
            curve.multiply(shared, peer, privateKey, 0);
            // d in [1, n − 1] and Q of order n: d·Q is never the identity
            curve.toAffine(shared, affine, 0);
            System.arraycopy(affine, 0, out, off, SECRET_BYTES);
        } finally {
            Arrays.fill(scalar, 0);
            Arrays.fill(affine, (byte) 0);
            shared.wipe();
            peer.wipe();
            curve.wipe();
            order.wipe();
        }
    }
}
