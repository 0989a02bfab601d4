package org.shangmi.openssl.jni;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.shangmi.core.testing.ClassPaths;
import org.shangmi.openssl.jni.launched.JniProgram;

/**
 * Every native call under {@code -Xcheck:jni}, in a JVM of its own so that its output can be
 * read: the JVM's checks must find nothing to warn about. And the builds without a library: the
 * build script without a compiler, and the backend of such a build, which says why it cannot load.
 */
class JniCheckTest {

    @Test
    void theJvmsJniChecksFindNothing() throws Exception {
        String output = run("-Xcheck:jni", "--enable-native-access=ALL-UNNAMED");
        assertFalse(output.contains("WARNING"), output);
        assertEquals("ok\n", output);
    }

    /**
     * From JDK 22 the backend declines without native access, so that the JVM has no restricted
     * call to warn about; JDK 17 to 21 restrict nothing.
     */
    @Test
    void withoutNativeAccessNothingIsPrintedButTheReason() throws Exception {
        String output = run();
        if (Runtime.version().feature() >= 22) {
            assertEquals("native access is not enabled for shangmi-openssl-jni: start java with "
                    + "--enable-native-access=ALL-UNNAMED\n", output);
        } else {
            assertEquals("ok\n", output);
        }
    }

    /** Without a C compiler the build script leaves no library and lets the build go on. */
    @Test
    void withoutACompilerTheBuildGoesOnWithoutTheLibrary(@TempDir Path out) throws Exception {
        ProcessBuilder build = new ProcessBuilder("src/main/c/build", out.toString(), System.getProperty("java.home"));
        build.environment().put("CC", "no-such-compiler");
        Process process = build.redirectErrorStream(true).start();
        String said = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(60, TimeUnit.SECONDS), said);
        assertEquals(0, process.exitValue(), said);
        assertTrue(said.contains("no-such-compiler not found, so no native library"), said);
        try (var files = Files.walk(out)) {
            assertTrue(files.noneMatch(Files::isRegularFile), "no library was written");
        }
    }

    /**
     * The release profile requires the library of every platform NativeLibrary knows, and has the
     * build script make each: the three lists agree, so that no release claims a platform it has no
     * library for. (That the release then fails without one was run by hand: see the commit that
     * added the profile.)
     */
    @Test
    void theReleaseRequiresTheLibraryOfEveryPlatformTheLoaderKnows() throws IOException {
        String pom = Files.readString(Path.of("pom.xml"));
        String release = pom.substring(pom.indexOf("<id>release</id>"));
        Set<String> required = new TreeSet<>();
        Matcher file = Pattern.compile("<file>\\$\\{project.build.outputDirectory}/org/shangmi/openssl/jni/native/([^/]+)/libshangmi-jni.so</file>")
                .matcher(release);
        while (file.find()) {
            required.add(file.group(1));
        }
        Matcher built = Pattern.compile("<shangmi.jni.platforms>([^<]*)</shangmi.jni.platforms>").matcher(release);
        assertTrue(built.find(), "the release lists the platforms to build");
        assertEquals(new TreeSet<>(NativeLibrary.PLATFORMS), required, "required by the enforcer rule");
        assertEquals(new TreeSet<>(NativeLibrary.PLATFORMS), new TreeSet<>(List.of(built.group(1).trim().split("\\s+"))),
                "built by the script");
    }

    /**
     * The build script builds the platforms it is asked for, each with its own compiler, and skips
     * (saying so) one whose compiler is missing: here x86_64's, named as a compiler that does not
     * exist; aarch64's is Debian's cross compiler if installed (bin/release installs it), and its
     * library must then be an ELF file for AArch64.
     */
    @Test
    void theBuildScriptBuildsEveryPlatformAskedForThatHasACompiler(@TempDir Path out) throws Exception {
        assumeTrue("linux-x86_64".equals(NativeLibrary.platform()), "set up for an x86_64 machine");
        ProcessBuilder build = new ProcessBuilder("src/main/c/build", out.toString(), System.getProperty("java.home"));
        build.environment().put("SHANGMI_JNI_PLATFORMS", "linux-x86_64 linux-aarch64");
        build.environment().put("CC_LINUX_X86_64", "no-such-compiler");
        Process process = build.redirectErrorStream(true).start();
        String said = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(120, TimeUnit.SECONDS), said);
        assertEquals(0, process.exitValue(), said);
        assertTrue(said.contains("no-such-compiler not found, so no native library libshangmi-jni.so for linux-x86_64"), said);
        assertFalse(Files.exists(out.resolve("linux-x86_64")), said);
        Path aarch64 = out.resolve("linux-aarch64/libshangmi-jni.so");
        if (said.contains("aarch64-linux-gnu-gcc not found")) {
            assertFalse(Files.exists(aarch64), said);
            return;
        }
        byte[] header = Files.readAllBytes(aarch64);
        assertEquals("\u007fELF", new String(header, 0, 4, StandardCharsets.ISO_8859_1), said);
        assertEquals(183, (header[18] & 0xff) | (header[19] & 0xff) << 8, "e_machine EM_AARCH64");
    }

    /** The classes of a build without the library: the backend declines and says why; nothing else is printed. */
    @Test
    void aBuildWithoutTheLibrarySaysWhy(@TempDir Path classes) throws Exception {
        Path built = Path.of(ClassPaths.location("org/shangmi/openssl/jni/JniBackend.class"));
        copyWithout(built, classes, built.resolve("org/shangmi/openssl/jni/native"));
        String output = runWith(classes.toString(), "--enable-native-access=ALL-UNNAMED");
        assertEquals("libshangmi-jni cannot load: this build has no native library for " + NativeLibrary.platform() + " (built without a "
                + "C compiler?); set shangmi.jni.library to one\n", output);
    }

    private static void copyWithout(Path from, Path to, Path left) throws IOException {
        try (var paths = Files.walk(from)) {
            for (Path path : paths.filter(p -> !p.startsWith(left)).toList()) {
                Path target = to.resolve(from.relativize(path).toString());
                if (Files.isDirectory(path)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(path, target);
                }
            }
        }
    }

    /** Runs JniProgram in a JVM of this JDK with the options; its standard output and error together. */
    private static String run(String... options) throws Exception {
        return runWith(ClassPaths.location("org/shangmi/openssl/jni/JniBackend.class"), options);
    }

    /** Runs JniProgram with the JNI backend's classes from {@code jniClasses}. */
    private static String runWith(String jniClasses, String... options) throws Exception {
        String classPath = String.join(File.pathSeparator, ClassPaths.location("org/shangmi/core/sm3/Sm3.class"),
                jniClasses, ClassPaths.location("org/shangmi/openssl/jni/launched/JniProgram.class"));
        List<String> command = new ArrayList<>(List.of(Paths.get(System.getProperty("java.home"), "bin", "java").toString()));
        command.addAll(List.of(options));
        command.addAll(List.of("-cp", classPath, JniProgram.class.getName()));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        process.getOutputStream().close();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(60, TimeUnit.SECONDS), output);
        assertEquals(0, process.exitValue(), output);
        return output;
    }
}
