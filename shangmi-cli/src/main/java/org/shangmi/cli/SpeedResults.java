package org.shangmi.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.shangmi.provider.Backend;
import org.shangmi.provider.BackendStatus;
import org.shangmi.provider.ShangMiProvider;

/**
 * What one run of {@code shangmi speed} measured, for the table and the files alike: the header
 * (where it ran), the threads, the columns, and per operation each column's median, min and max
 * (null: not offered), the {@code openssl speed} figures and the peers' failures.
 */
record SpeedResults(String header, int threads, List<SpeedSubject> subjects,
        Map<SpeedOperation, Map<String, double[]>> rates, Map<SpeedOperation, Double> reference, List<String> failures) {

    /** The line that says where the figures come from: the JDK, the CPU, the libcrypto and the peers' versions. */
    static String header(List<SpeedSubject> subjects) {
        String libcrypto = "";
        for (BackendStatus status : ShangMiProvider.backendStatus()) {
            if (status.backend() != Backend.JAVA && status.available() && libcrypto.isEmpty()) {
                libcrypto = ", " + status.details().split(";")[0];
            }
        }
        List<String> peerVersions = subjects.stream().filter(s -> !s.shangmi())
                .map(s -> s.id() + " " + s.provider().getName() + " " + s.provider().getVersionStr()).toList();
        String peers = peerVersions.isEmpty() ? "" : "; peers: " + String.join(", ", peerVersions);
        return "shangmi speed: JDK " + Runtime.version() + " (" + System.getProperty("java.vm.name") + "), " + cpu() + ", "
                + Runtime.getRuntime().availableProcessors() + " CPUs" + libcrypto + peers;
    }

    private static String cpu() {
        try {
            return Files.readAllLines(Path.of("/proc/cpuinfo")).stream()
                    .filter(l -> l.startsWith("model name"))
                    .map(l -> l.substring(l.indexOf(':') + 1).trim())
                    .findFirst().orElse(System.getProperty("os.arch"));
        } catch (IOException | RuntimeException e) {
            return System.getProperty("os.arch");
        }
    }

    /** The median of {@code subject}'s column for {@code operation}, or NaN where there is none. */
    double median(SpeedOperation operation, SpeedSubject subject) {
        double[] r = rates.get(operation).get(subject.id());
        return r == null ? Double.NaN : r[0];
    }
}
