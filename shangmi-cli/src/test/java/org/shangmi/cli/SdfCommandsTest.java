package org.shangmi.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.shangmi.core.testing.GmsslPeer;
import org.shangmi.core.testing.PeerScripts;

/**
 * The commands with a key in a crypto device ({@code -sdf LIB -key sdf:N -passin}), SoftSDF as the
 * device: each runs in a JVM of its own in the device's directory (SoftSDF keeps its keys in the
 * working directory), and GmSSL checks the results against the public keys softsdfinit wrote.
 */
class SdfCommandsTest {

    private static final String PASSWORD = "P@ssw0rd";
    private static final Duration TIMEOUT = Duration.ofSeconds(60);
    private static Path library;
    private static Path device;

    @BeforeAll
    static void makeDevice() throws Exception {
        Path script = PeerScripts.buildScript("softsdf", "shangmi.softsdf.build", "the script and SoftSDF's source archive");
        RunningProcess build = RunningProcess.command(Path.of("").toAbsolutePath(), List.of(script.toString()));
        assertEquals(0, build.waitFor(Duration.ofMinutes(10)), build.printed());
        List<String> lines = build.out().strip().lines().toList();
        library = Path.of(lines.get(lines.size() - 1));
        device = Files.createTempDirectory("sdf-cli");
        RunningProcess init = RunningProcess.command(device, List.of(library.resolveSibling("softsdfinit").toString(), "-kek", "1",
                "-key", "1", "-pass", PASSWORD));
        assertEquals(0, init.waitFor(TIMEOUT), init.printed());
    }

    /** {@code shangmi args...} in the device's directory, which must succeed. */
    private static String shangmi(String... args) {
        try (RunningProcess run = RunningProcess.shangmi(device, args)) {
            run.closeInput();
            int status = run.waitFor(TIMEOUT);
            assertEquals(0, status, String.join(" ", args) + ":\n" + run.printed());
            return run.err();
        }
    }

    private static String[] withDevice(String command, String... args) {
        String[] line = new String[args.length + 5];
        line[0] = command;
        System.arraycopy(new String[] {"-sdf", library.toString(), "-passin", "pass:" + PASSWORD}, 0, line, 1, 4);
        System.arraycopy(args, 0, line, 5, args.length);
        return line;
    }

    @Test
    void signVerifiesInGmssl() throws Exception {
        Files.writeString(device.resolve("msg"), "signed by shangmi sign in the device");
        shangmi(withDevice("sign", "-key", "sdf:1", "-in", "msg", "-out", "msg.sig"));
        String said = GmsslPeer.run(device, "sm2verify", "-pubkey", "sm2signpub-1.pem", "-in", "msg", "-sig", "msg.sig");
        assertTrue(said.contains("verify : success"), said);
    }

    @Test
    void decryptOpensGmsslsCiphertextWithTheEncryptionKey() throws Exception {
        byte[] secret = new byte[48];
        new SecureRandom().nextBytes(secret);
        Files.write(device.resolve("secret"), secret);
        GmsslPeer.run(device, "sm2encrypt", "-pubkey", "sm2encpub-1.pem", "-in", "secret", "-out", "secret.ct");
        shangmi(withDevice("decrypt", "-key", "sdf:1", "-in", "secret.ct", "-out", "secret.out"));
        assertArrayEquals(secret, Files.readAllBytes(device.resolve("secret.out")));
    }

    @Test
    void aSelfSignedCertificateAndCmsSignedInTheDevice() throws Exception {
        shangmi(withDevice("req", "-new", "-x509", "-key", "sdf:1", "-subj", "/C=CN/O=ShangMi Test/CN=device", "-days", "30",
                "-out", "device.pem"));
        Path certificate = device.resolve("device.pem");
        String checked = org.shangmi.core.testing.OpenSslCommand.text("verify", "-vfyopt", "distid:1234567812345678", "-CAfile",
                certificate.toString(), certificate.toString());
        assertTrue(checked.contains(certificate + ": OK"), checked);
        byte[] content = "content signed in the device".getBytes(StandardCharsets.US_ASCII);
        Files.write(device.resolve("content"), content);
        shangmi(withDevice("cms", "-sign", "-nodetach", "-profile", "gmssl", "-in", "content", "-signer", "device.pem",
                "-inkey", "sdf:1", "-out", "content.p7s"));
        String said = GmsslPeer.run(device, "cmsverify", "-in", "content.p7s", "-out", "content.out");
        assertTrue(said.contains("verify success"), said);
        assertArrayEquals(content, Files.readAllBytes(device.resolve("content.out")));
    }

    /** s_server -tlcp on the device's pair 1 (certificates from GmSSL for the device's keys) serves GmSSL's tlcp_client. */
    @Test
    void tlcpServerOnDeviceKeysServesGmssl() throws Exception {
        GmsslPeer.run(device, "sm2keygen", "-pass", "root-secret", "-out", "root.key");
        GmsslPeer.run(device, "certgen", "-C", "CN", "-O", "ShangMi Test", "-CN", "Device Root", "-days", "30", "-key", "root.key",
                "-pass", "root-secret", "-key_usage", "keyCertSign", "-ca", "-out", "root.pem");
        for (String name : new String[] {"sign", "enc"}) {
            GmsslPeer.run(device, "reqgen", "-C", "CN", "-CN", "localhost", "-key", "sm2" + name + "-1.pem", "-pass", PASSWORD,
                    "-out", name + ".req");
            GmsslPeer.run(device, "reqsign", "-in", name + ".req", "-days", "30", "-cacert", "root.pem", "-key", "root.key", "-pass",
                    "root-secret", "-subject_dns_name", "localhost", "-key_usage", name.equals("sign") ? "digitalSignature" : "keyEncipherment",
                    "-out", name + ".pem");
        }
        Files.writeString(device.resolve("sign-chain.pem"), Files.readString(device.resolve("sign.pem"))
                + Files.readString(device.resolve("root.pem")));
        try (RunningProcess server = RunningProcess.shangmi(device, withDevice("s_server", "-tlcp", "-accept", "0", "-www",
                "-naccept", "1", "-sign_cert", "sign-chain.pem", "-sign_key", "sdf:1", "-enc_cert", "enc.pem", "-enc_key", "sdf:1"))) {
            int port = server.acceptedPort(TIMEOUT);
            org.shangmi.tls.tlcp.GmsslTlcp.Result result = org.shangmi.tls.tlcp.GmsslTlcp.client(device, List.of("-host", "127.0.0.1",
                    "-port", Integer.toString(port), "-server_name", "localhost", "-cacert", "root.pem", "-cipher_suite", "TLS_ECC_SM4_GCM_SM3"),
                    "GET / HTTP/1.0\r\n\r\n".getBytes(StandardCharsets.US_ASCII), TIMEOUT);
            assertTrue(result.connected(), result.describe() + server.printed());
            assertTrue(new String(result.stdout(), StandardCharsets.UTF_8).startsWith("HTTP/1.0 200 ok"), result.describe());
            assertEquals(0, server.waitFor(TIMEOUT), server.printed());
        }
    }

    @Test
    void aWrongPasswordAndAMissingDeviceAreSaidPlainly() {
        try (RunningProcess run = RunningProcess.shangmi(device, "sign", "-sdf", library.toString(), "-key", "sdf:1", "-passin",
                "pass:wrong", "-in", "msg")) {
            run.closeInput();
            assertNotEquals(0, run.waitFor(TIMEOUT));
            assertTrue(run.err().contains("GetPrivateKeyAccessRight") && !run.err().contains("wrong"), run.err());
        }
        try (RunningProcess run = RunningProcess.shangmi(device, "sign", "-key", "sdf:1", "-passin", "pass:" + PASSWORD)) {
            run.closeInput();
            assertNotEquals(0, run.waitFor(TIMEOUT));
            assertTrue(run.err().contains("-sdf"), run.err());
        }
    }
}
