package org.shangmi.sdf;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.shangmi.core.testing.PeerScripts;

/**
 * SoftSDF (GM/T 0018 in software, on GmSSL) as the test device. Its build script
 * ({@code shared/peers/softsdf/build}, found by {@link PeerScripts} with the system property
 * {@value #BUILD_PROPERTY}) prints the library's path; {@code softsdfinit} lies beside it.
 * SoftSDF keeps its keys in the working directory of the process that loads it, so the tests run
 * in {@code target/sdf-device} (surefire's working directory), where {@link #device()} makes key
 * pairs 1 and 2 and KEK 1 once.
 */
final class SoftSdf {

    static final String BUILD_PROPERTY = "shangmi.softsdf.build";
    static final String PASSWORD = "P@ssw0rd";
    static final String PASSWORD_2 = "Second-Pass-2";

    private static Path library;

    private SoftSdf() {
    }

    /** The library, built by the peer script if needed. */
    static synchronized Path library() {
        if (library == null) {
            Path script = PeerScripts.buildScript("softsdf", BUILD_PROPERTY, "the script and SoftSDF's source archive; it needs gcc and the GmSSL peer");
            String out = run(List.of(script.toString()), null, TimeUnit.MINUTES.toMillis(10));
            List<String> lines = out.strip().lines().toList();
            library = Path.of(lines.get(lines.size() - 1));
            if (!Files.isRegularFile(library)) {
                throw new AssertionError("the SoftSDF build script printed " + library + ", which is no file");
            }
        }
        return library;
    }

    /** The device directory (the working directory), with key pairs 1 (PASSWORD) and 2 (PASSWORD_2) and KEK 1. */
    static synchronized Path device() {
        Path directory = Path.of("").toAbsolutePath();
        if (!directory.getFileName().toString().equals("sdf-device")) {
            throw new AssertionError("the SDF tests run in target/sdf-device (surefire's workingDirectory), not in " + directory);
        }
        Path init = library().resolveSibling("softsdfinit");
        if (!Files.exists(directory.resolve("sm2sign-1.pem"))) {
            run(List.of(init.toString(), "-kek", "1", "-key", "1", "-pass", PASSWORD), directory, 60_000);
        }
        if (!Files.exists(directory.resolve("sm2sign-2.pem"))) {
            run(List.of(init.toString(), "-kek", "2", "-key", "2", "-pass", PASSWORD_2), directory, 60_000);
        }
        return directory;
    }

    /** The configuration text of this device, with {@code extra} lines. */
    static String configuration(String binding, String... extra) {
        device();
        StringBuilder text = new StringBuilder("--library=" + library() + "\\nbinding=" + binding + "\\nkey-indexes=0-4");
        for (String line : extra) {
            text.append("\\n").append(line);
        }
        return text.toString();
    }

    /** The bindings this JDK can run: FFM from JDK 22, JNI always. */
    static List<String> bindings() {
        List<String> bindings = new ArrayList<>();
        if (Runtime.version().feature() >= 22) {
            bindings.add("ffm");
        }
        bindings.add("jni");
        return bindings;
    }

    static String run(List<String> command, Path directory, long millis) {
        try {
            ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
            if (directory != null) {
                builder.directory(directory.toFile());
            }
            Process process = builder.start();
            process.getOutputStream().close();
            byte[] output = process.getInputStream().readAllBytes();
            if (!process.waitFor(millis, TimeUnit.MILLISECONDS)) {
                process.destroyForcibly();
                throw new AssertionError(String.join(" ", command) + " did not end");
            }
            String text = new String(output, java.nio.charset.StandardCharsets.UTF_8);
            if (process.exitValue() != 0) {
                throw new AssertionError(String.join(" ", command) + " exited " + process.exitValue() + ":\n" + text);
            }
            return text;
        } catch (IOException e) {
            throw new AssertionError(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }
}
