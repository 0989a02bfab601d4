package org.shangmi.provider;

import static org.junit.jupiter.api.Assertions.assertFalse;

import java.security.Provider;
import java.util.ArrayList;
import java.util.List;
import org.bouncycastle.jce.provider.BouncyCastleProvider;

/** The providers every provider test runs against: one per backend available here, and the peers. */
final class Providers {

    private static final Provider BOUNCY_CASTLE = new BouncyCastleProvider();

    private Providers() {
    }

    /** One {@link ShangMiProvider} per available backend; never empty (Java is always there). */
    static List<ShangMiProvider> each() {
        List<ShangMiProvider> providers = new ArrayList<>();
        for (BackendStatus status : ShangMiProvider.backendStatus()) {
            if (status.available()) {
                providers.add(new ShangMiProvider(status.backend()));
            }
        }
        assertFalse(providers.isEmpty(), "no backend is available: " + ShangMiProvider.backendStatus());
        return providers;
    }

    static Provider bouncyCastle() {
        return BOUNCY_CASTLE;
    }
}
