package org.shangmi.openssl.jni;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Locale;
import org.shangmi.core.util.NativePaths;

/**
 * Loads libshangmi-jni: from the path in {@code shangmi.jni.library}, or from the copy in this
 * jar (under {@code org/shangmi/openssl/jni/native/PLATFORM/}), written to a directory only this user may
 * enter and deleted once loaded.
 */
final class NativeLibrary {

    /** The system property naming a libshangmi-jni to load instead of the jar's. */
    static final String PATH_PROPERTY = "shangmi.jni.library";

    private static final String FILE = "libshangmi-jni.so";

    /**
     * Whether the library is loaded: a second copy, from another temporary file, would bind
     * native methods to a library whose libcrypto was never opened.
     */
    private static boolean loaded;

    private NativeLibrary() {
    }

    /**
     * The platforms a release carries the library for, by directory name: the release profile of
     * the pom requires each (JniCheckTest checks that the two lists agree).
     */
    static final List<String> PLATFORMS = List.of("linux-x86_64", "linux-aarch64");

    /** This platform's directory name, or null if the jar has no library for it. */
    static String platform() {
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
     * Loads the library, once per class loader however often it is called.
     *
     * @throws IllegalStateException saying why it cannot
     */
    static synchronized void load() {
        if (!loaded) {
            loadOnce();
            loaded = true;
        }
    }

    private static void loadOnce() {
        String path = System.getProperty(PATH_PROPERTY);
        if (path != null && !path.isBlank()) {
            try {
                // by path: System.load resolves any name, a descriptor's too, to the file's canonical path
                System.load(NativePaths.trusted(path).file().toString());
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(PATH_PROPERTY + "=" + path + ": " + e.getMessage(), e);
            }
            return;
        }
        String platform = platform();
        if (platform == null) {
            throw new IllegalStateException("no native library for " + System.getProperty("os.name") + " on "
                    + System.getProperty("os.arch"));
        }
        String resource = "native/" + platform + "/" + FILE;
        try (InputStream in = NativeLibrary.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("this build has no native library for " + platform
                        + " (built without a C compiler?); set " + PATH_PROPERTY + " to one");
            }
            Path directory = Files.createTempDirectory("shangmi-openssl-jni",
                    PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
            Path file = directory.resolve(FILE);
            try {
                Files.copy(in, file);
                System.load(file.toString());
            } finally {
                Files.deleteIfExists(file); // the mapping outlives the file
                Files.deleteIfExists(directory);
            }
        } catch (IOException e) {
            throw new IllegalStateException("cannot write the native library to a private temporary directory: " + e, e);
        }
    }
}
