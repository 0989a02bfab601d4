package org.shangmi.vector;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.shangmi.core.testing.ClassPaths;

/**
 * The warm-up and the gate in JVMs of their own ({@link VectorGateProgram}): after loading, the
 * calls a user makes first neither allocate nor deoptimise the backend's code; once the evidence
 * goes (by hand, or for real through class redefinition), later calls run on the circuit engine
 * with the same results.
 */
class VectorGateTest {

    private static final String DONE = "done";

    @Test
    void afterLoadingTheFirstCallsOfEveryShapeNeitherAllocateNorDeoptimise() throws Exception {
        assertNothingFound(run(List.of(), "shapes"));
    }

    /** The JDK does not count a virtual thread's allocation: the warm-up must not take that for none. */
    @Test
    void loadedOnAVirtualThreadItWarmsUpAllTheSame() throws Exception {
        assertNothingFound(run(List.of(), "shapes-virtual"));
    }

    private static void assertNothingFound(List<String> lines) {
        List<String> findings = new ArrayList<>(lines);
        findings.removeIf(line -> line.startsWith("details: ") || line.equals(DONE));
        assertEquals(List.of(), findings, String.join("\n", lines));
        assertTrue(lines.contains(DONE), String.join("\n", lines));
        String details = lines.stream().filter(line -> line.startsWith("details: ")).findFirst().orElse("");
        assertTrue(details.contains("compiled after") && !details.contains("circuit"), details);
    }

    @Test
    void shutByHandLaterCallsRunOnTheCircuitEngineWithTheSameResults() throws Exception {
        assertEquals(List.of(
                "before: gate open true, circuit served false, mismatches 0",
                "after: gate open false, circuit served by 3 of 3 keys, mismatches 0",
                "details: since then on the circuit engine: shut by the test",
                DONE), run(List.of(), "shut"));
    }

    /** Redefining a class throws its compiled code away: the next check sees the fallback allocate. */
    @Test
    void whenTheCompiledCodeGoesAKeysNextCheckShutsTheGate(@TempDir Path dir) throws Exception {
        List<String> lines = run(List.of("-javaagent:" + agent(dir)), "redefine");
        String all = String.join("\n", lines);
        assertEquals(4, lines.size(), all);
        assertEquals("before: gate open true, circuit served false, mismatches 0", lines.get(0), all);
        assertEquals("after: gate open false, circuit served by 3 of 3 keys, mismatches 0", lines.get(1), all);
        assertTrue(lines.get(2).startsWith("details: since then on the circuit engine: a call allocated "), all);
        assertEquals(DONE, lines.get(3), all);
    }

    /** GCM's GHASH passes check themselves too: with only GHASH redefined, its checks shut the gate. */
    @Test
    void whenTheCompiledGhashGoesItsCheckShutsTheGate(@TempDir Path dir) throws Exception {
        List<String> lines = run(List.of("-javaagent:" + agent(dir)), "redefine-ghash");
        String all = String.join("\n", lines);
        assertEquals(3, lines.size(), all);
        assertEquals("ghash: gate open true then false, mismatches 0", lines.get(0), all);
        assertTrue(lines.get(1).startsWith("details: since then on the circuit engine: "), all);
        assertEquals(DONE, lines.get(2), all);
    }

    /** Keys used once each: the one checked call among about {@link VectorGate#CHECK_EVERY} of them shuts the gate. */
    @Test
    void oneCheckedCallOfASingleUseKeyShutsTheGate(@TempDir Path dir) throws Exception {
        List<String> lines = run(List.of("-javaagent:" + agent(dir)), "redefine-single-use");
        String all = String.join("\n", lines);
        assertEquals(List.of("single-use keys: gate open false after at most " + VectorGate.CHECK_EVERY + " keys, mismatches 0"),
                lines.subList(0, 1), all);
        assertTrue(lines.get(1).startsWith("details: since then on the circuit engine: a call allocated "), all);
        assertEquals(DONE, lines.get(2), all);
    }

    /**
     * Loading returns while the warm-up still runs (the program holds the lock the warm-up needs to
     * pass: a load that waited would never return); keys made meanwhile run on the circuit engine
     * only and give the GB/T 32907-2016 example's ciphertext and the Java backend's results; the
     * status says so, then says what the warm-up found, and the same keys move to the vector code.
     */
    @Test
    void loadingReturnsWhileWarmingAndKeysMadeMeanwhileRunOnTheCircuitEngineUntilItPasses() throws Exception {
        assertEquals(List.of(
                "loaded: warming true, gate open false",
                "details: warming up true, the Java circuit engine serves SM4 until the warm-up shows the vector code compiled",
                "while warming: GB/T 32907 example true, circuit served by 3 of 3 keys, vector calls measured 0,"
                        + " calls allocating as the fallback does 0 of 8, mismatches 0, still warming true",
                "warm-up ended true, gate open true, details: compiled after",
                "after: keys made while warming on vectors 3 of 3, mismatches 0, gate open true",
                DONE), run(List.of(), "warming"));
    }

    /**
     * With C1 alone the JIT never compiles the Vector API to vector instructions: loading returns
     * all the same, keys run on the circuit engine with the standard's results, and when the
     * warm-up gives up (after its limit) the status says why and a later load fails, as a load
     * that warmed up in the caller's thread failed before.
     */
    @Test
    void whereTheWarmUpFailsKeysStayOnTheCircuitEngineAndTheStatusSaysWhy() throws Exception {
        assertEquals(List.of(
                "loaded: warming true, gate open false",
                "warm-up ended true, gate open false, GB/T 32907 example true, circuit served by 3 of 3 keys,"
                        + " vector calls measured 0, mismatches 0",
                "details: the Java circuit engine serves SM4, as the warm-up failed: the JIT did not compile the vector code"
                        + " within " + VectorWarmUp.LIMIT_NANOS / 1_000_000_000 + " s",
                "load again: the warm-up failed: the JIT did not compile the vector code within "
                        + VectorWarmUp.LIMIT_NANOS / 1_000_000_000 + " s",
                DONE), run(List.of("-XX:TieredStopAtLevel=1"), "failed-warm-up"));
    }

    /** A Java agent (the program's own) that may redefine classes, as a jar in {@code dir}. */
    private static Path agent(Path dir) throws IOException {
        Path agent = dir.resolve("agent.jar");
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().putValue("Premain-Class", "org.shangmi.vector.VectorGateProgram$Agent");
        manifest.getMainAttributes().putValue("Can-Redefine-Classes", "true");
        try (OutputStream out = Files.newOutputStream(agent); JarOutputStream jar = new JarOutputStream(out, manifest)) {
            jar.flush();
        }
        return agent;
    }

    /** Runs the program in a JVM of its own; its standard output's lines (standard error must hold nothing unexpected). */
    private static List<String> run(List<String> options, String mode) throws Exception {
        String classPath = String.join(File.pathSeparator, ClassPaths.location("org/shangmi/core/sm4/Sm4.class"),
                ClassPaths.location("org/shangmi/vector/VectorBackend.class"),
                ClassPaths.location("org/shangmi/vector/VectorGateProgram.class"));
        List<String> command = new ArrayList<>(List.of(Paths.get(System.getProperty("java.home"), "bin", "java").toString(),
                "--add-modules", "jdk.incubator.vector"));
        command.addAll(options);
        command.addAll(List.of("-cp", classPath, VectorGateProgram.class.getName(), mode));
        Path errors = Files.createTempFile("shangmi-vector", ".err");
        try {
            Process process = new ProcessBuilder(command).redirectError(errors.toFile()).start();
            process.getOutputStream().close();
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(process.waitFor(120, TimeUnit.SECONDS), output);
            String error = Files.readString(errors);
            assertEquals(0, process.exitValue(), output + error);
            // the incubator's notice, and the warning a shut gate logs
            for (String line : error.lines().toList()) {
                assertTrue(line.equals("WARNING: Using incubator modules: jdk.incubator.vector")
                        || line.contains("VectorGate shut")
                        || line.startsWith("WARNING: shangmi: the vector backend's SM4 runs on the circuit engine from now on: "),
                        error);
            }
            // only a gate shut in service says so (a failed warm-up leaves that to the details)
            assertEquals(mode.equals("shut") || mode.startsWith("redefine"), error.contains("runs on the circuit engine from now on"),
                    error);
            return output.lines().toList();
        } finally {
            Files.delete(errors);
        }
    }
}
