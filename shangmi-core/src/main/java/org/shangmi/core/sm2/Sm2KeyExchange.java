package org.shangmi.core.sm2;

import java.util.Arrays;
import java.util.Objects;
import org.shangmi.core.kdf.Sm3Kdf;
import org.shangmi.core.sm3.Sm3;

/**
 * The SM2 key exchange of GB/T 32918.3-2016 on sm2p256v1, for one party: from its static and
 * ephemeral private keys and the peer's static and ephemeral public keys, the shared point
 * (x, y) = t·(P_peer + x̄_peer·R_peer) with t = d + x̄_own·r (mod n), the shared key
 * KDF(x || y || Z_A || Z_B), and the two confirmation values of the standard.
 *
 * <p>Both parties compute the same point, so both get the same pair of confirmations:
 * {@code S = SM3(0x02 || y || SM3(x || Z_A || Z_B || x1 || y1 || x2 || y2))}, which the
 * responder sends (S_B) and the initiator checks, and the same with 0x03, which the initiator
 * sends (S_A) and the responder checks. (x1, y1) is the initiator's ephemeral key, (x2, y2)
 * the responder's; Z_A is always the initiator's, Z_B the responder's.
 *
 * <p>Constant time in the private keys. An instance owns its workspaces and is not thread-safe.
 * Keys are 32-byte scalars and 64-byte affine x || y, as in {@link Sm2Signer}.
 */
public final class Sm2KeyExchange {

    /** Bytes of each confirmation value. */
    public static final int CONFIRMATION_BYTES = 32;

    private final Sm2Curve curve = new Sm2Curve();
    private final Sm2OrderField order = new Sm2OrderField();
    private final Sm2Point peerStatic = new Sm2Point();
    private final Sm2Point peerEphemeral = new Sm2Point();
    private final Sm2Point shared = new Sm2Point();
    private final long[] t = Sm2OrderField.create();
    private final long[] xBar = Sm2OrderField.create();
    private final byte[] scalar = new byte[32];
    private final byte[] point = new byte[64];
    private final byte[] inner = new byte[32];
    private final byte[] kdfInput = new byte[128];
    private final Sm3 sm3 = new Sm3();
    private final Sm3Kdf kdf = new Sm3Kdf();

    /**
     * Computes the shared key ({@code key.length} bytes) and writes the 0x02 and 0x03
     * confirmation values to {@code confirmation02} and {@code confirmation03} (32 bytes each).
     *
     * @param initiator whether this party is A, the initiator
     * @param ownEphemeralPublic r·G for {@code ownEphemeralPrivate}, which the caller already sent
     * @param zInitiator Z_A, the initiator's identity hash; {@code zResponder} Z_B likewise
     * @return false if a peer key is not a point of the curve or the shared point is the
     *         identity (the exchange must then be abandoned); the outputs are then zeros
     * @throws IllegalArgumentException if a private key is not in [1, n − 1]
     */
    public boolean agree(boolean initiator, byte[] ownStaticPrivate, byte[] ownEphemeralPrivate,
            byte[] ownEphemeralPublic, byte[] peerStaticPublic, byte[] peerEphemeralPublic,
            byte[] zInitiator, byte[] zResponder, byte[] key, byte[] confirmation02, byte[] confirmation03) {
        Objects.checkFromIndexSize(0, 64, ownEphemeralPublic.length);
        Objects.checkFromIndexSize(0, 32, zInitiator.length);
        Objects.checkFromIndexSize(0, 32, zResponder.length);
        Objects.checkFromIndexSize(0, CONFIRMATION_BYTES, confirmation02.length);
        Objects.checkFromIndexSize(0, CONFIRMATION_BYTES, confirmation03.length);
        try {
            // t = d + x̄_own·r (mod n)
            loadPrivate(ownEphemeralPrivate, t);
            setXBar(ownEphemeralPublic);
            order.mul(t, xBar, t);
            loadPrivate(ownStaticPrivate, xBar);
            order.add(t, t, xBar);

            if (peerStaticPublic.length != 64 || peerEphemeralPublic.length != 64
                    || !curve.fromAffine(peerStatic, peerStaticPublic, 0)
                    || !curve.fromAffine(peerEphemeral, peerEphemeralPublic, 0)) {
                return fail(key, confirmation02, confirmation03);
            }
            // shared = t·(P_peer + x̄_peer·R_peer); x̄_peer is public
            setXBar(peerEphemeralPublic);
            order.encode(xBar, scalar, 0);
            curve.multiply(shared, peerEphemeral, scalar, 0);
            curve.add(shared, shared, peerStatic);
            order.encode(t, scalar, 0);
            curve.multiply(shared, shared, scalar, 0);
            if (!curve.toAffine(shared, point, 0)) {
                return fail(key, confirmation02, confirmation03);
            }

            System.arraycopy(point, 0, kdfInput, 0, 64);
            System.arraycopy(zInitiator, 0, kdfInput, 64, 32);
            System.arraycopy(zResponder, 0, kdfInput, 96, 32);
            kdf.derive(kdfInput, 0, 128, key, 0, key.length);

            byte[] initiatorEphemeral = initiator ? ownEphemeralPublic : peerEphemeralPublic;
            byte[] responderEphemeral = initiator ? peerEphemeralPublic : ownEphemeralPublic;
            sm3.update(point, 0, 32);
            sm3.update(zInitiator, 0, 32);
            sm3.update(zResponder, 0, 32);
            sm3.update(initiatorEphemeral, 0, 64);
            sm3.update(responderEphemeral, 0, 64);
            sm3.digest(inner, 0);
            confirmation(0x02, confirmation02);
            confirmation(0x03, confirmation03);
            return true;
        } finally {
            Arrays.fill(t, 0);
            Arrays.fill(xBar, 0);
            Arrays.fill(scalar, (byte) 0);
            Arrays.fill(point, (byte) 0);
            Arrays.fill(inner, (byte) 0);
            Arrays.fill(kdfInput, (byte) 0);
            shared.wipe();
        }
    }

    /** x̄ = 2^127 + (x mod 2^127) for the point x || y: the low 127 bits of x with bit 127 set. */
    private void setXBar(byte[] publicPoint) {
        Arrays.fill(scalar, 0, 16, (byte) 0);
        System.arraycopy(publicPoint, 16, scalar, 16, 16);
        scalar[16] |= (byte) 0x80;
        order.decode(scalar, 0, xBar);
    }

    private void loadPrivate(byte[] privateKey, long[] into) {
        if (!order.decodeScalar(privateKey, into)) {
            throw new IllegalArgumentException("SM2 private key must lie in [1, n - 1]");
        }
    }

    private void confirmation(int prefix, byte[] out) {
        sm3.update((byte) prefix);
        sm3.update(point, 32, 32);
        sm3.update(inner, 0, 32);
        sm3.digest(out, 0);
    }

    private static boolean fail(byte[] key, byte[] confirmation02, byte[] confirmation03) {
        Arrays.fill(key, (byte) 0);
        Arrays.fill(confirmation02, 0, CONFIRMATION_BYTES, (byte) 0);
        Arrays.fill(confirmation03, 0, CONFIRMATION_BYTES, (byte) 0);
        return false;
    }
}
