package org.shangmi.sdf;

import java.math.BigInteger;
import java.security.MessageDigest;
import java.security.interfaces.ECPublicKey;
import java.security.spec.ECPoint;
import java.security.spec.EllipticCurve;
import org.shangmi.provider.spec.Sm2ParameterSpec;

/** Z = SM3(ENTL || ID || a || b || xG || yG || xA || yA) of GB/T 32918.2: public data only. */
final class Sm2Z {

    private Sm2Z() {
    }

    /** Z of {@code id} and {@code publicKey}, computed on {@code sm3}, which is left reset. */
    static byte[] z(MessageDigest sm3, byte[] id, ECPublicKey publicKey) {
        sm3.reset();
        int bits = id.length * 8;
        sm3.update((byte) (bits >>> 8));
        sm3.update((byte) bits);
        sm3.update(id);
        EllipticCurve curve = Sm2ParameterSpec.INSTANCE.getCurve();
        ECPoint g = Sm2ParameterSpec.INSTANCE.getGenerator();
        ECPoint w = publicKey.getW();
        for (BigInteger value : new BigInteger[] {curve.getA(), curve.getB(), g.getAffineX(), g.getAffineY(), w.getAffineX(),
                w.getAffineY()}) {
            sm3.update(fixed(value));
        }
        return sm3.digest();
    }

    /** A field element as 32 big-endian bytes. */
    static byte[] fixed(BigInteger value) {
        byte[] magnitude = value.toByteArray();
        byte[] out = new byte[32];
        int copy = Math.min(magnitude.length, 32);
        System.arraycopy(magnitude, magnitude.length - copy, out, 32 - copy, copy);
        return out;
    }
}
