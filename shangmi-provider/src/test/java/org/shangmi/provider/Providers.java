package org.shangmi.provider;

import static org.junit.jupiter.api.Assertions.assertFalse;

import java.security.Provider;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.bouncycastle.jce.provider.BouncyCastleProvider;
import org.junit.jupiter.params.provider.Arguments;
import org.shangmi.core.backend.Algorithm;
import org.shangmi.core.testing.Vectors;

/** The providers every provider test runs against: one per backend available here, and the peers. */
final class Providers {

    private static final Provider BOUNCY_CASTLE = new BouncyCastleProvider();

    private Providers() {
    }

    /**
     * One {@link ShangMiProvider} per available backend that serves every algorithm (the PKI
     * services need them all); never empty (Java is always there).
     */
    static List<ShangMiProvider> each() {
        List<ShangMiProvider> providers = new ArrayList<>();
        for (ShangMiProvider provider : all()) {
            if (Arrays.stream(Algorithm.values()).allMatch(algorithm -> provider.backendFor(algorithm.jcaName()) != null)) {
                providers.add(provider);
            }
        }
        assertFalse(providers.isEmpty(), "no backend serves everything: " + ShangMiProvider.backendStatus());
        return providers;
    }

    /** One {@link ShangMiProvider} per available backend, whatever it serves. */
    private static List<ShangMiProvider> all() {
        List<ShangMiProvider> providers = new ArrayList<>();
        for (BackendStatus status : ShangMiProvider.backendStatus()) {
            if (status.available()) {
                providers.add(new ShangMiProvider(status.backend()));
            }
        }
        return providers;
    }

    /**
     * One {@link ShangMiProvider} per available backend that serves {@code jcaAlgorithm} (a name of
     * {@link org.shangmi.core.backend.Algorithm}); never empty (Java serves everything).
     */
    static List<ShangMiProvider> serving(String jcaAlgorithm) {
        List<ShangMiProvider> providers = new ArrayList<>();
        for (ShangMiProvider provider : all()) {
            if (provider.backendFor(jcaAlgorithm) != null) {
                providers.add(provider);
            }
        }
        assertFalse(providers.isEmpty(), "no backend serves " + jcaAlgorithm + ": " + ShangMiProvider.backendStatus());
        return providers;
    }

    /**
     * Every vector of {@code vectorAlgorithm} against every provider serving {@code jcaAlgorithm},
     * as (backend, provider, record) for parameterized tests.
     */
    static List<Arguments> withVectors(String jcaAlgorithm, String vectorAlgorithm) {
        List<Arguments> cases = new ArrayList<>();
        for (ShangMiProvider provider : serving(jcaAlgorithm)) {
            for (Vectors.Record record : Vectors.all(vectorAlgorithm)) {
                cases.add(Arguments.of(provider.backendFor(jcaAlgorithm), provider, record));
            }
        }
        return cases;
    }

    static Provider bouncyCastle() {
        return BOUNCY_CASTLE;
    }
}
