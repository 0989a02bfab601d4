package org.shangmi.core.util;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The rule for libraries named by a property: the file and every folder above it belong to this
 * user or root and nobody else may write them (a sticky folder excepted), and on Linux the name to
 * load is the checked file's open descriptor. Files of another user are made with chown, so those
 * cases need root (as the project's machines and CI run); folders are made under JUnit's temporary
 * folder, which lies in /tmp (root's, sticky).
 */
class NativePathsTest {

    private static final int NOBODY = 65534;

    @TempDir
    Path temporary;
    private Path folder;
    private Path library;

    @BeforeEach
    void library() throws IOException {
        assumeTrue(Files.isDirectory(Path.of("/proc/self/fd")), "Linux only");
        folder = Files.createDirectory(temporary.resolve("lib"));
        mode(folder, 0755);
        library = Files.writeString(folder.resolve("libexample.so"), "the checked file");
        mode(library, 0644);
    }

    @Test
    void aFileOnlyItsOwnerMayWriteInFoldersOnlyTheirOwnersMayWriteIsLoadedThroughItsDescriptor() throws IOException {
        NativePaths.Library checked = NativePaths.trusted(library.toString());
        assertEquals(library.toRealPath(), checked.file());
        assertTrue(checked.loadName().matches("/proc/self/fd/\\d+"), checked.loadName());
        assertTrue(Files.isSameFile(library, Path.of(checked.loadName())));
        assertEquals(checked.loadName(), NativePaths.trusted(library.toString()).loadName(), "one descriptor per file");
    }

    @Test
    void aLinkIsFollowedAndTheFileItLeadsToChecked() throws IOException {
        Path link = Files.createSymbolicLink(temporary.resolve("link.so"), library);
        assertEquals(library.toRealPath(), NativePaths.trusted(link.toString()).file());
        mode(library, 0664);
        assertRefused(link, "libexample.so is writable by its group or by others (rw-rw-r--); refusing to load it");
    }

    @Test
    void aFolderOthersMayWriteIsRefused() throws IOException {
        mode(folder, 0777);
        assertRefused(library, "the folder " + folder.toRealPath()
                + " is writable by its group or by others (rwxrwxrwx) and not sticky; refusing to load a library from it");
        mode(folder, 0775);
        assertRefused(library, "(rwxrwxr-x) and not sticky");
    }

    /** Others may add entries to a sticky folder but not rename or remove this user's, so it may hold the path (as /tmp does). */
    @Test
    void aStickyFolderOthersMayWriteIsAccepted() throws IOException {
        mode(folder, 01777);
        assertEquals(01777, (Integer) Files.getAttribute(folder, "unix:mode") & 07777);
        assertEquals(library.toRealPath(), NativePaths.trusted(library.toString()).file());
    }

    @Test
    void aFileOfAnotherUserIsRefused() throws IOException {
        assumeRoot();
        Files.setAttribute(library, "unix:uid", NOBODY);
        assertRefused(library, "libexample.so belongs to uid 65534, neither this user (uid 0) nor root; refusing to load it");
    }

    @Test
    void aFolderOfAnotherUserIsRefused() throws IOException {
        assumeRoot();
        Files.setAttribute(folder, "unix:uid", NOBODY);
        assertRefused(library, "the folder " + folder.toRealPath()
                + " belongs to uid 65534, neither this user (uid 0) nor root; refusing to load a library from it");
    }

    @Test
    void aFileWritableByItsGroupIsRefused() throws IOException {
        mode(library, 0620);
        assertRefused(library, "is writable by its group or by others (rw--w----); refusing to load it");
    }

    @Test
    void onlyAbsolutePathsToRegularFiles() {
        assertEquals("the library path must be absolute",
                assertThrows(IllegalArgumentException.class, () -> NativePaths.trusted("libexample.so")).getMessage());
        assertEquals("no such file", assertThrows(IllegalArgumentException.class,
                () -> NativePaths.trusted(folder.resolve("none.so").toString())).getMessage());
        assertTrue(assertThrows(IllegalArgumentException.class, () -> NativePaths.trusted(folder.toString()))
                .getMessage().endsWith(" is not a regular file"));
    }

    /**
     * A file renamed over the checked one after the check is not what the load name gives: the
     * descriptor names the file that was checked. A new check finds the new file.
     */
    @Test
    void aFileSwappedInAfterTheCheckIsNotWhatIsLoaded() throws IOException {
        NativePaths.Library checked = NativePaths.trusted(library.toString());
        Path other = Files.writeString(folder.resolve("other.so"), "another file");
        Files.move(other, library, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        assertArrayEquals("the checked file".getBytes(StandardCharsets.UTF_8), Files.readAllBytes(Path.of(checked.loadName())));
        NativePaths.Library again = NativePaths.trusted(library.toString());
        assertNotEquals(checked.loadName(), again.loadName());
        assertArrayEquals("another file".getBytes(StandardCharsets.UTF_8), Files.readAllBytes(Path.of(again.loadName())));
    }

    private static void assertRefused(Path path, String reason) {
        String message = assertThrows(IllegalArgumentException.class, () -> NativePaths.trusted(path.toString())).getMessage();
        assertTrue(message.contains(reason), message);
    }

    private static void mode(Path path, int mode) throws IOException {
        Files.setAttribute(path, "unix:mode", mode);
    }

    private static void assumeRoot() throws IOException {
        assumeTrue(Files.readAllLines(Path.of("/proc/self/status")).stream().anyMatch(l -> l.matches("Uid:\\s+\\d+\\s+0\\s.*")),
                "chown needs root");
    }
}
