package org.shangmi.tls.tlcp;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManagerFactory;
import org.shangmi.core.testing.GmsslPeer;
import org.shangmi.tls.ShangMiTlsProvider;

/**
 * {@code GET /} over HTTPS to a server on the loopback address whose certificates come from
 * {@link TlcpCredentials} (the name {@code localhost}), by a ShangMiTLS client socket and by GmSSL's
 * {@code tls13_client} and {@code tlcp_client}; each returns the body of a 200 response (the
 * frameworks' test servers answer with the suite and protocol of the connection).
 */
public final class HttpsProbe {

    /** The request every probe sends. */
    public static final byte[] REQUEST = "GET / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"
            .getBytes(StandardCharsets.US_ASCII);

    private HttpsProbe() {
    }

    /** Through a ShangMiTLS socket of {@code protocol} ("TLS", "TLCPv1.1") that checks the host name localhost. */
    public static String get(TlcpCredentials credentials, String protocol, int port) throws Exception {
        TrustManagerFactory trust = TrustManagerFactory.getInstance("PKIX", "SunJSSE");
        trust.init(credentials.trustStore());
        SSLContext context = SSLContext.getInstance(protocol, new ShangMiTlsProvider());
        context.init(null, trust.getTrustManagers(), null);
        try (SSLSocket socket = (SSLSocket) context.getSocketFactory().createSocket("localhost", port)) {
            socket.setSoTimeout(20_000);
            SSLParameters parameters = socket.getSSLParameters();
            parameters.setEndpointIdentificationAlgorithm("HTTPS");
            socket.setSSLParameters(parameters);
            socket.getOutputStream().write(REQUEST);
            socket.getOutputStream().flush();
            ByteArrayOutputStream response = new ByteArrayOutputStream();
            InputStream in = socket.getInputStream();
            byte[] buffer = new byte[4096];
            for (int n; (n = in.read(buffer)) > 0;) {
                response.write(buffer, 0, n);
            }
            return body(response.toString(StandardCharsets.US_ASCII), protocol + " client");
        }
    }

    /** Through {@code gmssl tls13_client} with TLS_SM4_GCM_SM3, curveSM2 and sm2sig_sm3. */
    public static String gmsslTls13(TlcpCredentials credentials, int port) throws Exception {
        Path request = Files.createTempFile(credentials.directory(), "request-", ".http");
        try (GmsslPeer.Running client = GmsslPeer.start(credentials.directory(), "tls13_client", "-host", "127.0.0.1",
                "-port", Integer.toString(port), "-cipher_suite", "TLS_SM4_GCM_SM3", "-supported_group", "sm2p256v1",
                "-sig_alg", "sm2sig_sm3", "-cacert", credentials.rootPem().toString(), "-server_name", "localhost", "-in",
                Files.write(request, REQUEST).toString())) {
            client.waitFor(60);
            return body(new String(client.stdout(), StandardCharsets.US_ASCII), client.describe());
        } finally {
            Files.deleteIfExists(request);
        }
    }

    /** Through {@code gmssl tlcp_client} in one suite, with the client's double certificate when asked. */
    public static String gmsslTlcp(TlcpCredentials credentials, int port, TlcpSuite suite, boolean withClientCertificate) {
        GmsslTlcp.Result result = GmsslTlcp.client(credentials, port, suite, withClientCertificate, REQUEST,
                Duration.ofSeconds(60));
        return body(new String(result.stdout(), StandardCharsets.US_ASCII), result.describe());
    }

    private static String body(String response, String context) {
        assertTrue(response.startsWith("HTTP/1.1 200"), context + "\n" + response);
        return response.substring(response.indexOf("\r\n\r\n") + 4).strip();
    }
}
