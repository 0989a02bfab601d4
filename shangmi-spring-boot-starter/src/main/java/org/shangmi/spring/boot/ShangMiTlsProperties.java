package org.shangmi.spring.boot;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * {@code shangmi.tls.*}: what the starter adds to Spring Boot's {@code server.ssl.*}, which keeps
 * the key store, key alias, trust store, client authentication, suites ({@code ciphers}) and
 * protocols ({@code enabled-protocols}).
 */
@ConfigurationProperties("shangmi.tls")
public class ShangMiTlsProperties {

    /** The protocols a server speaks. */
    public enum Protocol {
        /** TLS 1.3 with the RFC 8998 suites first (and every standard suite, unless SM-only). */
        TLS13,
        /** TLCP (GB/T 38636-2020) alone, with double certificates. */
        TLCP,
        /** TLCP and TLS 1.3 on one port, chosen by each client's first record. */
        TLCP_AND_TLS13
    }

    /** Whether the starter serves HTTPS through ShangMiTLS. */
    private boolean enabled = true;

    /** The protocols; unset: TLS 1.3, or what server.ssl.protocol or server.ssl.enabled-protocols name. */
    private Protocol protocol;

    /** Whether TLS 1.3 negotiates the national algorithms alone (TLS_SM4_*, curveSM2, sm2sig_sm3, SM2 certificates). */
    private boolean smOnly;

    /**
     * The alias of the TLCP encryption entry beside the signing entry server.ssl.key-alias; unset:
     * the one entry with the signing certificate's subject and issuer and an encryption key usage.
     */
    private String encryptionKeyAlias;

    public boolean isEnabled() {
        return enabled;
    }

    public void setEnabled(boolean enabled) {
        this.enabled = enabled;
    }

    public Protocol getProtocol() {
        return protocol;
    }

    public void setProtocol(Protocol protocol) {
        this.protocol = protocol;
    }

    public boolean isSmOnly() {
        return smOnly;
    }

    public void setSmOnly(boolean smOnly) {
        this.smOnly = smOnly;
    }

    public String getEncryptionKeyAlias() {
        return encryptionKeyAlias;
    }

    public void setEncryptionKeyAlias(String encryptionKeyAlias) {
        this.encryptionKeyAlias = encryptionKeyAlias;
    }

    /** The ShangMiTLS SSLContext these properties name, or null when they name none (the server.ssl.* settings choose). */
    String sslContextProtocol() {
        if (protocol == null) {
            return smOnly ? "TLSv1.3-SM" : null;
        }
        return switch (protocol) {
            case TLS13 -> smOnly ? "TLSv1.3-SM" : "TLS";
            case TLCP -> "TLCPv1.1";
            case TLCP_AND_TLS13 -> smOnly ? "TLCP-SM" : "TLCP";
        };
    }
}
