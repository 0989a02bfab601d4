package org.shangmi.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.shangmi.core.testing.OpenSslCommand;

class MacCommandTest {

    @TempDir
    Path dir;

    @Test
    void equalsOpensslHmacWithAHexKeyAndAKeyFile() throws IOException {
        OpenSslCommand.assumeAvailable();
        Random random = new Random(21);
        byte[] content = new byte[70_000];
        random.nextBytes(content);
        Path file = Files.write(dir.resolve("data.bin"), content);
        for (int keyLength : new int[] {1, 16, 64, 65, 200}) {
            byte[] key = new byte[keyLength];
            random.nextBytes(key);
            String hexKey = HexFormat.of().formatHex(key);
            String expected = openSslTag(hexKey, file);

            CliRun run = CliRun.of("mac", "-sm3", "-key", hexKey, file.toString());
            assertEquals(0, run.status(), run.err());
            assertEquals("HMAC-SM3(" + file + ")= " + expected + System.lineSeparator(), run.out());

            Path keyFile = Files.write(dir.resolve("key" + keyLength), key);
            assertEquals(expected + "  -" + System.lineSeparator(),
                    CliRun.of(content, false, "mac", "-keyfile", keyFile.toString(), "--sum").out());
        }
    }

    @Test
    void badKeysAreUsageErrorsAndAMissingKeyFileAnInputFailure() throws IOException {
        Path file = Files.write(dir.resolve("x"), new byte[] {1});
        assertEquals(2, CliRun.of("mac", file.toString()).status(), "no key");
        assertEquals(2, CliRun.of("mac", "-key", "00", "-keyfile", file.toString(), file.toString()).status(), "two keys");
        CliRun badHex = CliRun.of("mac", "-key", "0g", file.toString());
        assertEquals(2, badHex.status());
        assertTrue(badHex.err().contains("hex"), badHex.err());
        CliRun empty = CliRun.of("mac", "-key", "", file.toString());
        assertEquals(2, empty.status());
        assertTrue(empty.err().contains("must not be empty"), empty.err());

        CliRun missing = CliRun.of("mac", "-keyfile", dir.resolve("nope").toString(), file.toString());
        assertEquals(1, missing.status());
        assertTrue(missing.err().contains("No such file or directory"), missing.err());
        assertEquals("", missing.out());
    }

    private static String openSslTag(String hexKey, Path file) {
        String line = DgstCommandTest.openssl(new byte[0], "dgst", "-sm3", "-mac", "HMAC", "-macopt", "hexkey:" + hexKey,
                "-r", file.toString());
        return line.split(" ")[0];
    }
}
