package org.shangmi.example.frameworks;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509TrustManager;
import org.shangmi.provider.ShangMiProvider;
import org.shangmi.tls.ShangMiTlsProvider;

/** ShangMiTLS contexts for the examples: clients trusting one PEM root, servers with a PKCS#12 key store. */
final class TlsContexts {

    private TlsContexts() {
    }

    /** The JDK's PKIX trust manager over the root certificate in {@code rootPem}. */
    static X509TrustManager trust(Path rootPem) throws Exception {
        ShangMiProvider.install(); // ahead of SunEC: the JDK's X.509 and PKIX then read SM2
        KeyStore store = KeyStore.getInstance("PKCS12");
        store.load(null, null);
        try (InputStream in = Files.newInputStream(rootPem)) {
            Certificate root = CertificateFactory.getInstance("X.509").generateCertificate(in);
            store.setCertificateEntry("root", root);
        }
        TrustManagerFactory factory = TrustManagerFactory.getInstance("PKIX");
        factory.init(store);
        return (X509TrustManager) factory.getTrustManagers()[0];
    }

    /** A client context of ShangMiTLS: "TLS" (TLS 1.3 with the SM suites first) or "TLCPv1.1". */
    static SSLContext client(String protocol, X509TrustManager trust) throws Exception {
        SSLContext context = SSLContext.getInstance(protocol, new ShangMiTlsProvider());
        context.init(null, new X509TrustManager[] {trust}, null);
        return context;
    }

    /** A server context of ShangMiTLS over every key entry of a PKCS#12 store. */
    static SSLContext server(String protocol, Path keyStore, char[] password) throws Exception {
        ShangMiProvider.install();
        KeyStore store = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(keyStore)) {
            store.load(in, password);
        }
        KeyManagerFactory keys = KeyManagerFactory.getInstance("PKIX", new ShangMiTlsProvider());
        keys.init(store, password);
        SSLContext context = SSLContext.getInstance(protocol, new ShangMiTlsProvider());
        context.init(keys.getKeyManagers(), null, null);
        return context;
    }
}
