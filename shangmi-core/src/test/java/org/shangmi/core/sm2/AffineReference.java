package org.shangmi.core.sm2;

import java.math.BigInteger;

/**
 * Textbook affine arithmetic on y² = x³ + ax + b over F_p with BigInteger: slow, variable time,
 * for any curve, and independent of the engine it checks. Points are BigInteger[2]; null is the
 * identity.
 */
record AffineReference(BigInteger p, BigInteger a, BigInteger b) {

    static final AffineReference SM2 = new AffineReference(
            new BigInteger("FFFFFFFEFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF00000000FFFFFFFFFFFFFFFF", 16),
            new BigInteger("FFFFFFFEFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF00000000FFFFFFFFFFFFFFFC", 16),
            new BigInteger("28E9FA9E9D9F5E344D5A9E4BCF6509A7F39789F515AB8F92DDBCBD414D940E93", 16));
    static final BigInteger[] SM2_G = {
        new BigInteger("32C4AE2C1F1981195F9904466A39C9948FE30BBFF2660BE1715A4589334C74C7", 16),
        new BigInteger("BC3736A2F4F6779C59BDCEE36B692153D0A9877CC62A474002DF32E52139F0A0", 16)};
    static final BigInteger SM2_N =
            new BigInteger("FFFFFFFEFFFFFFFFFFFFFFFFFFFFFFFF7203DF6B21C6052B53BBF40939D54123", 16);

    boolean onCurve(BigInteger[] point) {
        BigInteger x = point[0];
        BigInteger y = point[1];
        return y.multiply(y).subtract(x.pow(3).add(a.multiply(x)).add(b)).mod(p).signum() == 0;
    }

    BigInteger[] negate(BigInteger[] point) {
        return point == null ? null : new BigInteger[] {point[0], point[1].negate().mod(p)};
    }

    BigInteger[] add(BigInteger[] s, BigInteger[] t) {
        if (s == null) {
            return t;
        }
        if (t == null) {
            return s;
        }
        BigInteger lambda;
        if (s[0].equals(t[0])) {
            if (s[1].add(t[1]).mod(p).signum() == 0) {
                return null;
            }
            lambda = s[0].pow(2).multiply(BigInteger.valueOf(3)).add(a)
                    .multiply(s[1].shiftLeft(1).modInverse(p)).mod(p);
        } else {
            lambda = t[1].subtract(s[1]).multiply(t[0].subtract(s[0]).modInverse(p)).mod(p);
        }
        BigInteger x = lambda.pow(2).subtract(s[0]).subtract(t[0]).mod(p);
        BigInteger y = lambda.multiply(s[0].subtract(x)).subtract(s[1]).mod(p);
        return new BigInteger[] {x, y};
    }

    BigInteger[] multiply(BigInteger k, BigInteger[] point) {
        BigInteger[] result = null;
        for (int i = k.bitLength() - 1; i >= 0; i--) {
            result = add(result, result);
            if (k.testBit(i)) {
                result = add(result, point);
            }
        }
        return result;
    }
}
