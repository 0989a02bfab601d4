package org.shangmi.spring.boot;

import io.netty.handler.ssl.ClientAuth;
import io.netty.handler.ssl.SslContext;
import java.security.GeneralSecurityException;
import java.security.Key;
import java.security.KeyStore;
import java.security.Provider;
import java.security.Security;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import org.shangmi.netty.ShangMiSslContexts;
import org.shangmi.tls.ShangMiTlsProvider;
import org.shangmi.tls.TlcpKeyStores;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.web.ServerProperties;
import org.springframework.boot.ssl.SslBundle;
import org.springframework.boot.ssl.SslBundles;
import org.springframework.boot.ssl.SslOptions;
import org.springframework.boot.web.embedded.netty.NettyServerCustomizer;
import org.springframework.boot.web.server.Ssl;
import org.springframework.boot.web.server.WebServerSslBundle;
import org.springframework.util.StringUtils;
import reactor.netty.http.server.HttpServer;
import reactor.netty.tcp.SslProvider;

/**
 * Secures a Reactor Netty server with a ShangMiTLS context made from Spring Boot's SSL bundle for
 * the server ({@code server.ssl.*} or the bundle it names) and {@code shangmi.tls.*}, in place of
 * Spring Boot's own, whose Netty {@code SslContextBuilder} would take SunJSSE's or Netty's suites. A
 * named bundle that is reloaded gives new connections a context from its new content.
 */
final class ShangMiNettyCustomizer implements NettyServerCustomizer {

    private final ShangMiTlsProperties properties;
    private final ObjectProvider<ServerProperties> server;
    private final ObjectProvider<SslBundles> bundles;
    private volatile SslProvider current;

    ShangMiNettyCustomizer(ShangMiTlsProperties properties, ObjectProvider<ServerProperties> server,
            ObjectProvider<SslBundles> bundles) {
        this.properties = properties;
        this.server = server;
        this.bundles = bundles;
    }

    @Override
    public HttpServer apply(HttpServer httpServer) {
        ServerProperties settings = server.getIfAvailable();
        Ssl ssl = settings == null ? null : settings.getSsl();
        if (!Ssl.isEnabled(ssl)) {
            return httpServer;
        }
        if (!ssl.getServerNameBundles().isEmpty()) {
            throw new IllegalStateException("server.ssl.server-name-bundles: on Reactor Netty every server name is served from "
                    + "server.ssl alone by shangmi-spring-boot-starter; use one bundle, or Tomcat");
        }
        SslBundles named = bundles.getIfAvailable();
        boolean http2 = settings.getHttp2() != null && settings.getHttp2().isEnabled();
        current = provider(WebServerSslBundle.get(ssl, named), ssl.getClientAuth(), http2);
        if (named != null && StringUtils.hasText(ssl.getBundle())) {
            named.addBundleUpdateHandler(ssl.getBundle(), updated -> current = provider(updated, ssl.getClientAuth(), http2));
        }
        // every handshake takes the current context (Reactor Netty asks the mapping for each connection)
        return httpServer.secure(spec -> spec.sslContext(current.getSslContext())
                .setSniAsyncMappings((serverName, promise) -> promise.setSuccess(current)));
    }

    private SslProvider provider(SslBundle bundle, Ssl.ClientAuth clientAuth, boolean http2) {
        try {
            String protocol = sslContextProtocol(bundle);
            Provider tls = tlsProvider();
            KeyStore keys = bundle.getStores().getKeyStore();
            String keyPassword = bundle.getKey().getPassword() != null ? bundle.getKey().getPassword()
                    : bundle.getStores().getKeyStorePassword();
            char[] password = keyPassword == null ? new char[0] : keyPassword.toCharArray();
            KeyManagerFactory keyManagers = KeyManagerFactory.getInstance("PKIX", tls);
            keyManagers.init(selected(keys, password, bundle.getKey().getAlias(), protocol.toUpperCase(Locale.ROOT)
                    .startsWith("TLCP")), password);
            TrustManagerFactory trust = null;
            if (bundle.getStores().getTrustStore() != null) {
                trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
                trust.init(bundle.getStores().getTrustStore());
            }
            SSLContext context = SSLContext.getInstance(protocol, tls);
            context.init(keyManagers.getKeyManagers(), trust == null ? null : trust.getTrustManagers(), null);
            SslOptions options = bundle.getOptions();
            List<String> suites = options.getCiphers() == null ? null : Arrays.asList(options.getCiphers());
            List<String> protocols = options.getEnabledProtocols() == null ? null : Arrays.asList(options.getEnabledProtocols());
            ClientAuth auth = clientAuth == Ssl.ClientAuth.NEED ? ClientAuth.REQUIRE
                    : clientAuth == Ssl.ClientAuth.WANT ? ClientAuth.OPTIONAL : ClientAuth.NONE;
            String[] alpn = http2 ? new String[] {"h2", "http/1.1"} : new String[0];
            SslContext netty = ShangMiSslContexts.forServer(context, auth, suites, protocols, alpn);
            return SslProvider.builder().sslContext(netty).build();
        } catch (GeneralSecurityException | IllegalArgumentException e) {
            throw new IllegalStateException("cannot make the ShangMiTLS context of the server: " + e.getMessage(), e);
        }
    }

    /**
     * As on Tomcat: the bundle's protocol ({@code server.ssl.protocol}) when it names another
     * context than "TLS", else {@code shangmi.tls.*}'s, else "TLCPv1.1" or "TLCP" when the enabled
     * protocols name TLCPv1.1, else "TLS".
     */
    private String sslContextProtocol(SslBundle bundle) {
        String named = properties.sslContextProtocol();
        if (bundle.getProtocol() != null && !bundle.getProtocol().equalsIgnoreCase("TLS")) {
            boolean smOnly = "TLSv1.3-SM".equals(named) || "TLCP-SM".equals(named);
            if (smOnly && !List.of("TLSv1.3-SM", "TLCP-SM", "TLCPv1.1").contains(bundle.getProtocol())) {
                throw new IllegalArgumentException("server.ssl.protocol [" + bundle.getProtocol() + "] is not SM-only, and "
                        + "shangmi.tls.sm-only asks for " + named);
            }
            return bundle.getProtocol();
        }
        if (named != null) {
            return named;
        }
        String[] enabled = bundle.getOptions().getEnabledProtocols();
        if (enabled != null && Arrays.asList(enabled).contains("TLCPv1.1")) {
            return enabled.length == 1 ? "TLCPv1.1" : "TLCP";
        }
        return "TLS";
    }

    /**
     * The key store the key managers see: all of it without a key alias; else the signing entry
     * and, for TLCP, its encryption entry, copied into a store of their own (or the store as it is
     * when its keys cannot be copied, a device's).
     */
    private KeyStore selected(KeyStore store, char[] password, String signAlias, boolean tlcp) throws GeneralSecurityException {
        if (signAlias == null) {
            return store;
        }
        String encryptionAlias = properties.getEncryptionKeyAlias();
        if (tlcp && encryptionAlias == null) {
            try {
                encryptionAlias = TlcpKeyStores.encryptionAlias(store, signAlias);
            } catch (java.security.KeyStoreException e) {
                throw new java.security.KeyStoreException(e.getMessage() + "; name it in shangmi.tls.encryption-key-alias", e);
            }
        }
        KeyStore copy = KeyStore.getInstance("PKCS12");
        try {
            copy.load(null, null);
        } catch (java.io.IOException e) {
            throw new java.security.KeyStoreException(e);
        }
        for (String alias : tlcp ? List.of(signAlias, encryptionAlias) : List.of(signAlias)) {
            Key key = store.getKey(alias, password);
            if (key == null) {
                throw new java.security.KeyStoreException("the key store has no key entry [" + alias + "]");
            }
            if (key.getEncoded() == null) {
                return store;
            }
            copy.setKeyEntry(alias, key, password, store.getCertificateChain(alias));
        }
        return copy;
    }

    private static Provider tlsProvider() {
        Provider installed = Security.getProvider(ShangMiTlsProvider.NAME);
        return installed != null ? installed : new ShangMiTlsProvider();
    }
}
