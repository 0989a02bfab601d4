package org.shangmi.cli;

import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import javax.crypto.NoSuchPaddingException;

/**
 * The timing of {@code shangmi speed}: each operation and column is warmed up, then timed in
 * three rounds on every thread at once, each thread with its own objects. The rounds give the
 * table its spread, so a noisy machine shows as a wide range rather than as a confident figure.
 * Owns the threads; close it to stop them.
 */
final class SpeedMeasurement implements AutoCloseable {

    private static final int ROUNDS = 3;

    private final int threads;
    private final double seconds;
    private final ExecutorService pool;

    /** {@code threads} at once, each operation and column timed for {@code seconds} after as long again of warm-up. */
    SpeedMeasurement(int threads, double seconds) {
        this.threads = threads;
        this.seconds = seconds;
        this.pool = Executors.newFixedThreadPool(threads, runnable -> {
            Thread thread = new Thread(runnable, "shangmi-speed");
            thread.setDaemon(true);
            return thread;
        });
    }

    /**
     * The median and spread (min, max) of the rounds, summed over the threads: MB/s or operations
     * per second. Null when a peer does not offer the operation, or fails at it ({@code failures}
     * then says how); a failure of ours ends the run.
     */
    double[] measure(SpeedOperation operation, SpeedSubject subject, List<String> failures) throws Exception {
        try {
            List<SpeedOperation.Workload> workloads = new ArrayList<>();
            for (int i = 0; i < threads; i++) {
                workloads.add(operation.workload(subject));
            }
            runAll(workloads, seconds); // warm-up, so that the rounds time compiled code
            double[] rates = new double[ROUNDS];
            for (int round = 0; round < ROUNDS; round++) {
                rates[round] = runAll(workloads, seconds / ROUNDS) * (operation.perByte() ? operation.bytes() / 1e6 : 1);
            }
            Arrays.sort(rates);
            return new double[] {rates[ROUNDS / 2], rates[0], rates[ROUNDS - 1]};
        } catch (NoSuchAlgorithmException | NoSuchPaddingException e) {
            if (subject.shangmi() && operation.servedBy(subject)) {
                throw e;
            }
            return null; // a peer without the algorithm, or a backend that does not serve it
        } catch (Exception e) {
            if (subject.shangmi()) {
                throw e;
            }
            failures.add(subject.id() + " failed at " + operation.name() + ": " + e);
            return null;
        }
    }

    /** Runs every workload on its own thread for about {@code duration} seconds; returns their calls per second, summed. */
    private double runAll(List<SpeedOperation.Workload> workloads, double duration) throws Exception {
        List<Future<Double>> futures = new ArrayList<>();
        for (SpeedOperation.Workload workload : workloads) {
            futures.add(pool.submit(() -> runFor(workload, duration)));
        }
        double sum = 0;
        for (Future<Double> future : futures) {
            try {
                sum += future.get();
            } catch (ExecutionException e) {
                throw e.getCause() instanceof Exception cause ? cause : e;
            }
        }
        return sum;
    }

    /** Runs the workload for about {@code duration} seconds; returns calls per second. */
    private static double runFor(SpeedOperation.Workload workload, double duration) throws Exception {
        long budget = (long) (duration * 1e9);
        long start = System.nanoTime();
        long calls = 0;
        long elapsed;
        do {
            workload.run();
            calls++;
            elapsed = System.nanoTime() - start;
        } while (elapsed < budget);
        return calls / (elapsed / 1e9);
    }

    /** Stops the threads, even in the middle of a round. */
    @Override
    public void close() {
        pool.shutdownNow();
    }
}
