package org.shangmi.example.tlcp;

import io.netty.handler.ssl.ClientAuth;
import io.netty.handler.ssl.IdentityCipherSuiteFilter;
import io.netty.handler.ssl.JdkSslContext;
import io.netty.handler.ssl.SslContext;
import java.util.List;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLParameters;

/**
 * Netty {@link SslContext}s over ShangMiTLS's TLCP contexts (as Netty 4.2 behaves).
 *
 * <p>Netty's {@code SslContextBuilder} always asks the provider for {@code SSLContext "TLS"}, so
 * a TLCP context is wrapped with {@link JdkSslContext}'s public constructor instead, with the
 * protocols and suites named:
 * <ul>
 * <li>protocols: left null, Netty reads the context's default {@link SSLParameters}, which a
 * TLCP context does not offer (UnsupportedOperationException);
 * <li>suites: left null, Netty keeps those of its own TLS list that the engine supports, and
 * only if there are none the engine's enabled ones. A "TLCPv1.1" context gets its TLCP suites
 * that way, but a "TLCP" context, which also supports the TLS suites, would get AES suites alone:
 * no TLCP suite and no SM one.
 * </ul>
 * {@code SslHandler} needs nothing more: its record framing knows TLCP's version, 0x0101.
 */
final class TlcpNetty {

    private TlcpNetty() {
    }

    /**
     * A server context: {@code tlcp} is a ShangMiTLS {@code "TLCPv1.1"} context (protocols
     * {@code "TLCPv1.1"}) or {@code "TLCP"} context ({@code "TLCPv1.1", "TLSv1.3"}); {@code suites}
     * are TLCP suites, and for {@code "TLCP"} the TLS suites too. {@link ClientAuth#REQUIRE} is
     * what the ECDHE suites need.
     */
    static SslContext forServer(SSLContext tlcp, ClientAuth clientAuth, List<String> suites, String... protocols) {
        return new JdkSslContext(tlcp, false, suites, IdentityCipherSuiteFilter.INSTANCE, null, clientAuth, protocols, false);
    }

    /** A client context over a ShangMiTLS {@code "TLCPv1.1"} context, offering {@code suites}. */
    static SslContext forClient(SSLContext tlcp, List<String> suites) {
        return new JdkSslContext(tlcp, true, suites, IdentityCipherSuiteFilter.INSTANCE, null, ClientAuth.NONE,
                new String[] {"TLCPv1.1"}, false);
    }

    /**
     * Turns on the host-name check of a client engine (from {@code SslHandler.engine()}): this
     * constructor of {@link JdkSslContext} sets no endpoint identification algorithm on its
     * engines, unlike {@code SslContextBuilder.forClient()}, whose default is HTTPS.
     */
    static void checkHostName(SSLEngine engine) {
        SSLParameters parameters = engine.getSSLParameters();
        parameters.setEndpointIdentificationAlgorithm("HTTPS");
        engine.setSSLParameters(parameters);
    }
}
