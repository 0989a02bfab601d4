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
import javax.net.ssl.X509KeyManager;
import org.bouncycastle.jsse.BCSSLEngine;
import org.bouncycastle.tls.NamedGroup;
import org.bouncycastle.tls.SignatureScheme;
import org.bouncycastle.tls.crypto.TlsCrypto;

/**
 * An SSLContext of ShangMiTLS: Bouncy Castle's context on ShangMi's crypto, whose engines and
 * sockets start with {@link ShangMiDefaults} and whose key managers are wrapped in
 * {@link ShangMiKeyManager} so that SM2 keys are found.
 */
final class ShangMiSslContextSpi extends SSLContextSpi {

    private final SSLContext context;
    private final boolean preset;
    private volatile ShangMiDefaults defaults;

    ShangMiSslContextSpi(SSLContext context) {
        this.context = context;
        this.preset = false;
    }

    /**
     * The "Default" context: Bouncy Castle's, which it initializes from the {@code javax.net.ssl.*}
     * system properties and the JDK's trust store, with ShangMiTLS's defaults.
     */
    static ShangMiSslContextSpi preset(SSLContext initialized) throws KeyManagementException {
        ShangMiSslContextSpi spi = new ShangMiSslContextSpi(initialized, true);
        spi.defaults = spi.defaultsFor(smCrypto());
        return spi;
    }

    private ShangMiSslContextSpi(SSLContext context, boolean preset) {
        this.context = context;
        this.preset = preset;
    }

    @Override
    protected void engineInit(KeyManager[] keyManagers, TrustManager[] trustManagers, SecureRandom random)
            throws KeyManagementException {
        if (preset) {
            throw new KeyManagementException("the Default SSLContext is initialized by the provider, not by init");
        }
        TlsCrypto crypto = smCrypto();
        context.init(wrap(keyManagers), trustManagers, random);
        defaults = defaultsFor(crypto);
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
        return new ShangMiServerSocketFactory(context.getServerSocketFactory(), defaults());
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
        return context.getSupportedSSLParameters();
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
