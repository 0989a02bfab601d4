package org.shangmi.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
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
        ok("dec", "-sm4-cbc", "-pass", "pass:correct horse", "-iter", "1000", "-in", sealed.toString(), "-out", opened.toString());
        assertArrayEquals(plainBytes, Files.readAllBytes(opened));

        Path ours = directory.resolve("ours");
        ok("enc", "-sm4-ctr", "-pass", "pass:correct horse", "-iter", "1000", "-in", plain.toString(), "-out", ours.toString());
        assertArrayEquals(plainBytes, OpenSslCommand.run(Files.readAllBytes(ours), "enc", "-d", "-sm4-ctr", "-pbkdf2", "-md", "sm3",
                "-iter", "1000", "-pass", "pass:correct horse"));

        Path wrong = directory.resolve("wrong");
        CliRun failed = CliRun.of("dec", "-sm4-cbc", "-pass", "pass:battery staple", "-iter", "1000", "-in", sealed.toString(),
                "-out", wrong.toString());
        assertEquals(1, failed.status(), failed.err());
        assertTrue(failed.err().contains("padding"), failed.err());
        assertFalse(Files.exists(wrong), "no partial plaintext left behind");
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

    private static CliRun ok(String... args) {
        CliRun run = CliRun.of(args);
        assertEquals(0, run.status(), String.join(" ", args) + ": " + run.err());
        return run;
    }

    private static String[] concat(String[] a, String[] b) {
        String[] out = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
