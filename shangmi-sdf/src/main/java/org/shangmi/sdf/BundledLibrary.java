package org.shangmi.sdf;

import org.shangmi.core.util.BundledLibraries;

/**
 * Loads libshangmi-sdf-jni once per class loader: from the path in {@value #PATH_PROPERTY}, or
 * from the copy in this jar (under {@code org/shangmi/sdf/native/PLATFORM/}).
 */
final class BundledLibrary {

    /** The system property naming a libshangmi-sdf-jni to load instead of the jar's. */
    static final String PATH_PROPERTY = "shangmi.sdf.jni.library";

    private static final String FILE = "libshangmi-sdf-jni.so";

    private static boolean loaded;

    private BundledLibrary() {
    }

    static synchronized void load() {
        if (!loaded) {
            BundledLibraries.load(BundledLibrary.class, FILE, PATH_PROPERTY, path -> System.load(path));
            loaded = true;
        }
    }
}
