package org.shangmi.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Why the FFM backend cannot load, as {@code shangmi backends} says it, each case in a fresh
 * JVM (the library is opened once per JVM): no native access, no library at the path given, and
 * a library that is not libcrypto. The provider then serves everything from Java.
 */
class BackendsReasonsTest {

    @Test
    void noNativeAccess() throws Exception {
        String out = backends(false, null);
        assertTrue(out.contains("why not ffm: native access is not enabled for shangmi-openssl-ffm: start java with "
                + "--enable-native-access=ALL-UNNAMED"), out);
        assertServedByJava(out);
    }

    @Test
    void noLibraryAtThePathGiven() throws Exception {
        String out = backends(true, "/nonexistent/libcrypto.so.3");
        assertTrue(out.contains("why not ffm: cannot open libcrypto (/nonexistent/libcrypto.so.3: "), out);
        assertServedByJava(out);
    }

    /**
     * A library named by a property must be an absolute path to a regular file that nobody but its
     * owner can write; a copy of the system's libcrypto loads once it is made so.
     */
    @Test
    void onlyAnAbsolutePathToAFileOnlyItsOwnerWritesIsLoaded(@TempDir Path directory) throws Exception {
        String relative = backends(true, "libcrypto.so.3");
        assertTrue(relative.contains("why not ffm: cannot open libcrypto (libcrypto.so.3: the library path must be absolute)"),
                relative);
        assertServedByJava(relative);
        String folder = backends(true, directory.toString());
        assertTrue(folder.contains("is not a regular file"), folder);

        Path system = Path.of("/usr/lib/x86_64-linux-gnu/libcrypto.so.3");
        // Debian's libssl3 puts it there; elsewhere the case cannot be set up
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.exists(system), "no libcrypto.so.3 at " + system);
        Path copy = Files.copy(system, directory.resolve("libcrypto.so.3"));
        Files.setPosixFilePermissions(copy, PosixFilePermissions.fromString("rw-rw-r--"));
        String writable = backends(true, copy.toString());
        assertTrue(writable.contains("is writable by its group or by others (rw-rw-r--); refusing to load it"), writable);
        assertServedByJava(writable);
        Files.setPosixFilePermissions(copy, PosixFilePermissions.fromString("rw-r--r--"));
        String loaded = backends(true, copy.toString());
        assertTrue(loaded.lines().anyMatch(l -> l.matches("ffm +available .*" + copy + ".*")), loaded);
    }

    @Test
    void aLibraryThatIsNotLibcrypto() throws Exception {
        Path libz = Path.of("/lib/x86_64-linux-gnu/libz.so.1");
        // libz is part of every Debian system (zlib1g is essential); elsewhere the case cannot be set up
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.exists(libz), "no libz.so.1 at " + libz);
        String out = backends(true, libz.toString());
        assertTrue(out.contains("why not ffm: " + libz + " is not libcrypto 3.x: libcrypto has no function OpenSSL_version_num"),
                out);
        assertServedByJava(out);
    }

    /** Everything from Java; SM3 and HMAC-SM3, which auto would take from OpenSSL, say why not. */
    private static void assertServedByJava(String out) {
        for (String algorithm : List.of("SM2", "SM4")) {
            assertTrue(out.lines().anyMatch(l -> l.matches(algorithm + " +java +auto, Java first: .+")), algorithm + " in " + out);
        }
        for (String algorithm : List.of("SM3", "HmacSM3")) {
            assertTrue(out.lines().anyMatch(l -> l.matches(algorithm
                    + " +java +auto, OpenSSL first: .+; but the ffm backend cannot serve it: .+")), algorithm + " in " + out);
        }
    }

    private static String backends(boolean nativeAccess, String libraryPath) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        if (nativeAccess) {
            command.add("--enable-native-access=ALL-UNNAMED");
        }
        if (libraryPath != null) {
            command.add("-Dshangmi.openssl.path=" + libraryPath);
        }
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), Main.class.getName(), "backends"));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        byte[] output = process.getInputStream().readAllBytes();
        assertTrue(process.waitFor(60, TimeUnit.SECONDS), "the JVM finished");
        String out = new String(output, StandardCharsets.UTF_8);
        assertEquals(0, process.exitValue(), out);
        return out;
    }
}
