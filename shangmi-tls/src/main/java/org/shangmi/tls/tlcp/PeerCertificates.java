package org.shangmi.tls.tlcp;

import java.security.GeneralSecurityException;
import java.security.cert.CertPathValidator;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.security.cert.PKIXParameters;
import java.security.cert.TrustAnchor;
import java.security.cert.X509Certificate;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.X509ExtendedTrustManager;
import org.shangmi.tls.TlcpEncryptionTrust;

/**
 * A peer's TLCP certificate list split into its signing chain and its encryption certificate,
 * and checked: the signing chain by the application's trust manager (as any JSSE peer's chain,
 * host name included); a server's encryption certificate by the trust manager too, as the
 * certificate of a key-exchange key; a client's by PKIX against the trust manager's anchors
 * with the list's CA certificates as intermediates, then by the trust manager's
 * {@link TlcpEncryptionTrust} where it has one; the encryption certificate's key usage for
 * the suite's key exchange; and the two certificates naming one holder (subject, issuer and
 * alternative names alike, as GmSSL requires and the field's CAs issue them): otherwise a
 * certificate of another holder could stand in.
 *
 * <p>Both orders the field uses are read: sign, enc, CAs (the standard's and every peer's) and
 * sign, CAs, enc. The list is told apart by position and by basic constraints, never by trying.
 */
record PeerCertificates(X509Certificate[] signChain, X509Certificate encryption) {

    /** The auth type of a key-agreement key, as TLS names ECDH certificates. */
    private static final String KEY_AGREEMENT = "ECDH_ECDSA";

    /** The certificates in the order of the standard's list: signing, encryption (when sent), CAs. */
    X509Certificate[] all() {
        if (encryption == null) {
            return signChain.clone();
        }
        X509Certificate[] all = Arrays.copyOf(signChain, signChain.length + 1);
        System.arraycopy(signChain, 1, all, 2, signChain.length - 1);
        all[1] = encryption;
        return all;
    }

    /** Splits a received list; at least the two leaf certificates are required. */
    static PeerCertificates split(X509Certificate[] list) throws TlcpAlertException {
        if (list.length < 2) {
            throw new TlcpAlertException(TlcpAlert.BAD_CERTIFICATE, "the peer sent " + list.length
                    + " certificate(s): TLCP needs a signing and an encryption certificate");
        }
        int encIndex = list[1].getBasicConstraints() >= 0 ? list.length - 1 : 1; // SIGN|CA|ENC when [1] is a CA
        if (list[encIndex].getBasicConstraints() >= 0) {
            throw new TlcpAlertException(TlcpAlert.BAD_CERTIFICATE, "the peer's list has no encryption certificate");
        }
        X509Certificate[] signChain = new X509Certificate[list.length - 1];
        int n = 0;
        for (int i = 0; i < list.length; i++) {
            if (i != encIndex) {
                signChain[n++] = list[i];
            }
        }
        return new PeerCertificates(signChain, list[encIndex]);
    }

    /**
     * Checks both certificates as those of the peer's side for this suite's key exchange.
     *
     * @param engine passed to an extended trust manager, for host-name checks and constraints
     */
    void check(X509ExtendedTrustManager trust, SSLEngine engine, Side peer, KeyExchange exchange, boolean smOnly)
            throws TlcpAlertException {
        boolean server = peer == Side.SERVER;
        checkSmOnly(smOnly, all());
        if (!Certificates.isSm2(signChain[0]) || !Certificates.isSm2(encryption)) {
            throw new TlcpAlertException(TlcpAlert.UNSUPPORTED_CERTIFICATE, "the peer's certificates must hold SM2 keys");
        }
        if (!DoubleCertificates.allowsSigning(signChain[0])) {
            throw new TlcpAlertException(TlcpAlert.UNSUPPORTED_CERTIFICATE,
                    "the peer's signing certificate does not allow digitalSignature");
        }
        if (!exchange.allowsEncryptionCertificate(encryption)) {
            throw new TlcpAlertException(TlcpAlert.UNSUPPORTED_CERTIFICATE, "the peer's encryption certificate does not allow "
                    + exchange.encryptionUsage());
        }
        checkSameHolder();
        checkSigning(trust, engine, server);
        if (server) {
            checkServerEncryption(trust, engine, exchange);
        } else {
            checkClientEncryption(trust, engine);
        }
    }

    /** The encryption certificate must name the signing certificate's holder: subject, issuer and subject alternative names. */
    private void checkSameHolder() throws TlcpAlertException {
        X509Certificate sign = signChain[0];
        boolean same = encryption.getSubjectX500Principal().equals(sign.getSubjectX500Principal())
                && encryption.getIssuerX500Principal().equals(sign.getIssuerX500Principal());
        try {
            same &= alternativeNames(encryption).equals(alternativeNames(sign));
        } catch (java.security.cert.CertificateParsingException unreadable) {
            same = false;
        }
        if (!same) {
            throw new TlcpAlertException(TlcpAlert.BAD_CERTIFICATE, "the peer's encryption certificate (" + encryption.getSubjectX500Principal()
                    + ") does not name the holder of its signing certificate (same subject, issuer and alternative names)");
        }
    }

    /** The subject alternative names as a list (the JDK's collection compares by identity), empty when there are none. */
    private static List<List<?>> alternativeNames(X509Certificate certificate) throws java.security.cert.CertificateParsingException {
        java.util.Collection<List<?>> names = certificate.getSubjectAlternativeNames();
        return names == null ? List.of() : new java.util.ArrayList<>(names);
    }

    /**
     * A server's encryption certificate goes through the trust manager too (its revocation
     * checks, pinning and host-name check apply), as the certificate of a key-exchange key:
     * authType "RSA" asks for keyEncipherment, "ECDH_ECDSA" for keyAgreement.
     */
    private void checkServerEncryption(X509ExtendedTrustManager trust, SSLEngine engine, KeyExchange exchange) throws TlcpAlertException {
        String authType = exchange.encryptionAuthType(encryption);
        X509Certificate[] chain = signChain.clone();
        chain[0] = encryption;
        try {
            trust.checkServerTrusted(chain, authType, engine);
        } catch (CertificateException | RuntimeException e) {
            throw untrusted("the server's encryption certificate", e);
        }
    }

    private void checkSigning(X509ExtendedTrustManager trust, SSLEngine engine, boolean server) throws TlcpAlertException {
        if (trust == null) {
            throw new TlcpAlertException(TlcpAlert.CERTIFICATE_UNKNOWN, "no trust manager to check the peer's certificates");
        }
        try {
            if (server) {
                trust.checkServerTrusted(signChain.clone(), "UNKNOWN", engine);
            } else {
                trust.checkClientTrusted(signChain.clone(), "EC", engine);
            }
        } catch (CertificateException | RuntimeException e) {
            throw untrusted(server ? "the server's signing certificate" : "the client's signing certificate", e);
        }
    }

    /** In an SM-only context (TLCP-SM): every certificate the peer sent holds an SM2 key and is signed with SM3withSM2. */
    private static void checkSmOnly(boolean smOnly, X509Certificate[] sent) throws TlcpAlertException {
        if (smOnly) {
            try {
                SmOnlyTrust.check(sent);
            } catch (CertificateException notSm) {
                throw new TlcpAlertException(TlcpAlert.UNSUPPORTED_CERTIFICATE, notSm.getMessage(), notSm);
            }
        }
    }

    /** The alert for a refused certificate, its message led by the reason (expired, no trusted issuer, host name). */
    private static TlcpAlertException untrusted(String which, Exception e) {
        return new TlcpAlertException(TlcpAlert.CERTIFICATE_UNKNOWN, which + " is not trusted: " + CertificateProblem.describe(e), e);
    }

    /** Checks a client's signing chain alone (an ECC suite needs no client encryption certificate). */
    void checkSigningOnly(X509ExtendedTrustManager trust, SSLEngine engine, boolean smOnly) throws TlcpAlertException {
        checkSmOnly(smOnly, signChain);
        if (!Certificates.isSm2(signChain[0]) || !DoubleCertificates.allowsSigning(signChain[0])) {
            throw new TlcpAlertException(TlcpAlert.UNSUPPORTED_CERTIFICATE, "the client's certificate is not an SM2 signing certificate");
        }
        checkSigning(trust, engine, false);
    }

    /**
     * A client's encryption certificate by PKIX against the trust manager's issuers (the JDK's
     * trust managers require digitalSignature of every client certificate, which an encryption
     * certificate does not have), the client's CA certificates as intermediates, revocation as
     * the JDK's default trust manager has it ({@code com.sun.net.ssl.checkRevocation}), then the
     * connection's algorithm constraints and the application's {@link TlcpEncryptionTrust}.
     */
    private void checkClientEncryption(X509ExtendedTrustManager trust, SSLEngine engine) throws TlcpAlertException {
        X509Certificate[] anchors = trust.getAcceptedIssuers();
        if (anchors == null || anchors.length == 0) {
            throw new TlcpAlertException(TlcpAlert.CERTIFICATE_UNKNOWN,
                    "the trust manager names no trusted issuers, against which the encryption certificate is checked");
        }
        Set<TrustAnchor> trustAnchors = new HashSet<>();
        for (X509Certificate anchor : anchors) {
            trustAnchors.add(new TrustAnchor(anchor, null));
        }
        List<X509Certificate> path = new java.util.ArrayList<>();
        path.add(encryption);
        // the CA certificates as sent, less any trust anchor itself (a path ends below its anchor)
        for (X509Certificate certificate : Arrays.asList(signChain).subList(1, signChain.length)) {
            if (!Arrays.asList(anchors).contains(certificate)) {
                path.add(certificate);
            }
        }
        X509Certificate[] chain = path.toArray(X509Certificate[]::new);
        try {
            PKIXParameters parameters = new PKIXParameters(trustAnchors);
            parameters.setRevocationEnabled(Boolean.getBoolean("com.sun.net.ssl.checkRevocation"));
            CertPathValidator.getInstance("PKIX").validate(CertificateFactory.getInstance("X.509").generateCertPath(path), parameters);
            IdentityCheckingTrustManager.checkConstraints(chain, KEY_AGREEMENT, engine.getSSLParameters().getAlgorithmConstraints());
            TlcpEncryptionTrust application = IdentityCheckingTrustManager.encryptionTrust(trust);
            if (application != null) {
                application.checkClientEncryptionTrusted(chain.clone(), KEY_AGREEMENT, engine);
            }
        } catch (GeneralSecurityException | RuntimeException e) {
            throw untrusted("the client's encryption certificate", e);
        }
    }
}
