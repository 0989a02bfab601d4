package org.shangmi.openssl.jni;

import java.util.List;
import org.shangmi.core.util.BundledLibraries;

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
    static final List<String> PLATFORMS = BundledLibraries.PLATFORMS;

    /** This platform's directory name, or null if the jar has no library for it. */
    static String platform() {
        return BundledLibraries.platform();
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
        BundledLibraries.load(NativeLibrary.class, FILE, PATH_PROPERTY, path -> System.load(path));
    }
}
