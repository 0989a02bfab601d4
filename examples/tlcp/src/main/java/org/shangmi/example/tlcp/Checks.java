package org.shangmi.example.tlcp;

import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.List;
import javax.net.ssl.SSLPeerUnverifiedException;
import javax.net.ssl.SSLSession;

/** The checks of the examples: one line each, "ok" or "FAIL"; {@link #exit()} ends the program with 1 if any failed. */
final class Checks {

    private static boolean failed;

    private Checks() {
    }

    static void check(String what, boolean ok) {
        System.out.println((ok ? "ok    " : "FAIL  ") + what);
        failed |= !ok;
    }

    /** A client's exchange: it connected, and its protocol, suite, server certificates and the server's answer are the expected ones. */
    static void checkExchange(String client, LineEcho.Exchange exchange, String protocol, String suite,
            String serverCertificates, String answer) {
        check(client + ": connected" + (exchange.failure() == null ? "" : " (" + exchange.failure().getMessage() + ")"),
                exchange.failure() == null);
        if (exchange.failure() != null) {
            return;
        }
        SSLSession session = exchange.session();
        check(client + ": " + protocol + " (" + session.getProtocol() + ")", protocol.equals(session.getProtocol()));
        check(client + ": " + suite + " (" + session.getCipherSuite() + ")", suite.equals(session.getCipherSuite()));
        String certificates = describe(session);
        check(client + ": server certificates " + certificates, serverCertificates.equals(certificates));
        check(client + ": answer \"" + exchange.answer() + "\"", answer.equals(exchange.answer()));
    }

    /** A client's exchange that the server or the client must have refused. */
    static void checkRefused(String client, LineEcho.Exchange exchange) {
        check(client + ": refused" + (exchange.failure() == null ? "" : " (" + exchange.failure().getMessage() + ")"),
                exchange.failure() != null);
    }

    /**
     * The peer's certificates as "subject (role)" joined by " / ", the role read from the key
     * usage: signing (digitalSignature), encryption (keyEncipherment or keyAgreement), or CA.
     */
    static String describe(SSLSession session) {
        Certificate[] certificates;
        try {
            certificates = session.getPeerCertificates();
        } catch (SSLPeerUnverifiedException e) {
            return "none";
        }
        List<String> described = new ArrayList<>();
        for (Certificate certificate : certificates) {
            X509Certificate x509 = (X509Certificate) certificate;
            boolean[] usage = x509.getKeyUsage();
            String role = x509.getBasicConstraints() >= 0 ? "CA"
                    : usage == null ? "no key usage"
                    : usage[0] ? "signing"
                    : usage[2] || usage[4] ? "encryption"
                    : "other";
            described.add(x509.getSubjectX500Principal().getName() + " (" + role + ")");
        }
        return String.join(" / ", described);
    }

    static void exit() {
        System.exit(failed ? 1 : 0);
    }
}
