package org.shangmi.core.sm2;

import java.math.BigInteger;
import org.bouncycastle.asn1.gm.GMNamedCurves;
import org.bouncycastle.asn1.x9.X9ECParameters;
import org.bouncycastle.crypto.params.ECDomainParameters;
import org.bouncycastle.crypto.params.ECPrivateKeyParameters;
import org.bouncycastle.crypto.params.ECPublicKeyParameters;

/** Our key encodings as Bouncy Castle's lightweight parameters, for interop tests. */
final class BouncyCastleSm2 {

    static final X9ECParameters CURVE = GMNamedCurves.getByName("sm2p256v1");
    static final ECDomainParameters DOMAIN = new ECDomainParameters(CURVE.getCurve(), CURVE.getG(), CURVE.getN());

    private BouncyCastleSm2() {
    }

    /** The public key from its affine x || y. */
    static ECPublicKeyParameters publicKey(byte[] xy) {
        byte[] encoded = new byte[65];
        encoded[0] = 4;
        System.arraycopy(xy, 0, encoded, 1, 64);
        return new ECPublicKeyParameters(CURVE.getCurve().decodePoint(encoded), DOMAIN);
    }

    /** The private key from its 32-byte big-endian scalar. */
    static ECPrivateKeyParameters privateKey(byte[] scalar) {
        return new ECPrivateKeyParameters(new BigInteger(1, scalar), DOMAIN);
    }
}
