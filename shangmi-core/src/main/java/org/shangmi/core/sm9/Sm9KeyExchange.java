package org.shangmi.core.sm9;

import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Objects;
import java.util.function.Supplier;
import org.shangmi.core.sm3.Sm3;
import org.shangmi.core.util.ConstantTime;

/**
 * SM9 key exchange (GB/T 38635.2 clause 7) for one party: the initiator A and the responder B
 * each send R = [r]Q_peer, compute g1, g2, g3 and SK = KDF(IDA || IDB || RA || RB || g1 || g2 || g3),
 * and may confirm with SB = SM3(0x82 || g1 || SM3(g2 || g3 || IDA || IDB || RA || RB)) from B and
 * SA (the same with 0x83) from A.
 *
 * <p>Use: {@link #ephemeral} (send the result), then {@link #agree} with the peer's R; then the
 * responder sends {@link #responderConfirmation()} and checks A's with
 * {@link #checkInitiatorConfirmation}, and the initiator the other way round. Points in the KDF
 * and hashes are x || y (64 bytes), as GmSSL and gmsm write them.
 *
 * <p>Constant time in r, the user key and g1..g3; the confirmation values are compared in
 * constant time. Not thread-safe; {@link #destroy} wipes the secrets.
 */
public final class Sm9KeyExchange {

    private final Sm9MasterPoint master;
    private final byte[] userKey;
    private final byte[] idA;
    private final byte[] idB;
    private final boolean initiator;
    private final byte hid;
    private byte[] r;
    private byte[] ownR;
    private byte[] peerR;
    private byte[] g123; // g1 || g2 || g3, 3 × 384 bytes

    /**
     * One party of an exchange between {@code ownId} and {@code peerId}, with this party's user
     * key de (129 bytes, extracted with {@code hid}) under the encryption master key.
     */
    public Sm9KeyExchange(Sm9MasterPoint master, byte[] userKey, byte[] ownId, byte[] peerId, byte hid,
            boolean initiator) {
        Sm9.requireKind(master, Sm9MasterPoint.Kind.ENCRYPT);
        Objects.requireNonNull(userKey, "userKey");
        Objects.requireNonNull(ownId, "ownId");
        Objects.requireNonNull(peerId, "peerId");
        Sm9.checkG2(userKey, "user key de"); // refuse a bad key at once
        this.master = master;
        this.userKey = userKey.clone();
        this.idA = (initiator ? ownId : peerId).clone();
        this.idB = (initiator ? peerId : ownId).clone();
        this.initiator = initiator;
        this.hid = hid;
    }

    /** Draws r and returns this party's R = [r]Q_peer (65 bytes, 04 || x || y) to send. */
    public byte[] ephemeral(SecureRandom random) {
        Objects.requireNonNull(random, "random");
        return ephemeral(() -> Sm9.randomScalar(random));
    }

    /** {@link #ephemeral(SecureRandom)} with r from {@code nonces}: the standard's example prints r. */
    byte[] ephemeral(Supplier<byte[]> nonces) {
        return useEphemeral(nonces.get());
    }

    /**
     * Takes r, made beforehand (a scalar in [1, N − 1], copied), and returns this party's
     * R = [r]Q_peer: for callers that keep the ephemeral key apart from the exchange.
     */
    public byte[] useEphemeral(byte[] r) {
        if (this.r != null) {
            throw new IllegalStateException("the ephemeral key was already made");
        }
        if (!Sm9.isScalar(r)) {
            throw new IllegalArgumentException("the ephemeral scalar must be 32 bytes in [1, N - 1]");
        }
        this.r = r.clone();
        ownR = ephemeralPoint(master, initiator ? idB : idA, hid, this.r);
        return ownR.clone();
    }

    /** R = [r]Q for Q = [H1(peerId || hid)]P1 + Ppub-e: the point a party sends to {@code peerId}. */
    public static byte[] ephemeralPoint(Sm9MasterPoint master, byte[] peerId, byte hid, byte[] r) {
        G1Curve curve = new G1Curve();
        long[] q = Sm9.userPoint(curve, master, peerId, hid);
        long[] point = new long[curve.size];
        curve.mul(point, 0, q, 0, r);
        curve.wipe();
        return Sm9Points.encodeG1(curve, point);
    }

    /**
     * Takes the peer's R (65 or 64 bytes) and returns the shared key of {@code keyLength} bytes.
     *
     * @throws IllegalArgumentException if the peer's R is not a point of G1
     */
    public byte[] agree(byte[] peer, int keyLength) {
        if (r == null) {
            throw new IllegalStateException("make the ephemeral key first");
        }
        if (g123 != null) {
            throw new IllegalStateException("the exchange is done; start a new one");
        }
        if (keyLength < 1) {
            throw new IllegalArgumentException("key length must be positive: " + keyLength);
        }
        long[] peerPoint = Sm9Points.decodeG1(peer, 0, peer.length, "peer's R");
        peerR = new byte[Sm9.G1_LENGTH];
        peerR[0] = 0x04;
        System.arraycopy(peer, peer.length - 64, peerR, 1, 64);
        long[] de = Sm9Points.decodeG2(userKey, 0, userKey.length, "user key de");
        Tower tower = new Tower();
        long[] fixed = new long[Tower.FP12];   // e(Ppub-e, P2)^r
        long[] paired = new long[Tower.FP12];  // e(R_peer, de)
        long[] third = new long[Tower.FP12];   // e(R_peer, de)^r
        try {
            tower.pow12(fixed, 0, master.pairingValue(), 0, r);
            new Pairing().pair(paired, 0, peerPoint, 0, de, 0);
            tower.pow12(third, 0, paired, 0, r);
            g123 = new byte[3 * Sm9.GT_LENGTH];
            // A: g1 = e(Ppub-e, P2)^rA, g2 = e(RB, deA); B: g1 = e(RA, deB), g2 = e(Ppub-e, P2)^rB
            Tower.encode12(initiator ? fixed : paired, 0, g123, 0);
            Tower.encode12(initiator ? paired : fixed, 0, g123, Sm9.GT_LENGTH);
            Tower.encode12(third, 0, g123, 2 * Sm9.GT_LENGTH);
            byte[] z = concat(idA, idB, xy(ra()), xy(rb()), g123);
            byte[] key = new byte[keyLength];
            new org.shangmi.core.kdf.Sm3Kdf().derive(z, 0, z.length, key, 0, keyLength);
            Arrays.fill(z, (byte) 0);
            return key;
        } finally {
            Arrays.fill(de, 0);
            Arrays.fill(fixed, 0);
            Arrays.fill(paired, 0);
            Arrays.fill(third, 0);
            tower.wipe();
        }
    }

    /** g1 || g2 || g3 once agreed (for the standard's example, which prints them). */
    byte[] sharedValues() {
        return g123.clone();
    }

    /** SB, which the responder sends and the initiator checks. */
    public byte[] responderConfirmation() {
        return confirmation((byte) 0x82);
    }

    /** SA, which the initiator sends and the responder checks. */
    public byte[] initiatorConfirmation() {
        return confirmation((byte) 0x83);
    }

    /** Whether the responder's SB matches (constant time). */
    public boolean checkResponderConfirmation(byte[] sb) {
        return matches(responderConfirmation(), sb);
    }

    /** Whether the initiator's SA matches (constant time). */
    public boolean checkInitiatorConfirmation(byte[] sa) {
        return matches(initiatorConfirmation(), sa);
    }

    private static boolean matches(byte[] expected, byte[] received) {
        return received != null && received.length == expected.length
                && ConstantTime.equals(expected, 0, received, 0, expected.length);
    }

    private byte[] confirmation(byte tag) {
        if (g123 == null) {
            throw new IllegalStateException("agree on the key first");
        }
        Sm3 inner = new Sm3();
        inner.update(g123, Sm9.GT_LENGTH, 2 * Sm9.GT_LENGTH); // g2 || g3
        inner.update(idA, 0, idA.length);
        inner.update(idB, 0, idB.length);
        inner.update(ra(), 1, 64);
        inner.update(rb(), 1, 64);
        byte[] innerHash = inner.digest();
        Sm3 outer = new Sm3();
        outer.update(tag);
        outer.update(g123, 0, Sm9.GT_LENGTH);
        outer.update(innerHash, 0, innerHash.length);
        return outer.digest();
    }

    private byte[] ra() {
        return initiator ? ownR : peerR;
    }

    private byte[] rb() {
        return initiator ? peerR : ownR;
    }

    private static byte[] xy(byte[] point) {
        return Arrays.copyOfRange(point, 1, point.length);
    }

    private static byte[] concat(byte[]... parts) {
        int length = 0;
        for (byte[] part : parts) {
            length += part.length;
        }
        byte[] out = new byte[length];
        int at = 0;
        for (byte[] part : parts) {
            System.arraycopy(part, 0, out, at, part.length);
            at += part.length;
        }
        return out;
    }

    /** Wipes r, the user key and g1..g3. */
    public void destroy() {
        if (r != null) {
            Arrays.fill(r, (byte) 0);
        }
        if (g123 != null) {
            Arrays.fill(g123, (byte) 0);
        }
        Arrays.fill(userKey, (byte) 0);
    }
}
