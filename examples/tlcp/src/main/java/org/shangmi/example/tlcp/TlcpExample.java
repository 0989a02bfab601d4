package org.shangmi.example.tlcp;

import io.netty.channel.Channel;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.handler.ssl.ClientAuth;
import io.netty.handler.ssl.SslContext;
import java.nio.file.Path;
import java.security.Provider;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLContext;

/**
 * TLCP on Netty with ShangMiTLS's {@code SSLContext "TLCPv1.1"}: a server with a double
 * certificate answers
 * <ul>
 * <li>over TLCP_ECC_SM4_GCM_SM3, a client without certificates that checks the server's
 * certificates against the CA and the host name localhost;
 * <li>over TLCP_ECDHE_SM4_GCM_SM3, which requires client authentication, a client with a
 * double certificate of its own;
 * </ul>
 * and refuses a client without certificates on ECDHE; a client expecting another host name
 * refuses the server. The argument is the directory of the keystores.
 */
public final class TlcpExample {

    private static final String LINE = "hello over TLCP";
    private static final String SERVER_CERTIFICATES = "CN=localhost (signing) / CN=localhost (encryption) / CN=CA (CA)";

    private TlcpExample() {
    }

    public static void main(String[] args) throws Exception {
        Path pki = Path.of(args[0]);
        Provider tls = Setup.install();
        Path trust = pki.resolve("trust.p12");
        SSLContext server = Setup.context(tls, "TLCPv1.1", pki.resolve("tlcp-server.p12"), trust);
        SSLContext anonymousClient = Setup.context(tls, "TLCPv1.1", null, trust);
        SSLContext client = Setup.context(tls, "TLCPv1.1", pki.resolve("tlcp-client.p12"), trust);

        String ecc = "TLCP_ECC_SM4_GCM_SM3";
        String ecdhe = "TLCP_ECDHE_SM4_GCM_SM3";
        SslContext eccServer = TlcpNetty.forServer(server, ClientAuth.NONE, List.of(ecc), "TLCPv1.1");
        SslContext ecdheServer = TlcpNetty.forServer(server, ClientAuth.REQUIRE, List.of(ecdhe), "TLCPv1.1");
        SslContext eccClient = TlcpNetty.forClient(anonymousClient, List.of(ecc));
        SslContext ecdheClient = TlcpNetty.forClient(client, List.of(ecdhe));
        SslContext ecdheWithoutCertificates = TlcpNetty.forClient(anonymousClient, List.of(ecdhe));

        EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
        try {
            Channel eccListener = LineEcho.serve(group, eccServer);
            Channel ecdheListener = LineEcho.serve(group, ecdheServer);
            int eccPort = LineEcho.port(eccListener);
            int ecdhePort = LineEcho.port(ecdheListener);

            Checks.checkExchange("ECC", LineEcho.send(group, eccClient, "localhost", eccPort, TlcpNetty::checkHostName, LINE),
                    "TLCPv1.1", ecc, SERVER_CERTIFICATES, LineEcho.answer("TLCPv1.1", ecc, "anonymous", LINE));
            Checks.checkExchange("ECDHE, client certificates",
                    LineEcho.send(group, ecdheClient, "localhost", ecdhePort, TlcpNetty::checkHostName, LINE),
                    "TLCPv1.1", ecdhe, SERVER_CERTIFICATES, LineEcho.answer("TLCPv1.1", ecdhe, "CN=client", LINE));
            Checks.checkRefused("ECDHE, no client certificates",
                    LineEcho.send(group, ecdheWithoutCertificates, "localhost", ecdhePort, TlcpNetty::checkHostName, LINE));
            Checks.checkRefused("ECC, expecting the host name example.com",
                    LineEcho.send(group, eccClient, "example.com", eccPort, TlcpNetty::checkHostName, LINE));

            eccListener.close().sync();
            ecdheListener.close().sync();
        } finally {
            group.shutdownGracefully(0, 5, TimeUnit.SECONDS).sync();
        }
        Checks.exit();
    }
}
