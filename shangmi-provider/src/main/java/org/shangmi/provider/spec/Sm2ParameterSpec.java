package org.shangmi.provider.spec;

import java.math.BigInteger;
import java.security.spec.ECFieldFp;
import java.security.spec.ECParameterSpec;
import java.security.spec.ECPoint;
import java.security.spec.EllipticCurve;
import java.util.List;
import java.util.Locale;

/**
 * The curve sm2p256v1 of GB/T 32918.5-2017 (OID 1.2.156.10197.1.301): the domain parameters of
 * every SM2 key.
 */
public final class Sm2ParameterSpec extends ECParameterSpec {

    /** The curve's object identifier. */
    public static final String OID = "1.2.156.10197.1.301";

    /** The names {@code ECGenParameterSpec} may use for the curve (compared without case), and the OID. */
    public static final List<String> NAMES = List.of("sm2p256v1", "curveSM2", "SM2", OID);

    /** The one instance. */
    public static final Sm2ParameterSpec INSTANCE = new Sm2ParameterSpec();

    private Sm2ParameterSpec() {
        super(new EllipticCurve(
                        new ECFieldFp(hex("FFFFFFFEFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF00000000FFFFFFFFFFFFFFFF")),
                        hex("FFFFFFFEFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF00000000FFFFFFFFFFFFFFFC"),
                        hex("28E9FA9E9D9F5E344D5A9E4BCF6509A7F39789F515AB8F92DDBCBD414D940E93")),
                new ECPoint(hex("32C4AE2C1F1981195F9904466A39C9948FE30BBFF2660BE1715A4589334C74C7"),
                        hex("BC3736A2F4F6779C59BDCEE36B692153D0A9877CC62A474002DF32E52139F0A0")),
                hex("FFFFFFFEFFFFFFFFFFFFFFFFFFFFFFFF7203DF6B21C6052B53BBF40939D54123"),
                1);
    }

    /** Whether {@code name} is one of {@link #NAMES}. */
    public static boolean isName(String name) {
        if (name == null) {
            return false;
        }
        String trimmed = name.trim().toLowerCase(Locale.ROOT);
        for (String known : NAMES) {
            if (known.toLowerCase(Locale.ROOT).equals(trimmed)) {
                return true;
            }
        }
        return false;
    }

    /** Whether {@code params} describe sm2p256v1 (field, coefficients, generator, order and cofactor). */
    public static boolean isSm2(ECParameterSpec params) {
        if (params == null) {
            return false;
        }
        if (params == INSTANCE) {
            return true;
        }
        EllipticCurve curve = params.getCurve();
        EllipticCurve sm2 = INSTANCE.getCurve();
        return curve.getField() instanceof ECFieldFp field
                && field.getP().equals(((ECFieldFp) sm2.getField()).getP())
                && curve.getA().equals(sm2.getA()) && curve.getB().equals(sm2.getB())
                && params.getGenerator().equals(INSTANCE.getGenerator())
                && params.getOrder().equals(INSTANCE.getOrder())
                && params.getCofactor() == 1;
    }

    @Override
    public String toString() {
        return "sm2p256v1 (" + OID + ")";
    }

    private static BigInteger hex(String value) {
        return new BigInteger(value, 16);
    }
}
