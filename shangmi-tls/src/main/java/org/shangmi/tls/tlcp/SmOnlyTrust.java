package org.shangmi.tls.tlcp;

import java.net.Socket;
import java.security.cert.CertificateException;
import java.security.cert.X509Certificate;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.TrustManager;
import javax.net.ssl.X509ExtendedTrustManager;
import javax.net.ssl.X509TrustManager;

/**
 * The trust managers of an SM-only context: the application's verdict first, then every
 * certificate the peer sent must hold an SM2 key and be signed with SM3withSM2, so that a peer's
 * RSA or ECDSA chain is refused with its reason even where the application's trust manager would
 * accept it. A plain {@link X509TrustManager} stays plain, so that Bouncy Castle (or the TLCP
 * context) still adds the host-name and constraint checks it gives such managers. Internal: the
 * package is not exported.
 */
public final class SmOnlyTrust {

    private static final String SM3_WITH_SM2 = "1.2.156.10197.1.501";

    private SmOnlyTrust() {
    }

    /** The managers with the SM-only check added to each X.509 one. */
    public static TrustManager[] wrap(TrustManager[] managers) {
        if (managers == null) {
            return null;
        }
        TrustManager[] wrapped = managers.clone();
        for (int i = 0; i < wrapped.length; i++) {
            if (wrapped[i] instanceof X509ExtendedTrustManager extended) {
                wrapped[i] = new Extended(extended);
            } else if (wrapped[i] instanceof X509TrustManager plain) {
                wrapped[i] = new Plain(plain);
            }
        }
        return wrapped;
    }

    /** Refuses a chain with a certificate that does not hold an SM2 key or is not signed with SM3withSM2. */
    public static void check(X509Certificate[] chain) throws CertificateException {
        for (X509Certificate certificate : chain) {
            if (!Certificates.isSm2(certificate)) {
                throw new CertificateException("this endpoint is SM-only (TLSv1.3-SM): the peer's certificate "
                        + certificate.getSubjectX500Principal() + " holds a " + certificate.getPublicKey().getAlgorithm()
                        + " key, not SM2");
            }
            if (!SM3_WITH_SM2.equals(certificate.getSigAlgOID())) {
                throw new CertificateException("this endpoint is SM-only (TLSv1.3-SM): the peer's certificate "
                        + certificate.getSubjectX500Principal() + " is signed with " + certificate.getSigAlgName() + ", not SM3withSM2");
            }
        }
    }

    private record Plain(X509TrustManager trust) implements X509TrustManager {

        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType) throws CertificateException {
            trust.checkClientTrusted(chain, authType);
            check(chain);
        }

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType) throws CertificateException {
            trust.checkServerTrusted(chain, authType);
            check(chain);
        }

        @Override
        public X509Certificate[] getAcceptedIssuers() {
            return trust.getAcceptedIssuers();
        }
    }

    private static final class Extended extends X509ExtendedTrustManager {

        private final X509ExtendedTrustManager trust;

        Extended(X509ExtendedTrustManager trust) {
            this.trust = trust;
        }

        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType) throws CertificateException {
            trust.checkClientTrusted(chain, authType);
            check(chain);
        }

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType) throws CertificateException {
            trust.checkServerTrusted(chain, authType);
            check(chain);
        }

        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType, Socket socket) throws CertificateException {
            trust.checkClientTrusted(chain, authType, socket);
            check(chain);
        }

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType, Socket socket) throws CertificateException {
            trust.checkServerTrusted(chain, authType, socket);
            check(chain);
        }

        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType, SSLEngine engine) throws CertificateException {
            trust.checkClientTrusted(chain, authType, engine);
            check(chain);
        }

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType, SSLEngine engine) throws CertificateException {
            trust.checkServerTrusted(chain, authType, engine);
            check(chain);
        }

        @Override
        public X509Certificate[] getAcceptedIssuers() {
            return trust.getAcceptedIssuers();
        }
    }
}
