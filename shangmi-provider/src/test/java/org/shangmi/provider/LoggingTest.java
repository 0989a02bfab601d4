package org.shangmi.provider;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.shangmi.core.testing.ClassPaths;
import org.shangmi.launched.EveryAlgorithmProgram;

/**
 * What the provider says on its own, in a JVM of the JDK under test running
 * {@link EveryAlgorithmProgram} with java.util.logging's default configuration (one line per
 * record): nothing when {@code auto} finds no native backend, one warning when a backend asked
 * for by name is unavailable.
 */
class LoggingTest {

    @TempDir
    Path directory;

    @Test
    void autoIsSilentWithAndWithoutTheOpenSslBackend() throws Exception {
        for (boolean withOpenSsl : new boolean[] {false, true}) {
            Run run = run(withOpenSsl);
            assertEquals("ok\n", run.stdout(), run.stderr());
            assertEquals("", run.stderr(), "with the OpenSSL backend's classes: " + withOpenSsl);
        }
    }

    @Test
    void aBackendAskedForThatIsMissingGivesOneWarning() throws Exception {
        Run run = run(false, "-Dshangmi.backend=openssl");
        assertEquals("ok\n", run.stdout(), run.stderr());
        List<String> lines = run.stderr().lines().toList();
        assertEquals(1, lines.size(), run.stderr());
        // the alias openssl names both libcrypto bindings, FFM first
        assertTrue(lines.get(0).startsWith("WARNING: shangmi.backend=openssl: the ffm backend is unavailable ("),
                run.stderr());
        assertTrue(lines.get(0).contains("; the jni backend is unavailable ("), run.stderr());
        assertTrue(lines.get(0).endsWith("); the java backend serves instead"), run.stderr());
    }

    private record Run(String stdout, String stderr) {
    }

    private Run run(boolean withOpenSsl, String... options) throws Exception {
        List<String> classPath = new ArrayList<>(List.of(ClassPaths.location("org/shangmi/core/sm3/Sm3.class"),
                ClassPaths.location("org/shangmi/provider/ShangMiProvider.class"), ClassPaths.location("org/shangmi/launched/EveryAlgorithmProgram.class")));
        if (withOpenSsl) {
            classPath.add(ClassPaths.location("org/shangmi/openssl/ffm/FfmBackend.class"));
        }
        List<String> command = new ArrayList<>(List.of(Paths.get(System.getProperty("java.home"), "bin", "java").toString(),
                "--enable-native-access=ALL-UNNAMED", "-Djava.util.logging.SimpleFormatter.format=%4$s: %5$s%n"));
        command.addAll(Arrays.asList(options));
        command.addAll(List.of("-cp", String.join(File.pathSeparator, classPath), EveryAlgorithmProgram.class.getName()));
        Path stderr = directory.resolve("stderr");
        Process process = new ProcessBuilder(command).redirectError(stderr.toFile()).start();
        process.getOutputStream().close();
        String stdout = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(60, TimeUnit.SECONDS), stdout);
        String said = Files.readString(stderr);
        assertEquals(0, process.exitValue(), command + "\n" + stdout + said);
        return new Run(stdout, said);
    }
}
