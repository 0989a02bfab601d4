package org.shangmi.sdf;

import java.lang.ref.Cleaner;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * The sessions that hold the access right of one private key pair of the device: opened and
 * granted when the key is loaded (the password is not kept), handed to one caller at a time, and
 * released (the right, then the session) when the key is destroyed, becomes unreachable, or the
 * device closes.
 */
final class KeyAccess {

    private static final Cleaner CLEANER = Cleaner.create();

    /**
     * What must happen once: reachable from the cleaner without the key. It takes every session
     * back first, so that no right is released and no session closed under a call.
     */
    private static final class Grants implements Runnable {
        private final int index;
        private final int count;
        private final BlockingQueue<SdfSession> free;

        Grants(int index, int count, BlockingQueue<SdfSession> free) {
            this.index = index;
            this.count = count;
            this.free = free;
        }

        @Override
        public void run() {
            boolean interrupted = false;
            for (int i = 0; i < count; i++) {
                SdfSession session = null;
                while (session == null) {
                    try {
                        session = free.take();
                    } catch (InterruptedException e) {
                        interrupted = true;
                    }
                }
                if (session.isOpen()) {
                    try {
                        session.release(index);
                    } catch (SdfException | IllegalStateException e) {
                        // the session closes next, which ends the right on every device
                    }
                    session.close();
                }
            }
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** A call on a session that holds the right. */
    interface Call<T> {
        T on(SdfSession session) throws SdfException;
    }

    final int index;
    private final BlockingQueue<SdfSession> free;
    private final Cleaner.Cleanable cleanable;
    private volatile boolean destroyed;

    private KeyAccess(int index, List<SdfSession> sessions, Object owner) {
        this.index = index;
        this.free = new ArrayBlockingQueue<>(sessions.size(), true, sessions);
        this.cleanable = CLEANER.register(owner, new Grants(index, sessions.size(), free));
    }

    /**
     * Opens {@code config.keySessions} sessions and grants each the right to key pair {@code index}.
     * The password is not kept; the caller wipes it. On failure nothing stays open.
     */
    static KeyAccess grant(SdfDevice device, int index, char[] password, Object owner) throws SdfException {
        List<SdfSession> sessions = new ArrayList<>();
        try {
            for (int i = 0; i < device.config.keySessions; i++) {
                SdfSession session = device.openSession();
                sessions.add(session);
                session.grant(index, password);
            }
        } catch (SdfException | RuntimeException e) {
            for (SdfSession session : sessions) {
                session.close();
            }
            throw e;
        }
        return new KeyAccess(index, sessions, owner);
    }

    /** Runs {@code call} on one of the key's sessions, waiting while all are in use. */
    <T> T use(Call<T> call) throws SdfException {
        if (destroyed) {
            throw new IllegalStateException("the device key is destroyed");
        }
        SdfSession session = null;
        while (session == null) {
            try {
                // a destroyed key's sessions never come back: look again while waiting
                session = free.poll(100, TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while waiting for the device key", e);
            }
            if (session == null && destroyed) {
                throw new IllegalStateException("the device key is destroyed");
            }
        }
        try {
            if (destroyed || !session.isOpen()) {
                throw new IllegalStateException(destroyed ? "the device key is destroyed" : "the SDF device is closed");
            }
            return call.on(session);
        } finally {
            free.add(session);
        }
    }

    boolean isDestroyed() {
        return destroyed;
    }

    /** Releases the right and closes the sessions; a call in progress ends first on its own session. */
    void destroy() {
        destroyed = true;
        cleanable.clean();
    }
}
