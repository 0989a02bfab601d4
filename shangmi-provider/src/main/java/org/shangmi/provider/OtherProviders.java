package org.shangmi.provider;

import java.security.NoSuchAlgorithmException;
import java.security.Provider;
import java.security.Security;

/**
 * The installed providers other than ShangMi, for the services that serve SM2 themselves and hand
 * every other case to whoever would have served it had ShangMi not been installed. JCA fails over
 * between providers for key factories, generators, signatures and ciphers, but not for
 * {@code AlgorithmParameters}: those services delegate through here instead.
 */
final class OtherProviders {

    private OtherProviders() {
    }

    /**
     * The first installed provider, not a {@link ShangMiProvider}, that offers {@code type.algorithm}.
     *
     * @throws NoSuchAlgorithmException if none does
     */
    static Provider first(String type, String algorithm) throws NoSuchAlgorithmException {
        for (Provider provider : Security.getProviders()) {
            if (!(provider instanceof ShangMiProvider) && provider.getService(type, algorithm) != null) {
                return provider;
            }
        }
        throw new NoSuchAlgorithmException("no installed provider other than ShangMi offers " + type + " " + algorithm);
    }
}
