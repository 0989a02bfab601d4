package org.shangmi.tls.tlcp;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import javax.net.ssl.SSLServerSocket;
import javax.net.ssl.SSLSocket;

/** The smallest HTTPS server the tests need: each connection's request read to its blank line, answered 200 "ok". */
final class HttpResponder {

    private HttpResponder() {
    }

    /** Answers the accepted connection; a handshake that fails ends it with the exception. */
    static void answer(SSLSocket accepted) throws IOException {
        accepted.setSoTimeout(30_000);
        BufferedReader request = new BufferedReader(new InputStreamReader(accepted.getInputStream(), StandardCharsets.US_ASCII));
        String line;
        while ((line = request.readLine()) != null && !line.isEmpty()) {
            // the request's headers, read to their end
        }
        OutputStream out = accepted.getOutputStream();
        out.write("HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: close\r\n\r\nok".getBytes(StandardCharsets.US_ASCII));
        out.flush();
    }

    /** Answers connections until the listener is closed or {@code connections} have come; refused handshakes count. */
    static void serve(SSLServerSocket listener, int connections) {
        for (int i = 0; i < connections && !listener.isClosed(); i++) {
            try (SSLSocket accepted = (SSLSocket) listener.accept()) {
                answer(accepted);
            } catch (IOException refusedOrClosed) {
                // a handshake the client refused, or the listener closed by the test
            }
        }
    }
}
