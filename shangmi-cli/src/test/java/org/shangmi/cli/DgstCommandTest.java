package org.shangmi.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.shangmi.core.testing.OpenSslCommand;

class DgstCommandTest {

    @TempDir
    Path dir;

    @Test
    void printsWhatOpensslDgstPrintsForFilesAndStdin() throws IOException {
        OpenSslCommand.assumeAvailable();
        Path first = file("first.bin", 100_000);
        Path second = file("second.bin", 0);
        CliRun run = CliRun.of("dgst", "-sm3", first.toString(), second.toString());
        assertEquals(0, run.status(), run.err());
        assertEquals(openssl(new byte[0], "dgst", "-sm3", first.toString(), second.toString()), run.out());

        byte[] input = Files.readAllBytes(first);
        assertEquals(openssl(input, "dgst", "-sm3"), CliRun.of(input, false, "dgst").out(), "stdin, no FILE");
        assertEquals(openssl(input, "dgst", "-sm3"), CliRun.of(input, false, "dgst", "-").out(), "stdin as -");
    }

    /**
     * Under auto, files small enough that libcrypto's loading would not pay off go to the Java
     * engine: the decision, and the same digests whichever backend serves them.
     */
    @Test
    void smallFilesUnderAutoGoToTheJavaEngineWithTheSameDigests() throws IOException {
        OpenSslCommand.assumeAvailable();
        Path small = file("small.bin", 1000);
        Path other = file("other.bin", 500);
        assertTrue(DigestingCommand.smallRegularFiles(List.of(small.toString(), other.toString()), 1500));
        assertFalse(DigestingCommand.smallRegularFiles(List.of(small.toString(), other.toString()), 1499), "over the limit in all");
        assertFalse(DigestingCommand.smallRegularFiles(List.of(), 1500), "standard input: size unknown");
        assertFalse(DigestingCommand.smallRegularFiles(List.of(small.toString(), "-"), 1500), "standard input among files");
        assertFalse(DigestingCommand.smallRegularFiles(List.of(dir.toString()), 1500), "a directory");
        assertFalse(DigestingCommand.smallRegularFiles(List.of(dir.resolve("missing").toString()), 1500), "a missing file");

        String expected = openssl(new byte[0], "dgst", "-sm3", small.toString(), other.toString());
        for (String[] backend : new String[][] {{}, {"--backend", "SM3=openssl"}, {"--backend", "java"}}) {
            List<String> args = new java.util.ArrayList<>(List.of(backend));
            args.addAll(List.of("dgst", small.toString(), other.toString()));
            CliRun run = CliRun.of(args.toArray(String[]::new));
            assertEquals(0, run.status(), run.err());
            assertEquals(expected, run.out(), String.join(" ", backend));
        }
    }

    @Test
    void sumFormatIsHexTwoSpacesName() throws IOException {
        OpenSslCommand.assumeAvailable();
        Path file = file("data.bin", 5000);
        String expected = openssl(new byte[0], "dgst", "-sm3", "-r", file.toString()).split(" ")[0];
        CliRun run = CliRun.of("dgst", "--sum", file.toString());
        assertEquals(expected + "  " + file + System.lineSeparator(), run.out());
    }

    @Test
    void aMissingFileIsReportedAndTheOthersStillDigested() throws IOException {
        Path good = file("good.bin", 10);
        Path missing = dir.resolve("missing.bin");
        CliRun run = CliRun.of("dgst", missing.toString(), good.toString(), dir.toString());
        assertEquals(1, run.status());
        assertTrue(run.err().contains(missing + ": No such file or directory"), run.err());
        assertTrue(run.err().contains(dir + ": Is a directory"), run.err());
        assertTrue(run.out().startsWith("SM3(" + good + ")= "), run.out());
        assertEquals(1, run.out().lines().count());
    }

    @Test
    void aLargeFileStreamsWithAProgressBarOnATerminal() throws IOException {
        OpenSslCommand.assumeAvailable();
        Path large = dir.resolve("large.bin");
        try (RandomAccessFile f = new RandomAccessFile(large.toFile(), "rw")) {
            f.setLength(Progress.THRESHOLD + 12_345);
            f.seek(Progress.THRESHOLD / 2);
            f.write("something in the middle".getBytes(StandardCharsets.US_ASCII));
        }
        CliRun run = CliRun.of(new byte[0], true, "dgst", large.toString());
        assertEquals(0, run.status(), run.err());
        assertEquals(openssl(new byte[0], "dgst", "-sm3", large.toString()), run.out());
        assertTrue(run.err().contains("%"), "a progress bar was drawn: " + run.err());
        assertTrue(run.err().endsWith("\r\033[K"), "and erased");

        CliRun quiet = CliRun.of(new byte[0], false, "dgst", large.toString());
        assertEquals("", quiet.err(), "no bar when stderr is not a terminal");
    }

    @Test
    void usageErrorsExitTwoAndHelpExitsZero() {
        CliRun unknown = CliRun.of("dgst", "--no-such-option");
        assertEquals(2, unknown.status());
        // one line saying what is wrong, one saying where to look; not the whole help
        assertEquals(List.of("shangmi dgst: Unknown option: '--no-such-option'", "see 'shangmi dgst --help'"),
                unknown.err().lines().toList());
        assertEquals(2, CliRun.of().status(), "no command");
        assertEquals(2, CliRun.of("frobnicate").status());
        CliRun help = CliRun.of("dgst", "--help");
        assertEquals(0, help.status());
        assertTrue(help.out().contains("Usage: shangmi dgst"), help.out());
        assertEquals(0, CliRun.of("--help").status());
        assertTrue(CliRun.of("--version").out().startsWith("shangmi "));
    }

    private Path file(String name, int length) throws IOException {
        byte[] content = new byte[length];
        new Random(length).nextBytes(content);
        return Files.write(dir.resolve(name), content);
    }

    static String openssl(byte[] stdin, String... args) {
        return new String(OpenSslCommand.run(stdin, args), StandardCharsets.UTF_8)
                .replace("\n", System.lineSeparator());
    }
}
