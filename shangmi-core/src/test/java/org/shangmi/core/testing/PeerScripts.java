package org.shangmi.core.testing;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Where the build scripts of the interoperability peers are ({@code shared/peers/NAME/build}
 * beside the repository), first match wins: a system property naming the script, the environment
 * variable {@value #PEERS_VARIABLE} (a folder holding {@code NAME/build}),
 * {@code <repository>/../shared/peers/NAME/build}, then {@code /work/shared/peers/NAME/build}.
 * Without one the tests fail and say how to provide it: a missing peer is a defect of the test
 * machine, not a reason to skip.
 */
public final class PeerScripts {

    public static final String PEERS_VARIABLE = "SHANGMI_PEERS";
    private static final Path DEFAULT_PEERS = Path.of("/work/shared/peers");

    private PeerScripts() {
    }

    /**
     * The build script of the peer {@code name}.
     *
     * @param property the system property that may name the script
     * @param needs what the folder must hold and the script needs, for the failure message
     */
    public static Path buildScript(String name, String property, String needs) {
        List<String> tried = new ArrayList<>();
        String given = System.getProperty(property);
        if (given != null && !given.isBlank()) {
            return existing(Path.of(given), "the system property " + property);
        }
        String peers = System.getenv(PEERS_VARIABLE);
        if (peers != null && !peers.isBlank()) {
            return existing(Path.of(peers, name, "build"), "the environment variable " + PEERS_VARIABLE);
        }
        Path repository = repository();
        if (repository != null) {
            Path beside = repository.resolveSibling("shared").resolve("peers").resolve(name).resolve("build");
            if (Files.isRegularFile(beside)) {
                return beside;
            }
            tried.add(beside.toString());
        } else {
            tried.add("<repository>/../shared/peers/" + name + "/build (no repository found above " + Path.of("").toAbsolutePath() + ")");
        }
        Path fallback = DEFAULT_PEERS.resolve(name).resolve("build");
        if (Files.isRegularFile(fallback)) {
            return fallback;
        }
        tried.add(fallback.toString());
        throw new AssertionError("no " + name + " build script (the interoperability peer) at " + String.join(" or ", tried)
                + ": give its path with -D" + property + "=/path/to/peers/" + name + "/build, or set " + PEERS_VARIABLE
                + " to the folder holding " + name + "/build (" + needs + ")");
    }

    private static Path existing(Path script, String source) {
        if (!Files.isRegularFile(script)) {
            throw new AssertionError(source + " names the build script " + script + ", which does not exist");
        }
        return script;
    }

    /** The repository's root: the nearest directory at or above the working directory with {@code .ci/run}. */
    private static Path repository() {
        for (Path directory = Path.of("").toAbsolutePath(); directory != null; directory = directory.getParent()) {
            if (Files.isRegularFile(directory.resolve(".ci").resolve("run")) && Files.isRegularFile(directory.resolve("pom.xml"))) {
                return directory;
            }
        }
        return null;
    }
}
