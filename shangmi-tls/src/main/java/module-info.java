/**
 * TLS 1.3 with the ShangMi cipher suites of RFC 8998 on Bouncy Castle's TLS engine and JSSE
 * provider, with ShangMi's crypto: {@link org.shangmi.tls.ShangMiTlsCryptoProvider} for
 * {@code BouncyCastleJsseProvider}, and {@link org.shangmi.tls.Sm2KeyManager} for SM2 keys.
 */
module org.shangmi.tls {
    requires transitive org.shangmi.provider;
    requires transitive org.bouncycastle.tls;
    requires org.bouncycastle.provider;

    exports org.shangmi.tls;
}
