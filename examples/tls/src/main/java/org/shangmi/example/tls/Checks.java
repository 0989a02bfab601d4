package org.shangmi.example.tls;

import java.net.http.HttpResponse;
import javax.net.ssl.SSLSession;

/** The checks of the examples: one line each, "ok" or "FAIL"; {@link #exit()} ends the program with 1 if any failed. */
final class Checks {

    /** What the servers answer when they negotiated the SM suite. */
    static final String EXPECTED_BODY = describe("TLSv1.3", "TLS_SM4_GCM_SM3");

    private static boolean failed;

    private Checks() {
    }

    /** The page a server sends: the protocol and cipher suite of the connection. */
    static String describe(SSLSession session) {
        return describe(session.getProtocol(), session.getCipherSuite());
    }

    private static String describe(String protocol, String cipherSuite) {
        return "protocol " + protocol + ", cipher suite " + cipherSuite + "\n";
    }

    static void check(String what, boolean ok) {
        System.out.println((ok ? "ok    " : "FAIL  ") + what);
        failed |= !ok;
    }

    /** The session a client saw. */
    static void checkSession(String client, SSLSession session) {
        check(client + ": TLSv1.3 (" + session.getProtocol() + ")", "TLSv1.3".equals(session.getProtocol()));
        check(client + ": TLS_SM4_GCM_SM3 (" + session.getCipherSuite() + ")",
                "TLS_SM4_GCM_SM3".equals(session.getCipherSuite()));
    }

    /** A response of the JDK's HttpClient: status 200, the expected page, the SM suite on TLS 1.3. */
    static void checkResponse(String client, HttpResponse<String> response) {
        check(client + ": status 200 (" + response.statusCode() + ")", response.statusCode() == 200);
        check(client + ": the server saw the SM suite (" + response.body().strip() + ")",
                EXPECTED_BODY.equals(response.body()));
        check(client + ": an SSL session", response.sslSession().isPresent());
        response.sslSession().ifPresent(session -> checkSession(client, session));
    }

    static void exit() {
        System.exit(failed ? 1 : 0);
    }
}
