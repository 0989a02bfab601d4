package org.shangmi.core.testing;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** A Java program run in a JVM of its own, of the JDK running the tests, for tests whose subject might crash a JVM. */
public final class Forked {

    /** The exit code and the standard output and error, together. */
    public record Result(int exitCode, String output) {
    }

    private Forked() {
    }

    /**
     * Runs {@code mainClass} with the class path of the entries that hold {@code classes} (resource
     * names, see {@link ClassPaths}), the JVM {@code options} and the program {@code arguments}.
     */
    public static Result run(List<String> classes, List<String> options, String mainClass, String... arguments)
            throws Exception {
        List<String> entries = new ArrayList<>();
        for (String resource : classes) {
            entries.add(ClassPaths.location(resource));
        }
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        // a crash report goes to the temporary directory, not into the module's folder
        command.add("-XX:ErrorFile=" + Path.of(System.getProperty("java.io.tmpdir"), "shangmi-forked-hs_err_%p.log"));
        command.addAll(options);
        command.addAll(List.of("-cp", String.join(File.pathSeparator, entries), mainClass));
        command.addAll(List.of(arguments));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        process.getOutputStream().close();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!process.waitFor(5, TimeUnit.MINUTES)) {
            process.destroyForcibly();
            throw new AssertionError("the forked JVM did not end: " + output);
        }
        return new Result(process.exitValue(), output);
    }
}
