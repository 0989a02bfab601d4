package org.shangmi.example.tlcp;

import io.netty.channel.Channel;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.handler.ssl.ClientAuth;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslProvider;
import java.nio.file.Path;
import java.security.Provider;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLContext;

/**
 * TLCP and TLS 1.3 on one port: a Netty server on ShangMiTLS's {@code SSLContext "TLCP"} (with
 * a double certificate) answers a TLCP client over TLCP_ECC_SM4_GCM_SM3 and an ordinary Netty
 * TLS 1.3 client over TLS_SM4_GCM_SM3; to the TLS client it shows its signing certificate alone.
 * The argument is the directory of the keystores.
 */
public final class OnePortExample {

    private static final String TLCP_SUITE = "TLCP_ECC_SM4_GCM_SM3";
    private static final String TLS_SUITE = "TLS_SM4_GCM_SM3";

    private OnePortExample() {
    }

    public static void main(String[] args) throws Exception {
        Path pki = Path.of(args[0]);
        Provider tls = Setup.install();
        Path trust = pki.resolve("trust.p12");

        // both protocols and the suites of both, named explicitly (see TlcpNetty)
        SSLContext tlcpOrTls = Setup.context(tls, "TLCP", pki.resolve("tlcp-server.p12"), trust);
        SslContext server = TlcpNetty.forServer(tlcpOrTls, ClientAuth.NONE, List.of(TLCP_SUITE, TLS_SUITE),
                "TLCPv1.1", "TLSv1.3");
        SslContext tlcpClient = TlcpNetty.forClient(Setup.context(tls, "TLCPv1.1", null, trust), List.of(TLCP_SUITE));
        // a TLS client as NettyExample of examples/tls writes it; its host-name check is on by default
        SslContext tlsClient = SslContextBuilder.forClient()
                .trustManager(Setup.trustManagerFactory(trust))
                .sslProvider(SslProvider.JDK)
                .sslContextProvider(tls)
                .protocols("TLSv1.3")
                .ciphers(List.of(TLS_SUITE))
                .build();

        EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
        try {
            Channel listener = LineEcho.serve(group, server);
            int port = LineEcho.port(listener);
            String tlcpLine = "hello over TLCP";
            Checks.checkExchange("one port, TLCP client",
                    LineEcho.send(group, tlcpClient, "localhost", port, TlcpNetty::checkHostName, tlcpLine),
                    "TLCPv1.1", TLCP_SUITE, "CN=localhost (signing) / CN=localhost (encryption) / CN=CA (CA)",
                    LineEcho.answer("TLCPv1.1", TLCP_SUITE, "anonymous", tlcpLine));
            String tlsLine = "hello over TLS 1.3";
            Checks.checkExchange("one port, TLS 1.3 client",
                    LineEcho.send(group, tlsClient, "localhost", port, engine -> { }, tlsLine),
                    "TLSv1.3", TLS_SUITE, "CN=localhost (signing) / CN=CA (CA)",
                    LineEcho.answer("TLSv1.3", TLS_SUITE, "anonymous", tlsLine));
            listener.close().sync();
        } finally {
            group.shutdownGracefully(0, 5, TimeUnit.SECONDS).sync();
        }
        Checks.exit();
    }
}
