package org.shangmi.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.shangmi.cli.TlsFiles.GET;
import static org.shangmi.cli.TlsFiles.WAIT;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.PrivateKey;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.shangmi.core.testing.OpenSslCommand;
import org.shangmi.core.testing.OpenSslPki;
import org.shangmi.tls.tlcp.GmsslTlcp;
import org.shangmi.tls.tlcp.TlcpCredentials;
import org.shangmi.tls.tlcp.TlcpSuite;

/**
 * s_client -tlcp and s_server -tlcp against GmSSL 3's tlcp_server and tlcp_client, on the double
 * certificates GmSSL made (TlcpCredentials; their keys, which GmSSL encrypts in a form the CLI
 * does not read, are written here as plain PKCS#8) and on double certificates made by shangmi's
 * own genkey, req and x509. The expected subjects are openssl's reading of the certificate files.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class SClientServerTlcpTest {

    private static final String MESSAGE = "hello over TLCP\n";

    @TempDir
    static Path directory;
    private static TlcpCredentials gmssl;

    @BeforeAll
    static void keys() throws IOException {
        gmssl = TlcpCredentials.gmssl();
        for (TlcpCredentials.Side side : List.of(gmssl.server(), gmssl.client())) {
            writePlainKey(side.signKey(), side.signPrivateKey());
            writePlainKey(side.encKey(), side.encPrivateKey());
        }
    }

    /** {@code NAME.key} of the set as {@code NAME.plain.key} here: the key in unencrypted PKCS#8 PEM. */
    private static void writePlainKey(Path gmsslFile, PrivateKey key) throws IOException {
        writeKey(plainKey(gmsslFile), key);
    }

    private static void writeKey(Path file, PrivateKey key) throws IOException {
        String base64 = Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII)).encodeToString(key.getEncoded());
        Files.writeString(file, "-----BEGIN PRIVATE KEY-----\n" + base64 + "\n-----END PRIVATE KEY-----\n");
    }

    private static Path plainKey(Path gmsslFile) {
        return directory.resolve(gmsslFile.getFileName().toString().replace(".key", ".plain.key"));
    }

    /** -sign_cert (the signing certificate and the root), -sign_key, -enc_cert, -enc_key of one side of the GmSSL set. */
    private static List<String> pairs(TlcpCredentials.Side side) {
        return List.of("-sign_cert", side.signChain().toString(), "-sign_key", plainKey(side.signKey()).toString(),
                "-enc_cert", side.encPem().toString(), "-enc_key", plainKey(side.encKey()).toString());
    }

    /** The certificate's subject as openssl prints it (its default name format, which the summary follows). */
    private static String subject(Path certificate) {
        String line = new String(OpenSslCommand.run(new byte[0], "x509", "-in", certificate.toString(), "-noout", "-subject"),
                StandardCharsets.UTF_8).strip();
        return line.substring("subject=".length());
    }

    /** The summary of a TLCP connection whose peer sent its signing and encryption certificates and the root. */
    private static List<String> tlcpSummary(TlcpSuite suite, Path sign, Path enc, Path root) {
        return List.of(
                "Protocol version: TLCPv1.1",
                "Ciphersuite: " + suite.name(),
                "Peer certificate: " + subject(sign),
                "Peer encryption certificate: " + subject(enc),
                "Certificate chain",
                " 0 s:" + subject(sign),
                "   i:" + subject(root),
                " 1 s:" + subject(enc),
                "   i:" + subject(root),
                " 2 s:" + subject(root),
                "   i:" + subject(root),
                "Verification: OK",
                "No ALPN negotiated");
    }

    private static void assertLinesIn(List<String> expected, String printed) {
        String text = String.join("\n", expected) + "\n";
        assertTrue(printed.replace("\r\n", "\n").contains(text), "expected\n" + text + "in\n" + printed);
    }

    private static RunningProcess shangmi(String... args) {
        return RunningProcess.shangmi(directory, args);
    }

    /** Our client sends a line to tlcp_server, which echoes it; at the end of standard input the client closes. */
    private static void exchangeWith(GmsslTlcp.Server server, List<String> options, List<String> expectedSummary) {
        List<String> args = new ArrayList<>(List.of("s_client", "-tlcp", "-connect", "127.0.0.1:" + server.port(),
                "-CAfile", gmssl.rootPem().toString()));
        args.addAll(options);
        try (RunningProcess client = shangmi(args.toArray(String[]::new))) {
            client.send(MESSAGE);
            client.awaitOut(MESSAGE, WAIT);
            client.closeInput();
            assertEquals(0, client.waitFor(WAIT), client.printed() + server.describe());
            assertLinesIn(expectedSummary, client.out());
        }
    }

    @Test
    void ourClientAgainstGmsslServerEccGcm() {
        TlcpSuite suite = TlcpSuite.TLCP_ECC_SM4_GCM_SM3;
        try (GmsslTlcp.Server server = GmsslTlcp.start(gmssl, suite, false)) {
            exchangeWith(server, List.of(), tlcpSummary(suite, gmssl.server().signPem(), gmssl.server().encPem(),
                    gmssl.rootPem()));
        }
    }

    /**
     * ECDHE with our client's double certificate: GmSSL's server verifies a CertificateVerify over
     * the handshake messages themselves, so -tlcp_cert_verify messages connects and the standard's
     * hash form is refused. The suite is given in GmSSL's spelling.
     */
    @Test
    void ourClientWithCertificatesAgainstGmsslServerEcdhe() {
        TlcpSuite suite = TlcpSuite.TLCP_ECDHE_SM4_GCM_SM3;
        List<String> options = new ArrayList<>(pairs(gmssl.client()));
        options.addAll(List.of("-cipher", GmsslTlcp.gmsslName(suite)));
        try (GmsslTlcp.Server server = GmsslTlcp.start(gmssl, suite, true)) {
            List<String> hashForm = new ArrayList<>(List.of("s_client", "-tlcp", "-connect", "127.0.0.1:" + server.port(),
                    "-CAfile", gmssl.rootPem().toString()));
            hashForm.addAll(options);
            CliRun refused = TlsFiles.run("", hashForm.toArray(String[]::new));
            assertEquals(Main.EXIT_FAILURE, refused.status(), refused.err() + server.describe());
            assertTrue(refused.err().contains("handshake failed"), refused.err());

            options.addAll(List.of("-tlcp_cert_verify", "messages"));
            exchangeWith(server, options, tlcpSummary(suite, gmssl.server().signPem(), gmssl.server().encPem(),
                    gmssl.rootPem()));
        }
    }
    /** s_client -tlcp against our server that speaks TLS only: the server answers with a TLS alert, and the client says it does not speak TLCP. */
    /** s_client -tlcp against a server that speaks TLS only: it says the server may not speak TLCP. */
    @Test
    void ourTlcpClientAgainstATlsOnlyServerSaysSo() {
        try (RunningProcess server = shangmi("s_server", "-accept", "0", "-naccept", "1", "-cert",
                gmssl.server().signChain().toString(), "-key", plainKey(gmssl.server().signKey()).toString())) {
            int port = server.acceptedPort(WAIT);
            CliRun refused = TlsFiles.run("", "s_client", "-tlcp", "-connect", "127.0.0.1:" + port, "-CAfile",
                    gmssl.rootPem().toString());
            assertEquals(Main.EXIT_FAILURE, refused.status(), refused.err() + server.printed());
            assertTrue(refused.err().contains("it does not speak TLCP"), refused.err());
        }
    }

    /** tlcp_client reads our server's -www page; the page names the suite GmSSL asked for. */
    @Test
    void gmsslClientReadsOurServersPage() {
        TlcpSuite suite = TlcpSuite.TLCP_ECC_SM4_CBC_SM3;
        List<String> args = new ArrayList<>(List.of("s_server", "-tlcp", "-accept", "0", "-www", "-naccept", "1"));
        args.addAll(pairs(gmssl.server()));
        try (RunningProcess server = shangmi(args.toArray(String[]::new))) {
            int port = server.acceptedPort(WAIT);
            GmsslTlcp.Result result = GmsslTlcp.client(gmssl, port, suite, false, GET.getBytes(StandardCharsets.US_ASCII),
                    WAIT);
            String page = new String(result.stdout(), StandardCharsets.UTF_8);
            assertTrue(result.connected(), result.describe() + server.printed());
            assertEquals(GmsslTlcp.gmsslName(suite), result.cipherSuite(), result.describe());
            assertTrue(page.startsWith("HTTP/1.0 200 ok") && page.contains("New, TLCPv1.1, Cipher is " + suite.name() + "\n"),
                    result.describe() + server.printed());
            assertLinesIn(List.of("Protocol version: TLCPv1.1", "Ciphersuite: " + suite.name(), "No peer certificate"), page);
            assertEquals(0, server.waitFor(WAIT), server.printed());
        }
    }

    /** tlcp_client with its double certificate (ECDHE) against s_server -Verify: the client's chain in the summary, its data on standard output. */
    @Test
    void gmsslClientWithCertificatesAgainstOurServerEcdhe() {
        TlcpSuite suite = TlcpSuite.TLCP_ECDHE_SM4_CBC_SM3;
        List<String> args = new ArrayList<>(List.of("s_server", "-tlcp", "-accept", "0", "-naccept", "1", "-Verify", "1",
                "-CAfile", gmssl.rootPem().toString(), "-cipher", suite.name()));
        args.addAll(pairs(gmssl.server()));
        try (RunningProcess server = shangmi(args.toArray(String[]::new))) {
            int port = server.acceptedPort(WAIT);
            GmsslTlcp.Result result = GmsslTlcp.client(gmssl, port, suite, true, MESSAGE.getBytes(StandardCharsets.US_ASCII),
                    WAIT);
            assertTrue(result.connected(), result.describe() + server.printed());
            assertEquals(GmsslTlcp.gmsslName(suite), result.cipherSuite(), result.describe());
            assertEquals(0, server.waitFor(WAIT), server.printed());
            assertLinesIn(tlcpSummary(suite, gmssl.client().signPem(), gmssl.client().encPem(), gmssl.rootPem()),
                    server.out());
            assertTrue(server.out().contains("---\n" + MESSAGE), server.printed());
        }
    }

    /**
     * Double certificates made by shangmi alone (genkey, req -x509, x509 -req with the key usages
     * of -extfile) on one s_server -tlcp port: GmSSL's tlcp_client verifies them against the
     * shangmi-made root, our s_client -tlcp reads the page over TLCP, and our s_client without
     * -tlcp over TLS 1.3 with the signing pair; the page names the server name each asked for.
     */
    @Test
    void shangmiMadeDoubleCertificatesOnOnePort() throws IOException {
        Path dir = Files.createDirectories(directory.resolve("shangmi-made"));
        for (String name : new String[] {"root", "sign", "enc"}) {
            ok("genkey", "-out", dir.resolve(name + ".key").toString());
        }
        Files.writeString(dir.resolve("ext.cnf"), """
                [ sign ]
                keyUsage = critical,digitalSignature
                extendedKeyUsage = serverAuth
                subjectAltName = DNS:localhost
                [ enc ]
                keyUsage = critical,keyEncipherment,dataEncipherment,keyAgreement
                extendedKeyUsage = serverAuth
                subjectAltName = DNS:localhost
                """);
        String root = dir.resolve("root.pem").toString();
        ok("req", "-new", "-x509", "-key", dir.resolve("root.key").toString(), "-subj", "/C=CN/O=ShangMi Test/CN=shangmi root",
                "-days", "30", "-out", root);
        for (String name : new String[] {"sign", "enc"}) {
            String base = dir.resolve(name).toString();
            ok("req", "-new", "-key", base + ".key", "-subj", "/C=CN/O=ShangMi Test/CN=localhost", "-out", base + ".csr");
            ok("x509", "-req", "-in", base + ".csr", "-CA", root, "-CAkey", dir.resolve("root.key").toString(), "-days", "10",
                    "-extfile", dir.resolve("ext.cnf").toString(), "-extensions", name, "-out", base + ".pem");
        }
        Files.writeString(dir.resolve("sign-chain.pem"),
                Files.readString(dir.resolve("sign.pem")) + Files.readString(Path.of(root)));
        try (RunningProcess server = shangmi("s_server", "-tlcp", "-accept", "0", "-www", "-naccept", "3",
                "-sign_cert", dir.resolve("sign-chain.pem").toString(), "-sign_key", dir.resolve("sign.key").toString(),
                "-enc_cert", dir.resolve("enc.pem").toString(), "-enc_key", dir.resolve("enc.key").toString())) {
            int port = server.acceptedPort(WAIT);

            TlcpSuite suite = TlcpSuite.TLCP_ECC_SM4_GCM_SM3;
            GmsslTlcp.Result gmsslClient = GmsslTlcp.client(dir, List.of("-host", "127.0.0.1", "-port", Integer.toString(port),
                    "-server_name", "localhost", "-cacert", root, "-cipher_suite", GmsslTlcp.gmsslName(suite)),
                    GET.getBytes(StandardCharsets.US_ASCII), WAIT);
            assertTrue(gmsslClient.connected(), gmsslClient.describe() + server.printed());
            assertTrue(new String(gmsslClient.stdout(), StandardCharsets.UTF_8).contains("New, TLCPv1.1, Cipher is " + suite.name()),
                    gmsslClient.describe());

            CliRun tlcp = TlsFiles.run(GET, "s_client", "-tlcp", "-connect", "localhost:" + port, "-CAfile", root,
                    "-servername", "tlcp.example", "-ign_eof");
            assertEquals(0, tlcp.status(), tlcp.err() + server.printed());
            assertLinesIn(tlcpSummary(suite, dir.resolve("sign.pem"), dir.resolve("enc.pem"), Path.of(root)), tlcp.out());
            assertTrue(tlcp.out().contains("New, TLCPv1.1, Cipher is " + suite.name()), tlcp.out());
            assertTrue(tlcp.out().contains("\nServer name: tlcp.example\n"), tlcp.out());

            CliRun tls = TlsFiles.run(GET, "s_client", "-connect", "localhost:" + port, "-CAfile", root,
                    "-servername", "tls.example", "-ign_eof");
            assertEquals(0, tls.status(), tls.err() + server.printed());
            assertLinesIn(List.of("Protocol version: TLSv1.3", "Ciphersuite: TLS_SM4_GCM_SM3",
                    "Peer certificate: " + subject(dir.resolve("sign.pem")), "Certificate chain"), tls.out());
            assertTrue(tls.out().contains("New, TLSv1.3, Cipher is TLS_SM4_GCM_SM3"), tls.out());
            assertTrue(tls.out().contains("\nServer name: tls.example\n"), tls.out());
            assertEquals(0, server.waitFor(WAIT), server.printed());
        }
    }

    /**
     * A copy of the set's certificate {@code name} (its GmSSL request signed again by the set's
     * root with the extension section given) that expired on 1 February 2020, made by openssl ca.
     */
    private static Path expired(TlcpCredentials set, String name, String extensions) throws IOException {
        Path dir = Files.createDirectories(directory.resolve("expired-" + name));
        Files.writeString(dir.resolve("index.txt"), "");
        Files.writeString(dir.resolve("serial"), "01\n");
        Path config = Files.writeString(dir.resolve("ca.cnf"), "[ ca ]\ndefault_ca = expired\n[ expired ]\n"
                + "database = " + dir.resolve("index.txt") + "\nnew_certs_dir = " + dir + "\nserial = " + dir.resolve("serial")
                + "\ndefault_md = sm3\npolicy = anything\n[ anything ]\ncommonName = supplied\n"
                + "countryName = optional\norganizationName = optional\n");
        Path certificate = dir.resolve(name + ".pem");
        OpenSslCommand.run(new byte[0], "ca", "-batch", "-preserveDN", "-config", config.toString(),
                "-in", set.directory().resolve(name + ".req").toString(), "-vfyopt", OpenSslPki.ID_OPTION,
                "-sigopt", OpenSslPki.ID_OPTION, "-cert", set.rootPem().toString(),
                "-keyfile", set.directory().resolve("root.key").toString(),
                "-startdate", "20200101000000Z", "-enddate", "20200201000000Z",
                "-extfile", set.directory().resolve("extensions.cnf").toString(), "-extensions", extensions,
                "-notext", "-out", certificate.toString());
        return certificate;
    }

    /** openssl verify's reason for the certificate (its signature checked with the GM/T 0015 ID). */
    private static String opensslReason(Path root, Path certificate) {
        OpenSslCommand.Result result = OpenSslCommand.attempt(new byte[0], "verify", "-vfyopt", OpenSslPki.ID_OPTION,
                "-CAfile", root.toString(), certificate.toString());
        String printed = new String(result.stdout(), StandardCharsets.UTF_8) + new String(result.stderr(), StandardCharsets.UTF_8);
        java.util.regex.Matcher reason = java.util.regex.Pattern.compile("error \\d+ at 0 depth lookup: (.+)").matcher(printed);
        assertTrue(result.exit() != 0 && reason.find(), printed);
        return reason.group(1).strip();
    }

    private static Path concatenated(String name, Path... parts) throws IOException {
        StringBuilder text = new StringBuilder();
        for (Path part : parts) {
            text.append(Files.readString(part));
        }
        return Files.writeString(directory.resolve(name), text);
    }

    /**
     * GmSSL's tlcp_server with a signing certificate that has expired and a valid encryption
     * certificate (the openssl set): s_client -tlcp reports the signing certificate's failure,
     * in openssl verify's words, though the encryption certificate, checked second, verifies;
     * with -verify_return_error the handshake ends on it.
     */
    @Test
    void anExpiredServerSigningCertificateIsNotHiddenByTheEncryptionCertificate() throws IOException {
        TlcpCredentials set = TlcpCredentials.openssl();
        Path expired = expired(set, "server-sign", "tlcp_server_sign");
        String reason = opensslReason(set.rootPem(), expired);
        Path list = concatenated("expired-server-certs.pem", expired, set.server().encPem(), set.rootPem());
        TlcpSuite suite = TlcpSuite.TLCP_ECC_SM4_GCM_SM3;
        try (GmsslTlcp.Server server = GmsslTlcp.start(set.directory(), List.of("-cert", list.toString(),
                "-key", set.server().keys().toString(), "-pass", TlcpCredentials.PASSWORD,
                "-cipher_suite", GmsslTlcp.gmsslName(suite)))) {
            String[] client = {"s_client", "-tlcp", "-connect", "127.0.0.1:" + server.port(), "-CAfile", set.rootPem().toString()};
            CliRun reported = TlsFiles.run("", client);
            assertEquals(0, reported.status(), reported.err() + server.describe());
            assertTrue(reported.out().contains("\nVerification error (signing certificate): " + reason + "\n"), reported.out());
            assertFalse(reported.out().contains("Verification: OK"), reported.out());

            List<String> fatal = new ArrayList<>(List.of(client));
            fatal.add("-verify_return_error");
            CliRun refused = TlsFiles.run("", fatal.toArray(String[]::new));
            assertEquals(Main.EXIT_FAILURE, refused.status(), refused.err() + server.describe());
            assertTrue(refused.err().startsWith("verify error (signing certificate): " + reason + "\n"), refused.err());
        }
    }

    /**
     * -verify_hostname and -verify_ip over TLCP, against GmSSL's tlcp_server with the openssl
     * set's certificates (DNS localhost, IP 127.0.0.1): the right name and address verify, a
     * wrong one is a verification error that names the certificate.
     */
    @Test
    void theHostCheckOverTlcp() {
        TlcpCredentials set = TlcpCredentials.openssl();
        try (GmsslTlcp.Server server = GmsslTlcp.start(set, TlcpSuite.TLCP_ECC_SM4_CBC_SM3, false)) {
            String[][] checks = {
                {"-verify_hostname", "localhost", "Verification: OK"},
                {"-verify_ip", "127.0.0.1", "Verification: OK"},
                {"-verify_hostname", "bank.example", "Verification error (signing certificate): hostname mismatch"},
                {"-verify_ip", "127.0.0.2", "Verification error (signing certificate): IP address mismatch"},
            };
            for (String[] check : checks) {
                CliRun run = TlsFiles.run("", "s_client", "-tlcp", "-connect", "127.0.0.1:" + server.port(),
                        "-CAfile", set.rootPem().toString(), check[0], check[1]);
                assertEquals(0, run.status(), run.err() + server.describe());
                assertTrue(run.out().contains("\n" + check[2] + "\n"), String.join(" ", check) + ": " + run.out());
            }
        }
    }

    /**
     * s_server -tlcp -Verify with GmSSL's tlcp_client whose signing certificate has expired
     * (ECDHE: the client sends its double certificate): the summary names the signing certificate.
     */
    @Test
    void anExpiredClientSigningCertificateIsNamedByTheServer() throws IOException {
        TlcpCredentials set = TlcpCredentials.openssl();
        Path expired = expired(set, "client-sign", "tlcp_client_sign");
        String reason = opensslReason(set.rootPem(), expired);
        Path list = concatenated("expired-client-certs.pem", expired, set.client().encPem(), set.rootPem());
        Path keys = Files.createDirectories(directory.resolve("openssl-set"));
        Path signKey = keys.resolve("server-sign.key");
        Path encKey = keys.resolve("server-enc.key");
        writeKey(signKey, set.server().signPrivateKey());
        writeKey(encKey, set.server().encPrivateKey());
        TlcpSuite suite = TlcpSuite.TLCP_ECDHE_SM4_GCM_SM3;
        try (RunningProcess server = shangmi("s_server", "-tlcp", "-accept", "0", "-naccept", "1", "-Verify", "1",
                "-CAfile", set.rootPem().toString(), "-cipher", suite.name(),
                "-sign_cert", set.server().signChain().toString(), "-sign_key", signKey.toString(),
                "-enc_cert", set.server().encPem().toString(), "-enc_key", encKey.toString())) {
            int port = server.acceptedPort(WAIT);
            GmsslTlcp.Result result = GmsslTlcp.client(set.directory(), List.of("-host", "127.0.0.1", "-port",
                    Integer.toString(port), "-server_name", TlcpCredentials.SERVER_NAME, "-cacert", set.rootPem().toString(),
                    "-cipher_suite", GmsslTlcp.gmsslName(suite), "-cert", list.toString(), "-key", set.client().keys().toString(),
                    "-pass", TlcpCredentials.PASSWORD), MESSAGE.getBytes(StandardCharsets.US_ASCII), WAIT);
            assertTrue(result.connected(), result.describe() + server.printed());
            assertEquals(0, server.waitFor(WAIT), server.printed());
            assertTrue(server.out().contains("\nVerification error (signing certificate): " + reason + "\n"), server.printed());
        }
    }

    private static void ok(String... args) {
        CliRun run = TlsFiles.run("", args);
        assertEquals(0, run.status(), String.join(" ", args) + ": " + run.err());
    }

    /** Option mistakes, found before anything connects or listens. */
    @Test
    void usageErrors() {
        TlcpCredentials.Side server = gmssl.server();
        String[][] cases = {
            {"-sign_cert, -sign_key, -enc_cert, -enc_key and -cipher go with -tlcp", "s_client", "-sign_cert",
                server.signPem().toString()},
            {"-tlcp_cert_verify goes with -tlcp", "s_client", "-tlcp_cert_verify", "messages"},
            {"-sign_cert and -enc_cert go together", "s_client", "-tlcp", "-sign_cert", server.signPem().toString()},
            {"s_server -tlcp needs -sign_cert and -enc_cert", "s_server", "-tlcp", "-accept", "0"},
            {"with -tlcp the keys are -sign_cert", "s_server", "-tlcp", "-accept", "0", "-cert", server.signPem().toString()},
            {"-ciphersuites names TLS suites: TLCP's go in -cipher", "s_client", "-tlcp", "-ciphersuites", "TLS_SM4_GCM_SM3"},
            {"-alpn does not go with -tlcp", "s_client", "-tlcp", "-alpn", "h2"},
        };
        for (String[] mistake : cases) {
            String[] args = Arrays.copyOfRange(mistake, 1, mistake.length);
            CliRun run = TlsFiles.run("", args);
            assertEquals(2, run.status(), String.join(" ", args) + ": " + run.err());
            assertTrue(run.err().contains(mistake[0]), run.err());
        }
        List<String> wrongEncKey = new ArrayList<>(List.of("s_server", "-tlcp", "-accept", "0"));
        wrongEncKey.addAll(pairs(server));
        wrongEncKey.set(wrongEncKey.indexOf("-enc_key") + 1, plainKey(server.signKey()).toString());
        CliRun mismatch = TlsFiles.run("", wrongEncKey.toArray(String[]::new));
        assertEquals(Main.EXIT_FAILURE, mismatch.status(), mismatch.err());
        assertTrue(mismatch.err().contains(plainKey(server.signKey()) + " does not hold the private key of the certificate"),
                mismatch.err());
        assertEquals("", mismatch.out(), "nothing listened");
        CliRun unknownSuite = TlsFiles.run("", "s_client", "-tlcp", "-connect", "localhost:1", "-cipher", "TLS_SM4_GCM_SM3");
        assertEquals(Main.EXIT_FAILURE, unknownSuite.status(), unknownSuite.err());
        assertTrue(unknownSuite.err().contains("-cipher: unknown TLCP cipher suite TLS_SM4_GCM_SM3 ("), unknownSuite.err());
        for (TlcpSuite suite : TlcpSuite.values()) {
            assertTrue(unknownSuite.err().contains(suite.name()), unknownSuite.err());
        }
    }
}
