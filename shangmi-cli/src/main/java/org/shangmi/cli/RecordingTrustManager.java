package org.shangmi.cli;

import java.net.Socket;
import java.security.cert.CertPathBuilderException;
import java.security.cert.CertPathValidatorException;
import java.security.cert.CertificateException;
import java.security.cert.X509Certificate;
import java.util.List;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLSession;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.X509ExtendedTrustManager;

/**
 * A trust manager that verifies the peer's chain with another one and records the verdict, as
 * openssl's s_client and s_server report it: a failure ends the handshake only when it is
 * {@code fatal} (-verify_return_error); otherwise the connection goes on and the summary says
 * why the chain did not verify. One connection at a time: {@link #reset()} before each.
 *
 * <p>A TLCP peer has two certificates, each checked on its own (the signing chain first, then
 * the encryption certificate): the first failure is the verdict, and it names the certificate
 * that failed, so that a later check that passes cannot hide it.
 */
final class RecordingTrustManager extends X509ExtendedTrustManager {

    private final X509ExtendedTrustManager trust;
    private final boolean fatal;
    private final List<X509Certificate> anchors;
    private final Integer depth;
    /** What the server's certificate must name, or null. */
    private final HostCheck hostCheck;
    private volatile String verdict;
    /** The TLCP certificate the verdict is about ("signing certificate"), or null. */
    private volatile String failedCertificate;
    /** The leaf of the first TLCP check of the connection: its signing certificate. */
    private volatile X509Certificate firstTlcpLeaf;

    /**
     * @param anchors the trust anchors {@code trust} verifies with
     * @param depth the most intermediate CA certificates a chain may have, or null for no limit
     * @param hostCheck the name or address a server's certificate must name (the verdict
     *     covers it after the chain), or null
     */
    RecordingTrustManager(X509ExtendedTrustManager trust, boolean fatal, List<X509Certificate> anchors, Integer depth,
            HostCheck hostCheck) {
        this.trust = trust;
        this.fatal = fatal;
        this.anchors = List.copyOf(anchors);
        this.depth = depth;
        this.hostCheck = hostCheck;
    }

    /** Forgets the last connection's verdict. */
    void reset() {
        verdict = null;
        failedCertificate = null;
        firstTlcpLeaf = null;
    }

    /**
     * The verdict as the summary prints it: {@code Verification: OK}, or {@code Verification
     * error (signing certificate): certificate has expired}; null if no chain was checked.
     */
    String verificationLine() {
        String reason = verdict;
        if (reason == null) {
            return null;
        }
        return OK.equals(reason) ? "Verification: OK" : "Verification error" + about() + ": " + reason;
    }

    /** The failure as openssl reports it when the handshake fails: {@code verify error: REASON}; null if none. */
    String errorLine() {
        String reason = verdict;
        return reason == null || OK.equals(reason) ? null : "verify error" + about() + ": " + reason;
    }

    private String about() {
        String certificate = failedCertificate;
        return certificate == null ? "" : " (" + certificate + ")";
    }

    private interface Check {
        void run() throws CertificateException;
    }

    /**
     * @param session the handshake session, which tells a TLCP connection from a TLS one; null
     *     if the caller gave none
     * @param server whether {@code chain} is a server's (the host check applies)
     */
    private void check(X509Certificate[] chain, SSLSession session, boolean server, Check check) throws CertificateException {
        String certificate = tlcpRole(chain, session);
        String reason;
        CertificateException failure = null;
        try {
            check.run();
            String mismatch = server && hostCheck != null ? hostCheck.mismatch(chain[0]) : null;
            reason = tooLong(chain) ? "certificate chain too long" : mismatch != null ? mismatch : OK;
        } catch (CertificateException e) {
            reason = reason(chain, e);
            failure = e;
        }
        synchronized (this) {
            // the first failure stands: a later check that passes must not report the connection verified
            if (verdict == null || OK.equals(verdict)) {
                verdict = reason;
                failedCertificate = OK.equals(reason) ? null : certificate;
            }
        }
        if (fatal && !OK.equals(reason)) {
            String message = certificate == null ? reason : certificate + ": " + reason;
            throw failure == null ? new CertificateException(message) : new CertificateException(message, failure);
        }
    }

    /**
     * In a TLCP handshake, which certificate {@code chain} starts with: the first one checked is
     * the signing certificate (the TLCP engine checks the signing chain before the encryption
     * certificate), any other the encryption certificate. Null in a TLS handshake.
     */
    private synchronized String tlcpRole(X509Certificate[] chain, SSLSession session) {
        if (session == null || !TLCP.equals(session.getProtocol()) || chain == null || chain.length == 0) {
            return null;
        }
        if (firstTlcpLeaf == null) {
            firstTlcpLeaf = chain[0];
        }
        return firstTlcpLeaf.equals(chain[0]) ? "signing certificate" : "encryption certificate";
    }

    private static final String TLCP = "TLCPv1.1";

    private static SSLSession handshakeSession(SSLEngine engine) {
        return engine == null ? null : engine.getHandshakeSession();
    }

    private static SSLSession handshakeSession(Socket socket) {
        return socket instanceof SSLSocket ssl ? ssl.getHandshakeSession() : null;
    }

    /**
     * Whether the chain has more intermediate CA certificates than -verify allows: those the
     * peer sent between its certificate and the first that is a trust anchor or that one issued.
     */
    private boolean tooLong(X509Certificate[] chain) {
        if (depth == null) {
            return false;
        }
        int path = chain.length;
        for (int i = 0; i < chain.length; i++) {
            if (anchors.contains(chain[i])) {
                path = i;
                break;
            }
            X509Certificate certificate = chain[i];
            if (anchors.stream().anyMatch(a -> a.getSubjectX500Principal().equals(certificate.getIssuerX500Principal()))) {
                path = i + 1;
                break;
            }
        }
        return path - 1 > depth;
    }

    static final String OK = "OK";

    /** openssl's words for the usual failures, else the validator's message. */
    static String reason(X509Certificate[] chain, CertificateException e) {
        for (Throwable cause = e; cause != null; cause = cause.getCause()) {
            if (cause instanceof CertPathValidatorException invalid && VerifyCommand.knownReason(invalid) != null) {
                return VerifyCommand.knownReason(invalid);
            }
        }
        for (Throwable cause = e; cause != null; cause = cause.getCause()) {
            if (cause instanceof CertPathBuilderException) {
                if (chain.length == 1 && selfIssued(chain[0])) {
                    return "self-signed certificate";
                }
                if (chain.length > 1 && selfIssued(chain[chain.length - 1])) {
                    return "self-signed certificate in certificate chain";
                }
                return "unable to get local issuer certificate";
            }
        }
        return String.valueOf(e.getMessage());
    }

    private static boolean selfIssued(X509Certificate certificate) {
        return certificate.getSubjectX500Principal().equals(certificate.getIssuerX500Principal());
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType) throws CertificateException {
        check(chain, null, false, () -> trust.checkClientTrusted(chain, authType));
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType) throws CertificateException {
        check(chain, null, true, () -> trust.checkServerTrusted(chain, authType));
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType, Socket socket) throws CertificateException {
        check(chain, handshakeSession(socket), false, () -> trust.checkClientTrusted(chain, authType, socket));
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType, Socket socket) throws CertificateException {
        check(chain, handshakeSession(socket), true, () -> trust.checkServerTrusted(chain, authType, socket));
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType, SSLEngine engine) throws CertificateException {
        check(chain, handshakeSession(engine), false, () -> trust.checkClientTrusted(chain, authType, engine));
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType, SSLEngine engine) throws CertificateException {
        check(chain, handshakeSession(engine), true, () -> trust.checkServerTrusted(chain, authType, engine));
    }

    @Override
    public X509Certificate[] getAcceptedIssuers() {
        return trust.getAcceptedIssuers();
    }
}
