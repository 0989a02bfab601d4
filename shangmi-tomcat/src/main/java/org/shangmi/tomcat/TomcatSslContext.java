package org.shangmi.tomcat;

import java.security.KeyManagementException;
import java.security.SecureRandom;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import javax.net.ssl.KeyManager;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLServerSocketFactory;
import javax.net.ssl.SSLSessionContext;
import javax.net.ssl.TrustManager;
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
    private final Supplier<Map<String, X509Certificate[]>> chains;
    private final boolean keepGroups;
    private TrustManager[] trustManagers = new TrustManager[0];

    /** {@code keepGroups}: Tomcat's host has no {@code groups} attribute (see {@link GroupKeepingEngine}). */
    TomcatSslContext(javax.net.ssl.SSLContext context, Supplier<String[]> keyAliases,
            Supplier<Map<String, X509Certificate[]>> chains, boolean keepGroups) {
        this.context = context;
        this.keyAliases = keyAliases;
        this.chains = chains;
        this.keepGroups = keepGroups && GroupKeepingEngine.needed();
    }

    @Override
    public void init(KeyManager[] keys, TrustManager[] trust, SecureRandom random) throws KeyManagementException {
        context.init(keys, trust, random);
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

    /**
     * The chain Tomcat asks for by its {@code certificateKeyAlias} (to log it and to watch for its
     * expiry): of the entries named ("{@code sign,enc}" names two), or of every entry served when
     * the alias names none of them (Tomcat asks for "tomcat" when none is set), the one whose
     * certificate expires first.
     */
    @Override
    public X509Certificate[] getCertificateChain(String alias) {
        Map<String, X509Certificate[]> served = chains.get();
        List<X509Certificate[]> named = new ArrayList<>();
        for (String name : alias == null ? new String[0] : alias.split(",")) {
            X509Certificate[] chain = served.get(name.trim());
            if (chain != null && chain.length > 0) {
                named.add(chain);
            }
        }
        if (named.isEmpty()) {
            for (X509Certificate[] chain : served.values()) {
                if (chain.length > 0) {
                    named.add(chain);
                }
            }
        }
        return named.stream().min(Comparator.comparing(chain -> chain[0].getNotAfter())).map(X509Certificate[]::clone)
                .orElse(null);
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
