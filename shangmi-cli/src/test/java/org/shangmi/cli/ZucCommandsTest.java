package org.shangmi.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.shangmi.cli.CliRun.ok;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.Random;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.shangmi.core.testing.GmsslPeer;

/**
 * {@code enc -zuc128|-zuc256} and {@code mac -zuc128|-zuc256} against GmSSL 3's {@code gmssl zuc},
 * {@code zuc256}, {@code zuc_128_eea3} and {@code zuc_128_eia3}: the same bytes both ways on
 * random keys, IVs, 3GPP inputs and lengths (not only whole words), and the options' rules.
 */
class ZucCommandsTest {

    private static final long SEED = System.nanoTime();

    @TempDir
    static Path directory;

    @BeforeAll
    static void peer() {
        GmsslPeer.command();
    }

    private static String file(String name) {
        return directory.resolve(name).toString();
    }

    private static String hex(Random random, int bytes) {
        byte[] b = new byte[bytes];
        random.nextBytes(b);
        return HexFormat.of().formatHex(b);
    }

    private static byte[] read(String name) throws Exception {
        return Files.readAllBytes(Path.of(file(name)));
    }

    @Test
    void ciphersMatchGmsslBothWays() throws Exception {
        Random random = new Random(SEED);
        for (int trial = 0; trial < 6; trial++) {
            byte[] plain = new byte[1 + random.nextInt(5000)];
            random.nextBytes(plain);
            String p = "z" + trial;
            Files.write(Path.of(file(p + ".txt")), plain);
            boolean big = trial % 2 == 1;
            String key = hex(random, big ? 32 : 16);
            String iv = hex(random, big ? 23 : 16);
            String ours = big ? "-zuc256" : "-zuc128";
            String theirs = big ? "zuc256" : "zuc";
            ok("enc", ours, "-K", key, "-iv", iv, "-in", file(p + ".txt"), "-out", file(p + ".sm"));
            GmsslPeer.run(directory, theirs, "-key", key, "-iv", iv, "-in", file(p + ".txt"), "-out", file(p + ".gm"));
            assertArrayEquals(read(p + ".gm"), read(p + ".sm"), theirs + ", " + plain.length + " bytes, seed " + SEED);
            assertNotEquals(HexFormat.of().formatHex(plain), HexFormat.of().formatHex(read(p + ".sm")));
            // each side opens the other's
            ok("enc", ours, "-d", "-K", key, "-iv", iv, "-in", file(p + ".gm"), "-out", file(p + ".back-sm"));
            assertArrayEquals(plain, read(p + ".back-sm"));
            GmsslPeer.run(directory, theirs, "-key", key, "-iv", iv, "-in", file(p + ".sm"), "-out", file(p + ".back-gm"));
            assertArrayEquals(plain, read(p + ".back-gm"));

            // 128-EEA3
            String count = "0x" + hex(random, 4);
            String bearer = Integer.toString(random.nextInt(32));
            String direction = Integer.toString(random.nextInt(2));
            ok("enc", "-zuc128", "-K", key.substring(0, 32), "-count", count, "-bearer", bearer, "-direction", direction,
                    "-in", file(p + ".txt"), "-out", file(p + ".eea3-sm"));
            GmsslPeer.run(directory, "zuc_128_eea3", "-key", key.substring(0, 32), "-count", count, "-bearer", bearer,
                    "-direction", direction, "-in", file(p + ".txt"), "-out", file(p + ".eea3-gm"));
            assertArrayEquals(read(p + ".eea3-gm"), read(p + ".eea3-sm"), "128-EEA3, seed " + SEED);

            // 128-EIA3
            String gmTag = GmsslPeer.run(directory, "zuc_128_eia3", "-key", key.substring(0, 32), "-count", count,
                    "-bearer", bearer, "-direction", direction, "-in", file(p + ".txt")).strip();
            CliRun mac = ok("mac", "-zuc128", "-key", key.substring(0, 32), "-count", count, "-bearer", bearer,
                    "-direction", direction, file(p + ".txt"));
            assertEquals("ZUC-128(" + file(p + ".txt") + ")= " + gmTag, mac.out().strip(), "128-EIA3, seed " + SEED);
        }
    }

    @Test
    void theTwoIvFormsOfZuc256AgreeAndThePapersMacsComeOut() throws Exception {
        Path data = Files.writeString(directory.resolve("iv.txt"), "ZUC-256: one keystream, two ways to write its IV");
        String key = "00".repeat(32);
        // the paper's all-ones IV: 17 bytes of ff, then eight 6-bit fields of ones
        ok("enc", "-zuc256", "-K", key, "-iv", "ff".repeat(17) + "3f".repeat(8), "-in", data.toString(), "-out", file("iv25"));
        ok("enc", "-zuc256", "-K", key, "-iv", "ff".repeat(23), "-in", data.toString(), "-out", file("iv23"));
        assertArrayEquals(read("iv25"), read("iv23"));
        // the ZUC-256 paper's MAC example 1: zero key, zero IV, 400 zero bits (50 bytes), in both IV forms
        Path zeros = Files.write(directory.resolve("zeros.bin"), new byte[50]);
        String[][] tags = {{"32", "9b972a74"}, {"64", "673e54990034d38c"}, {"128", "d85e54bbcb9600967084c952a1654b26"}};
        for (String[] tag : tags) {
            for (String iv : new String[] {"00".repeat(25), "00".repeat(23)}) {
                CliRun run = ok("mac", "-zuc256", "-taglen", tag[0], "-key", key, "-iv", iv, zeros.toString());
                assertEquals("ZUC-256-" + tag[0] + "(" + zeros + ")= " + tag[1], run.out().strip());
            }
        }
    }

    @Test
    void optionsAreChecked() throws Exception {
        Path data = Files.writeString(directory.resolve("rules.txt"), "rules");
        String key = "00".repeat(16);
        CliRun twoFiles = CliRun.of("mac", "-zuc128", "-key", key, "-iv", key, data.toString(), data.toString());
        assertEquals(2, twoFiles.status(), twoFiles.err());
        assertTrue(twoFiles.err().contains("one FILE"), twoFiles.err());
        CliRun shortIv = CliRun.of("enc", "-zuc128", "-K", key, "-iv", "00", "-in", data.toString());
        assertEquals(2, shortIv.status(), shortIv.err());
        CliRun eea3With256 = CliRun.of("enc", "-zuc256", "-K", key + key, "-count", "1", "-bearer", "1", "-direction", "0",
                "-in", data.toString());
        assertEquals(2, eea3With256.status(), eea3With256.err());
        assertTrue(eea3With256.err().contains("-zuc128"), eea3With256.err());
        CliRun bearer = CliRun.of("mac", "-zuc128", "-key", key, "-count", "1", "-bearer", "32", "-direction", "0", data.toString());
        assertEquals(2, bearer.status(), bearer.err());
        CliRun hmacWithIv = CliRun.of("mac", "-key", key, "-iv", key, data.toString());
        assertEquals(2, hmacWithIv.status(), hmacWithIv.err());
    }
}
