package org.shangmi.core.util;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;

/**
 * Finds the JNI library a jar carries for this platform (under {@code native/PLATFORM/} beside the
 * class that loads it), or the one a system property names, for the modules that have a C part.
 * The caller does the {@code System.load} itself (it binds the library to the caller's class
 * loader): a bundled copy is written to a directory only this user may enter and deleted once
 * loaded; a named one must pass {@link NativePaths#trusted}.
 */
public final class BundledLibraries {

    /** The platforms a release carries each library for, by directory name. */
    public static final List<String> PLATFORMS = List.of("linux-x86_64", "linux-aarch64");

    private BundledLibraries() {
    }

    /** This platform's directory name, or null if no jar has a library for it. */
    public static String platform() {
        String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
        String arch = System.getProperty("os.arch", "").toLowerCase(Locale.ROOT);
        if (!os.contains("linux")) {
            return null;
        }
        return switch (arch) {
            case "amd64", "x86_64" -> PLATFORMS.get(0);
            case "aarch64", "arm64" -> PLATFORMS.get(1);
            default -> null;
        };
    }

    /**
     * Loads {@code file}: from the path in the system property {@code property} when it is set,
     * else from the copy beside {@code anchor} in its jar.
     *
     * @param load {@code path -> System.load(path)}, written in the class that owns the native methods
     * @throws IllegalArgumentException if the property names a file the path rules refuse
     * @throws IllegalStateException if there is no library for this platform or it cannot be written out
     */
    public static void load(Class<?> anchor, String file, String property, Consumer<String> load) {
        String path = System.getProperty(property);
        if (path != null && !path.isBlank()) {
            try {
                // by path: System.load resolves any name, a descriptor's too, to the file's canonical path
                load.accept(NativePaths.trusted(path).file().toString());
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(property + "=" + path + ": " + e.getMessage(), e);
            }
            return;
        }
        String platform = platform();
        if (platform == null) {
            throw new IllegalStateException("no native library for " + System.getProperty("os.name") + " on "
                    + System.getProperty("os.arch"));
        }
        String resource = "native/" + platform + "/" + file;
        try (InputStream in = anchor.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("this build has no native library for " + platform
                        + " (built without a C compiler?); set " + property + " to one");
            }
            String name = file.endsWith(".so") ? file.substring(0, file.length() - 3) : file;
            Path directory = Files.createTempDirectory(name,
                    PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
            Path copy = directory.resolve(file);
            try {
                Files.copy(in, copy);
                load.accept(copy.toString());
            } finally {
                Files.deleteIfExists(copy); // the mapping outlives the file
                Files.deleteIfExists(directory);
            }
        } catch (IOException e) {
            throw new IllegalStateException("cannot write the native library to a private temporary directory: " + e, e);
        }
    }
}
