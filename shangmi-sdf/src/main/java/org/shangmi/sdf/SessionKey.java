package org.shangmi.sdf;

import java.lang.ref.Cleaner;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The owner of one SM4 session key handle in the device. A handle belongs to the session that
 * made it: a key made or imported under a KEK has a session of its own; a key unwrapped with an
 * encryption key pair lives in that key's first session ({@link KeyAccess#useFirst}). The handle is
 * destroyed once ({@code SDF_DestroyKey}, which some libraries do not survive twice), then its own
 * session closed; on a session that has closed meanwhile nothing is called.
 */
final class SessionKey {

    private static final Cleaner CLEANER = Cleaner.create();

    /** A call with the key's session and handle. */
    interface Call<T> {
        T on(SdfSession session, long handle) throws SdfException;
    }

    /** Where the handle lives, and its release: reachable from the cleaner without the key. */
    private static final class Handle implements Runnable {
        final long handle;
        final SdfSession own;
        final KeyAccess access;
        final ReentrantLock lock = new ReentrantLock(true);
        boolean destroyed;

        Handle(long handle, SdfSession own, KeyAccess access) {
            this.handle = handle;
            this.own = own;
            this.access = access;
        }

        <T> T use(Call<T> call) throws SdfException {
            if (own != null) {
                lock.lock();
                try {
                    check();
                    return call.on(own, handle);
                } finally {
                    lock.unlock();
                }
            }
            return access.useFirst(session -> {
                check();
                return call.on(session, handle);
            });
        }

        private void check() {
            if (destroyed) {
                throw new IllegalStateException("the device key is destroyed");
            }
        }

        @Override
        public void run() {
            if (own != null) {
                lock.lock();
                try {
                    if (!destroyed) {
                        destroyed = true;
                        if (own.isOpen()) {
                            try {
                                own.destroyKey(handle);
                            } catch (SdfException | IllegalStateException e) {
                                // closing the session releases its keys too
                            }
                            own.close();
                        }
                    }
                } finally {
                    lock.unlock();
                }
                return;
            }
            try {
                access.useFirst(session -> {
                    if (!destroyed) {
                        destroyed = true;
                        session.destroyKey(handle);
                    }
                    return null;
                });
            } catch (SdfException | IllegalStateException e) {
                destroyed = true; // the key pair's sessions are gone, and the handle with them
            }
        }
    }

    private final Handle handle;
    private Cleaner.Cleanable cleanable;

    private SessionKey(Handle handle) {
        this.handle = handle;
    }

    /** A key whose handle lives in {@code session}, which it owns from now on. */
    static SessionKey owning(SdfSession session, long handle) {
        return new SessionKey(new Handle(handle, session, null));
    }

    /** A key whose handle lives in the first session of a key pair's access. */
    static SessionKey inKeyPair(KeyAccess access, long handle) {
        return new SessionKey(new Handle(handle, null, access));
    }

    /** Releases the handle when {@code owner}, the key object, becomes unreachable. Called once, by the owner. */
    void register(Object owner) {
        cleanable = CLEANER.register(owner, handle);
    }

    <T> T use(Call<T> call) throws SdfException {
        return handle.use(call);
    }

    boolean isDestroyed() {
        return handle.destroyed || (handle.access != null && handle.access.isDestroyed());
    }

    void destroy() {
        cleanable.clean();
    }

    /** Releases a handle no key object was made for (a failure between the device call and the key). */
    void abandon() {
        handle.run();
    }
}
