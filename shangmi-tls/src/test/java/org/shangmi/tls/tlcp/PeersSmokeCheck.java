package org.shangmi.tls.tlcp;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Runs the TLCP peers against each other with {@link TlcpCredentials}, to check the fixture and
 * the helpers by hand (not a test: it tests no code of this project). Run from the shangmi-tls
 * module directory with the test class path:
 * {@code java -cp target/test-classes:target/classes:<dependencies> org.shangmi.tls.tlcp.PeersSmokeCheck [gmssl|openssl]}.
 * Prints one line per case and "N passed, N failed"; exits 1 if a case went otherwise than
 * expected.
 */
public final class PeersSmokeCheck {

    private static final Duration TIMEOUT = Duration.ofSeconds(20);
    private static final List<String> failures = new ArrayList<>();
    private static int passed;

    private PeersSmokeCheck() {
    }

    public static void main(String[] args) {
        List<String> sets = args.length == 0 ? List.of("gmssl", "openssl") : Arrays.asList(args);
        for (String set : sets) {
            TlcpCredentials credentials = set.equals("openssl") ? TlcpCredentials.openssl() : TlcpCredentials.gmssl();
            System.out.println("== " + set + " set in " + credentials.directory());
            gmsslPair(set, credentials);
            gmsmPair(set, credentials);
            crossed(set, credentials);
        }
        System.out.println(passed + " passed, " + failures.size() + " failed");
        failures.forEach(System.out::println);
        System.exit(failures.isEmpty() ? 0 : 1);
    }

    /** GmSSL's client against GmSSL's server: every suite, with and without client authentication. */
    private static void gmsslPair(String set, TlcpCredentials credentials) {
        for (TlcpSuite suite : TlcpSuite.values()) {
            for (boolean auth : new boolean[] {false, true}) {
                if (suite.ephemeral() && !auth) {
                    continue;
                }
                String name = set + ": gmssl client -> gmssl server " + suite + (auth ? " with client certificate" : "");
                byte[] data = ("hello " + suite + "\n").getBytes(StandardCharsets.US_ASCII);
                try (GmsslTlcp.Server server = GmsslTlcp.start(credentials, suite, auth)) {
                    GmsslTlcp.Result result = GmsslTlcp.client(credentials, server.port(), suite, auth, data, TIMEOUT);
                    boolean ok = result.exit() == 0 && Arrays.equals(result.stdout(), data)
                            && GmsslTlcp.gmsslName(suite).equals(result.cipherSuite())
                            && server.awaitDisconnections(1, Duration.ofSeconds(5));
                    check(name, ok, result.describe() + server.describe());
                }
            }
        }
    }

    /** gmsm's client against gmsm's server, with and without client authentication. */
    private static void gmsmPair(String set, TlcpCredentials credentials) {
        for (boolean auth : new boolean[] {false, true}) {
            String name = set + ": gmsm client -> gmsm server" + (auth ? " with client certificate" : "");
            try (GmsmPeer.Server server = GmsmPeer.server(credentials, auth, "-once")) {
                GmsmPeer.Result result = GmsmPeer.client(credentials, server.port(), auth, "hello gmsm", TIMEOUT);
                int exit = server.waitFor(TIMEOUT);
                boolean ok = result.exit() == 0 && result.stdoutText().equals("hello gmsm\n") && exit == 0
                        && server.stdout().contains("handshake ok: version 0x0101 suite 0xe013 client "
                                + (auth ? "CN=TLCP Client" : "-"));
                check(name, ok, result.describe() + server.describe());
            }
        }
    }

    /** gmsm's client against GmSSL's server and GmSSL's client against gmsm's server, ECC_SM4_CBC_SM3. */
    private static void crossed(String set, TlcpCredentials credentials) {
        TlcpSuite suite = TlcpSuite.TLCP_ECC_SM4_CBC_SM3;
        try (GmsslTlcp.Server server = GmsslTlcp.start(credentials, suite, false, false)) {
            GmsmPeer.Result result = GmsmPeer.client(credentials, server.port(), false, "hello gmssl", TIMEOUT);
            check(set + ": gmsm client -> gmssl server [sign, enc]", result.exit() == 0
                    && result.stdoutText().equals("hello gmssl\n"), result.describe() + server.describe());
        }
        try (GmsslTlcp.Server server = GmsslTlcp.start(credentials, suite, false, true)) {
            GmsmPeer.Result result = GmsmPeer.client(credentials, server.port(), false, "hello gmssl", TIMEOUT);
            check(set + ": gmsm client refuses gmssl server's [sign, enc, root]", result.exit() != 0
                    && result.stderr().contains("certificate is valid for"), result.describe() + server.describe());
        }
        try (GmsslTlcp.Server server = GmsslTlcp.start(credentials, suite, true, false)) {
            GmsmPeer.Result result = GmsmPeer.client(credentials, server.port(), true, "hello gmssl", TIMEOUT);
            check(set + ": gmssl server refuses gmsm client's CertificateVerify (SM3 of the messages)",
                    result.exit() != 0 && server.stderr().contains("tls_recv_certificate_verify"),
                    result.describe() + server.describe());
        }
        byte[] data = "hello gmsm\n".getBytes(StandardCharsets.US_ASCII);
        try (GmsmPeer.Server server = GmsmPeer.server(credentials, false, "-once")) {
            GmsslTlcp.Result result = GmsslTlcp.client(credentials, server.port(), suite, false, data, TIMEOUT);
            int exit = server.waitFor(TIMEOUT);
            check(set + ": gmssl client -> gmsm server", result.exit() == 0 && Arrays.equals(result.stdout(), data) && exit == 0,
                    result.describe() + server.describe());
        }
        try (GmsmPeer.Server server = GmsmPeer.server(credentials, true, "-once")) {
            GmsslTlcp.Result result = GmsslTlcp.client(credentials, server.port(), suite, true, data, TIMEOUT);
            int exit = server.waitFor(TIMEOUT);
            check(set + ": gmsm server refuses gmssl client's CertificateVerify (the raw messages)",
                    result.exit() != 0 && exit != 0 && server.stderr().contains("SM2 verification failure"),
                    result.describe() + server.describe());
        }
    }

    private static void check(String name, boolean ok, String details) {
        if (ok) {
            passed++;
            System.out.println("ok     " + name);
        } else {
            failures.add(name);
            System.out.println("FAILED " + name + details);
        }
    }
}
