package org.shangmi.spring.boot;

import org.apache.catalina.connector.Connector;
import org.apache.coyote.http11.AbstractHttp11Protocol;
import org.apache.tomcat.util.net.SSLHostConfig;
import org.apache.tomcat.util.net.SSLHostConfigCertificate;
import org.shangmi.tomcat.ShangMiImplementation;
import org.springframework.boot.web.embedded.tomcat.TomcatConnectorCustomizer;

/**
 * Puts a TLS connector on {@link ShangMiImplementation} (the nested one for the protocol of
 * {@code shangmi.tls.*}), and names the TLCP encryption entry beside the signing one.
 */
final class ShangMiTomcatCustomizer implements TomcatConnectorCustomizer {

    private final ShangMiTlsProperties properties;

    ShangMiTomcatCustomizer(ShangMiTlsProperties properties) {
        this.properties = properties;
    }

    @Override
    public void customize(Connector connector) {
        if (!(connector.getProtocolHandler() instanceof AbstractHttp11Protocol<?> protocol) || !protocol.isSSLEnabled()) {
            return;
        }
        // the property, not AbstractHttp11Protocol's setter, which Tomcat 10.1 lacks
        if (!connector.setProperty("sslImplementationName", implementation(properties.sslContextProtocol()).getName())) {
            throw new IllegalStateException("the Tomcat connector refused the property sslImplementationName");
        }
        String encryptionAlias = properties.getEncryptionKeyAlias();
        if (encryptionAlias == null) {
            return;
        }
        for (SSLHostConfig host : protocol.findSslHostConfigs()) {
            for (SSLHostConfigCertificate certificate : host.getCertificates()) {
                String signAlias = certificate.getCertificateKeyAlias();
                if (signAlias == null) {
                    throw new IllegalStateException("shangmi.tls.encryption-key-alias needs server.ssl.key-alias, "
                            + "the alias of the signing entry");
                }
                if (!signAlias.contains(",")) {
                    certificate.setCertificateKeyAlias(signAlias + "," + encryptionAlias);
                }
            }
        }
    }

    private static Class<? extends ShangMiImplementation> implementation(String sslContextProtocol) {
        if (sslContextProtocol == null) {
            return ShangMiImplementation.class;
        }
        return switch (sslContextProtocol) {
            case "TLCPv1.1" -> ShangMiImplementation.Tlcp.class;
            case "TLCP" -> ShangMiImplementation.TlcpAndTls.class;
            case "TLSv1.3-SM" -> ShangMiImplementation.SmOnly.class;
            case "TLCP-SM" -> ShangMiImplementation.TlcpAndSmOnly.class;
            default -> ShangMiImplementation.class;
        };
    }
}
