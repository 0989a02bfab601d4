package org.shangmi.sdf;

import java.lang.reflect.InvocationTargetException;
import java.security.ProviderException;
import java.util.ArrayDeque;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.Semaphore;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReentrantLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import org.shangmi.core.util.NativePaths;

/**
 * One open device: the owner of its handle and of every session opened on it. Calls enter through
 * {@link #enter()}: a shared hold on the device's life (so that {@link #close()} never closes a
 * handle under a call) and, when the configuration says {@code serialize}, the one lock that lets a
 * single call into the library at a time (SoftSDF keeps unlocked global lists). Sessions for
 * key-less work come from a pool of {@code sessions}; each loaded private key has sessions of its
 * own ({@link #openSession()}), since a key's access right belongs to a session.
 */
final class SdfDevice implements AutoCloseable {

    final SdfBinding binding;
    final SdfConfig config;
    private final long handle;
    private final ReentrantReadWriteLock life = new ReentrantReadWriteLock();
    /** The library's one lock when the configuration serializes (shared by every device of that library), else null. */
    private final Lock serial;
    private final Semaphore permits;
    private final ArrayDeque<SdfSession> idle = new ArrayDeque<>();
    private final Set<SdfSession> open = new HashSet<>();
    /** Written under the write lock; read without a lock, so that no monitor holder waits on the device. */
    private volatile boolean closed;

    /** One lock per library file: a library's global state is one, however many devices are configured on it. */
    private static final java.util.Map<java.nio.file.Path, Lock> LIBRARY_LOCKS = new java.util.HashMap<>();

    private static synchronized Lock libraryLock(java.nio.file.Path library) {
        return LIBRARY_LOCKS.computeIfAbsent(library, file -> new ReentrantLock());
    }

    /** The library's lock, for opening and closing its devices. */
    private final Lock libraryLock;

    private SdfDevice(SdfBinding binding, SdfConfig config, long handle, Lock libraryLock) {
        this.binding = binding;
        this.config = config;
        this.handle = handle;
        this.libraryLock = libraryLock;
        this.serial = config.serialize ? libraryLock : null;
        this.permits = new Semaphore(config.sessions, true);
    }

    /**
     * Loads the configured library and opens the device.
     *
     * @throws IllegalArgumentException if the library cannot be loaded or is not an SDF library, saying why
     * @throws SdfException if the device does not open
     */
    static SdfDevice open(SdfConfig config) throws SdfException {
        NativePaths.Library library = trusted(config);
        SdfBinding binding = bind(config, library);
        Lock serial = libraryLock(library.file());
        long[] device = new long[1];
        int rc;
        serial.lock(); // opening and closing devices are library-wide, serialized or not
        try {
            rc = binding.openDevice(device);
        } finally {
            serial.unlock();
        }
        if (rc != SdfError.SDR_OK) {
            throw new SdfException("OpenDevice", rc);
        }
        if (device[0] == 0) {
            throw new SdfException("OpenDevice", SdfError.SDR_OPENDEVICE.code);
        }
        return new SdfDevice(binding, config, device[0], serial);
    }

    private static NativePaths.Library trusted(SdfConfig config) {
        try {
            return NativePaths.trusted(config.library);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("the SDF library " + config.library + " cannot be loaded: " + e.getMessage(), e);
        }
    }

    private static SdfBinding bind(SdfConfig config, NativePaths.Library library) {
        int feature = Runtime.version().feature();
        if (config.binding.equals("ffm") && feature < 22) {
            throw new IllegalArgumentException("binding = ffm needs JDK 22 or later; this is JDK " + feature + " (use jni or auto)");
        }
        boolean ffm = feature >= 22 && !config.binding.equals("jni");
        SdfBinding binding;
        try {
            binding = ffm ? ffm(library.loadName()) : new JniSdfBinding(library.loadName());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("the SDF library " + config.library + " cannot be loaded: " + e.getMessage(), e);
        }
        if (!binding.exports("OpenDevice") || !binding.exports("OpenSession")) {
            throw new IllegalArgumentException("the library " + config.library
                    + " is not an SDF (GM/T 0018) library: it exports no SDF_OpenDevice or SDF_OpenSession");
        }
        return binding;
    }

    /** The FFM binding, whose class files are for JDK 22: named only here, on a JDK that can load them. */
    private static SdfBinding ffm(String loadName) {
        try {
            return (SdfBinding) Class.forName("org.shangmi.sdf.FfmSdfBinding").getDeclaredConstructor(String.class)
                    .newInstance(loadName);
        } catch (InvocationTargetException e) {
            if (e.getCause() instanceof RuntimeException runtime) {
                throw runtime;
            }
            throw new IllegalStateException(e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("the FFM binding of ShangMiSDF is missing from this build", e);
        }
    }

    /** Begins a call: refuses once closed. Pair with {@link #exit()}. */
    void enter() {
        life.readLock().lock();
        if (closed) {
            life.readLock().unlock();
            throw new IllegalStateException("the SDF device is closed");
        }
        if (serial != null) {
            serial.lock();
        }
    }

    void exit() {
        if (serial != null) {
            serial.unlock();
        }
        life.readLock().unlock();
    }

    /** A session of the pool, waiting while all are out. Give it back with {@link #giveBack}. */
    SdfSession borrow() throws SdfException {
        try {
            permits.acquire();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ProviderException("interrupted while waiting for an SDF session", e);
        }
        synchronized (idle) {
            SdfSession session = idle.poll();
            if (session != null) {
                return session;
            }
        }
        try {
            return openSession();
        } catch (SdfException | RuntimeException e) {
            permits.release();
            throw e;
        }
    }

    void giveBack(SdfSession session) {
        synchronized (idle) {
            if (session.isOpen()) {
                idle.push(session);
            }
        }
        permits.release();
    }

    /** A new session, owned by the caller (closed by it, or by {@link #close()}). */
    SdfSession openSession() throws SdfException {
        long[] slot = new long[1];
        enter();
        try {
            int rc = binding.openSession(handle, slot);
            if (rc != SdfError.SDR_OK) {
                throw new SdfException("OpenSession", rc);
            }
            if (slot[0] == 0) {
                throw new SdfException("OpenSession", SdfError.SDR_OPENSESSION.code);
            }
            SdfSession session = new SdfSession(this, slot[0]);
            synchronized (open) {
                open.add(session);
            }
            return session;
        } finally {
            exit();
        }
    }

    /** Sessions open on the device now (for tests: none may be left behind). */
    int openSessions() {
        synchronized (open) {
            return open.size();
        }
    }

    /** Called by a session that closed itself. */
    void forget(SdfSession session) {
        synchronized (open) {
            open.remove(session);
        }
    }

    boolean isClosed() {
        return closed;
    }

    /** Closes every session still open, then the device; waits for calls in progress. Idempotent. */
    @Override
    public void close() {
        life.writeLock().lock();
        try {
            if (closed) {
                return;
            }
            closed = true;
            SdfSession[] sessions;
            synchronized (open) {
                sessions = open.toArray(new SdfSession[0]);
                open.clear();
            }
            for (SdfSession session : sessions) {
                session.closeUnderDevice();
            }
            synchronized (idle) {
                idle.clear();
            }
            libraryLock.lock();
            try {
                binding.closeDevice(handle);
            } finally {
                libraryLock.unlock();
            }
        } finally {
            life.writeLock().unlock();
        }
    }
}
