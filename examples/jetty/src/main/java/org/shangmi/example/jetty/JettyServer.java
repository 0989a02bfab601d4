package org.shangmi.example.jetty;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.Security;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.io.EndPoint;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.SecureRequestCustomizer;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.server.SslConnectionFactory;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.ssl.SslContextFactory;
import org.shangmi.provider.ShangMiProvider;
import org.shangmi.tls.ShangMiTlsProvider;

/**
 * Jetty 12 over ShangMiTLS: {@code JettyServer PROTOCOL KEYSTORE.p12 PASSWORD PORT-FILE}, PROTOCOL a
 * ShangMiTLS {@code SSLContext} ("TLS", "TLCP", "TLCPv1.1", "TLSv1.3-SM", "TLCP-SM"). Every request
 * gets the connection's suite and protocol. Writes its port to PORT-FILE and runs until killed.
 */
public final class JettyServer {

    private JettyServer() {
    }

    public static void main(String[] args) throws Exception {
        ShangMiProvider.install();                      // ahead of SunEC: SM2 keys and certificates
        Security.addProvider(new ShangMiTlsProvider()); // Jetty takes its provider by name

        SslContextFactory.Server tls = new SslContextFactory.Server();
        tls.setProvider(ShangMiTlsProvider.NAME);
        tls.setProtocol(args[0]);
        tls.setKeyStoreType("PKCS12");
        tls.setKeyStorePath(args[1]);
        tls.setKeyStorePassword(args[2]);

        Server server = new Server();
        HttpConfiguration https = new HttpConfiguration();
        https.addCustomizer(new SecureRequestCustomizer());
        ServerConnector connector = new ServerConnector(server, new SslConnectionFactory(tls, "http/1.1"),
                new HttpConnectionFactory(https));
        connector.setHost("127.0.0.1");
        connector.setPort(0);
        server.addConnector(connector);
        server.setHandler(new Handler.Abstract() {
            @Override
            public boolean handle(Request request, Response response, Callback callback) {
                EndPoint.SslSessionData tlsData = (EndPoint.SslSessionData) request.getAttribute(EndPoint.SslSessionData.ATTRIBUTE);
                String page = "suite=" + tlsData.cipherSuite() + " protocol=" + tlsData.sslSession().getProtocol() + "\n";
                response.getHeaders().put(HttpHeader.CONTENT_TYPE, "text/plain");
                response.write(true, ByteBuffer.wrap(page.getBytes(StandardCharsets.US_ASCII)), callback);
                return true;
            }
        });
        server.start();
        Files.writeString(Path.of(args[3]), Integer.toString(connector.getLocalPort()));
        server.join();
    }
}
