package org.shangmi.cli;

import static org.shangmi.cli.CliRun.ok;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.Security;
import java.util.Base64;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.X509KeyManager;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.shangmi.core.testing.OpenSslCommand;
import org.shangmi.core.testing.OpenSslPki;
import org.shangmi.provider.ShangMiProvider;
import org.shangmi.tls.ShangMiTlsProvider;
import org.shangmi.tls.tlcp.GmsslTlcp;
import org.shangmi.tls.tlcp.TlcpCredentials;
import org.shangmi.tls.tlcp.TlcpSuite;

/** {@code shangmi pkcs12} against {@code openssl pkcs12}, both ways, with OpenSSL's defaults and with SM4-CBC and SM3. */
class Pkcs12CommandTest {

    @TempDir
    static Path directory;
    private static OpenSslPki pki;

    @BeforeAll
    static void chain() {
        OpenSslCommand.assumeAvailable();
        pki = new OpenSslPki(directory).chain();
    }

    private static String pki(String name) {
        return pki.path(name).toString();
    }

    private static String file(String name) {
        return directory.resolve(name).toString();
    }

    @Test
    void opensslReadsOurFiles() throws Exception {
        ok("pkcs12", "-export", "-inkey", pki("leaf.key"), "-in", pki("leaf.pem"), "-certfile", pki("inter.pem"), "-keypbe",
                "SM4-CBC", "-certpbe", "SM4-CBC", "-macalg", "SM3", "-passout", "pass:secret", "-out", file("sm4.p12"));
        String info = OpenSslCommand.text("pkcs12", "-info", "-in", file("sm4.p12"), "-passin", "pass:secret", "-noout");
        assertTrue(info.contains("MAC: sm3"), info);
        assertTrue(info.contains("Shrouded Keybag: PBES2, PBKDF2, SM4-CBC"), info);
        assertTrue(info.contains("PKCS7 Encrypted data: PBES2, PBKDF2, SM4-CBC"), info);
        String extracted = OpenSslCommand.text("pkcs12", "-in", file("sm4.p12"), "-passin", "pass:secret", "-nodes");
        assertTrue(extracted.contains("BEGIN PRIVATE KEY") && extracted.contains("CN = leaf.example.com")
                && extracted.contains("subject=C = CN, O = ShangMi Test, CN = Intermediate"), extracted);

        ok("pkcs12", "-export", "-inkey", pki("leaf.key"), "-in", pki("leaf.pem"), "-passout", "pass:secret", "-out",
                file("default.p12"));
        String defaults = OpenSslCommand.text("pkcs12", "-info", "-in", file("default.p12"), "-passin", "pass:secret", "-noout");
        assertTrue(defaults.contains("MAC: sha256") && defaults.contains("AES-256-CBC"), defaults);
    }

    @Test
    void weReadOpensslsFiles() throws Exception {
        OpenSslCommand.text("pkcs12", "-export", "-inkey", pki("leaf.key"), "-in", pki("leaf.pem"), "-certfile", pki("inter.pem"), "-keypbe",
                "SM4-CBC", "-certpbe", "SM4-CBC", "-macalg", "SM3", "-passout", "pass:secret", "-out", file("openssl-sm4.p12"));
        OpenSslCommand.text("pkcs12", "-export", "-inkey", pki("leaf.key"), "-in", pki("leaf.pem"), "-passout", "pass:secret", "-out",
                file("openssl-default.p12"));
        for (String name : new String[] {"openssl-sm4.p12", "openssl-default.p12"}) {
            CliRun info = ok("pkcs12", "-in", file(name), "-passin", "pass:secret", "-info", "-noout");
            assertTrue(info.out().contains("private key (EC)") || info.out().contains("private key (SM2)"), info.out());
            assertTrue(info.out().contains("subject CN=leaf.example.com"), info.out());
            Path pem = directory.resolve(name + ".pem");
            ok("pkcs12", "-in", file(name), "-passin", "pass:secret", "-out", pem.toString());
            String written = Files.readString(pem);
            assertTrue(written.contains("-----BEGIN PRIVATE KEY-----") && written.contains("-----BEGIN CERTIFICATE-----"), written);
            // the key that came out signs, and its certificate verifies the signature
            Path data = Files.writeString(directory.resolve("data.txt"), "p12");
            ok("sign", "-key", pem.toString(), "-in", data.toString(), "-out", file(name + ".sig"));
            CliRun verified = ok("verify", "-pubkey", pki("leaf.pem"), "-signature", file(name + ".sig"), "-in", data.toString());
            assertTrue(verified.out().contains("Verified OK"), verified.out());
        }
        Path encrypted = directory.resolve("encrypted-key.pem");
        ok("pkcs12", "-in", file("openssl-sm4.p12"), "-passin", "pass:secret", "-nocerts", "-passout", "pass:k3y", "-out",
                encrypted.toString());
        assertTrue(Files.readString(encrypted).startsWith("-----BEGIN ENCRYPTED PRIVATE KEY-----"));
        ok("pkey", "-key", encrypted.toString(), "-passin", "pass:k3y", "-pubout");
    }

    @Test
    void aWrongPasswordAndUsageErrors() throws Exception {
        ok("pkcs12", "-export", "-inkey", pki("leaf.key"), "-in", pki("leaf.pem"), "-passout", "pass:secret", "-out", file("w.p12"));
        CliRun wrong = CliRun.of("pkcs12", "-in", file("w.p12"), "-passin", "pass:nope", "-info");
        assertEquals(1, wrong.status());
        assertTrue(wrong.err().toLowerCase(java.util.Locale.ROOT).contains("password"), wrong.err());
        assertEquals(2, CliRun.of("pkcs12", "-in", file("w.p12")).status());
        CliRun mismatch = CliRun.of("pkcs12", "-export", "-inkey", pki("inter.key"), "-in", pki("leaf.pem"), "-passout",
                "pass:secret", "-out", file("mismatch.p12"));
        assertEquals(1, mismatch.status());
        assertTrue(mismatch.err().contains("No certificate matches private key"), mismatch.err());
        assertTrue(!Files.exists(directory.resolve("mismatch.p12")));
        // the key's certificate goes first, wherever it was given
        ok("pkcs12", "-export", "-inkey", pki("leaf.key"), "-in", pki("inter.pem"), "-certfile", pki("leaf.pem"), "-passout",
                "pass:secret", "-out", file("ordered.p12"));
        CliRun info = ok("pkcs12", "-in", file("ordered.p12"), "-passin", "pass:secret", "-info", "-noout");
        String text = info.out();
        assertTrue(text.indexOf("CN=leaf.example.com") < text.indexOf("subject CN=Intermediate"), text);
        assertEquals(2, CliRun.of("pkcs12", "-export", "-inkey", pki("leaf.key"), "-in", pki("leaf.pem")).status());
        assertEquals(2, CliRun.of("pkcs12", "-export", "-inkey", pki("leaf.key"), "-in", pki("leaf.pem"), "-keypbe", "DES",
                "-passout", "pass:x").status());
    }

    /**
     * With ShangMi behind SunEC, the JDK calls the right password of an openssl-made file wrong;
     * the command's message says that the provider order is the cause and how to fix it. With
     * ShangMi first (as the command installs it) the file opens, and a wrong password is only that.
     */
    @Test
    void aPasswordCalledIncorrectBehindSunEcNamesTheProviderOrder() throws Exception {
        // a certificate this JVM has not parsed: the JDK's factory caches what it parsed
        pki.issue("order", "/CN=provider order", "inter", "leaf", 10);
        OpenSslCommand.text("pkcs12", "-export", "-inkey", pki("order.key"), "-in", pki("order.pem"), "-passout", "pass:secret",
                "-out", file("order.p12"));
        byte[] bytes = Files.readAllBytes(Path.of(file("order.p12")));
        Security.addProvider(new ShangMiProvider());
        try {
            KeyStore store = KeyStore.getInstance("PKCS12");
            GeneralSecurityException failed = assertThrows(
                    GeneralSecurityException.class, () -> new Pkcs12Command().load(store, bytes, "secret".toCharArray()));
            assertTrue(failed.getMessage().contains("keystore password was incorrect"), failed.getMessage());
            assertTrue(failed.getMessage().contains("; ShangMi is installed behind SunEC (position "), failed.getMessage());
            assertTrue(failed.getMessage().contains("ShangMiProvider.install()"), failed.getMessage());
        } finally {
            Security.removeProvider("ShangMi");
        }
        CliRun opened = ok("pkcs12", "-in", file("order.p12"), "-passin", "pass:secret", "-info", "-noout");
        assertTrue(opened.out().contains(": private key ("), opened.out());
        CliRun wrong = CliRun.of("pkcs12", "-in", file("order.p12"), "-passin", "pass:wrong", "-info", "-noout");
        assertEquals(1, wrong.status(), wrong.err());
        assertTrue(wrong.err().contains("password was incorrect") && !wrong.err().contains("SunEC"), wrong.err());
    }

    /**
     * A TLCP store from -export with -enc_in: the signing and the encryption entry under their
     * names, each key with its certificate and the root; openssl reads both entries' names; the
     * JDK's SunX509 key manager gives both by alias; and a ShangMiTLS TLCP server on that key
     * manager serves GmSSL's tlcp_client (openssl-made double certificates).
     */
    @Test
    void aTlcpStoreWithBothEntries() throws Exception {
        TlcpCredentials set = TlcpCredentials.openssl();
        TlcpCredentials.Side server = set.server();
        Path signKey = writeKey("tlcp-sign.key", server.signPrivateKey());
        Path encKey = writeKey("tlcp-enc.key", server.encPrivateKey());
        ok("pkcs12", "-export", "-in", server.signPem().toString(), "-inkey", signKey.toString(),
                "-enc_in", server.encPem().toString(), "-enc_inkey", encKey.toString(), "-certfile", set.rootPem().toString(),
                "-name", "tlcp-sign", "-enc_name", "tlcp-enc", "-passout", "pass:secret", "-out", file("tlcp.p12"));

        String info = OpenSslCommand.text("pkcs12", "-in", file("tlcp.p12"), "-passin", "pass:secret", "-nodes");
        assertTrue(info.contains("friendlyName: tlcp-sign") && info.contains("friendlyName: tlcp-enc"), info);

        KeyStore store = KeyStore.getInstance("PKCS12");
        ShangMiProvider.install();
        try {
            store.load(new java.io.ByteArrayInputStream(Files.readAllBytes(Path.of(file("tlcp.p12")))), "secret".toCharArray());
            assertEquals(Set.of("tlcp-sign", "tlcp-enc"), Set.copyOf(Collections.list(store.aliases())));
            KeyManagerFactory factory = KeyManagerFactory.getInstance("SunX509");
            factory.init(store, "secret".toCharArray());
            X509KeyManager keys = (X509KeyManager) factory.getKeyManagers()[0];
            assertEquals(server.signPrivateKey(), keys.getPrivateKey("tlcp-sign"));
            assertEquals(server.encPrivateKey(), keys.getPrivateKey("tlcp-enc"));
            assertEquals(List.of(server.signCertificate(), set.root()), List.of(keys.getCertificateChain("tlcp-sign")));
            assertEquals(List.of(server.encCertificate(), set.root()), List.of(keys.getCertificateChain("tlcp-enc")));

            SSLContext context = SSLContext.getInstance("TLCPv1.1", new ShangMiTlsProvider());
            context.init(factory.getKeyManagers(), null, null);
            byte[] message = "over a TLCP store made by shangmi pkcs12\n".getBytes(StandardCharsets.US_ASCII);
            try (ServerSocket listener = context.getServerSocketFactory().createServerSocket(0, 1,
                    InetAddress.getLoopbackAddress())) {
                CompletableFuture<byte[]> served = CompletableFuture.supplyAsync(() -> {
                    try (Socket socket = listener.accept()) {
                        byte[] received = socket.getInputStream().readNBytes(message.length);
                        socket.getOutputStream().write(received);
                        socket.getOutputStream().flush();
                        return received;
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                });
                TlcpSuite suite = TlcpSuite.TLCP_ECC_SM4_GCM_SM3;
                GmsslTlcp.Result result = GmsslTlcp.client(set,
                        listener.getLocalPort(), suite, false, message, TlsFiles.WAIT);
                assertTrue(result.connected(), result.describe());
                assertEquals(GmsslTlcp.gmsslName(suite), result.cipherSuite(), result.describe());
                assertArrayEquals(message,
                        served.get(TlsFiles.WAIT.toSeconds(), TimeUnit.SECONDS));
            }
        } finally {
            Security.removeProvider("ShangMi");
        }

        CliRun same = CliRun.of("pkcs12", "-export", "-in", server.signPem().toString(), "-inkey", signKey.toString(),
                "-enc_in", server.encPem().toString(), "-enc_inkey", encKey.toString(), "-name", "x", "-enc_name", "x",
                "-passout", "pass:secret");
        assertEquals(2, same.status(), same.err());
        assertTrue(same.err().contains("-name and -enc_name must differ"), same.err());
        CliRun wrongKey = CliRun.of("pkcs12", "-export", "-in", server.signPem().toString(), "-inkey", signKey.toString(),
                "-enc_in", server.encPem().toString(), "-enc_inkey", signKey.toString(), "-passout", "pass:secret");
        assertEquals(1, wrongKey.status(), wrongKey.err());
        assertTrue(wrongKey.err().contains("No certificate matches private key"), wrongKey.err());
    }

    private static Path writeKey(String name, PrivateKey key) throws IOException {
        String base64 = Base64.getMimeEncoder(64, new byte[] {'\n'}).encodeToString(key.getEncoded());
        return Files.writeString(directory.resolve(name), "-----BEGIN PRIVATE KEY-----\n" + base64 + "\n-----END PRIVATE KEY-----\n");
    }
}
