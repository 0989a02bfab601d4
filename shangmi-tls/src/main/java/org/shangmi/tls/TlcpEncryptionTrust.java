package org.shangmi.tls;

import java.security.cert.CertificateException;
import java.security.cert.X509Certificate;
import javax.net.ssl.SSLEngine;

/**
 * The application's say on a TLCP client's encryption certificate, for a trust manager that
 * implements it as well as {@link javax.net.ssl.X509TrustManager}.
 *
 * <p>A TLCP server checks a client's signing chain with the trust manager's
 * {@code checkClientTrusted}, as any JSSE server does. The client's encryption certificate (sent
 * in the ECDHE suites, whose key exchange uses it) cannot go the same way: the JDK's and Bouncy
 * Castle's trust managers require digitalSignature of every client certificate, which an
 * encryption certificate does not have. Without this interface it is validated by PKIX against
 * the trust manager's accepted issuers, the client's CA certificates as intermediates, under the
 * JDK's {@code jdk.certpath.disabledAlgorithms} and the connection's algorithm constraints, with
 * revocation checking when {@code com.sun.net.ssl.checkRevocation} is {@code true} (the switch of
 * the JDK's default trust manager). A trust manager implementing this interface is asked as
 * well, after that PKIX validation: it can refuse what PKIX accepts, not accept what it refuses.
 */
public interface TlcpEncryptionTrust {

    /**
     * Checks a TLCP client's encryption certificate.
     *
     * @param chain the encryption certificate, then the CA certificates the client sent
     * @param authType "ECDH_ECDSA": the key agrees a key (SM2 key exchange) rather than signing
     * @param engine the server's engine (its handshake session holds the client's signing certificates)
     * @throws CertificateException to refuse it; the handshake fails with certificate_unknown
     */
    void checkClientEncryptionTrusted(X509Certificate[] chain, String authType, SSLEngine engine) throws CertificateException;
}
