package org.shangmi.provider;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.security.Provider;
import java.security.Security;

/**
 * A ShangMi provider placed in the JVM-wide provider list for the length of a try block, and
 * removed when it closes.
 */
final class Installed implements AutoCloseable {

    private Installed(Provider provider, int position) {
        assertNull(Security.getProvider(ShangMiProvider.NAME), "a ShangMi provider is installed already");
        int placed = position < 0 ? Security.addProvider(provider) : Security.insertProviderAt(provider, position);
        assertNotEquals(-1, placed);
    }

    /** {@code provider} at position 1, ahead of SUN and SunEC: where the JDK's PKI finds its services. */
    static Installed first(Provider provider) {
        Installed installed = new Installed(provider, 1);
        assertEquals(provider, Security.getProviders()[0]);
        return installed;
    }

    /** {@code provider} at the end of the list, after SunEC. */
    static Installed last(Provider provider) {
        return new Installed(provider, -1);
    }

    @Override
    public void close() {
        Security.removeProvider(ShangMiProvider.NAME);
    }
}
