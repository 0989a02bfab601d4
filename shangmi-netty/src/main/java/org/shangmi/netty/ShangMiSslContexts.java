package org.shangmi.netty;

import io.netty.handler.ssl.ApplicationProtocolConfig;
import io.netty.handler.ssl.ClientAuth;
import io.netty.handler.ssl.DelegatingSslContext;
import io.netty.handler.ssl.IdentityCipherSuiteFilter;
import io.netty.handler.ssl.JdkSslContext;
import io.netty.handler.ssl.SslContext;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLParameters;

/**
 * Netty {@link SslContext}s over an initialized ShangMiTLS {@link SSLContext}: "TLS" or
 * "TLSv1.3-SM" for TLS 1.3 with the RFC 8998 suites, "TLCPv1.1" for TLCP, "TLCP" or "TLCP-SM" for a
 * server answering both on one port. Netty's {@code SslContextBuilder} always asks its provider for
 * {@code SSLContext "TLS"} and enables Netty's own list of suites, which has no SM suite; these
 * contexts enable the suites and protocols of the ShangMiTLS context instead (its defaults, SM
 * suites first, unless lists are given). Client contexts check the server's host name (the
 * {@code HTTPS} identification of RFC 2818/6125) against the host given to
 * {@code newHandler(alloc, host, port)}. Suites and protocols the context does not serve are
 * refused when the context is made ({@code IllegalArgumentException} naming them). Works with
 * Netty 4.1 and 4.2, and so with Reactor Netty and gRPC's Netty transport.
 */
public final class ShangMiSslContexts {

    private ShangMiSslContexts() {
    }

    /** A server context with the SSLContext's default suites and protocols, without client authentication. */
    public static SslContext forServer(SSLContext context) {
        return forServer(context, ClientAuth.NONE, null, null);
    }

    /**
     * A server context. {@code suites} and {@code protocols} null: the SSLContext's defaults.
     * {@code applicationProtocols}: the ALPN names the server accepts, in its order of preference
     * ({@code "h2"} for gRPC and HTTP/2); none: no ALPN.
     */
    public static SslContext forServer(SSLContext context, ClientAuth clientAuth, List<String> suites, List<String> protocols,
            String... applicationProtocols) {
        return create(context, false, Objects.requireNonNull(clientAuth, "clientAuth"), suites, protocols, applicationProtocols);
    }

    /** A client context with the SSLContext's default suites and protocols, checking the server's host name. */
    public static SslContext forClient(SSLContext context) {
        return forClient(context, null, null);
    }

    /** A client context checking the server's host name; null lists: the SSLContext's defaults; ALPN names offered. */
    public static SslContext forClient(SSLContext context, List<String> suites, List<String> protocols,
            String... applicationProtocols) {
        SslContext client = create(context, true, ClientAuth.NONE, suites, protocols, applicationProtocols);
        return new DelegatingSslContext(client) {
            @Override
            protected void initEngine(SSLEngine engine) {
                SSLParameters parameters = engine.getSSLParameters();
                parameters.setEndpointIdentificationAlgorithm("HTTPS");
                engine.setSSLParameters(parameters);
            }
        };
    }

    private static void served(String what, List<String> names, String[] supported, SSLContext context) {
        List<String> served = Arrays.asList(supported);
        for (String name : names) {
            // GmSSL's TLS_ECC_... spellings of the TLCP suites are accepted by the engines too
            if (!served.contains(name) && !(name.startsWith("TLS_") && served.contains("TLCP_" + name.substring(4)))) {
                throw new IllegalArgumentException("The " + what + " [" + name + "] is not served by ShangMiTLS's SSLContext \""
                        + context.getProtocol() + "\", which serves " + served);
            }
        }
        if (names.isEmpty()) {
            throw new IllegalArgumentException("no " + what + " is enabled");
        }
    }

    private static SslContext create(SSLContext context, boolean client, ClientAuth clientAuth, List<String> suites,
            List<String> protocols, String... applicationProtocols) {
        Objects.requireNonNull(context, "context");
        SSLParameters defaults = context.getDefaultSSLParameters();
        List<String> enabledSuites = suites != null ? List.copyOf(suites) : Arrays.asList(defaults.getCipherSuites());
        String[] enabledProtocols = protocols != null ? protocols.toArray(new String[0]) : defaults.getProtocols();
        // checked here, not at the first handshake, which would fail each connection alike
        SSLParameters supported = context.getSupportedSSLParameters();
        served("cipher suite", enabledSuites, supported.getCipherSuites(), context);
        served("protocol", Arrays.asList(enabledProtocols), supported.getProtocols(), context);
        ApplicationProtocolConfig alpn = applicationProtocols.length == 0 ? ApplicationProtocolConfig.DISABLED
                : new ApplicationProtocolConfig(ApplicationProtocolConfig.Protocol.ALPN,
                        ApplicationProtocolConfig.SelectorFailureBehavior.NO_ADVERTISE,
                        ApplicationProtocolConfig.SelectedListenerFailureBehavior.ACCEPT, applicationProtocols);
        return new JdkSslContext(context, client, enabledSuites, IdentityCipherSuiteFilter.INSTANCE, alpn, clientAuth,
                enabledProtocols, false);
    }
}
