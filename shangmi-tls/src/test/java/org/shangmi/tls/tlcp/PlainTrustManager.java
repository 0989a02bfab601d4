package org.shangmi.tls.tlcp;

import java.security.cert.CertificateException;
import java.security.cert.X509Certificate;
import javax.net.ssl.X509TrustManager;

/**
 * Another trust manager behind the {@link X509TrustManager} interface alone, as delegating,
 * pinning and composite managers are written: the engine sees no extended manager.
 */
class PlainTrustManager implements X509TrustManager {

    private final X509TrustManager trust;

    PlainTrustManager(X509TrustManager trust) {
        this.trust = trust;
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
}
