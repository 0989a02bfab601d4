package org.shangmi.core.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** The process's resident set (VmRSS on Linux), for the soak tests of the native backends. */
public final class ResidentMemory {

    private ResidentMemory() {
    }

    /** VmRSS after the garbage has been collected and the Cleaners have caught up. */
    public static long settled() throws Exception {
        long previous = Long.MAX_VALUE;
        for (int i = 0; i < 20; i++) {
            System.gc();
            Thread.sleep(100);
            long rss = now();
            if (Math.abs(previous - rss) < (256 << 10)) {
                return rss;
            }
            previous = rss;
        }
        return previous;
    }

    /** VmRSS now, in bytes. */
    public static long now() throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
            if (line.startsWith("VmRSS:")) {
                return Long.parseLong(line.replaceAll("[^0-9]", "")) << 10;
            }
        }
        throw new IOException("no VmRSS in /proc/self/status");
    }
}
