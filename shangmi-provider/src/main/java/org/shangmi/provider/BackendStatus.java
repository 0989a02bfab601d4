package org.shangmi.provider;

import java.util.Set;

/**
 * What one backend can do in this JVM.
 *
 * @param backend the backend
 * @param available whether it loaded and passed at least one self-test
 * @param details what was loaded (version, library path), or empty
 * @param algorithms the JCA names of the algorithms it serves (each passed its known-answer test)
 * @param problems why it is unavailable, or which algorithms failed their self-test; empty if none
 */
public record BackendStatus(Backend backend, boolean available, String details, Set<String> algorithms,
        String problems) {

    public BackendStatus {
        algorithms = Set.copyOf(algorithms);
    }
}
