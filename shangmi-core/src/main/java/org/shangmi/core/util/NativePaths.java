package org.shangmi.core.util;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;

/** The rule for native libraries named by a system property, which both native backends load. */
public final class NativePaths {

    private NativePaths() {
    }

    /**
     * The file a path names, if it may be loaded: an absolute path to a regular file (links
     * followed) that only its owner may write, so that nobody else can put code into this JVM.
     *
     * @throws IllegalArgumentException if it may not, saying why
     */
    public static Path trusted(String path) {
        Path given = Path.of(path);
        if (!given.isAbsolute()) {
            throw new IllegalArgumentException("the library path must be absolute");
        }
        Path file;
        try {
            file = given.toRealPath();
        } catch (IOException e) {
            throw new IllegalArgumentException(e instanceof NoSuchFileException ? "no such file" : e.toString());
        }
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException(file + " is not a regular file");
        }
        if (file.getFileSystem().supportedFileAttributeViews().contains("posix")) {
            Set<PosixFilePermission> permissions;
            try {
                permissions = Files.getPosixFilePermissions(file);
            } catch (IOException e) {
                throw new IllegalArgumentException(file + ": " + e);
            }
            if (permissions.contains(PosixFilePermission.GROUP_WRITE) || permissions.contains(PosixFilePermission.OTHERS_WRITE)) {
                throw new IllegalArgumentException(file + " is writable by its group or by others ("
                        + PosixFilePermissions.toString(permissions) + "); refusing to load it");
            }
        }
        return file;
    }
}
