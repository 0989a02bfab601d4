package org.shangmi.provider;

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
 * The backends found in this JVM, each loaded once and self-tested per algorithm. A backend
 * that is missing or fails to load serves nothing and its status says why; an algorithm that
 * fails its known-answer test is not served by that backend.
 */
final class Backends {

    /** Bound on ServiceLoader iterations, in case a broken entry keeps failing. */
    private static final int MAX_DISCOVERY_STEPS = 64;

    private static volatile Backends instance;

    private final Map<Backend, BackendStatus> statuses = new EnumMap<>(Backend.class);
    private final Map<Backend, BackendService> services = new EnumMap<>(Backend.class);
    private final Map<Backend, Set<Algorithm>> served = new EnumMap<>(Backend.class);

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

    private Backends() {
        Map<String, BackendService> found = new HashMap<>();
        List<String> loaderErrors = new ArrayList<>();
        Iterator<BackendService> it =
                ServiceLoader.load(BackendService.class, Backends.class.getClassLoader()).iterator();
        for (int step = 0; step < MAX_DISCOVERY_STEPS; step++) {
            try {
                if (!it.hasNext()) {
                    break;
                }
                BackendService service = it.next();
                found.putIfAbsent(service.name(), service);
            } catch (ServiceConfigurationError | LinkageError e) {
                loaderErrors.add(String.valueOf(e.getMessage()));
            }
        }
        for (Backend backend : Backend.values()) {
            BackendService service = found.get(backend.id());
            int jdk = Runtime.version().feature();
            if (jdk < backend.minimumJdk()) {
                unavailable(backend, "", "needs JDK " + backend.minimumJdk() + " or later; this JVM is "
                        + Runtime.version());
            } else if (service == null) {
                String reason = backend == Backend.JAVA
                        ? "shangmi-core's backend registration (META-INF/services) is missing"
                        : "module shangmi-" + backend.id() + " is not on the class path";
                if (!loaderErrors.isEmpty()) {
                    reason += "; ServiceLoader reported: " + String.join("; ", loaderErrors);
                }
                unavailable(backend, "", reason);
            } else {
                load(backend, service);
            }
        }
    }

    private void load(Backend backend, BackendService service) {
        Set<Algorithm> offered;
        try {
            offered = service.load();
        } catch (BackendUnavailableException e) {
            unavailable(backend, "", e.getMessage());
            return;
        } catch (RuntimeException | LinkageError e) {
            unavailable(backend, "", "failed to load: " + e);
            return;
        }
        Set<Algorithm> passed = EnumSet.noneOf(Algorithm.class);
        List<String> failures = new ArrayList<>();
        for (Algorithm algorithm : offered) {
            String failure = SelfTest.run(service, algorithm);
            if (failure == null) {
                passed.add(algorithm);
            } else {
                failures.add(failure);
            }
        }
        String details = safeDetails(service);
        if (passed.isEmpty()) {
            unavailable(backend, details, failures.isEmpty() ? "offers no algorithm" : String.join("; ", failures));
            return;
        }
        services.put(backend, service);
        served.put(backend, passed);
        Set<String> names = new TreeSet<>();
        passed.forEach(a -> names.add(a.jcaName()));
        statuses.put(backend, new BackendStatus(backend, true, details, names, String.join("; ", failures)));
    }

    private static String safeDetails(BackendService service) {
        try {
            return String.valueOf(service.details());
        } catch (RuntimeException e) {
            return "details unavailable: " + e;
        }
    }

    private void unavailable(Backend backend, String details, String reason) {
        statuses.put(backend, new BackendStatus(backend, false, details, Collections.emptySet(), reason));
    }

    BackendStatus status(Backend backend) {
        return statuses.get(backend);
    }

    /** The loaded service of {@code backend} if it serves {@code algorithm}, else null. */
    BackendService serving(Backend backend, Algorithm algorithm) {
        Set<Algorithm> algorithms = served.get(backend);
        return algorithms != null && algorithms.contains(algorithm) ? services.get(backend) : null;
    }
}
