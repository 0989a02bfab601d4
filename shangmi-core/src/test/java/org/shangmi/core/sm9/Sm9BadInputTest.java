package org.shangmi.core.sm9;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Inputs an SM9 implementation must refuse: points off the curves, outside G2's subgroup, with
 * coordinates of p or more, compressed or of the wrong length, the point at infinity (which has
 * no encoding, and which a crafted master key can make of a verifier's point), h of 0 or N and
 * more, altered and truncated ciphertexts, master secrets out of range, and an identity whose
 * t1 is 0.
 */
class Sm9BadInputTest {

    private static final BigInteger P = Sm9ArithmeticTest.P;
    private static final BigInteger N = Sm9ArithmeticTest.N;
    private static final byte[] ALICE = "Alice".getBytes(StandardCharsets.US_ASCII);
    private final Random random = new Random(0x5139);

    private static byte[] scalar(BigInteger k) {
        return Sm9Points.scalarVar(k);
    }

    private static byte[] with04(String hex) {
        return java.util.HexFormat.of().parseHex("04" + hex);
    }

    // ---- a square root in Fp (p = 5 mod 8 here, so Tonelli-Shanks in general form) and in Fp2

    private static BigInteger sqrtP(BigInteger a) {
        a = a.mod(P);
        if (a.signum() == 0) {
            return a;
        }
        if (!a.modPow(P.subtract(BigInteger.ONE).shiftRight(1), P).equals(BigInteger.ONE)) {
            return null;
        }
        BigInteger q = P.subtract(BigInteger.ONE);
        int s = q.getLowestSetBit();
        q = q.shiftRight(s);
        BigInteger z = BigInteger.TWO;
        while (z.modPow(P.subtract(BigInteger.ONE).shiftRight(1), P).equals(BigInteger.ONE)) {
            z = z.add(BigInteger.ONE);
        }
        BigInteger c = z.modPow(q, P);
        BigInteger r = a.modPow(q.add(BigInteger.ONE).shiftRight(1), P);
        BigInteger t = a.modPow(q, P);
        int m = s;
        while (!t.equals(BigInteger.ONE)) {
            int i = 0;
            BigInteger t2 = t;
            while (!t2.equals(BigInteger.ONE)) {
                t2 = t2.multiply(t2).mod(P);
                i++;
            }
            BigInteger b = c.modPow(BigInteger.ONE.shiftLeft(m - i - 1), P);
            r = r.multiply(b).mod(P);
            c = b.multiply(b).mod(P);
            t = t.multiply(c).mod(P);
            m = i;
        }
        return r;
    }

    /** A square root of a0 + a1·u in Fp2 (u² = −2), or null: through the norm a0² + 2a1². */
    private static BigInteger[] sqrtP2(BigInteger a0, BigInteger a1) {
        BigInteger s = sqrtP(a0.pow(2).add(a1.pow(2).shiftLeft(1)));
        if (s == null) {
            return null;
        }
        BigInteger half = BigInteger.TWO.modInverse(P);
        for (BigInteger t : new BigInteger[] {a0.add(s).multiply(half).mod(P), a0.subtract(s).multiply(half).mod(P)}) {
            BigInteger x0 = sqrtP(t);
            if (x0 != null && x0.signum() != 0) {
                return new BigInteger[] {x0, a1.multiply(x0.shiftLeft(1).modInverse(P)).mod(P)};
            }
        }
        return null;
    }

    private static String hex32(BigInteger v) {
        return String.format("%064x", v);
    }

    /** A point of the twist y² = x³ + 5u that is (with overwhelming probability) outside G2. */
    private byte[] twistPointOutsideG2() {
        while (true) {
            BigInteger x0 = new BigInteger(255, random);
            BigInteger x1 = new BigInteger(255, random);
            // x³ with u² = −2: (x0 + x1 u)³ = x0³ − 6 x0 x1² + (3 x0² x1 − 2 x1³) u
            BigInteger c0 = x0.pow(3).subtract(x0.multiply(x1.pow(2)).multiply(BigInteger.valueOf(6))).mod(P);
            BigInteger c1 = x0.pow(2).multiply(x1).multiply(BigInteger.valueOf(3)).subtract(x1.pow(3).shiftLeft(1))
                    .add(BigInteger.valueOf(5)).mod(P);
            BigInteger[] y = sqrtP2(c0, c1);
            if (y != null) {
                return with04(hex32(x1) + hex32(x0) + hex32(y[1]) + hex32(y[0]));
            }
        }
    }

    @Test
    void g2PointsOutsideTheSubgroupAreRefused() {
        byte[] point = twistPointOutsideG2();
        // on the twist, so only the subgroup check can refuse it
        long[] affine = new long[2 * Tower.FP2];
        Tower.decode2(point, 1, affine, 0);
        Tower.decode2(point, 65, affine, Tower.FP2);
        assertEquals(-1L, new G2Curve(new Tower()).isOnCurveMask(affine, 0, affine, Tower.FP2));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Sm9MasterPoint.decode(Sm9MasterPoint.Kind.SIGN, point));
        assertTrue(e.getMessage().contains("not in the order-N subgroup G2"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Sm9.checkG2(point, "user key de"));
        assertTrue(e.getMessage().startsWith("user key de: not in the order-N subgroup"), e.getMessage());
        // a decryption or decapsulation key outside G2 is refused before any pairing
        byte[] c = Sm9.encapsulate(Sm9.encryptMasterPublicKey(Sm9.randomScalar(new SecureRandom())), ALICE,
                Sm9.HID_ENCRYPT, 32, new SecureRandom()).encapsulation();
        assertThrows(IllegalArgumentException.class, () -> Sm9.decapsulate(point, ALICE, c, 0, c.length, 32));
    }

    @Test
    void malformedPointsAreRefusedWithTheReason() {
        byte[] p1 = with04(Sm9ArithmeticTest.P1);
        Sm9.checkG1(p1, "P1");
        Sm9.checkG2(with04(Sm9ArithmeticTest.P2), "P2");
        byte[] offCurve = p1.clone();
        offCurve[64] ^= 1;
        assertMessage("not a point of the SM9 curve", () -> Sm9.checkG1(offCurve, "R"));
        byte[] xTooLarge = p1.clone();
        System.arraycopy(scalar(P), 0, xTooLarge, 1, 32); // x = p, which reduces to 0 but is no coordinate
        assertMessage("not below p", () -> Sm9.checkG1(xTooLarge, "R"));
        byte[] compressed = Arrays.copyOf(p1, 65);
        compressed[0] = 0x02;
        assertMessage("only uncompressed points", () -> Sm9.checkG1(compressed, "R"));
        assertMessage("65 (04 || x || y) or 64", () -> Sm9.checkG1(Arrays.copyOf(p1, 33), "R"));
        // the point at infinity has no encoding; the zeros that might stand for it are not on the curves
        byte[] g1Zeros = new byte[65];
        g1Zeros[0] = 0x04;
        assertMessage("not a point of the SM9 curve", () -> Sm9.checkG1(g1Zeros, "R"));
        assertMessage("only uncompressed points", () -> Sm9.checkG1(new byte[65], "R"));
        byte[] zeros = new byte[129];
        zeros[0] = 0x04;
        assertMessage("not a point of the SM9 twist curve", () -> Sm9.checkG2(zeros, "de"));
        byte[] g2OffCurve = with04(Sm9ArithmeticTest.P2);
        g2OffCurve[128] ^= 1;
        assertMessage("not a point of the SM9 twist curve", () -> Sm9.checkG2(g2OffCurve, "de"));
    }

    private static void assertMessage(String part, org.junit.jupiter.api.function.Executable call) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, call);
        assertTrue(e.getMessage().contains(part), e.getMessage());
    }

    @Test
    void hOutOfRangeAndSNotInG1VerifyAsFalse() {
        SecureRandom rng = new SecureRandom();
        byte[] ks = Sm9.randomScalar(rng);
        Sm9MasterPoint master = Sm9.signMasterPublicKey(ks);
        byte[] ds = Sm9.signUserKey(ks, ALICE, Sm9.HID_SIGN);
        Sm9Signer signer = new Sm9Signer();
        byte[] message = "m".getBytes(StandardCharsets.US_ASCII);
        signer.update(message, 0, 1);
        Sm9Signer.Signature good = signer.sign(ds, master, rng);
        signer.update(message, 0, 1);
        assertTrue(signer.verify(master, ALICE, Sm9.HID_SIGN, good.h(), good.s()));
        BigInteger h = new BigInteger(1, good.h());
        for (BigInteger bad : new BigInteger[] {BigInteger.ZERO, N, h.add(N), BigInteger.ONE.shiftLeft(256).subtract(BigInteger.ONE)}) {
            if (bad.bitLength() > 256) {
                continue;
            }
            signer.update(message, 0, 1);
            assertFalse(signer.verify(master, ALICE, Sm9.HID_SIGN, scalar(bad), good.s()), "h = " + bad.toString(16));
        }
        signer.update(message, 0, 1);
        assertFalse(signer.verify(master, ALICE, Sm9.HID_SIGN, Arrays.copyOf(good.h(), 31), good.s()), "h of 31 bytes");
        byte[] sOff = good.s().clone();
        sOff[64] ^= 1;
        signer.update(message, 0, 1);
        assertFalse(signer.verify(master, ALICE, Sm9.HID_SIGN, good.h(), sOff));
        signer.update(message, 0, 1);
        assertFalse(signer.verify(master, ALICE, Sm9.HID_SIGN, good.h(), new byte[65]));
        // S = −S': a point of G1, still not the signature
        byte[] sNeg = good.s().clone();
        BigInteger y = new BigInteger(1, Arrays.copyOfRange(sNeg, 33, 65));
        System.arraycopy(scalar(P.subtract(y)), 0, sNeg, 33, 32);
        signer.update(message, 0, 1);
        assertFalse(signer.verify(master, ALICE, Sm9.HID_SIGN, good.h(), sNeg));
        // the signer still verifies a good signature after all that
        signer.update(message, 0, 1);
        assertTrue(signer.verify(master, ALICE, Sm9.HID_SIGN, good.h(), good.s()));
    }

    /** A master secret equal to −H1(ID) makes t1 = 0 for that ID, and Ppub + [H1]P2 the point at infinity. */
    @Test
    void theIdentityWhoseT1IsZero() {
        BigInteger h1 = new BigInteger(1, Sm9.h1(ALICE, Sm9.HID_SIGN));
        byte[] ks = scalar(N.subtract(h1));
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> Sm9.signUserKey(ks, ALICE, Sm9.HID_SIGN));
        assertTrue(e.getMessage().contains("generate a new master key"), e.getMessage());
        assertThrows(IllegalStateException.class, () -> Sm9.encryptUserKey(ks, ALICE, Sm9.HID_SIGN));
        // a verifier facing that master key: P = [H1]P2 + Ppub-s = O, so e(S, P) = 1 for every S; refused
        Sm9MasterPoint master = Sm9.signMasterPublicKey(ks);
        byte[] bobKey = Sm9.signUserKey(ks, "Bob".getBytes(StandardCharsets.US_ASCII), Sm9.HID_SIGN);
        Sm9Signer signer = new Sm9Signer();
        signer.update((byte) 1);
        Sm9Signer.Signature anything = signer.sign(bobKey, master, new SecureRandom());
        signer.update((byte) 1);
        assertFalse(signer.verify(master, ALICE, Sm9.HID_SIGN, anything.h(), anything.s()));
    }

    @Test
    void scalarsOutOfRangeAreRefused() {
        for (BigInteger bad : new BigInteger[] {BigInteger.ZERO, N, N.add(BigInteger.ONE),
                BigInteger.ONE.shiftLeft(256).subtract(BigInteger.ONE)}) {
            assertFalse(Sm9.isScalar(scalar(bad)), bad.toString(16));
            assertThrows(IllegalArgumentException.class, () -> Sm9.signMasterPublicKey(scalar(bad)));
            assertThrows(IllegalArgumentException.class, () -> Sm9.encryptUserKey(scalar(bad), ALICE, Sm9.HID_ENCRYPT));
        }
        assertTrue(Sm9.isScalar(scalar(BigInteger.ONE)));
        assertTrue(Sm9.isScalar(scalar(N.subtract(BigInteger.ONE))));
        assertFalse(Sm9.isScalar(new byte[31]));
    }

    @Test
    void alteredAndTruncatedCiphertextsAreRefused() {
        SecureRandom rng = new SecureRandom();
        byte[] ke = Sm9.randomScalar(rng);
        Sm9MasterPoint master = Sm9.encryptMasterPublicKey(ke);
        byte[] de = Sm9.encryptUserKey(ke, ALICE, Sm9.HID_ENCRYPT);
        byte[] message = "attack at dawn".getBytes(StandardCharsets.US_ASCII);
        for (Sm9Encryption.Cipher cipher : Sm9Encryption.Cipher.values()) {
            for (Sm9Encryption.Mac mac : Sm9Encryption.Mac.values()) {
                Sm9Encryption.Ciphertext ct = Sm9Encryption.encrypt(master, ALICE, Sm9.HID_ENCRYPT, message, 0, message.length,
                        cipher, mac, rng);
                assertArrayEquals(message, Sm9Encryption.decrypt(de, ALICE, ct, cipher, mac));
                for (int i = 0; i < ct.c2().length; i++) {
                    byte[] c2 = ct.c2().clone();
                    c2[i] ^= (byte) (1 << (i % 8));
                    Sm9Encryption.Ciphertext altered = new Sm9Encryption.Ciphertext(ct.c1(), ct.c3(), c2);
                    assertThrows(Sm9Encryption.BadTagException.class, () -> Sm9Encryption.decrypt(de, ALICE, altered, cipher, mac));
                }
                byte[] c3 = ct.c3().clone();
                c3[31] ^= 0x80;
                assertThrows(Sm9Encryption.BadTagException.class, () -> Sm9Encryption.decrypt(de, ALICE,
                        new Sm9Encryption.Ciphertext(ct.c1(), c3, ct.c2()), cipher, mac));
                Sm9Encryption.Ciphertext truncated = new Sm9Encryption.Ciphertext(ct.c1(), ct.c3(),
                        Arrays.copyOf(ct.c2(), ct.c2().length - (cipher == Sm9Encryption.Cipher.XOR ? 1 : 16)));
                assertThrows(IllegalArgumentException.class, () -> Sm9Encryption.decrypt(de, ALICE, truncated, cipher, mac));
                assertThrows(Sm9Encryption.BadTagException.class, () -> Sm9Encryption.decrypt(de, "Bob".getBytes(
                        StandardCharsets.US_ASCII), ct, cipher, mac));
                // the other MAC
                Sm9Encryption.Mac other = mac == Sm9Encryption.Mac.SM3 ? Sm9Encryption.Mac.HMAC_SM3 : Sm9Encryption.Mac.SM3;
                assertThrows(Sm9Encryption.BadTagException.class, () -> Sm9Encryption.decrypt(de, ALICE, ct, cipher, other));
            }
        }
        // SM4 lengths that cannot be SM4 output are refused before any work
        Sm9Encryption.Ciphertext ct = Sm9Encryption.encrypt(master, ALICE, Sm9.HID_ENCRYPT, message, 0, message.length,
                Sm9Encryption.Cipher.SM4_CBC, Sm9Encryption.Mac.SM3, rng);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Sm9Encryption.decrypt(de, ALICE,
                new Sm9Encryption.Ciphertext(ct.c1(), ct.c3(), Arrays.copyOf(ct.c2(), 16)), Sm9Encryption.Cipher.SM4_CBC,
                Sm9Encryption.Mac.SM3));
        assertTrue(e.getMessage().contains("cannot be SM4"), e.getMessage());
    }
}
