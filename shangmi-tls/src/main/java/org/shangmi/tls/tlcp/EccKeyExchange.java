package org.shangmi.tls.tlcp;

import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.security.cert.X509Certificate;
import javax.crypto.Cipher;

/**
 * The ECC suites' key exchange (GB/T 38636-2020 section 6.4.5.4): the client encrypts a random
 * 48-byte pre-master secret, starting with the version 0x0101, to the server's encryption key
 * with SM2; the server signs the two randoms and its encryption certificate (a 24-bit length and
 * the DER), which ServerKeyExchange does not carry. Client certificates are optional, and a
 * client may send its signing chain alone (GmSSL's does).
 *
 * <p>A ClientKeyExchange whose SM2 ciphertext does not decrypt to a 48-byte pre-master secret with
 * the version 0x0101 is not reported: a random pre-master secret stands in, chosen without a
 * branch on which check failed, so the handshake fails at Finished as it would for any wrong key
 * (RFC 5246 section 7.4.7.1 does the same for RSA, against oracles).
 */
final class EccKeyExchange extends KeyExchange {

    private static final int PRE_MASTER_LENGTH = 48;

    @Override
    String name() {
        return "ECC";
    }

    @Override
    String whyServerCannot(boolean clientAuthRequired, DoubleCertificates own) {
        return null;
    }

    @Override
    boolean allowsEncryptionCertificate(X509Certificate encryption) {
        return DoubleCertificates.allowsKeyEncipherment(encryption);
    }

    @Override
    String encryptionUsage() {
        return "keyEncipherment or dataEncipherment";
    }

    @Override
    String encryptionAuthType(X509Certificate encryption) {
        return "RSA";
    }

    @Override
    boolean needsClientCertificates() {
        return false;
    }

    @Override
    boolean acceptsSigningChainAlone() {
        return true;
    }

    @Override
    X509Certificate[] clientCertificates(DoubleCertificates own, TlcpOptions options) {
        return options.signingChainOnlyForEcc() ? own.signChain() : own.certificateList(options.certificateOrder());
    }

    @Override
    ServerParams serverParams(DoubleCertificates own, SecureRandom random) throws GeneralSecurityException {
        return new ServerParams(signedCertificate(own.encChain()[0]), new byte[0]);
    }

    @Override
    int serverParamsLength() {
        return 0;
    }

    @Override
    byte[] readServerParams(byte[] params, PeerCertificates server) throws GeneralSecurityException {
        return signedCertificate(server.encryption());
    }

    /** What the server signs: its encryption certificate, with a 24-bit length. */
    private static byte[] signedCertificate(X509Certificate encryption) throws java.security.cert.CertificateEncodingException {
        byte[] encoded = encryption.getEncoded();
        return TlcpHandshake.concat(TlcpHandshake.uint24(encoded.length), encoded);
    }

    @Override
    byte[] serverPreMaster(byte[] body, DoubleCertificates own, PeerCertificates client, SecureRandom random)
            throws TlcpAlertException {
        MessageReader reader = new MessageReader(body, "ClientKeyExchange");
        byte[] encrypted = reader.vector16();
        reader.end();
        return decryptPreMaster(encrypted, own, random);
    }

    /** The pre-master secret, or (without saying so) a random one when the ciphertext does not give a valid one. */
    private static byte[] decryptPreMaster(byte[] encrypted, DoubleCertificates own, SecureRandom random) {
        byte[] substitute = new byte[PRE_MASTER_LENGTH];
        random.nextBytes(substitute);
        byte[] decrypted = null;
        try {
            Cipher cipher = Cipher.getInstance("SM2");
            cipher.init(Cipher.DECRYPT_MODE, own.encKey());
            decrypted = cipher.doFinal(encrypted);
        } catch (GeneralSecurityException | RuntimeException failed) {
            decrypted = null;
        }
        int good = decrypted != null && decrypted.length == PRE_MASTER_LENGTH ? 1 : 0;
        byte[] candidate = good == 1 ? decrypted : new byte[PRE_MASTER_LENGTH];
        good &= ((candidate[0] ^ (TlcpHandshake.VERSION >>> 8)) | (candidate[1] ^ (TlcpHandshake.VERSION & 0xff))) == 0 ? 1 : 0;
        int mask = -good; // all ones when the decryption gave a valid pre-master secret
        for (int i = 0; i < PRE_MASTER_LENGTH; i++) {
            substitute[i] = (byte) ((candidate[i] & mask) | (substitute[i] & ~mask));
        }
        TlcpHandshake.wipe(decrypted);
        TlcpHandshake.wipe(candidate);
        return substitute;
    }

    @Override
    ClientKeyExchange clientKeyExchange(DoubleCertificates own, PeerCertificates server, SecureRandom random,
            TlcpOptions options) throws TlcpAlertException {
        byte[] preMaster = new byte[PRE_MASTER_LENGTH];
        random.nextBytes(preMaster);
        preMaster[0] = (byte) (TlcpHandshake.VERSION >>> 8);
        preMaster[1] = (byte) TlcpHandshake.VERSION;
        byte[] encrypted;
        try {
            Cipher cipher = Cipher.getInstance("SM2");
            cipher.init(Cipher.ENCRYPT_MODE, server.encryption().getPublicKey(), random);
            encrypted = cipher.doFinal(preMaster);
        } catch (GeneralSecurityException e) {
            TlcpHandshake.wipe(preMaster);
            throw new TlcpAlertException(TlcpAlert.INTERNAL_ERROR, "cannot encrypt the pre-master secret: " + e, e);
        }
        return new ClientKeyExchange(new MessageWriter(HandshakeType.CLIENT_KEY_EXCHANGE).vector16(encrypted).toByteArray(),
                preMaster);
    }
}
