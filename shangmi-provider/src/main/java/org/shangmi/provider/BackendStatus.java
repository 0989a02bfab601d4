package org.shangmi.provider;

import java.util.List;
import java.util.Set;

/**
 * What one backend can do in this JVM.
 *
 * @param backend the backend
 * @param available whether it loaded and passed at least one self-test
 * @param details what was loaded (version, library path), or empty; read when the status is made,
 *     since it may change: the vector backend's says whether its warm-up still runs (the Java
 *     circuit engine serving meanwhile), passed, or failed and why
 * @param algorithms the JCA names of the algorithms it serves (each passed its known-answer test)
 * @param problems why it is unavailable, or which algorithms failed their self-test; empty if none
 * @param sm4ModesByJava the SM4 modes that the Java engines serve for this backend while it serves
 *     SM4 (a native backend hands over the modes its library lacks, and GCM, CCM and XTS), such as
 *     {@code [CFB8, GCM, CCM, XTS]}; empty if it serves every mode itself or serves no SM4
 */
public record BackendStatus(Backend backend, boolean available, String details, Set<String> algorithms,
        String problems, List<String> sm4ModesByJava) {

    public BackendStatus {
        algorithms = Set.copyOf(algorithms);
        sm4ModesByJava = List.copyOf(sm4ModesByJava);
    }

    /** A status with no SM4 mode served by the Java engines on the backend's behalf. */
    public BackendStatus(Backend backend, boolean available, String details, Set<String> algorithms, String problems) {
        this(backend, available, details, algorithms, problems, List.of());
    }
}
