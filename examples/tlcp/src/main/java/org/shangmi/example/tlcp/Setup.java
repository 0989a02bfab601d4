package org.shangmi.example.tlcp;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.Provider;
import javax.net.ssl.KeyManager;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import org.shangmi.provider.ShangMiProvider;
import org.shangmi.tls.ShangMiTlsProvider;

/**
 * What every example does first: installs ShangMi ahead of SunEC, and reads the keystores that
 * examples/run made with keytool. tlcp-server.p12 and tlcp-client.p12 each hold a double
 * certificate: a signing key pair (alias "sign", key usage digitalSignature) and an encryption
 * key pair (alias "enc", keyEncipherment and keyAgreement) with one subject, both issued by the
 * CA; trust.p12 holds the CA's certificate.
 */
final class Setup {

    /** The password of the keystores. */
    static final char[] PASSWORD = "secret1".toCharArray();

    private Setup() {
    }

    /** Installs ShangMi first (SM2 keys and curveSM2 are "EC" to the JDK) and returns a ShangMiTLS provider. */
    static Provider install() {
        ShangMiProvider.install();
        return new ShangMiTlsProvider();
    }

    /**
     * A ShangMiTLS context: {@code "TLCPv1.1"} (TLCP), {@code "TLCP"} (TLCP and TLS on one port)
     * or a TLS one. With {@code keyStore} null the context has no certificates of its own.
     */
    static SSLContext context(Provider tls, String protocol, Path keyStore, Path trustStore) throws Exception {
        SSLContext context = SSLContext.getInstance(protocol, tls);
        context.init(keyStore == null ? null : keyManagers(keyStore), trustManagers(trustStore), null);
        return context;
    }

    /**
     * The JDK's default key managers over a keystore. A TLCP context finds the signing and the
     * encryption entry among them by key usage (or by the aliases given to
     * {@code org.shangmi.tls.TlcpParameters.setKeyAliases}).
     */
    static KeyManager[] keyManagers(Path file) throws Exception {
        KeyManagerFactory factory = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        factory.init(load(file), PASSWORD);
        return factory.getKeyManagers();
    }

    /** The JDK's "PKIX" trust manager factory over the CA's certificate. */
    static TrustManagerFactory trustManagerFactory(Path file) throws Exception {
        TrustManagerFactory factory = TrustManagerFactory.getInstance("PKIX");
        factory.init(load(file));
        return factory;
    }

    static TrustManager[] trustManagers(Path file) throws Exception {
        return trustManagerFactory(file).getTrustManagers();
    }

    private static KeyStore load(Path file) throws Exception {
        KeyStore store = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(file)) {
            store.load(in, PASSWORD);
        }
        return store;
    }
}
