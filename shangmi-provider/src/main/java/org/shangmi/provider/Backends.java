package org.shangmi.provider;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.TreeSet;
import org.shangmi.core.backend.Algorithm;
import org.shangmi.core.backend.BackendService;
import org.shangmi.core.backend.BackendUnavailableException;

/**
 * The backends found in this JVM. Each is loaded on first need, and each of its algorithms is
 * self-tested on first need: a provider that uses only the Java backend never loads OpenSSL, and
 * one that serves SM3 from a backend never runs that backend's SM2 test (binding native functions
 * and the first SM2 operations cost tens of milliseconds each). A backend that is missing or fails
 * to load serves nothing and its status says why; an algorithm that fails its known-answer test is
 * not served by that backend. Thread-safe.
 */
final class Backends {

    /** Bound on ServiceLoader iterations, in case a broken entry keeps failing. */
    private static final int MAX_DISCOVERY_STEPS = 64;

    private static volatile Backends instance;

    private final Map<Backend, BackendService> found = new EnumMap<>(Backend.class);
    private final List<String> loaderErrors = new ArrayList<>();
    /** Per loaded backend, what it offers; absent until loaded; empty if it could not load. */
    private final Map<Backend, Set<Algorithm>> offered = new EnumMap<>(Backend.class);
    /** Backends whose {@code load()} was called: their details are read afresh for each status. */
    private final Set<Backend> loadCalled = EnumSet.noneOf(Backend.class);
    private final Map<Backend, String> unavailable = new EnumMap<>(Backend.class);
    /** Per backend and tested algorithm: null if it passed, else why not. */
    private final Map<Backend, Map<Algorithm, String>> tested = new EnumMap<>(Backend.class);

    static Backends get() {
        Backends result = instance;
        if (result == null) {
            synchronized (Backends.class) {
                result = instance;
                if (result == null) {
                    result = new Backends();
                    instance = result;
                }
            }
        }
        return result;
    }

    /** Finds the services (instantiating them does no work); loading waits for first need. */
    private Backends() {
        Map<String, BackendService> byName = new HashMap<>();
        Iterator<BackendService> it =
                ServiceLoader.load(BackendService.class, Backends.class.getClassLoader()).iterator();
        for (int step = 0; step < MAX_DISCOVERY_STEPS; step++) {
            try {
                if (!it.hasNext()) {
                    break;
                }
                BackendService service = it.next();
                byName.putIfAbsent(service.name(), service);
            } catch (ServiceConfigurationError | LinkageError e) {
                loaderErrors.add(String.valueOf(e.getMessage()));
            }
        }
        for (Backend backend : Backend.values()) {
            BackendService service = byName.get(backend.id());
            if (service != null) {
                found.put(backend, service);
            }
        }
    }

    /** Loads {@code backend} if not yet tried; returns what it offers (empty if it cannot load). */
    private synchronized Set<Algorithm> load(Backend backend) {
        Set<Algorithm> algorithms = offered.get(backend);
        if (algorithms != null) {
            return algorithms;
        }
        algorithms = EnumSet.noneOf(Algorithm.class);
        BackendService service = found.get(backend);
        int jdk = Runtime.version().feature();
        if (jdk < backend.minimumJdk()) {
            unavailable.put(backend, "needs JDK " + backend.minimumJdk() + " or later; this JVM is " + Runtime.version());
        } else if (service == null) {
            String reason = backend == Backend.JAVA
                    ? "shangmi-core's backend registration (META-INF/services) is missing"
                    : backend.artifact() + " is not on the class path";
            if (!loaderErrors.isEmpty()) {
                reason += "; ServiceLoader reported: " + String.join("; ", loaderErrors);
            }
            unavailable.put(backend, reason);
        } else {
            try {
                algorithms.addAll(service.load());
            } catch (BackendUnavailableException e) {
                unavailable.put(backend, e.getMessage());
            } catch (RuntimeException | LinkageError e) {
                unavailable.put(backend, "failed to load: " + e);
            }
            loadCalled.add(backend);
        }
        Set<Algorithm> result = Collections.unmodifiableSet(algorithms);
        offered.put(backend, result);
        tested.put(backend, new EnumMap<>(Algorithm.class));
        return result;
    }

    /** Self-tests {@code algorithm} on {@code backend} if not yet done; null if it passed, else why not. */
    private synchronized String test(Backend backend, Algorithm algorithm) {
        Map<Algorithm, String> results = tested.get(backend);
        if (!results.containsKey(algorithm)) {
            results.put(algorithm, SelfTest.run(found.get(backend), algorithm));
        }
        return results.get(algorithm);
    }

    private static String safeDetails(BackendService service) {
        try {
            return String.valueOf(service.details());
        } catch (RuntimeException e) {
            return "details unavailable: " + e;
        }
    }

    /** The full status of {@code backend}: loads it and self-tests everything it offers. */
    synchronized BackendStatus status(Backend backend) {
        Set<Algorithm> algorithms = load(backend);
        // read afresh: a backend's details may change after loading (the vector backend's warm-up)
        String details = loadCalled.contains(backend) ? safeDetails(found.get(backend)) : "";
        if (unavailable.containsKey(backend)) {
            return new BackendStatus(backend, false, details, Collections.emptySet(), unavailable.get(backend));
        }
        Set<String> names = new TreeSet<>();
        List<String> failures = new ArrayList<>();
        for (Algorithm algorithm : algorithms) {
            String failure = test(backend, algorithm);
            if (failure == null) {
                names.add(algorithm.jcaName());
            } else {
                failures.add(failure);
            }
        }
        if (names.isEmpty()) {
            return new BackendStatus(backend, false, details, Collections.emptySet(),
                    failures.isEmpty() ? "offers no algorithm" : String.join("; ", failures));
        }
        List<String> sm4ModesByJava = List.of();
        if (names.contains(Algorithm.SM4.jcaName())) {
            try {
                sm4ModesByJava = found.get(backend).sm4ModesByJava();
            } catch (RuntimeException e) {
                failures.add("cannot tell which SM4 modes the Java engines serve: " + e);
            }
        }
        return new BackendStatus(backend, true, details, names, String.join("; ", failures), sm4ModesByJava);
    }

    /** Waits at most {@code timeout} while a loaded {@code backend} keeps preparing; false if it did not load. */
    boolean awaitReady(Backend backend, Duration timeout) throws InterruptedException {
        // outside the lock: status calls go on while a backend warms up
        return loads(backend) && found.get(backend).awaitReady(timeout);
    }

    /** Whether {@code backend} loads here (without self-testing its algorithms). */
    boolean loads(Backend backend) {
        load(backend);
        synchronized (this) {
            return !unavailable.containsKey(backend);
        }
    }

    /** The loaded service of {@code backend} if it serves {@code algorithm} (offered, self-test passed), else null. */
    BackendService serving(Backend backend, Algorithm algorithm) {
        if (!load(backend).contains(algorithm) || test(backend, algorithm) != null) {
            return null;
        }
        return found.get(backend);
    }
}
