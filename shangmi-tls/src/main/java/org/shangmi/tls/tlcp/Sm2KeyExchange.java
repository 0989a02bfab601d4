package org.shangmi.tls.tlcp;

import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PublicKey;
import java.security.SecureRandom;
import java.security.interfaces.ECPrivateKey;
import java.security.interfaces.ECPublicKey;
import java.security.cert.X509Certificate;
import java.util.Arrays;
import javax.crypto.KeyAgreement;
import org.shangmi.provider.spec.Sm2KeyExchangeSpec;
import org.shangmi.provider.spec.Sm2ParameterSpec;
import org.shangmi.provider.spec.Sm2SignatureSpec;
import org.shangmi.provider.spec.Sm2UncompressedPublicKeySpec;

/**
 * The ECDHE suites' key exchange (GB/T 38636-2020 section 6.4.5.4 with GB/T 32918.3): the SM2 key
 * exchange without its optional confirmation, the server as initiator (party A), each side's
 * static key its encryption key pair, the ephemeral keys those of the key-exchange messages, both
 * IDs the default 1234567812345678, and 48 bytes of output as the pre-master secret. The
 * parameters are ServerECDHEParams: curve_type named_curve (3), curve 41 (curveSM2), and the
 * uncompressed point with a one-byte length.
 *
 * <p>The static private key must be an {@link ECPrivateKey} (ShangMi's key exchange needs the
 * scalar). A key held in a device or token cannot do this exchange: GM/T 0018's agreement
 * functions leave the agreed key inside the device, where the TLCP PRF cannot reach it, so a
 * server on such a key negotiates the ECC suites only.
 */
final class Sm2KeyExchange {

    static final int POINT_LENGTH = 65;
    static final int PARAMS_LENGTH = 4 + POINT_LENGTH;
    private static final int NAMED_CURVE = 3;
    private static final int CURVE_SM2 = 41;
    private static final int PRE_MASTER_LENGTH = 48;

    private Sm2KeyExchange() {
    }

    /** What the static encryption key must be, for the messages of failures. */
    static final String CANNOT_AGREE = "an encryption key the SM2 key exchange can use (an ECPrivateKey);"
            + " a key held in a device or token cannot do the exchange";

    /** Whether {@code encryptionKey} can be the static key of the exchange. */
    static boolean canAgree(java.security.PrivateKey encryptionKey) {
        return encryptionKey instanceof ECPrivateKey;
    }

    /** A fresh ephemeral key pair. */
    static KeyPair ephemeral(SecureRandom random) throws GeneralSecurityException, TlcpAlertException {
        KeyPairGenerator generator = KeyPairGenerator.getInstance("SM2");
        generator.initialize(Sm2ParameterSpec.INSTANCE, random);
        return generator.generateKeyPair();
    }

    /** The 69-byte parameters carrying a public key. */
    static byte[] params(PublicKey key) throws TlcpAlertException {
        if (!(key instanceof ECPublicKey ec)) {
            throw new TlcpAlertException(TlcpAlert.INTERNAL_ERROR, "an ephemeral key that is not an EC key");
        }
        byte[] params = new byte[PARAMS_LENGTH];
        params[0] = NAMED_CURVE;
        params[1] = 0;
        params[2] = CURVE_SM2;
        params[3] = POINT_LENGTH;
        params[4] = 4;
        unsigned(ec.getW().getAffineX(), params, 5);
        unsigned(ec.getW().getAffineY(), params, 37);
        return params;
    }

    private static void unsigned(java.math.BigInteger value, byte[] out, int off) {
        byte[] bytes = value.toByteArray();
        int length = Math.min(bytes.length, 32);
        System.arraycopy(bytes, bytes.length - length, out, off + 32 - length, length);
    }

    /** The uncompressed point of parameters that must name curveSM2. */
    static byte[] readParams(byte[] params) throws TlcpAlertException {
        if (params.length != PARAMS_LENGTH || params[0] != NAMED_CURVE) {
            throw new TlcpAlertException(TlcpAlert.ILLEGAL_PARAMETER, "ECDHE parameters that do not name a curve");
        }
        if (params[1] != 0 || params[2] != CURVE_SM2) {
            throw new TlcpAlertException(TlcpAlert.ILLEGAL_PARAMETER, "ECDHE parameters for another curve than curveSM2 (41)");
        }
        if (params[3] != POINT_LENGTH || params[4] != 4) {
            throw new TlcpAlertException(TlcpAlert.ILLEGAL_PARAMETER, "an ECDHE point that is not a 65-byte uncompressed point");
        }
        return Arrays.copyOfRange(params, 4, PARAMS_LENGTH);
    }

    /**
     * The pre-master secret.
     *
     * @param own this side's credentials (its encryption key pair is the static pair)
     * @param ephemeral this side's ephemeral pair
     * @param peerEncryption the peer's encryption certificate
     * @param peerPoint the peer's ephemeral point, 65 bytes
     * @param self this side: the server is the initiator
     */
    static byte[] agree(DoubleCertificates own, KeyPair ephemeral, X509Certificate peerEncryption, byte[] peerPoint,
            Side self) throws GeneralSecurityException, TlcpAlertException {
        // the ephemeral private key is destroyed on every way out, a refused peer point included
        try {
            if (!(own.encKey() instanceof ECPrivateKey staticKey)) {
                throw new TlcpAlertException(TlcpAlert.HANDSHAKE_FAILURE, "an ECDHE suite needs " + CANNOT_AGREE);
            }
            KeyFactory keys = KeyFactory.getInstance("SM2");
            PublicKey peerEphemeral;
            try {
                peerEphemeral = keys.generatePublic(new Sm2UncompressedPublicKeySpec(peerPoint));
            } catch (GeneralSecurityException notOnCurve) {
                throw new TlcpAlertException(TlcpAlert.ILLEGAL_PARAMETER, "the peer's ephemeral point is not on the curve", notOnCurve);
            }
            byte[] id = Sm2SignatureSpec.defaultId();
            Sm2KeyExchangeSpec spec = new Sm2KeyExchangeSpec(id, staticKey, (ECPublicKey) own.encChain()[0].getPublicKey(),
                    id, (ECPublicKey) peerEncryption.getPublicKey(), self == Side.SERVER, PRE_MASTER_LENGTH);
            KeyAgreement agreement = KeyAgreement.getInstance("SM2");
            agreement.init(ephemeral.getPrivate(), spec);
            agreement.doPhase(peerEphemeral, true);
            return agreement.generateSecret();
        } finally {
            destroy(ephemeral.getPrivate());
        }
    }

    /** Destroys an ephemeral private key where its class can (ShangMi's wipes its scalar). */
    static void destroy(java.security.PrivateKey key) {
        if (key != null && !key.isDestroyed()) {
            try {
                key.destroy();
            } catch (javax.security.auth.DestroyFailedException notDestroyable) {
                // a key class without destroy(): dropped for the collector
            }
        }
    }
}
