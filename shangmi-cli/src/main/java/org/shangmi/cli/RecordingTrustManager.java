package org.shangmi.cli;

import java.net.Socket;
import java.security.cert.CertPathBuilderException;
import java.security.cert.CertPathValidatorException;
import java.security.cert.CertificateException;
import java.security.cert.X509Certificate;
import java.util.List;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.X509ExtendedTrustManager;

/**
 * A trust manager that verifies the peer's chain with another one and records the verdict, as
 * openssl's s_client and s_server report it: a failure ends the handshake only when it is
 * {@code fatal} (-verify_return_error); otherwise the connection goes on and the summary says
 * why the chain did not verify. One connection at a time: {@link #reset()} before each.
 */
final class RecordingTrustManager extends X509ExtendedTrustManager {

    private final X509ExtendedTrustManager trust;
    private final boolean fatal;
    private final List<X509Certificate> anchors;
    private final Integer depth;
    private volatile String verdict;

    /**
     * @param anchors the trust anchors {@code trust} verifies with
     * @param depth the most intermediate CA certificates a chain may have, or null for no limit
     */
    RecordingTrustManager(X509ExtendedTrustManager trust, boolean fatal, List<X509Certificate> anchors, Integer depth) {
        this.trust = trust;
        this.fatal = fatal;
        this.anchors = List.copyOf(anchors);
        this.depth = depth;
    }

    /** Forgets the last connection's verdict. */
    void reset() {
        verdict = null;
    }

    /** "OK", the reason the peer's chain failed, or null if no chain was checked. */
    String verdict() {
        return verdict;
    }

    private interface Check {
        void run() throws CertificateException;
    }

    private void check(X509Certificate[] chain, Check check) throws CertificateException {
        String reason;
        CertificateException failure = null;
        try {
            check.run();
            reason = tooLong(chain) ? "certificate chain too long" : OK;
        } catch (CertificateException e) {
            reason = reason(chain, e);
            failure = e;
        }
        verdict = reason;
        if (fatal && !OK.equals(reason)) {
            throw failure == null ? new CertificateException(reason) : new CertificateException(reason, failure);
        }
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
        check(chain, () -> trust.checkClientTrusted(chain, authType));
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType) throws CertificateException {
        check(chain, () -> trust.checkServerTrusted(chain, authType));
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType, Socket socket) throws CertificateException {
        check(chain, () -> trust.checkClientTrusted(chain, authType, socket));
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType, Socket socket) throws CertificateException {
        check(chain, () -> trust.checkServerTrusted(chain, authType, socket));
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType, SSLEngine engine) throws CertificateException {
        check(chain, () -> trust.checkClientTrusted(chain, authType, engine));
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType, SSLEngine engine) throws CertificateException {
        check(chain, () -> trust.checkServerTrusted(chain, authType, engine));
    }

    @Override
    public X509Certificate[] getAcceptedIssuers() {
        return trust.getAcceptedIssuers();
    }
}
