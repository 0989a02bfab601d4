package org.shangmi.example.tls;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.Provider;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.TrustManagerFactory;
import org.shangmi.provider.ShangMiProvider;
import org.shangmi.tls.ShangMiTlsProvider;

/**
 * What every example does first: installs ShangMi ahead of SunEC, and reads the keystores that
 * examples/run made with keytool (server.p12: the server's SM2 key with its certificate for
 * localhost and the CA's; trust.p12: the CA's certificate).
 */
final class Setup {

    /** The password of both keystores. */
    static final char[] PASSWORD = "secret1".toCharArray();

    private Setup() {
    }

    /** Installs ShangMi first (SM2 keys and curveSM2 are "EC" to the JDK) and returns a ShangMiTLS provider. */
    static Provider install() {
        ShangMiProvider.install();
        return new ShangMiTlsProvider();
    }

    /** ShangMiTLS's "PKIX" key manager factory over the server's keystore. */
    static KeyManagerFactory keyManagers(Path directory, Provider tls) throws Exception {
        KeyManagerFactory factory = KeyManagerFactory.getInstance("PKIX", tls);
        factory.init(load(directory.resolve("server.p12")), PASSWORD);
        return factory;
    }

    /** The JDK's "PKIX" trust manager factory over the CA's certificate. */
    static TrustManagerFactory trustManagers(Path directory) throws Exception {
        TrustManagerFactory factory = TrustManagerFactory.getInstance("PKIX");
        factory.init(load(directory.resolve("trust.p12")));
        return factory;
    }

    private static KeyStore load(Path file) throws Exception {
        KeyStore store = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(file)) {
            store.load(in, PASSWORD);
        }
        return store;
    }
}
