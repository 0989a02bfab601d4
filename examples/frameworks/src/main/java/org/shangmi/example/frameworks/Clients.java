package org.shangmi.example.frameworks;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import javax.net.ssl.SSLContext;
import javax.net.ssl.X509TrustManager;
import okhttp3.ConnectionSpec;
import okhttp3.OkHttpClient;
import okhttp3.Protocol;
import okhttp3.Request;
import okhttp3.Response;
import org.apache.hc.client5.http.classic.methods.HttpGet;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManagerBuilder;
import org.apache.hc.client5.http.protocol.HttpClientContext;
import org.apache.hc.client5.http.ssl.ClientTlsStrategyBuilder;
import org.apache.hc.core5.http.io.entity.EntityUtils;
import org.shangmi.netty.ShangMiSslContexts;
import org.springframework.http.client.JdkClientHttpRequestFactory;
import org.springframework.http.client.reactive.ReactorClientHttpConnector;
import org.springframework.web.client.RestClient;
import org.springframework.web.reactive.function.client.WebClient;

/**
 * {@code GET https://localhost:PORT/} with one HTTP client on a ShangMiTLS context, checking the
 * server's certificate and host name against a root: {@code Clients CLIENT PROTOCOL PORT ROOT.pem},
 * CLIENT one of jdk, okhttp, apache, restclient, webclient, PROTOCOL "TLS" (TLS 1.3, the SM suites
 * first) or "TLCPv1.1". The body must begin with the fifth argument, by default the request line
 * (GmSSL's {@code -www} servers echo the request). Prints the client, the protocol and the suite
 * where the client's API shows it; exits 1 on any failure.
 */
public final class Clients {

    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    private Clients() {
    }

    public static void main(String[] args) throws Exception {
        String client = args[0];
        String protocol = args[1];
        URI uri = URI.create("https://localhost:" + Integer.parseInt(args[2]) + "/");
        X509TrustManager trust = TlsContexts.trust(Path.of(args[3]));
        SSLContext context = TlsContexts.client(protocol, trust);
        String[] result = switch (client) {
            case "jdk" -> jdk(context, uri);
            case "okhttp" -> okhttp(context, trust, uri);
            case "apache" -> apache(context, uri);
            case "restclient" -> restClient(context, uri);
            case "webclient" -> webClient(context, uri);
            default -> throw new IllegalArgumentException("no such client: " + client);
        };
        String expected = args.length > 4 ? args[4] : "GET / HTTP/1.1";
        if (!result[0].startsWith(expected)) {
            System.err.println(client + " " + protocol + ": the body does not begin with " + expected + ": " + result[0]);
            System.exit(1);
        }
        System.out.println(client + " " + protocol + ": 200 OK" + (result[1] == null ? "" : ", " + result[1]));
    }

    /** The JDK's HttpClient: the context as it is (HTTP/1.1: TLCP has no ALPN, and GmSSL's server speaks 1.0). */
    private static String[] jdk(SSLContext context, URI uri) throws Exception {
        HttpClient client = HttpClient.newBuilder().sslContext(context).version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(TIMEOUT).build();
        HttpResponse<String> response = client.send(HttpRequest.newBuilder(uri).timeout(TIMEOUT).build(),
                HttpResponse.BodyHandlers.ofString());
        check(response.statusCode());
        return new String[] {response.body(), response.sslSession().orElseThrow().getCipherSuite()};
    }

    /**
     * OkHttp 5: the context's socket factory with its trust manager, and a connection spec that
     * keeps the socket's own protocols and suites (OkHttp's specs list no SM suite).
     */
    private static String[] okhttp(SSLContext context, X509TrustManager trust, URI uri) throws Exception {
        ConnectionSpec spec = new ConnectionSpec.Builder(ConnectionSpec.MODERN_TLS).allEnabledTlsVersions()
                .allEnabledCipherSuites().build();
        OkHttpClient client = new OkHttpClient.Builder().sslSocketFactory(context.getSocketFactory(), trust)
                .connectionSpecs(List.of(spec)).protocols(List.of(Protocol.HTTP_1_1)).callTimeout(TIMEOUT).build();
        try (Response response = client.newCall(new Request.Builder().url(uri.toString()).build()).execute()) {
            check(response.code());
            return new String[] {response.body().string(), response.handshake().cipherSuite().javaName()};
        }
    }

    /** Apache HttpClient 5: the context in its TLS strategy (its own host-name verifier checks the name). */
    private static String[] apache(SSLContext context, URI uri) throws Exception {
        try (CloseableHttpClient client = HttpClients.custom()
                .setConnectionManager(PoolingHttpClientConnectionManagerBuilder.create()
                        .setTlsSocketStrategy(ClientTlsStrategyBuilder.create().setSslContext(context).buildClassic())
                        .build())
                .build()) {
            HttpClientContext state = HttpClientContext.create();
            return client.execute(new HttpGet(uri), state, response -> {
                check(response.getCode());
                return new String[] {EntityUtils.toString(response.getEntity()), state.getSSLSession().getCipherSuite()};
            });
        }
    }

    /** Spring's RestClient on the JDK's HttpClient. */
    private static String[] restClient(SSLContext context, URI uri) {
        HttpClient http = HttpClient.newBuilder().sslContext(context).version(HttpClient.Version.HTTP_1_1).build();
        RestClient client = RestClient.builder().requestFactory(new JdkClientHttpRequestFactory(http)).build();
        return new String[] {client.get().uri(uri).retrieve().body(String.class), null};
    }

    /** Spring's WebClient on Reactor Netty, with a Netty context of the ShangMiTLS one (host name checked). */
    private static String[] webClient(SSLContext context, URI uri) {
        reactor.netty.http.client.HttpClient http = reactor.netty.http.client.HttpClient.create()
                .secure(spec -> spec.sslContext(ShangMiSslContexts.forClient(context)));
        WebClient client = WebClient.builder().clientConnector(new ReactorClientHttpConnector(http)).build();
        return new String[] {client.get().uri(uri).retrieve().bodyToMono(String.class).block(TIMEOUT), null};
    }

    private static void check(int status) {
        if (status != 200) {
            throw new IllegalStateException("HTTP status " + status);
        }
    }
}
