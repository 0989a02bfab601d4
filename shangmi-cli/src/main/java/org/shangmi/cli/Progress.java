package org.shangmi.cli;

import java.io.PrintWriter;

/**
 * A one-line progress bar on standard error for inputs large enough to make a user wait. Drawn
 * at most ten times a second; erased when done.
 */
final class Progress implements AutoCloseable {

    /** Inputs above this size get a bar. */
    static final long THRESHOLD = 64L << 20;
    private static final long REDRAW_NANOS = 100_000_000L;
    private static final int WIDTH = 30;
    /** Draws nothing: for inputs of unknown size, such as standard input. */
    static final Progress NONE = new Progress(null, "", 0);

    private final PrintWriter err;
    private final String name;
    private final long size;
    private final long start = System.nanoTime();
    private long done;
    private long lastDraw;
    private boolean drawn;

    private Progress(PrintWriter err, String name, long size) {
        this.err = err;
        this.name = name;
        this.size = size;
    }

    /** A bar for {@code size} bytes of {@code name}, or one that draws nothing if it is not worth it. */
    static Progress start(PrintWriter err, boolean terminal, String name, long size) {
        return terminal && size > THRESHOLD ? new Progress(err, name, size) : NONE;
    }

    void advance(long bytes) {
        if (err == null) {
            return;
        }
        done += bytes;
        long now = System.nanoTime();
        if (now - lastDraw >= REDRAW_NANOS) {
            lastDraw = now;
            draw(now);
        }
    }

    private void draw(long now) {
        int percent = (int) (100 * Math.min(done, size) / size);
        int filled = WIDTH * percent / 100;
        double seconds = Math.max(1e-9, (now - start) / 1e9);
        err.printf("\r%s [%s%s] %3d%% %7.1f MB/s", name, "#".repeat(filled), ".".repeat(WIDTH - filled), percent,
                done / seconds / 1e6);
        err.flush();
        drawn = true;
    }

    @Override
    public void close() {
        if (drawn) {
            err.print("\r\033[K");
            err.flush();
        }
    }
}
