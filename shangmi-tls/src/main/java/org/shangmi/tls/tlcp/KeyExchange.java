package org.shangmi.tls.tlcp;

import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.security.cert.X509Certificate;

/**
 * How a suite agrees the pre-master secret (GB/T 38636-2020 section 6.4.5), one object per
 * handshake, made by {@link #of}: ECC, where the client encrypts a random pre-master secret to the
 * server's encryption key, or ECDHE, the SM2 key exchange of GB/T 32918.3 on both sides'
 * encryption keys and ephemeral keys. Every rule in which the two differ lives in the two
 * subclasses: whether a server can use the exchange, which certificates a client must have and
 * send, the encryption certificate's key usage, what ServerKeyExchange signs and carries, and
 * ClientKeyExchange on both sides. The handshakes hold only what is common.
 */
abstract sealed class KeyExchange permits EccKeyExchange, EcdheKeyExchange {

    /** The exchange of {@code suite}, for one handshake. */
    static KeyExchange of(TlcpSuite suite) {
        return suite.ephemeral() ? new EcdheKeyExchange() : new EccKeyExchange();
    }

    /** "ECC" or "ECDHE", for messages. */
    abstract String name();

    /**
     * Why a server with these settings cannot choose this exchange, or null if it can.
     *
     * @param clientAuthRequired whether the server requires client certificates
     * @param own the server's key pairs
     */
    abstract String whyServerCannot(boolean clientAuthRequired, DoubleCertificates own);

    /** Whether a peer's encryption certificate's key usage (where it states one) allows this exchange. */
    abstract boolean allowsEncryptionCertificate(X509Certificate encryption);

    /** The key usages {@link #allowsEncryptionCertificate} accepts, for messages. */
    abstract String encryptionUsage();

    /** The authentication type a trust manager is given for the server's encryption certificate. */
    abstract String encryptionAuthType(X509Certificate encryption);

    /** Whether the client must have and send its signing and encryption certificates. */
    abstract boolean needsClientCertificates();

    /** Whether a client's Certificate message may hold its signing chain alone. */
    abstract boolean acceptsSigningChainAlone();

    /** The certificates a client sends when asked. */
    abstract X509Certificate[] clientCertificates(DoubleCertificates own, TlcpOptions options);

    /** ServerKeyExchange's parameters: what the server signs, and what it sends before the signature. */
    record ServerParams(byte[] signed, byte[] sent) {
    }

    /** The server's parameters for ServerKeyExchange. */
    abstract ServerParams serverParams(DoubleCertificates own, SecureRandom random) throws GeneralSecurityException, TlcpAlertException;

    /**
     * The pre-master secret from the client's ClientKeyExchange.
     *
     * @param client the client's certificates, null when it sent none
     */
    abstract byte[] serverPreMaster(byte[] body, DoubleCertificates own, PeerCertificates client, SecureRandom random)
            throws GeneralSecurityException, TlcpAlertException;

    /** Bytes of parameters in ServerKeyExchange, before the signature. */
    abstract int serverParamsLength();

    /** Takes the parameters of the server's ServerKeyExchange; returns the bytes its signature covers. */
    abstract byte[] readServerParams(byte[] params, PeerCertificates server) throws GeneralSecurityException, TlcpAlertException;

    /** The client's ClientKeyExchange body and the pre-master secret it carries. */
    record ClientKeyExchange(byte[] body, byte[] preMaster) {
    }

    /**
     * The client's ClientKeyExchange.
     *
     * @param own the client's key pairs, null when it sends none
     */
    abstract ClientKeyExchange clientKeyExchange(DoubleCertificates own, PeerCertificates server, SecureRandom random,
            TlcpOptions options) throws GeneralSecurityException, TlcpAlertException;

    /** Destroys what the exchange holds that is secret. */
    void destroy() {
    }
}
