package org.shangmi.tls.tlcp;

import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.SecureRandom;
import java.security.cert.X509Certificate;

/**
 * The ECDHE suites' key exchange (GB/T 38636-2020 section 6.4.5.4, with GB/T 32918.3; the
 * exchange itself is {@link Sm2KeyExchange}): the server sends and signs the parameters of an
 * ephemeral key, the client answers with its own, and each side runs the SM2 key exchange on its
 * encryption key pair and ephemeral pair. Both sides need their encryption key pairs, so a server
 * chooses ECDHE only when it requires client certificates, and only when its encryption key can
 * do the exchange here (a key held in a device cannot); a client must send its signing and
 * encryption certificates.
 */
final class EcdheKeyExchange extends KeyExchange {

    /** The server's ephemeral pair, between ServerKeyExchange and ClientKeyExchange. */
    private KeyPair ephemeral;
    /** The server's ephemeral point, as the client read it from ServerKeyExchange. */
    private byte[] serverPoint;

    @Override
    String name() {
        return "ECDHE";
    }

    @Override
    String whyServerCannot(boolean clientAuthRequired, DoubleCertificates own) {
        java.util.List<String> needs = new java.util.ArrayList<>();
        if (!clientAuthRequired) {
            needs.add("required client authentication");
        }
        if (!Sm2KeyExchange.canAgree(own.encKey())) {
            needs.add(Sm2KeyExchange.CANNOT_AGREE);
        }
        return needs.isEmpty() ? null : "the ECDHE suites need " + String.join(", and ", needs);
    }

    @Override
    boolean allowsEncryptionCertificate(X509Certificate encryption) {
        return DoubleCertificates.allowsKeyExchange(encryption);
    }

    @Override
    String encryptionUsage() {
        return "keyAgreement or keyEncipherment";
    }

    @Override
    String encryptionAuthType(X509Certificate encryption) {
        boolean[] usage = encryption.getKeyUsage();
        return usage == null || DoubleCertificates.has(usage, 2) ? "RSA" : "ECDH_ECDSA";
    }

    @Override
    boolean needsClientCertificates() {
        return true;
    }

    @Override
    boolean acceptsSigningChainAlone() {
        return false;
    }

    @Override
    X509Certificate[] clientCertificates(DoubleCertificates own, TlcpOptions options) {
        return own.certificateList(options.certificateOrder());
    }

    @Override
    ServerParams serverParams(DoubleCertificates own, SecureRandom random) throws GeneralSecurityException, TlcpAlertException {
        ephemeral = Sm2KeyExchange.ephemeral(random);
        byte[] params = Sm2KeyExchange.params(ephemeral.getPublic());
        return new ServerParams(params, params);
    }

    @Override
    byte[] serverPreMaster(byte[] body, DoubleCertificates own, PeerCertificates client, SecureRandom random)
            throws GeneralSecurityException, TlcpAlertException {
        // with its two-byte length as the standard writes it, or bare as Tongsuo and Kona send it
        byte[] params = body.length == Sm2KeyExchange.PARAMS_LENGTH + 2
                ? new MessageReader(body, "ClientKeyExchange").vector16() : body;
        byte[] point = Sm2KeyExchange.readParams(params);
        KeyPair pair = ephemeral;
        ephemeral = null;
        return Sm2KeyExchange.agree(own, pair, client.encryption(), point, Side.SERVER);
    }

    @Override
    int serverParamsLength() {
        return Sm2KeyExchange.PARAMS_LENGTH;
    }

    @Override
    byte[] readServerParams(byte[] params, PeerCertificates server) throws TlcpAlertException {
        serverPoint = Sm2KeyExchange.readParams(params);
        return params;
    }

    @Override
    ClientKeyExchange clientKeyExchange(DoubleCertificates own, PeerCertificates server, SecureRandom random,
            TlcpOptions options) throws GeneralSecurityException, TlcpAlertException {
        KeyPair pair = Sm2KeyExchange.ephemeral(random);
        byte[] preMaster = Sm2KeyExchange.agree(own, pair, server.encryption(), serverPoint, Side.CLIENT);
        byte[] params = Sm2KeyExchange.params(pair.getPublic());
        MessageWriter exchange = new MessageWriter(HandshakeType.CLIENT_KEY_EXCHANGE);
        if (options.bareEcdheKeyExchange()) {
            exchange.bytes(params);
        } else {
            exchange.vector16(params);
        }
        return new ClientKeyExchange(exchange.toByteArray(), preMaster);
    }

    @Override
    void destroy() {
        if (ephemeral != null) {
            Sm2KeyExchange.destroy(ephemeral.getPrivate());
            ephemeral = null;
        }
    }
}
