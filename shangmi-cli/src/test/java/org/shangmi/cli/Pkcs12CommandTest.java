package org.shangmi.cli;

import static org.shangmi.cli.CliRun.ok;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.shangmi.core.testing.OpenSslCommand;
import org.shangmi.core.testing.OpenSslPki;

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
        java.security.Security.addProvider(new org.shangmi.provider.ShangMiProvider());
        try {
            java.security.KeyStore store = java.security.KeyStore.getInstance("PKCS12");
            java.security.GeneralSecurityException failed = org.junit.jupiter.api.Assertions.assertThrows(
                    java.security.GeneralSecurityException.class, () -> new Pkcs12Command().load(store, bytes, "secret".toCharArray()));
            assertTrue(failed.getMessage().contains("keystore password was incorrect"), failed.getMessage());
            assertTrue(failed.getMessage().contains("; ShangMi is installed behind SunEC (position "), failed.getMessage());
            assertTrue(failed.getMessage().contains("ShangMiProvider.install()"), failed.getMessage());
        } finally {
            java.security.Security.removeProvider("ShangMi");
        }
        CliRun opened = ok("pkcs12", "-in", file("order.p12"), "-passin", "pass:secret", "-info", "-noout");
        assertTrue(opened.out().contains(": private key ("), opened.out());
        CliRun wrong = CliRun.of("pkcs12", "-in", file("order.p12"), "-passin", "pass:wrong", "-info", "-noout");
        assertEquals(1, wrong.status(), wrong.err());
        assertTrue(wrong.err().contains("password was incorrect") && !wrong.err().contains("SunEC"), wrong.err());
    }
}
