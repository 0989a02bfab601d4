package org.shangmi.tls;

import java.security.KeyManagementException;
import java.security.SecureRandom;
import javax.net.ssl.KeyManager;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLContextSpi;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLServerSocketFactory;
import javax.net.ssl.SSLSessionContext;
import javax.net.ssl.SSLSocketFactory;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509KeyManager;
import org.bouncycastle.jsse.BCSSLEngine;
import org.bouncycastle.tls.NamedGroup;
import org.bouncycastle.tls.SignatureScheme;
import org.bouncycastle.tls.crypto.TlsCrypto;
import org.shangmi.tls.tlcp.EngineSocketFactories;
import org.shangmi.tls.tlcp.SmOnlyTrust;

/**
 * An SSLContext of ShangMiTLS: Bouncy Castle's context on ShangMi's crypto, whose engines and
 * sockets start with {@link ShangMiDefaults} and whose key managers are wrapped in
 * {@link ShangMiKeyManager} so that SM2 keys are found.
 */
final class ShangMiSslContextSpi extends SSLContextSpi {

    private final SSLContext context;
    private final boolean preset;
    private final boolean smOnly;
    private volatile ShangMiDefaults defaults;

    ShangMiSslContextSpi(SSLContext context) {
        this(context, false);
    }

    /**
     * With {@code smOnly}, an SM-only context over a Bouncy Castle context whose crypto serves the
     * RFC 8998 algorithms alone: its defaults name nothing else, its settings refuse anything else,
     * and its trust managers refuse a peer certificate that is not SM2 signed with SM3withSM2.
     */
    ShangMiSslContextSpi(SSLContext context, boolean smOnly) {
        this(context, false, smOnly);
    }

    /**
     * The "Default" context: Bouncy Castle's, which it initializes from the {@code javax.net.ssl.*}
     * system properties and the JDK's trust store, with ShangMiTLS's defaults.
     */
    static ShangMiSslContextSpi preset(SSLContext initialized) throws KeyManagementException {
        ShangMiSslContextSpi spi = new ShangMiSslContextSpi(initialized, true, false);
        spi.defaults = spi.defaultsFor(smCrypto());
        return spi;
    }

    private ShangMiSslContextSpi(SSLContext context, boolean preset, boolean smOnly) {
        this.context = context;
        this.preset = preset;
        this.smOnly = smOnly;
    }

    @Override
    protected void engineInit(KeyManager[] keyManagers, TrustManager[] trustManagers, SecureRandom random)
            throws KeyManagementException {
        if (preset) {
            throw new KeyManagementException("the Default SSLContext is initialized by the provider, not by init");
        }
        TlsCrypto crypto = smCrypto();
        KeyManager[] keys = wrap(keyManagers);
        if (smOnly) {
            warnWithoutSm2Key(keys);
        }
        context.init(keys, smOnly ? SmOnlyTrust.wrap(trustManagersOrDefault(trustManagers)) : trustManagers, random);
        defaults = smOnly ? ShangMiDefaults.smOnly() : defaultsFor(crypto);
    }

    /**
     * An SM-only context whose key manager holds keys but no SM2 key with an SM chain (SM2 keys,
     * SM3withSM2 signatures) says so once, when it is initialized: as a server it would fail
     * every handshake (or be refused by SM-only peers), as a client it could not authenticate.
     */
    private static void warnWithoutSm2Key(KeyManager[] keys) {
        if (keys == null || keys.length == 0 || !(keys[0] instanceof X509KeyManager manager)) {
            return;
        }
        String problem = null;
        for (boolean server : new boolean[] {true, false}) {
            for (String type : new String[] {"EC", "RSA", "EdDSA", "RSASSA-PSS", "DSA"}) {
                String[] aliases = server ? manager.getServerAliases(type, null) : manager.getClientAliases(type, null);
                for (String alias : aliases == null ? new String[0] : aliases) {
                    java.security.cert.X509Certificate[] chain = manager.getCertificateChain(alias);
                    if (chain == null || chain.length == 0) {
                        continue;
                    }
                    if (!org.shangmi.tls.tlcp.Certificates.isSm2(chain[0])) {
                        problem = problem != null ? problem : "it was given keys but no SM2 key with its certificate";
                        continue;
                    }
                    try {
                        SmOnlyTrust.check(chain);
                        return; // an SM2 key with an SM chain
                    } catch (java.security.cert.CertificateException notSm) {
                        problem = "the chain of its SM2 key \"" + alias + "\" is not SM: "
                                + notSm.getMessage().replace("the peer's certificate", "the certificate");
                    }
                }
            }
        }
        if (problem != null) {
            System.getLogger(ShangMiTlsProvider.class.getName()).log(System.Logger.Level.WARNING, "an SM-only SSLContext ("
                    + ShangMiTlsProvider.SM_ONLY + "): " + problem + "; as a server it will fail every handshake or be refused "
                    + "by SM-only peers, as a client it cannot authenticate");
        }
    }

    /** The given trust managers, or the default factory's (what every context uses when given none). */
    private static TrustManager[] trustManagersOrDefault(TrustManager[] trustManagers) throws KeyManagementException {
        if (trustManagers != null) {
            return trustManagers;
        }
        try {
            TrustManagerFactory factory = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            factory.init((java.security.KeyStore) null);
            return factory.getTrustManagers();
        } catch (java.security.GeneralSecurityException e) {
            throw new KeyManagementException("cannot make the default trust manager", e);
        }
    }

    private ShangMiDefaults defaultsFor(TlsCrypto crypto) {
        return new ShangMiDefaults(crypto, context.getSocketFactory().getDefaultCipherSuites(),
                context.getServerSocketFactory().getDefaultCipherSuites());
    }

    /** The crypto of the installed providers, refused when it cannot serve curveSM2 and sm2sig_sm3. */
    private static TlsCrypto smCrypto() throws KeyManagementException {
        TlsCrypto crypto = new ShangMiTlsCryptoProvider().create(new SecureRandom());
        if (!crypto.hasNamedGroup(NamedGroup.curveSM2) || !crypto.hasSignatureScheme(SignatureScheme.sm2sig_sm3)) {
            // without ShangMi's "EC" services ahead of the JDK's the SM suites would quietly fall away
            throw new KeyManagementException("ShangMiTLS needs the ShangMi provider ahead of SunEC, for example "
                    + "ShangMiProvider.install(): the first \"EC\" provider knows no sm2p256v1");
        }
        return crypto;
    }

    @Override
    protected SSLEngine engineCreateSSLEngine() {
        return engine(context.createSSLEngine());
    }

    @Override
    protected SSLEngine engineCreateSSLEngine(String host, int port) {
        return engine(context.createSSLEngine(host, port));
    }

    private SSLEngine engine(SSLEngine engine) {
        ShangMiDefaults current = defaults();
        BCSSLEngine bc = (BCSSLEngine) engine;
        bc.setParameters(current.forSide(bc.getParameters(), engine.getUseClientMode()));
        return new ShangMiSslEngine(engine, current);
    }

    @Override
    protected SSLSocketFactory engineGetSocketFactory() {
        return new ShangMiSocketFactory(context.getSocketFactory(), defaults());
    }

    @Override
    protected SSLServerSocketFactory engineGetServerSocketFactory() {
        defaults(); // initialized
        return EngineSocketFactories.server(this::engineCreateSSLEngine);
    }

    @Override
    protected SSLSessionContext engineGetServerSessionContext() {
        return context.getServerSessionContext();
    }

    @Override
    protected SSLSessionContext engineGetClientSessionContext() {
        return context.getClientSessionContext();
    }

    @Override
    protected SSLParameters engineGetDefaultSSLParameters() {
        return defaults().clientParameters(context.getDefaultSSLParameters());
    }

    @Override
    protected SSLParameters engineGetSupportedSSLParameters() {
        SSLParameters supported = context.getSupportedSSLParameters();
        if (smOnly) {
            supported.setCipherSuites(ShangMiDefaults.SM_CIPHER_SUITES.toArray(String[]::new));
            supported.setProtocols(new String[] {"TLSv1.3"});
        }
        return supported;
    }

    private ShangMiDefaults defaults() {
        ShangMiDefaults current = defaults;
        if (current == null) {
            throw new IllegalStateException("SSLContext has not been initialized");
        }
        return current;
    }

    /** The first X509 key manager wrapped so that it offers SM2 keys (the engine uses only the first). */
    private static KeyManager[] wrap(KeyManager[] keyManagers) {
        if (keyManagers != null) {
            for (KeyManager keyManager : keyManagers) {
                if (keyManager instanceof ShangMiKeyManager) {
                    return new KeyManager[] {keyManager};
                }
                if (keyManager instanceof X509KeyManager keys) {
                    return new KeyManager[] {new ShangMiKeyManager(keys)};
                }
            }
        }
        return keyManagers;
    }
}
