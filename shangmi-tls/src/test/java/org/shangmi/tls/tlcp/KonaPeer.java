package org.shangmi.tls.tlcp;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.shangmi.core.testing.ClassPaths;
import org.shangmi.core.testing.PeerScripts;

/**
 * Tencent's KonaSSL as an independent peer: its build script ({@code shared/peers/kona/build}
 * beside the repository, found as {@link PeerScripts} says, or named by the system property
 * {@value #BUILD_PROPERTY}) compiles KonaSSL and KonaPKIX from their source once per machine and
 * installs them into the local Maven repository; a {@link KonaEndpoint} then runs in a JVM of its
 * own with Kona's jars and nothing of ShangMi. Test scope only: Kona's code is never copied.
 */
final class KonaPeer implements AutoCloseable {

    static final String BUILD_PROPERTY = "shangmi.kona.build";
    private static final long BUILD_MINUTES = 10;
    private static final long RUN_SECONDS = 60;

    private static List<String> jars;

    private final Process process;
    private final Path output;
    private final String command;

    private KonaPeer(Process process, Path output, String command) {
        this.process = process;
        this.output = output;
        this.command = command;
    }

    /** Kona's three jars, built by the script if needed. */
    static synchronized List<String> jars() {
        if (jars == null) {
            Path script = PeerScripts.buildScript("kona", BUILD_PROPERTY, "the script and Kona's source archive; it needs a JDK and mvn");
            String coordinates = run(script, List.of(script.toString()), TimeUnit.MINUTES.toMillis(BUILD_MINUTES)).strip();
            List<String> found = new ArrayList<>();
            Path repository = localRepository();
            for (String coordinate : coordinates.lines().reduce((first, last) -> last).orElse("").split("\\s+")) {
                String[] parts = coordinate.split(":");
                if (parts.length != 3) {
                    throw new AssertionError(script + " printed " + coordinates + ", not three group:artifact:version coordinates");
                }
                Path jar = repository.resolve(parts[0].replace('.', '/')).resolve(parts[1]).resolve(parts[2])
                        .resolve(parts[1] + "-" + parts[2] + ".jar");
                if (!Files.isRegularFile(jar)) {
                    throw new AssertionError(script + " named " + coordinate + ", but " + jar + " does not exist");
                }
                found.add(jar.toString());
            }
            jars = List.copyOf(found);
        }
        return jars;
    }

    /** The local Maven repository: where the JUnit jar on this class path lies, six folders up. */
    private static Path localRepository() {
        try {
            Path junit = Path.of(ClassPaths.location("org/junit/jupiter/api/Test.class"));
            Path repository = junit;
            for (int i = 0; i < 6; i++) {
                repository = repository.getParent();
            }
            if (!Files.isDirectory(repository.resolve("org").resolve("junit"))) {
                throw new AssertionError("JUnit is not in a Maven repository: " + junit);
            }
            return repository;
        } catch (Exception e) {
            throw new AssertionError("cannot find the local Maven repository", e);
        }
    }

    /**
     * Starts a {@link KonaEndpoint} with the arguments given; a server prints its port first
     * ({@link #port}), then either ends on its own ({@link #await}).
     */
    static KonaPeer start(String... arguments) {
        try {
            List<String> line = new ArrayList<>();
            line.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
            List<String> classPath = new ArrayList<>(jars());
            classPath.add(ClassPaths.location(KonaEndpoint.class.getName().replace('.', '/') + ".class"));
            line.addAll(List.of("-cp", String.join(File.pathSeparator, classPath), KonaEndpoint.class.getName()));
            line.addAll(List.of(arguments));
            Path output = Files.createTempFile("kona-", ".out");
            Process process = new ProcessBuilder(line).redirectErrorStream(true).redirectOutput(output.toFile())
                    .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null"))).start();
            return new KonaPeer(process, output, String.join(" ", List.of(arguments)));
        } catch (Exception e) {
            throw new AssertionError("cannot start the Kona endpoint", e);
        }
    }

    /** The port a server endpoint listens on, once it says so. */
    int port() throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(RUN_SECONDS);
        while (System.nanoTime() < deadline) {
            for (String line : output().lines().toList()) {
                if (line.startsWith("port ")) {
                    return Integer.parseInt(line.substring(5).strip());
                }
            }
            if (!process.isAlive()) {
                break;
            }
            Thread.sleep(20);
        }
        throw new AssertionError("the Kona server did not say its port" + describe());
    }

    /** Waits for the endpoint to end; returns its output. */
    String await() throws InterruptedException {
        if (!process.waitFor(RUN_SECONDS, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new AssertionError("the Kona endpoint did not end" + describe());
        }
        return output();
    }

    int exitCode() {
        return process.exitValue();
    }

    String describe() {
        return "\n--- Kona endpoint " + command + (process.isAlive() ? "" : " (exit " + process.exitValue() + ")") + ":\n" + output();
    }

    private String output() {
        try {
            return Files.readString(output, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() throws IOException {
        process.destroyForcibly();
        Files.deleteIfExists(output);
    }

    private static String run(Path script, List<String> line, long timeoutMillis) {
        try {
            Path errors = Files.createTempFile("kona-build-", ".err");
            try {
                // run beside the script, outside any Maven project, whose model the script's mvn would read
                ProcessBuilder builder = new ProcessBuilder(line).directory(script.getParent().toFile())
                        .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null"))).redirectError(errors.toFile());
                // the options bin/test gives the Maven that runs the tests may not suit the JDK the script's mvn finds
                builder.environment().remove("MAVEN_OPTS");
                Process process = builder.start();
                String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
                if (!process.waitFor(timeoutMillis, TimeUnit.MILLISECONDS) || process.exitValue() != 0) {
                    process.destroyForcibly();
                    throw new AssertionError(String.join(" ", line) + " failed (exit " + (process.isAlive() ? "none" : process.exitValue())
                            + "): " + out + Files.readString(errors));
                }
                return out;
            } finally {
                Files.deleteIfExists(errors);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }
}
