package org.shangmi.tls.tlcp;

import java.security.cert.CertificateParsingException;
import java.security.cert.X509Certificate;
import java.security.interfaces.ECPublicKey;
import java.security.spec.ECParameterSpec;
import java.util.Date;
import java.util.List;
import org.shangmi.provider.spec.Sm2ParameterSpec;

/** What the key managers of TLS 1.3 and of TLCP ask of a certificate before they offer its key. */
public final class Certificates {

    private static final String SERVER_AUTH = "1.3.6.1.5.5.7.3.1";
    private static final String CLIENT_AUTH = "1.3.6.1.5.5.7.3.2";
    private static final String ANY_EXTENDED_KEY_USAGE = "2.5.29.37.0";

    private Certificates() {
    }

    /** Whether the certificate's key is an SM2 key (on sm2p256v1). */
    public static boolean isSm2(X509Certificate certificate) {
        return certificate.getPublicKey() instanceof ECPublicKey key && sameCurve(key.getParams(), Sm2ParameterSpec.INSTANCE);
    }

    /** Whether two EC domains are the same curve, generator and order. */
    public static boolean sameCurve(ECParameterSpec a, ECParameterSpec b) {
        return a.getCurve().equals(b.getCurve()) && a.getGenerator().equals(b.getGenerator()) && a.getOrder().equals(b.getOrder());
    }

    /** Whether the extended key usage, where the certificate names one, allows the side. */
    public static boolean forSide(X509Certificate certificate, boolean server) {
        try {
            List<String> purposes = certificate.getExtendedKeyUsage();
            return purposes == null || purposes.contains(server ? SERVER_AUTH : CLIENT_AUTH)
                    || purposes.contains(ANY_EXTENDED_KEY_USAGE);
        } catch (CertificateParsingException unreadable) {
            return false;
        }
    }

    /** Whether now lies within the certificate's validity. */
    public static boolean isValidNow(X509Certificate certificate) {
        Date now = new Date();
        return !now.before(certificate.getNotBefore()) && !now.after(certificate.getNotAfter());
    }
}
