package org.shangmi.cli;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * An output that appears whole or not at all. A file is written under a temporary name in its
 * own directory, created readable by its owner only when it holds a secret (rw-r--r--
 * otherwise), and renamed over the target by {@link #commit}: the rename replaces a link at the
 * target instead of writing through it, a file that existed keeps its content until the new one
 * is complete, and the new one has the new permissions. Closed without a commit, the temporary
 * file is deleted and the target left as it was. Standard output has no such guarantee: its
 * bytes go out as they come.
 */
final class OutputFile extends OutputStream {

    private final Path target;
    private final Path part;
    private final OutputStream out;
    private boolean committed;

    private OutputFile(Path target, Path part, OutputStream out) {
        this.target = target;
        this.part = part;
        this.out = out;
    }

    /** Standard output (or any stream), which committing flushes and closing leaves open. */
    static OutputFile of(OutputStream stream) {
        return new OutputFile(null, null, stream);
    }

    /** A new file that replaces {@code target} when committed. */
    static OutputFile create(Path target, boolean secret) throws IOException {
        Path absolute = target.toAbsolutePath();
        FileAttribute<?>[] attributes = FileSystems.getDefault().supportedFileAttributeViews().contains("posix")
                ? new FileAttribute<?>[] {PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString(
                        secret ? "rw-------" : "rw-r--r--"))}
                : new FileAttribute<?>[0];
        Path part;
        try {
            part = Files.createTempFile(absolute.getParent(), "." + absolute.getFileName() + ".", ".part", attributes);
        } catch (IOException e) {
            throw new IOException(target + ": " + DigestingCommand.describe(e), e);
        }
        return new OutputFile(target, part, Files.newOutputStream(part));
    }

    @Override
    public void write(int b) throws IOException {
        out.write(b);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        out.write(b, off, len);
    }

    /** Makes the output final: renames the file into place, or flushes standard output. */
    void commit() throws IOException {
        if (part == null) {
            out.flush();
            return;
        }
        out.close();
        try {
            Files.move(part, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new IOException(target + ": " + DigestingCommand.describe(e), e);
        }
        committed = true;
    }

    /** Deletes the temporary file unless committed; standard output is only flushed. */
    @Override
    public void close() throws IOException {
        if (part == null) {
            out.flush();
            return;
        }
        if (!committed) {
            try {
                out.close();
            } finally {
                Files.deleteIfExists(part);
            }
        }
    }
}
