package org.shangmi.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.shangmi.cli.TlsFiles.GET;
import static org.shangmi.cli.TlsFiles.WAIT;

import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.shangmi.core.testing.OpenSslCommand;

/**
 * shangmi s_client against openssl s_server (a P-256 certificate, TLS_AES_128_GCM_SHA256): data
 * both ways, ALPN, the -www page, a server name that makes openssl choose its second
 * certificate, a client certificate, a wrong CA judged as openssl judges it; and that the other
 * commands do not load the TLS classes.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class SClientCommandTest {

    @TempDir
    static Path directory;
    private static TlsFiles files;

    @BeforeAll
    static void makeKeys() throws Exception {
        files = new TlsFiles(directory);
    }

    private static RunningProcess opensslServer(String... options) {
        List<String> args = new ArrayList<>(List.of("s_server", "-accept", "0"));
        args.addAll(List.of(options));
        return RunningProcess.openssl(directory, args.toArray(String[]::new));
    }

    private static List<String> p256Summary(String suite, String verification, String alpn) {
        return List.of("CONNECTION ESTABLISHED", "Protocol version: TLSv1.3", "Ciphersuite: " + suite,
                "Peer certificate: CN = p256.example.com", "Certificate chain", " 0 s:CN = p256.example.com",
                "   i:CN = p256.example.com", verification, alpn);
    }

    @Test
    void dataBothWaysWithOpensslServer() {
        try (RunningProcess openssl = opensslServer("-cert", files.file("p256.pem"), "-key", files.file("p256.key"),
                "-naccept", "1", "-ciphersuites", "TLS_AES_128_GCM_SHA256", "-alpn", "http/1.1")) {
            int port = openssl.acceptedPort(WAIT);
            try (RunningProcess client = RunningProcess.shangmi(directory, "s_client", "-connect", "localhost:" + port,
                    "-CAfile", files.file("p256.pem"), "-alpn", "h2,http/1.1", "-brief")) {
                client.awaitErr("ALPN protocol: http/1.1\n", WAIT);
                assertEquals(p256Summary("TLS_AES_128_GCM_SHA256", "Verification: OK", "ALPN protocol: http/1.1"),
                        client.err().lines().toList(), client.printed());
                openssl.awaitOut("CIPHER is TLS_AES_128_GCM_SHA256\n", WAIT);
                assertTrue(openssl.out().contains("ALPN protocols selected: http/1.1\n"), openssl.printed());

                client.send("hello from shangmi\n");
                openssl.awaitOut("hello from shangmi\n", WAIT);
                openssl.send("hello from openssl\n");
                client.awaitOut("hello from openssl\n", WAIT);

                client.closeInput();
                assertEquals(0, client.waitFor(WAIT), client.printed());
                assertEquals("hello from openssl\n", client.out());
                assertTrue(client.err().endsWith("\nDONE\n"), client.printed());
                assertEquals(0, openssl.waitFor(WAIT), openssl.printed());
            }
        }
    }

    /** Without -brief the summary goes to standard output before the data, framed as openssl frames it. */
    @Test
    void theWwwPageOfOpensslServer() {
        try (RunningProcess openssl = opensslServer("-cert", files.file("p256.pem"), "-key", files.file("p256.key"),
                "-naccept", "1", "-ciphersuites", "TLS_AES_128_GCM_SHA256", "-www")) {
            int port = openssl.acceptedPort(WAIT);
            CliRun client = TlsFiles.run(GET, "s_client", "-connect", "localhost:" + port, "-CAfile", files.file("p256.pem"),
                    "-ign_eof");
            assertEquals(0, client.status(), client.err() + openssl.printed());
            List<String> summary = new ArrayList<>(p256Summary("TLS_AES_128_GCM_SHA256", "Verification: OK", "No ALPN negotiated"));
            summary.set(0, "---");
            String head = "CONNECTED(localhost:" + port + ")\n" + String.join("\n", summary) + "\n---\nHTTP/1.0 200 ok\r\n";
            assertTrue(client.out().startsWith(head), client.out());
            assertTrue(client.out().contains("\nNew, TLSv1.3, Cipher is TLS_AES_128_GCM_SHA256\n"), client.out());
            assertEquals("", client.err());
            assertEquals(0, openssl.waitFor(WAIT), openssl.printed());
        }
    }

    /** openssl serves other.example.com's certificate to a client that asks for that name, its first to others. */
    @Test
    void theServerNameChoosesOpensslsSecondCertificate() {
        try (RunningProcess openssl = opensslServer("-cert", files.file("p256.pem"), "-key", files.file("p256.key"),
                "-cert2", files.file("p256b.pem"), "-key2", files.file("p256b.key"), "-servername", "other.example.com",
                "-naccept", "2", "-www")) {
            int port = openssl.acceptedPort(WAIT);
            CliRun named = TlsFiles.run(GET, "s_client", "-connect", "localhost:" + port, "-servername", "other.example.com",
                    "-CAfile", files.file("p256b.pem"), "-brief", "-ign_eof", "-verify_return_error");
            assertEquals(0, named.status(), named.err() + openssl.printed());
            assertTrue(named.err().contains("\nPeer certificate: CN = other.example.com\n"), named.err());
            assertTrue(named.err().contains("\nVerification: OK\n"), named.err());
            CliRun unnamed = TlsFiles.run(GET, "s_client", "-connect", "localhost:" + port,
                    "-CAfile", files.file("p256.pem"), "-brief", "-ign_eof", "-verify_return_error");
            assertEquals(0, unnamed.status(), unnamed.err() + openssl.printed());
            assertTrue(unnamed.err().contains("\nPeer certificate: CN = p256.example.com\n"), unnamed.err());
            assertEquals(0, openssl.waitFor(WAIT), openssl.printed());
        }
    }

    /** A P-256 client certificate and its PKCS#8 key, required and verified by openssl s_server. */
    @Test
    void aClientCertificateForOpensslServer() {
        try (RunningProcess openssl = opensslServer("-cert", files.file("p256.pem"), "-key", files.file("p256.key"),
                "-naccept", "1", "-Verify", "1", "-CAfile", files.file("p256client.pem"), "-verify_return_error")) {
            int port = openssl.acceptedPort(WAIT);
            CliRun client = TlsFiles.run("hello from a client with a certificate\n", "s_client", "-connect", "localhost:" + port,
                    "-CAfile", files.file("p256.pem"), "-cert", files.file("p256client.pem"), "-key", files.file("p256client.key"),
                    "-brief");
            assertEquals(0, client.status(), client.err() + openssl.printed());
            openssl.awaitOut("hello from a client with a certificate\n", WAIT);
            assertTrue(openssl.out().contains("\nsubject=CN = client.p256\n"), openssl.printed());
            assertEquals(0, openssl.waitFor(WAIT), openssl.printed());
        }
    }

    /** With a CA that did not issue the server's certificate, our verdict is openssl s_client's. */
    @Test
    void aWrongCaIsJudgedAsOpensslJudgesIt() {
        try (RunningProcess openssl = opensslServer("-cert", files.file("p256.pem"), "-key", files.file("p256.key"),
                "-naccept", "2", "-www")) {
            int port = openssl.acceptedPort(WAIT);
            CliRun ours = TlsFiles.run(GET, "s_client", "-connect", "localhost:" + port, "-CAfile", files.file("root.pem"),
                    "-brief", "-ign_eof", "-verify_return_error");
            assertEquals(Main.EXIT_FAILURE, ours.status(), ours.err());
            try (RunningProcess theirs = RunningProcess.openssl(directory, "s_client", "-connect", "localhost:" + port,
                    "-CAfile", files.file("root.pem"), "-brief", "-verify_return_error")) {
                theirs.closeInput();
                assertTrue(theirs.waitFor(WAIT) != 0, theirs.printed());
                Matcher reason = Pattern.compile("verify error:num=\\d+:(.+)").matcher(theirs.err());
                assertTrue(reason.find(), theirs.printed());
                assertEquals("verify error: " + reason.group(1), ours.err().lines().findFirst().orElseThrow(), ours.err());
            }
            assertEquals(0, openssl.waitFor(WAIT), openssl.printed());
        }
    }

    /**
     * -verify_hostname and -verify_ip against openssl s_server with a certificate naming
     * localhost and 127.0.0.1: the right name and address verify, a wrong one is a verification
     * error with openssl s_client's reason for it, and ends the handshake with -verify_return_error.
     */
    @Test
    void theHostCheckOfVerifyHostnameAndVerifyIp() {
        String key = files.file("localhost.key");
        String certificate = files.file("localhost.pem");
        OpenSslCommand.run(new byte[0], "genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256", "-out", key);
        OpenSslCommand.run(new byte[0], "req", "-x509", "-new", "-key", key, "-sha256", "-subj", "/CN=localhost", "-days", "1",
                "-addext", "subjectAltName = DNS:localhost,IP:127.0.0.1", "-out", certificate);
        try (RunningProcess openssl = opensslServer("-cert", certificate, "-key", key, "-naccept", "10", "-www")) {
            int port = openssl.acceptedPort(WAIT);
            String[][] checks = {
                {"-verify_hostname", "localhost", "Verification: OK"},
                {"-verify_hostname", "LOCALHOST", "Verification: OK"},
                {"-verify_ip", "127.0.0.1", "Verification: OK"},
                {"-verify_hostname", "bank.example", null},
                {"-verify_ip", "127.0.0.2", null},
            };
            for (String[] check : checks) {
                String expected = check[2] != null ? check[2] : "Verification error: " + opensslReason(port, check[0], check[1]);
                CliRun ours = TlsFiles.run(GET, "s_client", "-connect", "127.0.0.1:" + port, "-CAfile", certificate,
                        check[0], check[1], "-brief", "-ign_eof");
                assertEquals(0, ours.status(), ours.err() + openssl.printed());
                assertTrue(ours.err().contains("\n" + expected + "\n"), String.join(" ", check) + ": " + ours.err());
            }
            CliRun refused = TlsFiles.run(GET, "s_client", "-connect", "127.0.0.1:" + port, "-CAfile", certificate,
                    "-verify_hostname", "bank.example", "-verify_return_error", "-brief");
            assertEquals(Main.EXIT_FAILURE, refused.status(), refused.err());
            assertTrue(refused.err().startsWith("verify error: hostname mismatch\n"), refused.err());
        }
    }

    /** What openssl s_client -brief says of the server's certificate under the check given. */
    private static String opensslReason(int port, String option, String value) {
        try (RunningProcess theirs = RunningProcess.openssl(directory, "s_client", "-connect", "127.0.0.1:" + port,
                "-CAfile", files.file("localhost.pem"), option, value, "-brief")) {
            theirs.closeInput();
            theirs.waitFor(WAIT);
            Matcher reason = Pattern.compile("Verification error: (.+)").matcher(theirs.err());
            assertTrue(reason.find(), theirs.printed());
            return reason.group(1).strip();
        }
    }

    @Test
    void usageErrors() throws Exception {
        CliRun noPort = TlsFiles.run("", "s_client", "-connect", "localhost");
        assertEquals(2, noPort.status());
        assertTrue(noPort.err().contains("-connect: HOST:PORT expected, not localhost"), noPort.err());
        CliRun keyAlone = TlsFiles.run("", "s_client", "-key", files.file("leaf.key"));
        assertEquals(2, keyAlone.status());
        assertTrue(keyAlone.err().contains("-key goes with -cert"), keyAlone.err());
        int closed;
        try (ServerSocket socket = new ServerSocket(0)) {
            closed = socket.getLocalPort();
        }
        CliRun refused = TlsFiles.run("", "s_client", "-connect", "localhost:" + closed, "-CAfile", files.file("root.pem"));
        assertEquals(Main.EXIT_FAILURE, refused.status());
        assertTrue(refused.err().startsWith("shangmi s_client: cannot connect to localhost:" + closed + ": "), refused.err());
    }

    /**
     * The other commands, and the TLS commands' help, load no class of Bouncy Castle or of
     * shangmi-tls; a connection attempt does (which shows the check sees them).
     */
    @Test
    void onlyTheTlsCommandsLoadTheTlsClasses() throws Exception {
        Path data = Files.writeString(directory.resolve("data.txt"), "abc");
        String[][] commands = {
            {"dgst", "-sm3", data.toString()},
            {"x509", "-in", files.file("leaf.pem"), "-noout", "-subject"},
            {"verify", "-CAfile", files.file("root.pem"), "-untrusted", files.file("inter.pem"), files.file("leaf.pem")},
            {"s_client", "--help"},
            {"s_server", "--help"},
        };
        for (String[] command : commands) {
            String loaded = loadedClasses(0, command);
            assertFalse(loaded.contains(" org.bouncycastle."), String.join(" ", command) + " loads Bouncy Castle");
            assertFalse(loaded.contains(" org.shangmi.tls."), String.join(" ", command) + " loads shangmi-tls");
        }
        int closed;
        try (ServerSocket socket = new ServerSocket(0)) {
            closed = socket.getLocalPort();
        }
        String connecting = loadedClasses(1, "s_client", "-connect", "localhost:" + closed, "-CAfile", files.file("root.pem"));
        assertTrue(connecting.contains(" org.shangmi.tls.ShangMiTlsProvider "), connecting);
        assertTrue(connecting.contains(" org.bouncycastle.jsse.provider."), connecting);
    }

    /** The class-loading log of {@code shangmi args...} in a JVM of its own, which must exit with {@code status}. */
    private static String loadedClasses(int status, String... args) {
        List<String> command = RunningProcess.shangmiCommand(List.of("-Xlog:class+load=info:stdout"), args);
        try (RunningProcess process = RunningProcess.command(directory, command)) {
            process.closeInput();
            assertEquals(status, process.waitFor(WAIT), process.printed());
            return process.out();
        }
    }
}
