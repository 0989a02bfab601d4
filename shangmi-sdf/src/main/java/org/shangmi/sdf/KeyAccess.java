package org.shangmi.sdf;

import java.lang.ref.Cleaner;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The sessions that hold the access right of one private key pair of the device: opened and
 * granted when the key is loaded (the password is not kept), each used by one caller at a time
 * (a lock per session), and released (the right, then the session) when the key is destroyed,
 * becomes unreachable, or the device closes. Releasing takes every session's lock first, so no
 * right is released and no session closed under a call.
 */
final class KeyAccess {

    private static final Cleaner CLEANER = Cleaner.create();

    /** A key pair's sessions and their locks: what the cleaner releases, reachable without the key. */
    private static final class Grants implements Runnable {
        final int index;
        final SdfSession[] sessions;
        final ReentrantLock[] locks;
        volatile boolean released;

        Grants(int index, List<SdfSession> sessions) {
            this.index = index;
            this.sessions = sessions.toArray(new SdfSession[0]);
            this.locks = new ReentrantLock[this.sessions.length];
            for (int i = 0; i < locks.length; i++) {
                locks[i] = new ReentrantLock(true);
            }
        }

        @Override
        public void run() {
            for (ReentrantLock lock : locks) {
                lock.lock();
            }
            try {
                if (released) {
                    return;
                }
                released = true;
                for (SdfSession session : sessions) {
                    if (session.isOpen()) {
                        try {
                            session.release(index);
                        } catch (SdfException | IllegalStateException e) {
                            // the session closes next, which ends the right on every device
                        }
                        session.close();
                    }
                }
            } finally {
                for (ReentrantLock lock : locks) {
                    lock.unlock();
                }
            }
        }
    }

    /** A call on a session that holds the right. */
    interface Call<T> {
        T on(SdfSession session) throws SdfException;
    }

    final int index;
    private final Grants grants;
    private final Cleaner.Cleanable cleanable;
    private final AtomicInteger next = new AtomicInteger();

    private KeyAccess(int index, List<SdfSession> sessions, Object owner) {
        this.index = index;
        this.grants = new Grants(index, sessions);
        this.cleanable = CLEANER.register(owner, grants);
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

    /** Runs {@code call} on a free session of the key's, else waits for one. */
    <T> T use(Call<T> call) throws SdfException {
        int count = grants.sessions.length;
        for (int i = 0; i < count; i++) {
            int chosen = Math.floorMod(next.getAndIncrement(), count);
            if (grants.locks[chosen].tryLock()) {
                return callLocked(chosen, call);
            }
        }
        int chosen = Math.floorMod(next.getAndIncrement(), count);
        grants.locks[chosen].lock();
        return callLocked(chosen, call);
    }

    /**
     * Runs {@code call} on the key's first session, waiting while it is in use: where the device
     * keeps what a call makes (a session key it unwrapped) for later calls on that session.
     */
    <T> T useFirst(Call<T> call) throws SdfException {
        grants.locks[0].lock();
        return callLocked(0, call);
    }

    /** With the lock of session {@code i} held; releases it. */
    private <T> T callLocked(int i, Call<T> call) throws SdfException {
        try {
            if (grants.released) {
                throw new IllegalStateException("the device key is destroyed");
            }
            if (!grants.sessions[i].isOpen()) {
                throw new IllegalStateException("the SDF device is closed");
            }
            return call.on(grants.sessions[i]);
        } finally {
            grants.locks[i].unlock();
        }
    }

    boolean isDestroyed() {
        return grants.released;
    }

    /** Releases the right and closes the sessions, after the calls in progress. */
    void destroy() {
        cleanable.clean();
    }
}
