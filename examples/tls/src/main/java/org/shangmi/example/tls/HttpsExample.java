package org.shangmi.example.tls;

import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsExchange;
import com.sun.net.httpserver.HttpsServer;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.Provider;
import java.time.Duration;
import javax.net.ssl.SSLContext;

/**
 * HTTPS with the JDK's own classes over ShangMiTLS: an {@link HttpsServer} answers GET / with the
 * protocol and cipher suite it negotiated, and the JDK's {@link HttpClient} fetches it and checks
 * TLS_SM4_GCM_SM3 on TLS 1.3. Neither side names the suite: ShangMiTLS enables the SM suites
 * first by default. The argument is the directory of the keystores.
 */
public final class HttpsExample {

    private HttpsExample() {
    }

    public static void main(String[] args) throws Exception {
        Path pki = Path.of(args[0]);
        Provider tls = Setup.install();

        SSLContext serverContext = SSLContext.getInstance("TLS", tls);
        serverContext.init(Setup.keyManagers(pki, tls).getKeyManagers(), null, null);
        HttpsServer server = HttpsServer.create(new InetSocketAddress(InetAddress.getByName("localhost"), 0), 0);
        server.setHttpsConfigurator(new HttpsConfigurator(serverContext));
        server.createContext("/", exchange -> {
            byte[] body = Checks.describe(((HttpsExchange) exchange).getSSLSession()).getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().set("Content-Type", "text/plain; charset=utf-8");
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
        server.start();
        try {
            SSLContext clientContext = SSLContext.getInstance("TLS", tls);
            clientContext.init(null, Setup.trustManagers(pki).getTrustManagers(), null);
            HttpClient client = HttpClient.newBuilder().sslContext(clientContext).connectTimeout(Duration.ofSeconds(10)).build();
            URI page = URI.create("https://localhost:" + server.getAddress().getPort() + "/");
            HttpResponse<String> response = client.send(HttpRequest.newBuilder(page).timeout(Duration.ofSeconds(10)).build(),
                    HttpResponse.BodyHandlers.ofString());
            Checks.checkResponse("JDK HttpsServer, JDK HttpClient", response);
        } finally {
            server.stop(0);
        }
        Checks.exit();
    }
}
