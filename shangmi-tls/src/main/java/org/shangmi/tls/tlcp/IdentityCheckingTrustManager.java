package org.shangmi.tls.tlcp;

import java.net.Socket;
import java.security.AlgorithmConstraints;
import java.security.CryptoPrimitive;
import java.security.cert.CertificateException;
import java.security.cert.X509Certificate;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import javax.net.ssl.ExtendedSSLSession;
import javax.net.ssl.SNIHostName;
import javax.net.ssl.SNIServerName;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSession;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.X509ExtendedTrustManager;
import javax.net.ssl.X509TrustManager;
import org.shangmi.tls.TlcpEncryptionTrust;

/**
 * A plain {@link X509TrustManager} given the checks an extended one makes with the connection in
 * view, as the JDK's and Bouncy Castle's JSSE do for the trust managers they are given: the
 * wrapped manager's verdict on the chain, then the connection's algorithm constraints on every
 * certificate's signature and key, then, for a server's certificate and an endpoint
 * identification algorithm set ("HTTPS", "LDAPS"), the host name: the server name the client
 * asked for or the host it connected to ({@link EndpointIdentity}).
 */
public final class IdentityCheckingTrustManager extends X509ExtendedTrustManager {

    private final X509TrustManager trust;

    /** Wraps a plain trust manager; an extended one makes its own checks and needs no wrapping. */
    public static X509ExtendedTrustManager of(X509TrustManager trust) {
        return trust instanceof X509ExtendedTrustManager extended ? extended : new IdentityCheckingTrustManager(trust);
    }

    /** The application's hook for a client's encryption certificate, where its trust manager offers one. */
    static TlcpEncryptionTrust encryptionTrust(X509ExtendedTrustManager trust) {
        Object application = trust instanceof IdentityCheckingTrustManager wrapper ? wrapper.trust : trust;
        return application instanceof TlcpEncryptionTrust hook ? hook : null;
    }

    private IdentityCheckingTrustManager(X509TrustManager trust) {
        this.trust = Objects.requireNonNull(trust, "trust");
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType) throws CertificateException {
        trust.checkClientTrusted(chain, authType);
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType) throws CertificateException {
        trust.checkServerTrusted(chain, authType);
    }

    @Override
    public X509Certificate[] getAcceptedIssuers() {
        return trust.getAcceptedIssuers();
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType, Socket socket) throws CertificateException {
        trust.checkClientTrusted(chain, authType);
        if (socket instanceof SSLSocket ssl) {
            checkConnection(chain, authType, ssl.getSSLParameters(), ssl.getHandshakeSession(), null, false);
        }
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType, Socket socket) throws CertificateException {
        trust.checkServerTrusted(chain, authType);
        if (socket instanceof SSLSocket ssl) {
            SSLSession handshake = ssl.getHandshakeSession();
            checkConnection(chain, authType, ssl.getSSLParameters(), handshake, handshake == null ? null : handshake.getPeerHost(), true);
        }
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType, SSLEngine engine) throws CertificateException {
        trust.checkClientTrusted(chain, authType);
        if (engine != null) {
            checkConnection(chain, authType, engine.getSSLParameters(), engine.getHandshakeSession(), null, false);
        }
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType, SSLEngine engine) throws CertificateException {
        trust.checkServerTrusted(chain, authType);
        if (engine != null) {
            checkConnection(chain, authType, engine.getSSLParameters(), engine.getHandshakeSession(), engine.getPeerHost(), true);
        }
    }

    private static void checkConnection(X509Certificate[] chain, String authType, SSLParameters parameters, SSLSession handshake,
            String peerHost, boolean server) throws CertificateException {
        checkConstraints(chain, authType, parameters.getAlgorithmConstraints());
        String algorithm = parameters.getEndpointIdentificationAlgorithm();
        if (server && algorithm != null && !algorithm.isEmpty()) {
            checkHost(algorithm, requestedHostName(handshake), peerHost, chain[0]);
        }
    }

    /**
     * The server name the client asked for, then the host it connected to when that differs (as
     * the JDK's and Bouncy Castle's trust managers check it): either named by the certificate will do.
     */
    private static void checkHost(String algorithm, String requested, String peerHost, X509Certificate certificate)
            throws CertificateException {
        if (requested != null) {
            try {
                EndpointIdentity.check(algorithm, requested, certificate);
                return;
            } catch (CertificateException notTheRequestedName) {
                if (peerHost == null || requested.equalsIgnoreCase(peerHost)) {
                    throw notTheRequestedName;
                }
            }
        }
        EndpointIdentity.check(algorithm, peerHost, certificate);
    }

    /** The host name the client asked for in its server_name extension, or null. */
    private static String requestedHostName(SSLSession handshake) {
        if (handshake instanceof ExtendedSSLSession extended) {
            List<SNIServerName> names = extended.getRequestedServerNames();
            for (SNIServerName name : names == null ? List.<SNIServerName>of() : names) {
                if (name instanceof SNIHostName hostName) {
                    return hostName.getAsciiName();
                }
            }
        }
        return null;
    }

    /** Every certificate's signature algorithm and key against the connection's constraints, where it sets any. */
    static void checkConstraints(X509Certificate[] chain, String authType, AlgorithmConstraints constraints)
            throws CertificateException {
        if (constraints == null) {
            return;
        }
        Set<CryptoPrimitive> signature = EnumSet.of(CryptoPrimitive.SIGNATURE);
        for (int i = 0; i < chain.length; i++) {
            X509Certificate certificate = chain[i];
            if (!constraints.permits(signature, certificate.getSigAlgName(), null)) {
                throw new CertificateException("the algorithm constraints forbid " + certificate.getSigAlgName()
                        + ", the signature of " + certificate.getSubjectX500Principal());
            }
            Set<CryptoPrimitive> keyUse = i > 0 ? signature : switch (authType) {
                case "RSA" -> EnumSet.of(CryptoPrimitive.KEY_ENCAPSULATION);
                case "ECDH_ECDSA" -> EnumSet.of(CryptoPrimitive.KEY_AGREEMENT);
                default -> signature;
            };
            if (!constraints.permits(keyUse, certificate.getPublicKey())) {
                throw new CertificateException("the algorithm constraints forbid the " + certificate.getPublicKey().getAlgorithm()
                        + " key of " + certificate.getSubjectX500Principal());
            }
        }
    }
}
