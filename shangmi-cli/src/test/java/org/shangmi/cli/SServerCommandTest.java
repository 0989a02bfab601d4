package org.shangmi.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.shangmi.cli.TlsFiles.GET;
import static org.shangmi.cli.TlsFiles.WAIT;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * shangmi s_server, run as a process of its own: against shangmi s_client with the SM suites
 * (the -www page, mutual authentication with SM2 client certificates, a wrong CA, -verify's
 * depth), and against openssl s_client with a P-256 or RSA certificate and
 * TLS_AES_128_GCM_SHA256 (data both ways, ALPN, the server name, -www).
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class SServerCommandTest {

    static final List<String> SM2_CHAIN = List.of(
            "Peer certificate: C = CN, O = ShangMi Test, CN = leaf.example.com",
            "Certificate chain",
            " 0 s:C = CN, O = ShangMi Test, CN = leaf.example.com",
            "   i:C = CN, O = ShangMi Test, CN = Intermediate",
            " 1 s:C = CN, O = ShangMi Test, CN = Intermediate",
            "   i:C = CN, O = ShangMi Test, CN = Root");

    @TempDir
    static Path directory;
    private static TlsFiles files;

    @BeforeAll
    static void makeKeys() throws Exception {
        files = new TlsFiles(directory);
    }

    private static RunningProcess server(String... options) {
        List<String> args = new ArrayList<>(List.of("s_server", "-accept", "0"));
        args.addAll(List.of(options));
        return RunningProcess.shangmi(directory, args.toArray(String[]::new));
    }

    private static CliRun client(String stdin, int port, String... options) {
        List<String> args = new ArrayList<>(List.of("s_client", "-connect", "localhost:" + port));
        args.addAll(List.of(options));
        return TlsFiles.run(stdin, args.toArray(String[]::new));
    }

    private static List<String> summary(String suite, List<String> peer, String... rest) {
        List<String> lines = new ArrayList<>(List.of("CONNECTION ESTABLISHED", "Protocol version: TLSv1.3", "Ciphersuite: " + suite));
        lines.addAll(peer);
        lines.addAll(List.of(rest));
        return lines;
    }

    /** The server prints its summary after the client has gone: wait for the block's last line first. */
    private static void assertServerPrinted(List<String> expected, RunningProcess server) {
        server.awaitErr(expected.get(expected.size() - 1), WAIT);
        assertLinesIn(expected, server.err());
    }

    private static void assertLinesIn(List<String> expected, String printed) {
        String text = String.join("\n", expected) + "\n";
        assertTrue(printed.replace("\r\n", "\n").contains(text), "expected\n" + text + "in\n" + printed);
    }

    /** Each SM suite between our own client and server, the -www page, the summaries on both sides. */
    @ParameterizedTest
    @ValueSource(strings = {"TLS_SM4_GCM_SM3", "TLS_SM4_CCM_SM3"})
    void smSuitesAndTheWwwPage(String suite) {
        try (RunningProcess server = server("-cert", files.file("leaf-chain.pem"), "-key", files.file("leaf.key"), "-www",
                "-brief", "-naccept", "1", "-ciphersuites", suite + ":TLS_AES_128_GCM_SHA256")) {
            int port = server.acceptedPort(WAIT);
            CliRun client = client(GET, port, "-CAfile", files.file("root.pem"), "-brief", "-ign_eof",
                    "-servername", "leaf.example.com");
            assertEquals(0, client.status(), client.err() + server.printed());
            List<String> expected = new ArrayList<>(SM2_CHAIN);
            expected.add("Verification: OK");
            assertEquals(summary(suite, expected, "No ALPN negotiated"), client.err().lines().toList());
            String page = client.out();
            assertTrue(page.startsWith("HTTP/1.0 200 ok\r\nContent-type: text/plain\r\n\r\nshangmi s_server\n"), page);
            assertLinesIn(List.of("New, TLSv1.3, Cipher is " + suite, "Protocol version: TLSv1.3", "Ciphersuite: " + suite,
                    "No peer certificate", "No ALPN negotiated", "Server name: leaf.example.com"), page);
            assertEquals(0, server.waitFor(WAIT), server.printed());
            assertLinesIn(summary(suite, List.of("No peer certificate"), "No ALPN negotiated", "Server name: leaf.example.com"),
                    server.err());
        }
    }

    /** -Verify: an SM2 client certificate is required, verified, and described on both sides; none is refused. */
    @Test
    void mutualAuthenticationWithSm2ClientCertificates() {
        try (RunningProcess server = server("-cert", files.file("leaf-chain.pem"), "-key", files.file("leaf.key"), "-www",
                "-brief", "-naccept", "2", "-CAfile", files.file("root.pem"), "-Verify", "1")) {
            int port = server.acceptedPort(WAIT);
            CliRun client = client(GET, port, "-CAfile", files.file("root.pem"), "-ign_eof", "-quiet",
                    "-cert", files.file("client-chain.pem"), "-key", files.file("client.key"));
            assertEquals(0, client.status(), client.err() + server.printed());
            List<String> clientChain = List.of(
                    "Peer certificate: C = CN, O = ShangMi Test, CN = client",
                    "Certificate chain",
                    " 0 s:C = CN, O = ShangMi Test, CN = client",
                    "   i:C = CN, O = ShangMi Test, CN = Intermediate",
                    " 1 s:C = CN, O = ShangMi Test, CN = Intermediate",
                    "   i:C = CN, O = ShangMi Test, CN = Root",
                    "Verification: OK");
            assertLinesIn(clientChain, client.out());
            assertServerPrinted(summary("TLS_SM4_GCM_SM3", clientChain, "No ALPN negotiated"), server);

            CliRun anonymous = client(GET, port, "-CAfile", files.file("root.pem"), "-ign_eof", "-brief");
            assertEquals(Main.EXIT_FAILURE, anonymous.status(), anonymous.out() + anonymous.err());
            // TLS 1.3: the client has finished its handshake when the server refuses it, so it reads either
            // the server's certificate_required alert or, if that raced the connection's end, the failure itself
            assertTrue(anonymous.err().contains("certificate_required")
                    || anonymous.err().contains("Cannot read application data on failed TLS connection"), anonymous.err());
            assertEquals("", anonymous.out());
            assertEquals(0, server.waitFor(WAIT), server.printed());
            assertTrue(server.err().lines().anyMatch(l -> l.matches("shangmi s_server: connection from 127\\.0\\.0\\.1:\\d+: .+")),
                    server.printed());
        }
    }

    /**
     * A server chain from another CA: -verify_return_error ends the handshake and says why;
     * without it the connection goes on and the summary says why, as openssl does.
     */
    @Test
    void aWrongCaIsRefusedWithVerifyReturnError() {
        try (RunningProcess server = server("-cert", files.file("leaf-chain.pem"), "-key", files.file("leaf.key"), "-www",
                "-naccept", "2", "-brief")) {
            int port = server.acceptedPort(WAIT);
            CliRun refused = client(GET, port, "-CAfile", files.file("other.pem"), "-verify_return_error", "-brief", "-ign_eof");
            assertEquals(Main.EXIT_FAILURE, refused.status(), refused.err());
            List<String> lines = refused.err().lines().toList();
            assertEquals("verify error: unable to get local issuer certificate", lines.get(0), refused.err());
            assertTrue(lines.get(1).startsWith("shangmi s_client: handshake failed: "), refused.err());
            assertEquals("", refused.out());

            CliRun reported = client(GET, port, "-CAfile", files.file("other.pem"), "-brief", "-ign_eof");
            assertEquals(0, reported.status(), reported.err());
            List<String> expected = new ArrayList<>(SM2_CHAIN);
            expected.add("Verification error: unable to get local issuer certificate");
            assertEquals(summary("TLS_SM4_GCM_SM3", expected, "No ALPN negotiated"), reported.err().lines().toList());
            assertTrue(reported.out().startsWith("HTTP/1.0 200 ok\r\n"), reported.out());
            assertEquals(0, server.waitFor(WAIT), server.printed());
            assertTrue(server.err().contains("certificate_unknown"), server.printed());
        }
    }

    /**
     * -verify DEPTH counts intermediate CA certificates as openssl does (verify -verify_depth 0
     * refuses a chain with one: "certificate chain too long").
     */
    @Test
    void verifyDepthCountsIntermediates() {
        try (RunningProcess server = server("-cert", files.file("leaf-chain.pem"), "-key", files.file("leaf.key"), "-www",
                "-naccept", "2", "-brief")) {
            int port = server.acceptedPort(WAIT);
            CliRun tooLong = client(GET, port, "-CAfile", files.file("root.pem"), "-verify", "0", "-brief", "-ign_eof");
            assertEquals(0, tooLong.status(), tooLong.err());
            assertTrue(tooLong.err().contains("\nVerification error: certificate chain too long\n"), tooLong.err());
            CliRun enough = client(GET, port, "-CAfile", files.file("root.pem"), "-verify", "1", "-brief", "-ign_eof",
                    "-verify_return_error");
            assertEquals(0, enough.status(), enough.err());
            assertTrue(enough.err().contains("\nVerification: OK\n"), enough.err());
            assertEquals(0, server.waitFor(WAIT), server.printed());
        }
    }

    /**
     * openssl s_client against our server with a standard certificate: data both ways, ALPN
     * (the server's choice among the client's), the server name the client asks for.
     */
    @Test
    void opensslClientExchangesDataBothWays() {
        try (RunningProcess server = server("-cert", files.file("p256.pem"), "-key", files.file("p256.key"), "-brief",
                "-naccept", "1", "-alpn", "http/1.1")) {
            int port = server.acceptedPort(WAIT);
            try (RunningProcess openssl = RunningProcess.openssl(directory, "s_client", "-connect", "localhost:" + port,
                    "-CAfile", files.file("p256.pem"), "-ciphersuites", "TLS_AES_128_GCM_SHA256", "-alpn", "h2,http/1.1",
                    "-servername", "p256.example.com")) {
                openssl.awaitOut("Verify return code: 0 (ok)", WAIT);
                assertTrue(openssl.out().contains("New, TLSv1.3, Cipher is TLS_AES_128_GCM_SHA256"), openssl.printed());
                assertTrue(openssl.out().contains("ALPN protocol: http/1.1"), openssl.printed());
                server.awaitErr("Server name: p256.example.com\n", WAIT);
                assertLinesIn(summary("TLS_AES_128_GCM_SHA256", List.of("No peer certificate"), "ALPN protocol: http/1.1",
                        "Server name: p256.example.com"), server.err());

                openssl.send("hello from openssl\n");
                server.awaitOut("hello from openssl\n", WAIT);
                server.send("hello from shangmi\n");
                openssl.awaitOut("hello from shangmi\n", WAIT);

                openssl.closeInput();
                assertEquals(0, openssl.waitFor(WAIT), openssl.printed());
                assertEquals(0, server.waitFor(WAIT), server.printed());
                assertEquals("ACCEPT", server.out().lines().findFirst().orElseThrow().split(" ")[0]);
                assertTrue(server.out().endsWith("\nhello from openssl\n"), server.printed());
            }
        }
    }

    /** openssl s_client fetches the -www page with a P-256 or RSA certificate; openssl names the peer's signature type. */
    @ParameterizedTest
    @CsvSource({"p256, ECDSA", "rsa, RSA-PSS"})
    void opensslClientGetsTheWwwPage(String name, String signatureType) {
        try (RunningProcess server = server("-cert", files.file(name + ".pem"), "-key", files.file(name + ".key"), "-www",
                "-naccept", "1", "-brief")) {
            int port = server.acceptedPort(WAIT);
            try (RunningProcess openssl = RunningProcess.openssl(directory, "s_client", "-connect", "localhost:" + port,
                    "-CAfile", files.file(name + ".pem"), "-ciphersuites", "TLS_AES_128_GCM_SHA256", "-brief", "-ign_eof",
                    "-servername", "www.example.com")) {
                openssl.send(GET);
                openssl.closeInput();
                assertEquals(0, openssl.waitFor(WAIT), openssl.printed());
                String page = openssl.out();
                assertTrue(page.startsWith("HTTP/1.0 200 ok\r\nContent-type: text/plain\r\n\r\n"), openssl.printed());
                assertLinesIn(List.of("New, TLSv1.3, Cipher is TLS_AES_128_GCM_SHA256", "Protocol version: TLSv1.3",
                        "Ciphersuite: TLS_AES_128_GCM_SHA256", "No peer certificate", "No ALPN negotiated",
                        "Server name: www.example.com"), page);
                assertLinesIn(List.of("Protocol version: TLSv1.3", "Ciphersuite: TLS_AES_128_GCM_SHA256"), openssl.err());
                assertTrue(openssl.err().contains("\nSignature type: " + signatureType + "\n"), openssl.printed());
                assertTrue(openssl.err().contains("\nVerification: OK\n"), openssl.printed());
                assertEquals(0, server.waitFor(WAIT), server.printed());
            }
        }
    }

    /**
     * The server's choice of application protocol is openssl s_server's: the first of its own
     * that the client offers, whatever the client's order; a client that offers none of them is
     * refused with no_application_protocol.
     */
    @Test
    void alpnAsOpensslServerChooses() {
        String[] server = {"-cert", files.file("p256.pem"), "-key", files.file("p256.key"), "-www", "-naccept", "2",
            "-alpn", "h2,http/1.1"};
        List<String> openssl = new ArrayList<>(List.of("s_server", "-accept", "0"));
        openssl.addAll(List.of(server));
        try (RunningProcess ours = server(server);
                RunningProcess theirs = RunningProcess.openssl(directory, openssl.toArray(String[]::new))) {
            int ourPort = ours.acceptedPort(WAIT);
            int theirPort = theirs.acceptedPort(WAIT);
            List<String> results = new ArrayList<>();
            for (String offer : List.of("http/1.1,x-unknown,h2", "spdy/1")) {
                for (int port : new int[] {ourPort, theirPort}) {
                    CliRun client = client(GET, port, "-CAfile", files.file("p256.pem"), "-brief", "-ign_eof", "-alpn", offer);
                    String alpn = client.err().lines().filter(l -> l.contains("ALPN")).findFirst().orElse("(no summary)");
                    results.add(offer + ": exit " + client.status() + ", " + alpn
                            + (client.err().contains("no_application_protocol(120)") ? ", no_application_protocol" : ""));
                }
            }
            assertEquals(List.of(
                    "http/1.1,x-unknown,h2: exit 0, ALPN protocol: h2",
                    "http/1.1,x-unknown,h2: exit 0, ALPN protocol: h2",
                    "spdy/1: exit 1, (no summary), no_application_protocol",
                    "spdy/1: exit 1, (no summary), no_application_protocol"), results);
            assertEquals(0, ours.waitFor(WAIT), ours.printed());
            assertEquals(0, theirs.waitFor(WAIT), theirs.printed());
        }
    }

    /** Mistakes found before listening: no certificate, a key of another certificate, a bad port. */
    @Test
    void usageErrors() {
        CliRun noCertificate = TlsFiles.run("", "s_server", "-accept", "0", "-key", files.file("leaf.key"));
        assertEquals(2, noCertificate.status());
        assertTrue(noCertificate.err().contains("s_server needs -cert"), noCertificate.err());
        CliRun badPort = TlsFiles.run("", "s_server", "-accept", "localhost:http", "-cert", files.file("leaf-chain.pem"));
        assertEquals(2, badPort.status());
        assertTrue(badPort.err().contains("-accept: not a port number: http"), badPort.err());
        for (String[] pair : new String[][] {{"leaf-chain.pem", "client.key"}, {"p256.pem", "p256b.key"}, {"p256.pem", "rsa.key"}}) {
            CliRun mismatch = TlsFiles.run("", "s_server", "-accept", "0", "-cert", files.file(pair[0]), "-key", files.file(pair[1]));
            assertEquals(Main.EXIT_FAILURE, mismatch.status(), mismatch.err());
            assertTrue(mismatch.err().contains(files.file(pair[1]) + " does not hold the private key of the certificate "),
                    mismatch.err());
            assertEquals("", mismatch.out(), "nothing listened");
        }
    }
}
