package org.shangmi.vector;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.shangmi.core.testing.ClassPaths;
import org.shangmi.vector.launched.VectorProgram;

/**
 * The backend in JVMs of their own: registered for ServiceLoader on the class path and the module
 * path; without the incubating module it says how to add it (and the JVM prints nothing else);
 * with it, it serves SM4; without a JIT it declines.
 */
class VectorLoadingTest {

    private static final String ADVICE = "the Vector API is not in this JVM: start it with --add-modules jdk.incubator.vector\n";
    private static final String INCUBATOR_WARNING = "WARNING: Using incubator modules: jdk.incubator.vector\n";

    @Test
    void onTheClassPathWithoutTheModuleItSaysHowToAddIt() throws Exception {
        assertEquals(ADVICE, onClassPath());
    }

    @Test
    void onTheModulePathWithoutTheModuleItSaysHowToAddIt() throws Exception {
        assertEquals(ADVICE, onModulePath());
    }

    @Test
    void withTheModuleItServesSm4OnBothPaths() throws Exception {
        assertEquals(INCUBATOR_WARNING + "ok [SM4]\n", onClassPath("--add-modules", "jdk.incubator.vector"));
        assertEquals(INCUBATOR_WARNING + "ok [SM4]\n", onModulePath("--add-modules", "jdk.incubator.vector"));
    }

    /**
     * Interpreted, the Vector API runs its Java fallback for ever: the backend must not serve, and
     * says so at once (a JIT that compiles but not to vector instructions is left to the warm-up:
     * VectorGateTest).
     */
    @Test
    void withoutAJitItDeclines() throws Exception {
        assertEquals(INCUBATOR_WARNING + "this JVM runs interpreted only (-Xint): the JIT would never compile the vector code,"
                + " and the Vector API's Java fallback is neither fast nor constant time\n",
                onClassPath("--add-modules", "jdk.incubator.vector", "-Xint"));
    }

    private static String onClassPath(String... options) throws Exception {
        String classPath = String.join(File.pathSeparator, location("org/shangmi/core/sm4/Sm4.class"),
                location("org/shangmi/vector/VectorBackend.class"), location("org/shangmi/vector/launched/VectorProgram.class"));
        List<String> command = new ArrayList<>(List.of(options));
        command.addAll(List.of("-cp", classPath, VectorProgram.class.getName()));
        return run(command);
    }

    private static String onModulePath(String... options) throws Exception {
        String modulePath = String.join(File.pathSeparator, location("org/shangmi/core/sm4/Sm4.class"),
                location("org/shangmi/vector/VectorBackend.class"));
        List<String> command = new ArrayList<>(List.of(options));
        // the vector module as a root: a provider module resolves it by service binding (it uses BackendService)
        command.addAll(List.of("-p", modulePath, "--add-modules", "org.shangmi.core,org.shangmi.vector",
                "--add-exports", "org.shangmi.core/org.shangmi.core.backend=ALL-UNNAMED",
                "-cp", location("org/shangmi/vector/launched/VectorProgram.class"), VectorProgram.class.getName()));
        return run(command);
    }

    private static String location(String resource) throws Exception {
        return ClassPaths.location(resource);
    }

    /** Runs java with the arguments; its standard output and error together. */
    private static String run(List<String> arguments) throws Exception {
        List<String> command = new ArrayList<>(List.of(Paths.get(System.getProperty("java.home"), "bin", "java").toString()));
        command.addAll(arguments);
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        process.getOutputStream().close();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(90, TimeUnit.SECONDS), output);
        assertEquals(0, process.exitValue(), output);
        return output;
    }
}
