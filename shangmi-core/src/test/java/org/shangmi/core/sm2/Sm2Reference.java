package org.shangmi.core.sm2;

import java.io.ByteArrayOutputStream;
import java.math.BigInteger;
import org.bouncycastle.crypto.Digest;
import org.bouncycastle.crypto.digests.SHA256Digest;
import org.bouncycastle.crypto.digests.SM3Digest;
import org.shangmi.core.testing.Vectors;

/**
 * SM2 signing, encryption and key exchange written straight from GB/T 32918 on any 256-bit
 * prime curve, over {@link AffineReference} and Bouncy Castle's digests: slow, variable time,
 * for tests only. It runs the standard's annex examples, whose test curve our engine cannot
 * take, and is itself checked against the engine on sm2p256v1.
 */
record Sm2Reference(AffineReference curve, BigInteger[] g, BigInteger n, String digest) {

    static final Sm2Reference SM2P256V1 =
            new Sm2Reference(AffineReference.SM2, AffineReference.SM2_G, AffineReference.SM2_N, "SM3");

    /** The curve of a vector record (its {@code curve_params}, or a named curve) with the record's digest. */
    static Sm2Reference of(Vectors.Record record) {
        String digest = record.has("digest") ? record.text("digest") : "SM3";
        String curveName = record.text("curve");
        if (curveName.equals("sm2p256v1")) {
            return new Sm2Reference(AffineReference.SM2, AffineReference.SM2_G, AffineReference.SM2_N, digest);
        }
        if (curveName.equals("secp256r1")) {
            // SEC 2 / FIPS 186-4 domain parameters of P-256
            return new Sm2Reference(new AffineReference(
                    hex("ffffffff00000001000000000000000000000000ffffffffffffffffffffffff"),
                    hex("ffffffff00000001000000000000000000000000fffffffffffffffffffffffc"),
                    hex("5ac635d8aa3a93e7b3ebbd55769886bc651d06b0cc53b0f63bce3c3e27d2604b")),
                    new BigInteger[] {hex("6b17d1f2e12c4247f8bce6e563a440f277037d812deb33a0f4a13945d898c296"),
                        hex("4fe342e2fe1a7f9b8ee7eb4a7c0f9e162bce33576b315ececbb6406837bf51f5")},
                    hex("ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551"), digest);
        }
        var params = record.json().getAsJsonObject("curve_params");
        return new Sm2Reference(
                new AffineReference(hex(params.get("p").getAsString()), hex(params.get("a").getAsString()),
                        hex(params.get("b").getAsString())),
                new BigInteger[] {hex(params.get("gx").getAsString()), hex(params.get("gy").getAsString())},
                hex(params.get("n").getAsString()), digest);
    }

    BigInteger[] publicKey(BigInteger d) {
        return curve.multiply(d, g);
    }

    /** Z_A = H(ENTL || ID || a || b || xG || yG || xA || yA). */
    byte[] za(byte[] id, BigInteger[] publicKey) {
        int bits = id.length * 8;
        return hash(new byte[] {(byte) (bits >>> 8), (byte) bits}, id, bytes(curve.a()), bytes(curve.b()),
                bytes(g[0]), bytes(g[1]), bytes(publicKey[0]), bytes(publicKey[1]));
    }

    /** r, s of GB/T 32918.2 section 6.1 for the message, with the given nonce. */
    BigInteger[] sign(byte[] id, BigInteger d, BigInteger k, byte[] message) {
        BigInteger e = new BigInteger(1, hash(za(id, publicKey(d)), message));
        BigInteger x1 = curve.multiply(k, g)[0];
        BigInteger r = e.add(x1).mod(n);
        BigInteger s = d.add(BigInteger.ONE).modInverse(n).multiply(k.subtract(r.multiply(d))).mod(n);
        return new BigInteger[] {r, s};
    }

    /** Raw C1 || C3 || C2 of GB/T 32918.4 section 6.1, with the given nonce. */
    byte[] encrypt(BigInteger[] publicKey, BigInteger k, byte[] message) {
        BigInteger[] c1 = curve.multiply(k, g);
        BigInteger[] shared = curve.multiply(k, publicKey);
        byte[] x2 = bytes(shared[0]);
        byte[] y2 = bytes(shared[1]);
        byte[] mask = kdf(concat(x2, y2), message.length);
        byte[] c2 = new byte[message.length];
        for (int i = 0; i < c2.length; i++) {
            c2[i] = (byte) (message[i] ^ mask[i]);
        }
        return concat(new byte[] {4}, bytes(c1[0]), bytes(c1[1]), hash(x2, message, y2), c2);
    }

    /**
     * GB/T 32918.3 section 6.1 for both parties at once: returns the key, S_B (0x02) and S_A
     * (0x03), after checking that A and B derive the same point.
     */
    byte[][] keyExchange(BigInteger dA, BigInteger rA, byte[] idA, BigInteger dB, BigInteger rB, byte[] idB, int keyLength) {
        BigInteger[] pA = publicKey(dA);
        BigInteger[] pB = publicKey(dB);
        BigInteger[] bigRA = publicKey(rA);
        BigInteger[] bigRB = publicKey(rB);
        byte[] zA = za(idA, pA);
        byte[] zB = za(idB, pB);
        BigInteger tA = dA.add(xBar(bigRA[0]).multiply(rA)).mod(n);
        BigInteger tB = dB.add(xBar(bigRB[0]).multiply(rB)).mod(n);
        BigInteger[] u = curve.multiply(tA, curve.add(pB, curve.multiply(xBar(bigRB[0]), bigRB)));
        BigInteger[] v = curve.multiply(tB, curve.add(pA, curve.multiply(xBar(bigRA[0]), bigRA)));
        if (!u[0].equals(v[0]) || !u[1].equals(v[1])) {
            throw new AssertionError("the reference's parties disagree");
        }
        byte[] key = kdf(concat(bytes(u[0]), bytes(u[1]), zA, zB), keyLength);
        byte[] inner = hash(bytes(u[0]), zA, zB, bytes(bigRA[0]), bytes(bigRA[1]), bytes(bigRB[0]), bytes(bigRB[1]));
        byte[] sB = hash(new byte[] {2}, bytes(u[1]), inner);
        byte[] sA = hash(new byte[] {3}, bytes(u[1]), inner);
        return new byte[][] {key, sB, sA};
    }

    /** x̄ = 2^w + (x mod 2^w), w = ⌈⌈log2 n⌉ / 2⌉ − 1. */
    private BigInteger xBar(BigInteger x) {
        int w = (n.bitLength() + 1) / 2 - 1;
        BigInteger twoW = BigInteger.ONE.shiftLeft(w);
        return twoW.add(x.mod(twoW));
    }

    /** KDF of GB/T 32918.4 section 5.4.3: H(Z || ct) for ct = 1, 2, ... */
    byte[] kdf(byte[] z, int length) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (int counter = 1; out.size() < length; counter++) {
            byte[] block = hash(z, new byte[] {(byte) (counter >>> 24), (byte) (counter >>> 16), (byte) (counter >>> 8), (byte) counter});
            out.write(block, 0, block.length);
        }
        byte[] all = out.toByteArray();
        return java.util.Arrays.copyOf(all, length);
    }

    byte[] hash(byte[]... parts) {
        Digest h = switch (digest) {
            case "SM3" -> new SM3Digest();
            case "SHA256" -> new SHA256Digest();
            default -> throw new IllegalArgumentException("no reference digest " + digest);
        };
        for (byte[] part : parts) {
            h.update(part, 0, part.length);
        }
        byte[] out = new byte[h.getDigestSize()];
        h.doFinal(out, 0);
        return out;
    }

    /** A coordinate or scalar as 32 big-endian bytes. */
    static byte[] bytes(BigInteger value) {
        return Sm2FieldTest.bytes(value);
    }

    static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] part : parts) {
            out.write(part, 0, part.length);
        }
        return out.toByteArray();
    }

    private static BigInteger hex(String value) {
        return new BigInteger(value, 16);
    }
}
