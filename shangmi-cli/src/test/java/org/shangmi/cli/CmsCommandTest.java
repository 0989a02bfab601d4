package org.shangmi.cli;

import static org.shangmi.cli.CliRun.ok;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.shangmi.cms.CmsPem;
import org.shangmi.core.testing.GmsslPeer;
import org.shangmi.core.testing.OpenSslCommand;
import org.shangmi.core.testing.OpenSslPki;

/** {@code shangmi cms} on an openssl-made chain of three, with {@code openssl cms} reading what it writes. */
class CmsCommandTest {

    @TempDir
    static Path directory;
    private static OpenSslPki pki;
    private static byte[] content;
    private static Path data;

    @BeforeAll
    static void chain() throws Exception {
        OpenSslCommand.assumeAvailable();
        pki = new OpenSslPki(directory).chain();
        pki.issue("other", "/C=CN/O=ShangMi Test/CN=other.example.com", "inter", "leaf", 10);
        content = new byte[3000];
        new Random(7).nextBytes(content);
        data = Files.write(directory.resolve("data.bin"), content);
    }

    private static String file(String name) {
        return directory.resolve(name).toString();
    }

    private static String pki(String name) {
        return pki.path(name).toString();
    }

    @Test
    void detachedByDefaultVerifiedAgainstTheRoot() throws Exception {
        ok("cms", "-sign", "-in", data.toString(), "-signer", pki("leaf.pem"), "-inkey", pki("leaf.key"), "-certfile",
                pki("inter.pem"), "-out", file("detached.pem"));
        assertTrue(Files.readString(Path.of(file("detached.pem"))).startsWith("-----BEGIN CMS-----"));
        CliRun needsContent = CliRun.of("cms", "-verify", "-in", file("detached.pem"), "-CAfile", pki("root.pem"));
        assertEquals(1, needsContent.status());
        assertTrue(needsContent.err().contains("detached"), needsContent.err());
        CliRun verified = ok("cms", "-verify", "-in", file("detached.pem"), "-content", data.toString(), "-CAfile", pki("root.pem"));
        assertTrue(verified.err().contains("Verification successful"), verified.err());
        assertTrue(verified.err().contains("1234567812345678"), verified.err());
        assertArrayEquals(content, verified.outBytes(), "the content verified, as openssl writes it");
    }

    @Test
    void attachedDerInEachProfile() throws Exception {
        for (String profile : new String[] {"rfc5652", "gmt0010", "gmssl"}) {
            String message = file("attached-" + profile + ".der");
            ok("cms", "-sign", "-nodetach", "-binary", "-profile", profile, "-outform", "DER", "-in", data.toString(), "-signer",
                    pki("leaf.pem"), "-inkey", pki("leaf.key"), "-out", message);
            CliRun verified = ok("cms", "-verify", "-in", message, "-CAfile", pki("root.pem"), "-certfile", pki("inter.pem"));
            assertArrayEquals(content, verified.outBytes(), profile);
            CliRun printed = ok("cms", "-cmsout", "-print", "-in", message);
            assertTrue(printed.out().contains(profile.equals("rfc5652") ? "signedData (RFC 5652)" : "signedData (GM/T 0010)"),
                    printed.out());
            assertTrue(printed.out().contains("signed attributes: " + (profile.equals("gmssl") ? "none" : "3")), printed.out());
        }
    }

    @Test
    void aCaSignerDoesNotValidate() throws Exception {
        String message = file("by-ca.pem");
        ok("cms", "-sign", "-nodetach", "-in", data.toString(), "-signer", pki("inter.pem"), "-inkey", pki("inter.key"),
                "-out", message);
        CliRun refused = CliRun.of("cms", "-verify", "-in", message, "-CAfile", pki("root.pem"));
        assertEquals(1, refused.status());
        assertTrue(refused.err().contains("a CA's, not an end entity's"), refused.err());
        assertEquals(0, refused.outBytes().length);
    }

    @Test
    void theEmptyIdForOpenssl() throws Exception {
        String message = file("empty-id.pem");
        ok("cms", "-sign", "-nodetach", "-id", "", "-in", data.toString(), "-signer", pki("leaf.pem"), "-inkey", pki("leaf.key"),
                "-out", message);
        byte[] out = OpenSslCommand.run(new byte[0], "cms", "-verify", "-noverify", "-binary", "-inform", "PEM", "-in", message);
        assertArrayEquals(content, out);
        CliRun wrongId = CliRun.of("cms", "-verify", "-noverify", "-id", "1234567812345678", "-in", message);
        assertEquals(1, wrongId.status());
        assertTrue(wrongId.err().startsWith("Verification failure"), wrongId.err());
        assertTrue(wrongId.err().contains("; it verifies under -profile rfc5652 with -id '' (OpenSSL 3.0's empty SM2 ID)\n"),
                wrongId.err());
        assertFalse(wrongId.err().contains("Verification successful"), wrongId.err());
        assertEquals(0, wrongId.outBytes().length, "no content from a failed verification");
    }

    /**
     * A message GmSSL's cmssign made verifies under any profile but fails under -profile
     * rfc5652 (PKCS#7 types) and with an SM2 ID (GmSSL's form has none): each failure says it
     * verifies under -profile gmssl, and writes no content. Our default message fails under
     * -profile gmssl and says -profile rfc5652.
     */
    @Test
    void aFailureNamesTheProfileUnderWhichTheMessageVerifies() throws Exception {
        GmsslPeer.run(directory, "sm2keygen", "-pass", "P", "-out", "gm.key");
        GmsslPeer.run(directory, "certgen", "-C", "CN", "-O", "GmSSL", "-CN", "gmssl signer", "-days", "1", "-key", "gm.key",
                "-pass", "P", "-key_usage", "digitalSignature", "-out", "gm.pem");
        GmsslPeer.run(directory, "cmssign", "-key", "gm.key", "-pass", "P", "-cert", "gm.pem", "-in", data.toString(),
                "-out", file("gmssl-signed.pem"));
        String gmssl = file("gmssl-signed.pem");
        CliRun any = ok("cms", "-verify", "-noverify", "-in", gmssl);
        assertArrayEquals(content, any.outBytes());
        assertArrayEquals(content, ok("cms", "-verify", "-noverify", "-profile", "gmssl", "-in", gmssl).outBytes());
        String[][] failing = {
            {"-profile", "rfc5652"},
            {"-id", "1234567812345678"},
            {"-profile", "gmt0010", "-id", "1234567812345678"},
        };
        for (String[] options : failing) {
            java.util.List<String> args = new java.util.ArrayList<>(java.util.List.of("cms", "-verify", "-noverify", "-in", gmssl));
            args.addAll(java.util.List.of(options));
            CliRun failed = CliRun.of(args.toArray(String[]::new));
            assertEquals(1, failed.status(), String.join(" ", options) + ": " + failed.err());
            assertTrue(failed.err().startsWith("Verification failure: "), failed.err());
            assertTrue(failed.err().contains("; it verifies under -profile gmssl"), failed.err());
            assertFalse(failed.err().contains("Verification successful"), failed.err());
            assertEquals(0, failed.outBytes().length, "no content from a failed verification");
        }

        String ours = file("ours-rfc5652.pem");
        ok("cms", "-sign", "-nodetach", "-in", data.toString(), "-signer", pki("leaf.pem"), "-inkey", pki("leaf.key"), "-out", ours);
        CliRun notGmssl = CliRun.of("cms", "-verify", "-noverify", "-profile", "gmssl", "-in", ours);
        assertEquals(1, notGmssl.status(), notGmssl.err());
        assertTrue(notGmssl.err().contains("content types, not those of -profile gmssl; it verifies under -profile rfc5652\n"),
                notGmssl.err());

        // a signature that no form verifies names no profile
        byte[] tampered = CmsPem.decode(Files.readString(Path.of(ours)));
        tampered[tampered.length - 10] ^= 1; // inside the signature value
        Files.write(directory.resolve("tampered-signature.der"), tampered);
        CliRun broken = CliRun.of("cms", "-verify", "-noverify", "-in", file("tampered-signature.der"));
        assertEquals(1, broken.status(), broken.err());
        assertFalse(broken.err().contains("verifies under"), broken.err());
    }

    /** --help names, for each profile, which peer reads what it writes. */
    @Test
    void theHelpNamesThePeersOfEachProfile() {
        String help = ok("cms", "--help").out().replaceAll("\\s+", " ");
        assertTrue(help.contains("rfc5652: PKCS#7 types, as OpenSSL writes; OpenSSL 3.0 reads it, and verifies signatures made "
                + "with -id '' only."), help);
        assertTrue(help.contains("gmt0010: GM/T 0010 types; Bouncy Castle reads it, GmSSL and OpenSSL do not."), help);
        assertTrue(help.contains("GmSSL reads this form only."), help);
    }

    @Test
    void aTamperedMessageFailsAndWritesNothing() throws Exception {
        String message = file("tampered.der");
        ok("cms", "-sign", "-nodetach", "-outform", "DER", "-in", data.toString(), "-signer", pki("leaf.pem"), "-inkey",
                pki("leaf.key"), "-out", message);
        byte[] bytes = Files.readAllBytes(Path.of(message));
        bytes[200] ^= 1; // inside the content
        Files.write(Path.of(message), bytes);
        Path out = directory.resolve("tampered.out");
        CliRun failed = CliRun.of("cms", "-verify", "-noverify", "-in", message, "-out", out.toString());
        assertEquals(1, failed.status());
        assertTrue(failed.err().contains("Verification failure"), failed.err());
        assertFalse(Files.exists(out));
        CliRun untrusted = CliRun.of("cms", "-verify", "-in", message);
        assertEquals(2, untrusted.status(), untrusted.err());
        assertTrue(untrusted.err().contains("-noverify"), untrusted.err());
    }

    @Test
    void encryptsForTwoRecipientsAndOpensslDecrypts() throws Exception {
        String message = file("enveloped.pem");
        ok("cms", "-encrypt", "-in", data.toString(), "-recip", pki("leaf.pem"), "-recip", pki("other.pem"), "-out", message);
        for (String who : new String[] {"leaf", "other"}) {
            CliRun decrypted = ok("cms", "-decrypt", "-in", message, "-recip", pki(who + ".pem"), "-inkey", pki(who + ".key"));
            assertArrayEquals(content, decrypted.outBytes(), who);
            byte[] out = OpenSslCommand.run(new byte[0], "cms", "-decrypt", "-binary", "-inform", "PEM", "-in", message, "-recip",
                    pki(who + ".pem"), "-inkey", pki(who + ".key"));
            assertArrayEquals(content, out, "openssl, " + who);
        }
        Path out = directory.resolve("not-ours.out");
        CliRun notOurs = CliRun.of("cms", "-decrypt", "-in", message, "-recip", pki("inter.pem"), "-inkey", pki("inter.key"),
                "-out", out.toString());
        assertEquals(1, notOurs.status());
        assertTrue(notOurs.err().contains("not a recipient"), notOurs.err());
        assertFalse(Files.exists(out));
        CliRun wrongKey = CliRun.of("cms", "-decrypt", "-in", message, "-recip", pki("leaf.pem"), "-inkey", pki("other.key"),
                "-out", out.toString());
        assertEquals(1, wrongKey.status());
        assertTrue(wrongKey.err().contains("does not decrypt"), wrongKey.err());
        assertFalse(Files.exists(out));
    }

    @Test
    void usageErrors() {
        CliRun none = CliRun.of("cms", "-in", data.toString());
        assertEquals(2, none.status(), none.err());
        CliRun two = CliRun.of("cms", "-sign", "-verify", "-in", data.toString());
        assertEquals(2, two.status(), two.err());
        CliRun profile = CliRun.of("cms", "-encrypt", "-profile", "pkcs7", "-recip", pki("leaf.pem"), "-in", data.toString());
        assertEquals(2, profile.status(), profile.err());
        assertTrue(profile.err().contains("rfc5652, gmt0010 or gmssl"), profile.err());
        CliRun keys = CliRun.of("cms", "-sign", "-signer", pki("leaf.pem"), "-in", data.toString());
        assertEquals(2, keys.status(), keys.err());
        CliRun ignored = CliRun.of("cms", "-sign", "-signer", pki("leaf.pem"), "-inkey", pki("leaf.key"), "-CAfile",
                pki("root.pem"), "-in", data.toString());
        assertEquals(2, ignored.status(), ignored.err());
        assertTrue(ignored.err().contains("-CAfile does not go with -sign"), ignored.err());
        CliRun both = CliRun.of("cms", "-verify", "-noverify", "-CAfile", pki("root.pem"), "-in", data.toString());
        assertEquals(2, both.status(), both.err());
        CliRun print = CliRun.of("cms", "-verify", "-noverify", "-print", "-in", data.toString());
        assertEquals(2, print.status(), print.err());
    }
}
