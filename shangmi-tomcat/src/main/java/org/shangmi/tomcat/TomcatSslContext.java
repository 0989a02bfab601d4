package org.shangmi.tomcat;

import java.security.KeyManagementException;
import java.security.SecureRandom;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import javax.net.ssl.KeyManager;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLServerSocketFactory;
import javax.net.ssl.SSLSessionContext;
import javax.net.ssl.TrustManager;
import javax.net.ssl.X509KeyManager;
import javax.net.ssl.X509TrustManager;
import org.apache.tomcat.util.net.SSLContext;
import org.shangmi.tls.TlcpParameters;

/**
 * Tomcat's view of a ShangMiTLS {@code SSLContext}. Its engines carry the TLCP key aliases
 * configured ({@code certificateKeyAlias="sign,enc"}) in their parameters, which Tomcat reads back
 * and sets again with its own settings, and keep their named groups ({@link GroupKeepingEngine}).
 */
final class TomcatSslContext implements SSLContext {

    private final javax.net.ssl.SSLContext context;
    private final Supplier<String[]> keyAliases;
    private final boolean keepGroups;
    private KeyManager[] keyManagers = new KeyManager[0];
    private TrustManager[] trustManagers = new TrustManager[0];

    /** {@code keepGroups}: Tomcat's host has no {@code groups} attribute (see {@link GroupKeepingEngine}). */
    TomcatSslContext(javax.net.ssl.SSLContext context, Supplier<String[]> keyAliases, boolean keepGroups) {
        this.context = context;
        this.keyAliases = keyAliases;
        this.keepGroups = keepGroups && GroupKeepingEngine.needed();
    }

    @Override
    public void init(KeyManager[] keys, TrustManager[] trust, SecureRandom random) throws KeyManagementException {
        context.init(keys, trust, random);
        keyManagers = keys == null ? new KeyManager[0] : keys.clone();
        trustManagers = trust == null ? new TrustManager[0] : trust.clone();
    }

    @Override
    public void destroy() {
        // nothing held beyond the JSSE context
    }

    @Override
    public SSLSessionContext getServerSessionContext() {
        return context.getServerSessionContext();
    }

    @Override
    public SSLEngine createSSLEngine() {
        SSLEngine engine = context.createSSLEngine();
        String[] aliases = keyAliases.get();
        if (aliases != null && engine.getSSLParameters() instanceof TlcpParameters parameters) {
            parameters.setKeyAliases(aliases[0], aliases[1]);
            engine.setSSLParameters(parameters);
        }
        return keepGroups ? new GroupKeepingEngine(engine) : engine;
    }

    @Override
    public SSLServerSocketFactory getServerSocketFactory() {
        return context.getServerSocketFactory();
    }

    @Override
    public SSLParameters getSupportedSSLParameters() {
        return context.getSupportedSSLParameters();
    }

    @Override
    public X509Certificate[] getCertificateChain(String alias) {
        for (KeyManager manager : keyManagers) {
            if (manager instanceof X509KeyManager keys) {
                X509Certificate[] chain = keys.getCertificateChain(alias);
                if (chain != null && chain.length > 0) {
                    return chain;
                }
            }
        }
        return null;
    }

    @Override
    public X509Certificate[] getAcceptedIssuers() {
        List<X509Certificate> issuers = new ArrayList<>();
        for (TrustManager manager : trustManagers) {
            if (manager instanceof X509TrustManager trust) {
                issuers.addAll(List.of(trust.getAcceptedIssuers()));
            }
        }
        return issuers.toArray(new X509Certificate[0]);
    }
}
