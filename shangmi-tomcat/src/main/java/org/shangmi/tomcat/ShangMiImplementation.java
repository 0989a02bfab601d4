package org.shangmi.tomcat;

import org.apache.tomcat.util.net.SSLHostConfigCertificate;
import org.apache.tomcat.util.net.SSLUtil;
import org.apache.tomcat.util.net.jsse.JSSEImplementation;
import org.shangmi.provider.ShangMiProvider;
import org.shangmi.tls.ShangMiTlsProvider;

/**
 * Tomcat's TLS for a connector through ShangMiTLS: TLS 1.3 with the RFC 8998 suites, TLCP with
 * double certificates, or both on one port. A connector names it by class,
 * {@code sslImplementationName="org.shangmi.tomcat.ShangMiImplementation"}, in
 * {@code server.xml} or through {@code Connector.setProperty} in embedded Tomcat; everything else
 * is Tomcat's own configuration ({@code SSLHostConfig}, {@code Certificate}):
 *
 * <ul>
 * <li><b>Protocol.</b> {@code sslProtocol} names the ShangMiTLS {@code SSLContext}: "TLS" (Tomcat's
 * default), "TLSv1.3-SM", "TLCPv1.1", "TLCP" (one port for TLCP and TLS) or "TLCP-SM". With "TLS",
 * the nested implementations choose their context ({@link Tlcp} "TLCPv1.1", {@link TlcpAndTls}
 * "TLCP", {@link SmOnly} "TLSv1.3-SM", {@link TlcpAndSmOnly} "TLCP-SM"), and with this one a
 * {@code protocols} list naming TLCPv1.1 chooses "TLCPv1.1", or "TLCP" when it names a TLS version
 * too. Tomcat's default {@code protocols} ("all") means the context's own defaults.</li>
 * <li><b>Suites.</b> {@code ciphers} and {@code cipherSuites} take the SM names
 * ({@code TLS_SM4_GCM_SM3}, {@code TLCP_ECC_SM4_GCM_SM3}, GmSSL's {@code TLS_ECC_...} spellings)
 * beside Tomcat's OpenSSL-style expressions; left at Tomcat's defaults they mean the context's
 * defaults, SM suites first.</li>
 * <li><b>Keys.</b> Every key entry of the keystore serves (the engine chooses by key type and, for
 * TLCP, by key usage), or those named by {@code certificateKeyAlias}: one alias, or
 * "{@code sign,enc}" for a TLCP double certificate. With one alias on a TLCP context the
 * encryption entry is the keystore's one key entry with the signing certificate's subject and
 * issuer and an encryption key usage. A second {@code Certificate} element of the same host adds
 * its entries (a TLCP encryption key in a keystore or PEM files of its own). PEM keys encrypted
 * with PBES2 over HMAC-SM3 and SM4 (GmSSL's, shangmi's) are read through the JCA.</li>
 * </ul>
 *
 * <p>Creating the implementation installs ShangMi ahead of the JDK's providers
 * ({@link ShangMiProvider#install()}), which ShangMiTLS requires: the JDK's key stores, PKIX and
 * PEM readers then handle SM2 keys and certificates.
 */
public class ShangMiImplementation extends JSSEImplementation {

    public ShangMiImplementation() {
        ShangMiProvider.install();
    }

    @Override
    public SSLUtil getSSLUtil(SSLHostConfigCertificate certificate) {
        return ShangMiSslUtil.of(certificate, sslContextProtocol());
    }

    /** The ShangMiTLS context where {@code sslProtocol} is "TLS"; null: chosen by {@code protocols}. */
    protected String sslContextProtocol() {
        return null;
    }

    /** TLCP alone: {@code SSLContext "TLCPv1.1"}. */
    public static class Tlcp extends ShangMiImplementation {
        @Override
        protected String sslContextProtocol() {
            return "TLCPv1.1";
        }
    }

    /** TLCP and TLS on one port: {@code SSLContext "TLCP"}. */
    public static class TlcpAndTls extends ShangMiImplementation {
        @Override
        protected String sslContextProtocol() {
            return "TLCP";
        }
    }

    /** TLS 1.3 with the national algorithms alone: {@code SSLContext "TLSv1.3-SM"}. */
    public static class SmOnly extends ShangMiImplementation {
        @Override
        protected String sslContextProtocol() {
            return ShangMiTlsProvider.SM_ONLY;
        }
    }

    /** TLCP and SM-only TLS 1.3 on one port: {@code SSLContext "TLCP-SM"}. */
    public static class TlcpAndSmOnly extends ShangMiImplementation {
        @Override
        protected String sslContextProtocol() {
            return ShangMiTlsProvider.TLCP_OR_SM_ONLY;
        }
    }
}
