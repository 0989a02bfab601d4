package org.shangmi.core.testing;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.shangmi.core.backend.Algorithm;
import org.shangmi.core.backend.BackendService;
import org.shangmi.core.backend.CipherEngine;
import org.shangmi.core.backend.CipherMode;
import org.shangmi.core.backend.MacEngine;

/**
 * A native backend's engines destroyed while other threads are inside long updates on them, a
 * misuse that must end in {@link IllegalStateException} and never in C using freed memory. Run in
 * a JVM of its own (see {@link Forked}), since a use after free may crash the JVM: prints
 * "ok ROUNDS" and exits with 0, or prints what went wrong and exits with 1.
 *
 * <p>Arguments: the backend's class name and the number of rounds. Each round starts a thread
 * per engine (SM4-ECB and HMAC-SM3), each updating 256 KiB at a time (16 native chunks) until its
 * engine refuses, then destroys both engines a random fraction of a millisecond after both threads
 * are running: almost always while a chunk loop is under way.
 */
public final class DestroyRace {

    private static final int INPUT = 256 * 1024;

    private DestroyRace() {
    }

    public static void main(String[] args) throws Exception {
        BackendService backend = (BackendService) Class.forName(args[0]).getConstructor().newInstance();
        backend.load();
        int rounds = Integer.parseInt(args[1]);
        byte[] input = new byte[INPUT];
        Random random = new Random(rounds);
        List<String> failures = new ArrayList<>();
        for (int round = 0; round < rounds && failures.isEmpty(); round++) {
            CipherEngine sm4 = backend.newSm4(CipherMode.ECB, true, new byte[16], null);
            MacEngine hmac = backend.newMac(Algorithm.HMAC_SM3);
            hmac.init(new byte[16], 0, 16);
            byte[] output = new byte[INPUT];
            Hammer cipher = new Hammer("SM4-ECB", () -> sm4.update(input, 0, INPUT, output, 0));
            Hammer mac = new Hammer("HmacSM3", () -> hmac.update(input, 0, INPUT));
            cipher.start();
            mac.start();
            while (cipher.calls == 0 || mac.calls == 0) {
                Thread.onSpinWait();
            }
            LockSupport.parkNanos(random.nextInt(1_000_000));
            sm4.destroy();
            hmac.destroy();
            for (Hammer hammer : List.of(cipher, mac)) {
                hammer.join(TimeUnit.SECONDS.toMillis(30));
                if (hammer.isAlive()) {
                    failures.add("round " + round + ": " + hammer.getName() + " still runs after destroy()");
                } else if (!(hammer.ended instanceof IllegalStateException)) {
                    failures.add("round " + round + ": " + hammer.getName() + " ended with " + hammer.ended);
                }
            }
        }
        if (!failures.isEmpty()) {
            failures.forEach(System.out::println);
            System.exit(1);
        }
        System.out.println("ok " + rounds);
    }

    /** Calls one update until it throws; keeps what it threw. */
    private static final class Hammer extends Thread {
        private final Runnable update;
        volatile long calls;
        volatile Throwable ended;

        Hammer(String name, Runnable update) {
            super(name);
            this.update = update;
            setDaemon(true);
        }

        @Override
        public void run() {
            try {
                for (;;) {
                    update.run();
                    calls++;
                }
            } catch (Throwable t) {
                ended = t;
            }
        }
    }
}
