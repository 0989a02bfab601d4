package org.shangmi.tls.tlcp;

import java.time.Duration;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * One timer thread for every socket's handshake deadline. Its tasks only close transports (which
 * never waits for a lock), so one thread serves any number of connections; cancelled tasks leave
 * its queue at once, and the thread ends when no deadline is pending.
 */
final class Deadlines {

    private static final ScheduledThreadPoolExecutor TIMER = timer();

    private Deadlines() {
    }

    private static ScheduledThreadPoolExecutor timer() {
        ScheduledThreadPoolExecutor timer = new ScheduledThreadPoolExecutor(1, task -> {
            Thread thread = new Thread(task, "ShangMiTLS handshake deadlines");
            thread.setDaemon(true);
            thread.setContextClassLoader(null); // holds no application's class loader
            return thread;
        });
        timer.setRemoveOnCancelPolicy(true);
        timer.setKeepAliveTime(10, TimeUnit.SECONDS);
        timer.allowCoreThreadTimeOut(true);
        return timer;
    }

    /** Runs {@code action} after {@code delay} unless the returned future is cancelled first. */
    static Future<?> schedule(Duration delay, Runnable action) {
        return TIMER.schedule(action, Math.max(0, delay.toNanos()), TimeUnit.NANOSECONDS);
    }

    /** "30 s", or "250 ms" when not a whole number of seconds. */
    static String describe(Duration duration) {
        return duration.toMillis() % 1000 == 0 ? duration.toSeconds() + " s" : duration.toMillis() + " ms";
    }
}
