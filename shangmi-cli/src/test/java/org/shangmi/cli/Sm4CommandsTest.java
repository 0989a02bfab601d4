package org.shangmi.cli;

import static org.shangmi.cli.CliRun.ok;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.shangmi.core.testing.OpenSslCommand;

/** enc and dec against the openssl command: raw keys in every mode it has, passwords both ways, and refusals. */
class Sm4CommandsTest {

    private static final String KEY = "0123456789abcdeffedcba9876543210";
    private static final String IV = "00112233445566778899aabbccddeeff";

    @TempDir
    Path directory;

    private Path plain;
    private byte[] plainBytes;

    @BeforeEach
    void writePlaintext() throws Exception {
        OpenSslCommand.assumeAvailable();
        plainBytes = new byte[70_001];
        new Random(5).nextBytes(plainBytes);
        plain = directory.resolve("plain");
        Files.write(plain, plainBytes);
    }

    @Test
    void rawKeysMatchOpensslEncInEveryModeItHas() throws Exception {
        for (String mode : new String[] {"ecb", "cbc", "ctr", "cfb", "ofb"}) {
            String[] ivArgs = mode.equals("ecb") ? new String[0] : new String[] {"-iv", IV};
            byte[] theirs = OpenSslCommand.run(plainBytes, concat(new String[] {"enc", "-sm4-" + mode, "-K", KEY}, ivArgs));
            CliRun ours = ok(concat(new String[] {"enc", "-sm4-" + mode, "-K", KEY, "-in", plain.toString()}, ivArgs));
            assertArrayEquals(theirs, ours.outBytes(), mode);
            Path encrypted = directory.resolve(mode + ".enc");
            Files.write(encrypted, theirs);
            CliRun back = ok(concat(new String[] {"dec", "-sm4-" + mode, "-K", KEY, "-in", encrypted.toString()}, ivArgs));
            assertArrayEquals(plainBytes, back.outBytes(), mode + " decrypted");
        }
    }

    @Test
    void passwordsInterchangeWithOpensslPbkdf2Sm3() throws Exception {
        byte[] fromOpenssl = OpenSslCommand.run(plainBytes, "enc", "-sm4-cbc", "-pbkdf2", "-md", "sm3", "-iter", "1000",
                "-pass", "pass:correct horse");
        Path sealed = directory.resolve("sealed");
        Files.write(sealed, fromOpenssl);
        Path opened = directory.resolve("opened");
        ok("dec", "-sm4-cbc", "-md", "sm3", "-pass", "pass:correct horse", "-iter", "1000", "-in", sealed.toString(), "-out",
                opened.toString());
        assertArrayEquals(plainBytes, Files.readAllBytes(opened));

        Path ours = directory.resolve("ours");
        ok("enc", "-sm4-ctr", "-md", "SM3", "-pass", "pass:correct horse", "-iter", "1000", "-in", plain.toString(), "-out",
                ours.toString());
        assertArrayEquals(plainBytes, OpenSslCommand.run(Files.readAllBytes(ours), "enc", "-d", "-sm4-ctr", "-pbkdf2", "-md", "sm3",
                "-iter", "1000", "-pass", "pass:correct horse"));

        Path wrong = directory.resolve("wrong");
        CliRun failed = CliRun.of("dec", "-sm4-cbc", "-md", "sm3", "-pass", "pass:battery staple", "-iter", "1000", "-in",
                sealed.toString(), "-out", wrong.toString());
        assertEquals(1, failed.status(), failed.err());
        assertTrue(failed.err().contains("bad decrypt (the padding is wrong): a wrong password, or the file was made with "
                + "another -md (sm3 here; openssl enc's default is sha256) or -iter (1000 here)"), failed.err());
        assertFalse(Files.exists(wrong), "no partial plaintext left behind");
    }

    /** Without -md both sides use SHA-256, and every way of giving the password works. */
    @Test
    void opensslsDefaultDigestAndEveryPasswordForm() throws Exception {
        Path sealed = Files.write(directory.resolve("sealed"), OpenSslCommand.run(plainBytes, "enc", "-sm4-cbc", "-pbkdf2",
                "-pass", "pass:correct horse"));
        Path passwordFile = Files.writeString(directory.resolve("password"), "correct horse\nsecond line\n");
        List<String[]> forms = List.of(new String[] {"-pass", "pass:correct horse"}, new String[] {"-k", "correct horse"},
                new String[] {"-pass", "file:" + passwordFile}, new String[] {"-md", "sha256", "-pass", "pass:correct horse"});
        for (String[] form : forms) {
            // openssl enc's default count; ours is higher
            CliRun opened = ok(concat(concat(new String[] {"dec", "-sm4-cbc", "-iter", "10000"}, form),
                    new String[] {"-in", sealed.toString()}));
            assertArrayEquals(plainBytes, opened.outBytes(), String.join(" ", form));
        }
        CliRun fromStdin = CliRun.of("correct horse\r\n".getBytes(StandardCharsets.UTF_8), false, "dec", "-sm4-cbc", "-iter",
                "10000", "-pass", "stdin", "-in", sealed.toString());
        assertEquals(0, fromStdin.status(), fromStdin.err());
        assertArrayEquals(plainBytes, fromStdin.outBytes());

        Path ours = directory.resolve("ours");
        ok("enc", "-sm4-ofb", "-md", "sha512", "-k", "correct horse", "-iter", "7", "-in", plain.toString(), "-out", ours.toString());
        assertArrayEquals(plainBytes, OpenSslCommand.run(Files.readAllBytes(ours), "enc", "-d", "-sm4-ofb", "-pbkdf2", "-md", "sha512",
                "-iter", "7", "-pass", "pass:correct horse"));

        assertEquals(2, CliRun.of("dec", "-sm4-cbc", "-md", "md5", "-k", "x", "-in", sealed.toString()).status(), "unknown -md");
        assertEquals(2, CliRun.of("dec", "-sm4-cbc", "-pass", "stdin").status(), "stdin carries the data");
        assertEquals(2, CliRun.of("dec", "-sm4-cbc", "-pass", "correct horse", "-in", sealed.toString()).status(), "no kind");
        assertEquals(2, CliRun.of("dec", "-sm4-cbc", "-k", "x", "-pass", "pass:x", "-in", sealed.toString()).status(), "-k and -pass");
    }

    /** The default count is 600,000: what we write without -iter, openssl opens with it. */
    @Test
    void theDefaultIterationCountIsSixHundredThousand() throws Exception {
        byte[] sealed = ok("enc", "-sm4-cbc", "-k", "pw", "-in", plain.toString()).outBytes();
        assertArrayEquals(plainBytes, OpenSslCommand.run(sealed, "enc", "-d", "-sm4-cbc", "-pbkdf2", "-iter", "600000",
                "-pass", "pass:pw"));
    }

    /**
     * A failed run leaves an existing -out file as it was, whether it failed before reading (no
     * input file) or while decrypting (a wrong password), and leaves no temporary file behind.
     */
    @Test
    void aFailureLeavesAnExistingOutputAsItWas() throws Exception {
        Path out = Files.writeString(directory.resolve("out"), "keep me");
        Path sealed = Files.write(directory.resolve("sealed"), ok("enc", "-sm4-cbc", "-k", "right", "-iter", "1",
                "-in", plain.toString()).outBytes());
        assertEquals(1, CliRun.of("dec", "-sm4-cbc", "-k", "right", "-iter", "1", "-in", directory.resolve("missing").toString(),
                "-out", out.toString()).status());
        assertEquals(1, CliRun.of("dec", "-sm4-cbc", "-k", "wrong", "-iter", "1", "-in", sealed.toString(),
                "-out", out.toString()).status());
        assertEquals(2, CliRun.of("enc", "-sm4-cbc", "-K", "00", "-iv", IV, "-in", plain.toString(), "-out", out.toString())
                .status());
        assertEquals("keep me", Files.readString(out));
        try (java.util.stream.Stream<Path> files = Files.list(directory)) {
            assertEquals(List.of("out", "plain", "sealed"), files.map(f -> f.getFileName().toString()).sorted().toList());
        }
        ok("dec", "-sm4-cbc", "-k", "right", "-iter", "1", "-in", sealed.toString(), "-out", out.toString());
        assertArrayEquals(plainBytes, Files.readAllBytes(out));
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(out)), "a plaintext is a secret");
    }

    @Test
    void aTruncatedCiphertextSaysItsLength() throws Exception {
        byte[] sealed = ok("enc", "-sm4-cbc", "-K", KEY, "-iv", IV, "-in", plain.toString()).outBytes();
        Path truncated = Files.write(directory.resolve("truncated"), java.util.Arrays.copyOf(sealed, sealed.length - 5));
        CliRun run = CliRun.of("dec", "-sm4-cbc", "-K", KEY, "-iv", IV, "-in", truncated.toString());
        assertEquals(1, run.status());
        assertTrue(run.err().contains("the ciphertext is " + (sealed.length - 5) + " bytes, not a whole number of 16-byte blocks"),
                run.err());
    }

    @Test
    void gcmSealsAndRefusesATamperedFile() throws Exception {
        Path sealed = directory.resolve("sealed");
        String iv = "000102030405060708090a0b";
        ok("enc", "-sm4-gcm", "-K", KEY, "-iv", iv, "-in", plain.toString(), "-out", sealed.toString());
        byte[] bytes = Files.readAllBytes(sealed);
        assertEquals(plainBytes.length + 16, bytes.length, "ciphertext and tag");
        assertArrayEquals(plainBytes, ok("dec", "-sm4-gcm", "-K", KEY, "-iv", iv, "-in", sealed.toString()).outBytes());
        bytes[1000] ^= 1;
        Files.write(sealed, bytes);
        Path out = directory.resolve("out");
        CliRun failed = CliRun.of("dec", "-sm4-gcm", "-K", KEY, "-iv", iv, "-in", sealed.toString(), "-out", out.toString());
        assertEquals(1, failed.status());
        assertFalse(Files.exists(out));
    }

    @Test
    void usageErrors() {
        assertEquals(2, CliRun.of("enc", "-sm4-cbc", "-K", KEY, "-iv", IV, "-pass", "pass:x").status(), "both -K and -pass");
        assertEquals(2, CliRun.of("enc", "-sm4-cbc", "-K", "0011", "-iv", IV).status(), "short key");
        assertEquals(2, CliRun.of("enc", "-sm4-cbc", "-K", KEY).status(), "no IV");
        assertEquals(2, CliRun.of("enc", "-K", KEY).status(), "no mode");
        assertEquals(2, CliRun.of("enc", "-sm4-cbc", "-sm4-ctr", "-K", KEY, "-iv", IV).status(), "two modes");
    }

    private static String[] concat(String[] a, String[] b) {
        String[] out = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
