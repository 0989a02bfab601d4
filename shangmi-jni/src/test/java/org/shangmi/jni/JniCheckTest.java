package org.shangmi.jni;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.shangmi.core.testing.ClassPaths;
import org.shangmi.jni.launched.JniProgram;

/**
 * Every native call under {@code -Xcheck:jni}, in a JVM of its own so that its output can be
 * read: the JVM's checks must find nothing to warn about.
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
            assertEquals("native access is not enabled for shangmi-jni: start java with "
                    + "--enable-native-access=ALL-UNNAMED\n", output);
        } else {
            assertEquals("ok\n", output);
        }
    }

    /** Runs JniProgram in a JVM of this JDK with the options; its standard output and error together. */
    private static String run(String... options) throws Exception {
        String classPath = String.join(File.pathSeparator, ClassPaths.location("org/shangmi/core/sm3/Sm3.class"),
                ClassPaths.location("org/shangmi/jni/JniBackend.class"), ClassPaths.location("org/shangmi/jni/launched/JniProgram.class"));
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
