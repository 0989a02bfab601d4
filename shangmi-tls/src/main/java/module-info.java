/**
 * TLS 1.3 with the ShangMi cipher suites of RFC 8998: the JSSE provider
 * {@link org.shangmi.tls.ShangMiTlsProvider} ("ShangMiTLS") on Bouncy Castle's TLS engine with
 * the crypto of the installed providers, ShangMi's for the SM algorithms.
 */
module org.shangmi.tls {
    requires transitive org.shangmi.provider;
    requires transitive org.bouncycastle.tls;
    requires org.bouncycastle.provider;
    requires java.naming;
    requires java.logging;

    exports org.shangmi.tls;

    provides java.security.Provider with org.shangmi.tls.ShangMiTlsProvider;
}
