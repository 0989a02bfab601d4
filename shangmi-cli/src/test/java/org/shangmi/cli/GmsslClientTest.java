package org.shangmi.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.shangmi.cli.TlsFiles.WAIT;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.shangmi.core.testing.GmsslPeer;

/**
 * Certificates made by shangmi alone (genkey, req -x509, x509 -req) in a TLS 1.3 handshake with
 * an independent implementation: GmSSL 3's tls13_client checks the chain of shangmi s_server
 * against the shangmi-made root and reads its -www page over TLS_SM4_GCM_SM3. (GmSSL's server
 * takes only its own encrypted key files, which shangmi does not write, so this direction
 * only.) The leaf has no basicConstraints: GmSSL refuses the CA:FALSE that DER encodes as an
 * empty SEQUENCE (see docs/tls.md).
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class GmsslClientTest {

    @TempDir
    static Path directory;

    @BeforeAll
    static void ourChain() throws Exception {
        for (String name : new String[] {"root", "leaf"}) {
            ok("genkey", "-out", file(name + ".key"));
        }
        Files.writeString(directory.resolve("ext.cnf"), """
                [ server ]
                keyUsage = critical,digitalSignature
                extendedKeyUsage = serverAuth
                subjectAltName = DNS:localhost
                """);
        ok("req", "-new", "-x509", "-key", file("root.key"), "-subj", "/C=CN/O=ShangMi Test/CN=shangmi root", "-days", "30",
                "-out", file("root.pem"));
        ok("req", "-new", "-key", file("leaf.key"), "-subj", "/C=CN/O=ShangMi Test/CN=localhost", "-out", file("leaf.csr"));
        ok("x509", "-req", "-in", file("leaf.csr"), "-CA", file("root.pem"), "-CAkey", file("root.key"), "-days", "10",
                "-extfile", file("ext.cnf"), "-extensions", "server", "-out", file("leaf.pem"));
    }

    private static String file(String name) {
        return directory.resolve(name).toString();
    }

    private static void ok(String... args) {
        CliRun run = TlsFiles.run("", args);
        assertEquals(0, run.status(), String.join(" ", args) + ": " + run.err());
    }

    @Test
    void gmsslClientReadsOurServersPage() throws Exception {
        Path request = Files.writeString(directory.resolve("request.txt"), "GET / HTTP/1.0\r\n\r\n");
        try (RunningProcess server = RunningProcess.shangmi(directory, "s_server", "-accept", "0", "-cert", file("leaf.pem"),
                "-key", file("leaf.key"), "-www", "-naccept", "1")) {
            int port = server.acceptedPort(WAIT);
            String out = GmsslPeer.run(directory, "tls13_client", "-host", "127.0.0.1", "-port", Integer.toString(port),
                    "-cipher_suite", "TLS_SM4_GCM_SM3", "-supported_group", "sm2p256v1", "-sig_alg", "sm2sig_sm3",
                    "-cacert", file("root.pem"), "-server_name", "localhost", "-in", request.toString());
            // our server's page, which GmSSL could only read after it accepted the chain
            assertTrue(out.contains("HTTP/1.0 200 ok") && out.contains("New, TLSv1.3, Cipher is TLS_SM4_GCM_SM3"),
                    out + server.printed());
        }
    }
}
