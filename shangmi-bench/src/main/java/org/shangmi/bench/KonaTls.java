package org.shangmi.bench;

import java.io.ByteArrayInputStream;
import java.io.File;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyFactory;
import java.security.KeyStore;
import java.security.Provider;
import java.security.Security;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.ArrayList;
import java.util.List;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/**
 * Tencent's KonaSSL 1.0.19 (TLCP, and TLS 1.3 with the SM suites) as a stack beside ShangMiTLS in
 * {@link TlsBench} and {@link TlcpBench}. No registry serves KonaSSL: the peer script
 * {@code shared/peers/kona/build} compiles it and KonaPKIX from their source, and
 * {@code bin/bench} names the three jars in the environment variable {@value #JARS_VARIABLE}.
 * They load in a class loader of their own over the platform's: KonaSSL adds classes to
 * kona-crypto's packages, which the bench's own (signed) kona-crypto would refuse. Only the JSSE
 * and JCA interfaces and encoded keys and certificates pass between the two sides.
 */
final class KonaTls {

    static final String JARS_VARIABLE = "SHANGMI_KONA_JARS";

    private final Provider crypto;
    private final Provider pkix;
    private final Provider ssl;

    private KonaTls(Provider crypto, Provider pkix, Provider ssl) {
        this.crypto = crypto;
        this.pkix = pkix;
        this.ssl = ssl;
    }

    /**
     * Loads Kona's three providers and installs them ahead of the others, as Kona's own set-up
     * does (its code finds some services by name alone): every SM algorithm Kona's stack asks for
     * comes from Kona.
     */
    static KonaTls install() throws Exception {
        String jars = System.getenv(JARS_VARIABLE);
        if (jars == null || jars.isBlank()) {
            throw new IllegalStateException("the Kona stack needs KonaSSL's jars in " + JARS_VARIABLE
                    + ": bin/bench sets it from shared/peers/kona/build (set SHANGMI_PEERS to the folder of kona/build)");
        }
        List<URL> urls = new ArrayList<>();
        for (String jar : jars.split(File.pathSeparator)) {
            Path path = Path.of(jar);
            if (!Files.isRegularFile(path)) {
                throw new IllegalStateException(JARS_VARIABLE + " names " + jar + ", which is not a file");
            }
            urls.add(path.toUri().toURL());
        }
        ClassLoader loader = new URLClassLoader("kona", urls.toArray(URL[]::new), ClassLoader.getPlatformClassLoader());
        Provider crypto = provider(loader, "com.tencent.kona.crypto.KonaCryptoProvider");
        Provider pkix = provider(loader, "com.tencent.kona.pkix.KonaPKIXProvider");
        Provider ssl = provider(loader, "com.tencent.kona.ssl.KonaSSLProvider");
        Security.insertProviderAt(crypto, 1);
        Security.insertProviderAt(pkix, 2);
        Security.insertProviderAt(ssl, 3);
        return new KonaTls(crypto, pkix, ssl);
    }

    private static Provider provider(ClassLoader loader, String name) throws Exception {
        return (Provider) Class.forName(name, true, loader).getDeclaredConstructor().newInstance();
    }

    /**
     * Kona's {@code SSLContext} for {@code protocol}, with {@code keys}' entries (null: no keys)
     * and trusting {@code trusted}'s certificates, both read again through Kona's own classes.
     */
    SSLContext context(String protocol, KeyStore keys, char[] password, KeyStore trusted) throws Exception {
        CertificateFactory certificates = CertificateFactory.getInstance("X.509", pkix);
        KeyManagerFactory keyManagers = null;
        if (keys != null) {
            KeyStore konaKeys = KeyStore.getInstance("PKCS12", pkix);
            konaKeys.load(null, null);
            KeyFactory keyFactory = KeyFactory.getInstance("EC", crypto);
            for (String alias : java.util.Collections.list(keys.aliases())) {
                Certificate[] chain = keys.getCertificateChain(alias);
                Certificate[] konaChain = new Certificate[chain.length];
                for (int i = 0; i < chain.length; i++) {
                    konaChain[i] = certificates.generateCertificate(new ByteArrayInputStream(chain[i].getEncoded()));
                }
                byte[] pkcs8 = keys.getKey(alias, password).getEncoded();
                konaKeys.setKeyEntry(alias, keyFactory.generatePrivate(new PKCS8EncodedKeySpec(pkcs8)), password, konaChain);
            }
            keyManagers = KeyManagerFactory.getInstance("NewSunX509", ssl);
            keyManagers.init(konaKeys, password);
        }
        KeyStore konaTrusted = KeyStore.getInstance("PKCS12", pkix);
        konaTrusted.load(null, null);
        for (String alias : java.util.Collections.list(trusted.aliases())) {
            konaTrusted.setCertificateEntry(alias,
                    certificates.generateCertificate(new ByteArrayInputStream(trusted.getCertificate(alias).getEncoded())));
        }
        TrustManagerFactory trust = TrustManagerFactory.getInstance("PKIX", ssl);
        trust.init(konaTrusted);
        SSLContext context = SSLContext.getInstance(protocol, ssl);
        context.init(keyManagers == null ? null : keyManagers.getKeyManagers(), trust.getTrustManagers(), null);
        return context;
    }
}
