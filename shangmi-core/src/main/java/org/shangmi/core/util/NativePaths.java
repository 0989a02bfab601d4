package org.shangmi.core.util;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The rule for native libraries named by a system property, which both native backends load
 * ({@code shangmi.openssl.path}, {@code shangmi.jni.library}): nobody but the current user and
 * root may be able to put code into this JVM through the file.
 *
 * <p>The rule, on systems with POSIX owners (Linux, macOS):
 * <ul>
 * <li>the path is absolute and, links followed, names a regular file;
 * <li>the file belongs to the current user or to root, and neither its group nor others may
 *     write it;
 * <li>every folder above it, up to {@code /}, belongs to the current user or to root, and neither
 *     its group nor others may write it, unless it is sticky (as {@code /tmp} is): in a sticky
 *     folder others may add entries but not rename or remove ours, and the entry below it is
 *     checked in turn. A folder others may write without the sticky bit would let them swap the
 *     file or a folder on the way for their own; a folder of another user, the same by a chmod.
 * </ul>
 *
 * <p>On Linux the check and the load see the same file: the file is opened, the descriptor's file
 * (through {@code /proc/self/fd/N}, which names the open file, not a path) is the one checked, and
 * the path must still lead to it after the folders were checked. A loader that takes a name as is
 * (dlopen through FFM's {@code SymbolLookup.libraryLookup(String, Arena)}, or from C) loads
 * {@link Library#loadName()}, the descriptor's name, so that renaming another file into place
 * after the check changes nothing. The descriptor stays open for the life of the process: the
 * dynamic linker knows a loaded library by that name, which must never come to mean another file.
 *
 * <p>What it does not cover: {@code System.load} resolves any name to the file's path again
 * (File.getCanonicalPath) before it loads, so a JNI library is loaded by path; between the check
 * and the load only the current user and root could change it, which is the rule's premise. The
 * libraries the loaded file needs are found by the dynamic linker's own rules. Where there are no
 * POSIX owners (Windows) only the first point is checked; elsewhere without {@code /proc} the
 * file is checked by path and loaded by path.
 */
public final class NativePaths {

    /** The sticky bit and the write bits of group and others, of st_mode. */
    private static final int STICKY = 01000;
    private static final int GROUP_OTHERS_WRITE = 0022;
    private static final Path FDS = Path.of("/proc/self/fd");

    /** Libraries found trusted, by real path, with their descriptors open for the life of the process. */
    private static final Map<Path, Library> OPEN = new HashMap<>();
    /**
     * Libraries whose path has since led to another file: kept, so that their descriptors stay
     * open and no later file gets a number that names an already loaded library.
     */
    private static final List<Library> REPLACED = new ArrayList<>();
    private static final SecureRandom MARKERS = new SecureRandom();

    private NativePaths() {
    }

    /**
     * A library file that passed the rule: its real path, and the name to load it by (a
     * {@code /proc/self/fd/N} of a descriptor kept open, or the path where there is none).
     */
    public static final class Library {
        private final Path file;
        private final String loadName;
        private final Object key;
        @SuppressWarnings("unused") // held so that the descriptor, and so its number, stays the file's
        private final FileChannel channel;

        private Library(Path file, String loadName, Object key, FileChannel channel) {
            this.file = file;
            this.loadName = loadName;
            this.key = key;
            this.channel = channel;
        }

        /** The file's real path, for messages. */
        public Path file() {
            return file;
        }

        /** The name to give dlopen: the open descriptor's {@code /proc/self/fd/N} on Linux, else the real path. */
        public String loadName() {
            return loadName;
        }

        @Override
        public String toString() {
            return file.toString();
        }
    }

    /**
     * The library a path names, if it may be loaded (see the class comment).
     *
     * @throws IllegalArgumentException if it may not, saying why
     */
    public static Library trusted(String path) {
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
        if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
            throw new IllegalArgumentException(file + " is not a regular file");
        }
        if (!file.getFileSystem().supportedFileAttributeViews().contains("unix")) {
            return new Library(file, file.toString(), null, null);
        }
        int me = currentUid();
        for (Path folder = file.getParent(); folder != null; folder = folder.getParent()) {
            checkFolder(folder, me);
        }
        if (!Files.isDirectory(FDS)) {
            Map<String, Object> attributes = attributes(file, file);
            checkFile(file, attributes, me);
            return new Library(file, file.toString(), attributes.get("ino"), null);
        }
        synchronized (OPEN) {
            Library open = OPEN.get(file);
            if (open != null && sameFile(open, file, me)) {
                return open;
            }
            Library opened = open(file, me);
            Library previous = OPEN.put(file, opened);
            if (previous != null) {
                REPLACED.add(previous);
            }
            return opened;
        }
    }

    /** Whether a library opened before is still the file at its path, and still passes the rule. */
    private static boolean sameFile(Library open, Path file, int me) {
        Map<String, Object> now = attributes(file, file);
        Map<String, Object> held = attributes(Path.of(open.loadName), file);
        checkFile(file, held, me);
        return key(held).equals(open.key) && key(now).equals(open.key);
    }

    /** Opens the file, checks the opened file, and that the path (whose folders were checked) still leads to it. */
    private static Library open(Path file, int me) {
        FileChannel channel;
        try {
            channel = FileChannel.open(file, StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS);
        } catch (IOException e) {
            throw new IllegalArgumentException(file + ": " + e);
        }
        try {
            String descriptor = descriptorOf(channel, file);
            Map<String, Object> opened = attributes(Path.of(descriptor), file);
            checkFile(file, opened, me);
            if (!key(attributes(file, file)).equals(key(opened))) {
                throw new IllegalArgumentException(file + " was replaced while it was checked; refusing to load it");
            }
            return new Library(file, descriptor, key(opened), channel);
        } catch (RuntimeException e) {
            close(channel);
            throw e;
        }
    }

    /**
     * The {@code /proc/self/fd/N} of {@code channel}, which Java does not tell: the channel is set
     * to a random position past the end of the file (below 2^31 + size, which every file system
     * allows), and the descriptor of this file at that position ({@code /proc/self/fdinfo/N}) is
     * the one. Loading through the name opens the file anew, so the position matters to nobody.
     */
    private static String descriptorOf(FileChannel channel, Path file) {
        try {
            long marker = channel.size() + 1 + MARKERS.nextInt(1 << 30);
            channel.position(marker);
            try (DirectoryStream<Path> descriptors = Files.newDirectoryStream(FDS)) {
                for (Path descriptor : descriptors) {
                    Path target;
                    try {
                        target = Files.readSymbolicLink(descriptor);
                    } catch (IOException e) {
                        continue; // closed meanwhile by another thread
                    }
                    if (target.equals(file) && position(descriptor.getFileName().toString()) == marker) {
                        return descriptor.toString();
                    }
                }
            }
        } catch (IOException e) {
            throw new IllegalArgumentException(file + ": cannot find its open descriptor in " + FDS + ": " + e);
        }
        throw new IllegalArgumentException(file + ": cannot find its open descriptor in " + FDS);
    }

    /** The file position of a descriptor of this process, from {@code /proc/self/fdinfo}, or −1. */
    private static long position(String descriptor) {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/fdinfo", descriptor))) {
                if (line.startsWith("pos:")) {
                    return Long.parseLong(line.substring(4).trim());
                }
            }
        } catch (IOException | NumberFormatException e) {
            // closed meanwhile, or not a file
        }
        return -1;
    }

    private static void checkFile(Path file, Map<String, Object> attributes, int me) {
        int mode = (Integer) attributes.get("mode");
        int owner = (Integer) attributes.get("uid");
        if ((mode & 0170000) != 0100000) {
            throw new IllegalArgumentException(file + " is not a regular file");
        }
        if (owner != me && owner != 0) {
            throw new IllegalArgumentException(file + " belongs to uid " + owner + ", neither this user (uid " + me
                    + ") nor root; refusing to load it");
        }
        if ((mode & GROUP_OTHERS_WRITE) != 0) {
            throw new IllegalArgumentException(file + " is writable by its group or by others ("
                    + permissions(mode) + "); refusing to load it");
        }
    }

    private static void checkFolder(Path folder, int me) {
        Map<String, Object> attributes = attributes(folder, folder);
        int mode = (Integer) attributes.get("mode");
        int owner = (Integer) attributes.get("uid");
        if (owner != me && owner != 0) {
            throw new IllegalArgumentException("the folder " + folder + " belongs to uid " + owner + ", neither this user (uid "
                    + me + ") nor root; refusing to load a library from it");
        }
        if ((mode & GROUP_OTHERS_WRITE) != 0 && (mode & STICKY) == 0) {
            throw new IllegalArgumentException("the folder " + folder + " is writable by its group or by others ("
                    + permissions(mode) + ") and not sticky; refusing to load a library from it");
        }
    }

    /** st_mode, st_uid, st_dev and st_ino of {@code path} (links followed, so /proc/self/fd/N gives its file's). */
    private static Map<String, Object> attributes(Path path, Path named) {
        try {
            return Files.readAttributes(path, "unix:mode,uid,dev,ino");
        } catch (IOException | UnsupportedOperationException e) {
            throw new IllegalArgumentException(named + ": " + e);
        }
    }

    /** The identity of a file: its device and inode. */
    private static Object key(Map<String, Object> attributes) {
        return attributes.get("dev") + ":" + attributes.get("ino");
    }

    private static String permissions(int mode) {
        Set<PosixFilePermission> permissions = EnumSet.noneOf(PosixFilePermission.class);
        PosixFilePermission[] all = PosixFilePermission.values(); // OWNER_READ .. OTHERS_EXECUTE, bits 0400 .. 0001
        for (int i = 0; i < all.length; i++) {
            if ((mode & (0400 >> i)) != 0) {
                permissions.add(all[i]);
            }
        }
        return PosixFilePermissions.toString(permissions);
    }

    /**
     * The effective uid of this process: from {@code /proc/self/status} on Linux, else the owner
     * of a file it creates.
     */
    private static int currentUid() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("Uid:")) {
                    return Integer.parseInt(line.substring(4).trim().split("\\s+")[1]);
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux: fall through
        }
        try {
            Path probe = Files.createTempFile("shangmi-uid", null);
            try {
                return (Integer) Files.getAttribute(probe, "unix:uid");
            } finally {
                Files.delete(probe);
            }
        } catch (IOException | RuntimeException e) {
            throw new IllegalArgumentException("cannot tell this process's uid: " + e);
        }
    }

    private static void close(FileChannel channel) {
        try {
            channel.close();
        } catch (IOException e) {
            // nothing was loaded through it
        }
    }
}
