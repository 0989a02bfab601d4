package org.shangmi.cli;

import static org.shangmi.cli.CliRun.ok;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.shangmi.core.testing.OpenSslCommand;
import org.shangmi.core.testing.OpenSslPki;

/**
 * What a new user hit: unknown commands and flags are errors even beside --help, -V belongs to
 * shangmi alone, a certificate serves wherever a public key does, and a CRL needs no openssl
 * configuration ({@code shangmi crl -gencrl}), checked with openssl.
 */
class CommandLineRulesTest {

    @TempDir
    static Path directory;
    private static OpenSslPki pki;

    @BeforeAll
    static void chain() {
        OpenSslCommand.assumeAvailable();
        pki = new OpenSslPki(directory).chain();
        pki.issue("revoked", "/C=CN/O=ShangMi Test/CN=revoked.example.com", "inter", "leaf", 10);
    }

    private static String pki(String name) {
        return pki.path(name).toString();
    }

    @Test
    void unknownCommandsAndFlagsAreErrorsEvenWithHelp() {
        for (String[] args : new String[][] {{"NOSUCH", "--help"}, {"NOSUCH"}, {"sign", "-V"}, {"sign", "--nosuch", "--help"},
            {"dgst", "-V", "x"}}) {
            CliRun run = CliRun.of(args);
            assertEquals(2, run.status(), String.join(" ", args) + ": " + run.err());
            assertTrue(run.err().contains("see 'shangmi"), run.err());
        }
        assertTrue(CliRun.of("NOSUCH", "--help").err().contains("NOSUCH"));
        CliRun version = CliRun.of("-V");
        assertEquals(0, version.status());
        assertTrue(version.out().startsWith("shangmi"), version.out());
        assertEquals(0, CliRun.of("sign", "--help").status());
    }

    @Test
    void aCertificateServesAsThePublicKey() throws Exception {
        Path data = Files.writeString(directory.resolve("data.txt"), "signed data");
        Path signature = directory.resolve("data.sig");
        ok("sign", "-key", pki("leaf.key"), "-in", data.toString(), "-out", signature.toString());
        for (String[] key : new String[][] {{"-pubkey", pki("leaf.pem")}, {"-pubkey", pki("leaf.pem"), "-certin"}}) {
            CliRun verified = CliRun.of(concat(new String[] {"verify", "-signature", signature.toString(), "-in", data.toString()}, key));
            assertEquals(0, verified.status(), verified.err());
            assertTrue(verified.out().contains("Verified OK"), verified.out());
        }
        Path der = directory.resolve("leaf.der");
        OpenSslCommand.run(new byte[0], "x509", "-in", pki("leaf.pem"), "-outform", "DER", "-out", der.toString());
        ok("verify", "-pubkey", der.toString(), "-signature", signature.toString(), "-in", data.toString());

        Path sealed = directory.resolve("sealed.der");
        ok("encrypt", "-pubkey", pki("leaf.pem"), "-certin", "-in", data.toString(), "-out", sealed.toString());
        CliRun opened = ok("decrypt", "-key", pki("leaf.key"), "-in", sealed.toString());
        assertArrayEquals("signed data".getBytes(StandardCharsets.US_ASCII), opened.outBytes());

        Path publicKey = directory.resolve("leaf.pub");
        ok("pkey", "-key", pki("leaf.key"), "-pubout", "-out", publicKey.toString());
        CliRun notACertificate = CliRun.of("encrypt", "-pubkey", publicKey.toString(), "-certin", "-in", data.toString());
        assertEquals(1, notACertificate.status());
        assertTrue(notACertificate.err().contains("not a certificate"), notACertificate.err());
    }

    @Test
    void aCrlWithoutOpensslsConfiguration() throws Exception {
        Path crl = directory.resolve("inter.crl");
        ok("crl", "-gencrl", "-CA", pki("inter.pem"), "-CAkey", pki("inter.key"), "-revoke", pki("revoked.pem"),
                "-crlnumber", "5", "-crldays", "7", "-out", crl.toString());
        String text = new String(OpenSslCommand.run(new byte[0], "crl", "-in", crl.toString(), "-noout", "-text"),
                StandardCharsets.UTF_8);
        String serial = new String(OpenSslCommand.run(new byte[0], "x509", "-in", pki("revoked.pem"), "-noout", "-serial"),
                StandardCharsets.UTF_8).strip().replace("serial=", "");
        assertTrue(text.contains("Serial Number: " + serial), text);
        assertTrue(text.contains("X509v3 CRL Number") && text.contains("5"), text);
        assertTrue(text.contains("Issuer: C = CN, O = ShangMi Test, CN = Intermediate"), text);
        // OpenSSL 3.0 checks a CRL's SM2 signature with the empty ID whatever -vfyopt says (that reaches
        // certificates only): a CRL signed with the empty ID for it
        Path forOpenssl = directory.resolve("inter-empty-id.crl");
        ok("crl", "-gencrl", "-CA", pki("inter.pem"), "-CAkey", pki("inter.key"), "-revoke", pki("revoked.pem"),
                "-sigopt", "distid:", "-out", forOpenssl.toString());
        OpenSslCommand.Result checked = OpenSslCommand.attempt(new byte[0], "verify", "-vfyopt", OpenSslPki.ID_OPTION, "-crl_check",
                "-CRLfile", forOpenssl.toString(), "-CAfile", pki("root.pem"), "-untrusted", pki("inter.pem"), pki("revoked.pem"));
        String said = new String(checked.stdout(), StandardCharsets.UTF_8) + new String(checked.stderr(), StandardCharsets.UTF_8);
        assertTrue(said.contains("certificate revoked"), said);
        CliRun ours = CliRun.of("verify", "-CAfile", pki("root.pem"), "-untrusted", pki("inter.pem"), "-CRLfile", crl.toString(),
                pki("leaf.pem"), pki("revoked.pem"));
        assertTrue(ours.out().contains(pki("leaf.pem") + ": OK"), ours.out());
        assertTrue(ours.out().contains("certificate revoked"), ours.out());

        CliRun printed = ok("crl", "-in", crl.toString(), "-text", "-noout");
        String ourSerial = new java.math.BigInteger(serial, 16).toString(16).toUpperCase(java.util.Locale.ROOT);
        assertTrue(printed.out().contains("Serial Number: " + ourSerial), printed.out());
        CliRun notOurs = CliRun.of("crl", "-gencrl", "-CA", pki("root.pem"), "-CAkey", pki("root.key"), "-revoke", pki("leaf.pem"));
        assertEquals(1, notOurs.status());
        assertTrue(notOurs.err().contains("was not issued by"), notOurs.err());
    }

    private static String[] concat(String[] first, String[] second) {
        String[] all = java.util.Arrays.copyOf(first, first.length + second.length);
        System.arraycopy(second, 0, all, first.length, second.length);
        return all;
    }
}
