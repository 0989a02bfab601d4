package org.shangmi.tls.tlcp;

import java.security.KeyManagementException;
import java.security.KeyStore;
import java.security.KeyStoreException;
import java.security.NoSuchAlgorithmException;
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
import javax.net.ssl.X509TrustManager;

/**
 * {@code SSLContext "TLCPv1.1"} of the ShangMiTLS provider: engines speaking TLCP 1.1 with the
 * key manager's double certificates. With no trust managers given, the default
 * {@link TrustManagerFactory}'s (the JDK's cacerts) are used, as every JSSE context does.
 */
public final class TlcpSslContextSpi extends SSLContextSpi {

    /** The protocol's name, as Tencent Kona names it. */
    public static final String PROTOCOL = "TLCPv1.1";

    /** The name of the context that serves TLCP and TLS on one port. */
    public static final String TLCP_OR_TLS = "TLCP";

    private final SSLContext tls;
    private final boolean smOnly;
    private volatile TlcpContext context;

    /** A TLCP 1.1 context, to be initialized. */
    public TlcpSslContextSpi() {
        this(null);
    }

    /**
     * A context whose servers answer TLS clients through {@code tls} (initialized here with the
     * same key and trust managers) and TLCP clients themselves; its clients speak TLCP.
     */
    public TlcpSslContextSpi(SSLContext tls) {
        this(tls, false);
    }

    /**
     * As {@link #TlcpSslContextSpi(SSLContext)}; with {@code smOnly} (TLCP-SM, beside an SM-only
     * {@code tls}) every certificate a TLCP peer sends must be SM2 signed with SM3withSM2 too.
     */
    public TlcpSslContextSpi(SSLContext tls, boolean smOnly) {
        this.tls = tls;
        this.smOnly = smOnly;
    }

    @Override
    protected void engineInit(KeyManager[] keyManagers, TrustManager[] trustManagers, SecureRandom random)
            throws KeyManagementException {
        X509KeyManager keys = null;
        if (keyManagers != null) {
            for (KeyManager manager : keyManagers) {
                if (manager instanceof X509KeyManager x509) {
                    keys = x509;
                    break;
                }
            }
        }
        X509TrustManager trust = null;
        try {
            TrustManager[] candidates = trustManagers;
            if (candidates == null) {
                TrustManagerFactory factory = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
                factory.init((KeyStore) null);
                candidates = factory.getTrustManagers();
            }
            for (TrustManager manager : candidates) {
                if (manager instanceof X509TrustManager x509) {
                    trust = x509;
                    break;
                }
            }
        } catch (NoSuchAlgorithmException | KeyStoreException e) {
            throw new KeyManagementException("cannot make the default trust manager", e);
        }
        SecureRandom source = random != null ? random : new SecureRandom();
        if (tls != null) {
            tls.init(keyManagers, trustManagers, source);
        }
        context = new TlcpContext(keys, trust == null ? null : IdentityCheckingTrustManager.of(trust), source, smOnly);
    }

    private TlcpContext context() {
        TlcpContext initialized = context;
        if (initialized == null) {
            throw new IllegalStateException("SSLContext.init has not been called");
        }
        return initialized;
    }

    @Override
    protected SSLEngine engineCreateSSLEngine() {
        return engineCreateSSLEngine(null, -1);
    }

    @Override
    protected SSLEngine engineCreateSSLEngine(String host, int port) {
        TlcpEngine engine = new TlcpEngine(context(), host, port);
        return tls == null ? engine : new TlcpOrTlsEngine(engine, tls.createSSLEngine(host, port));
    }

    @Override
    protected SSLSocketFactory engineGetSocketFactory() {
        context();
        return EngineSocketFactories.client(this::engineCreateSSLEngine);
    }

    @Override
    protected SSLServerSocketFactory engineGetServerSocketFactory() {
        context();
        return EngineSocketFactories.server(this::engineCreateSSLEngine);
    }

    /** The parameters an engine starts with (the JDK's default would make an unconnected socket, which is not offered). */
    @Override
    protected SSLParameters engineGetDefaultSSLParameters() {
        return engineCreateSSLEngine().getSSLParameters();
    }

    /** Every suite and protocol the engines know. */
    @Override
    protected SSLParameters engineGetSupportedSSLParameters() {
        SSLEngine engine = engineCreateSSLEngine();
        SSLParameters parameters = engine.getSSLParameters();
        parameters.setCipherSuites(engine.getSupportedCipherSuites());
        parameters.setProtocols(engine.getSupportedProtocols());
        return parameters;
    }

    @Override
    protected SSLSessionContext engineGetServerSessionContext() {
        return context().serverSessions();
    }

    @Override
    protected SSLSessionContext engineGetClientSessionContext() {
        return context().clientSessions();
    }
}
