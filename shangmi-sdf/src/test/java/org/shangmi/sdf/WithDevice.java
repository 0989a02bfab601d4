package org.shangmi.sdf;

import java.security.Provider;
import java.security.Security;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.shangmi.provider.ShangMiProvider;

/**
 * Tests on SoftSDF through an installed provider, as an application installs it: ShangMi first
 * (the JDK's X.509 classes read SM2 certificates through it), the device's provider after, both
 * removed and the device closed after each test.
 */
abstract class WithDevice {

    static final Provider SHANGMI = new ShangMiProvider();

    ShangMiSdfProvider provider;

    static List<String> bindings() {
        return SoftSdf.bindings();
    }

    /** The device's provider on {@code binding}, with extra configuration lines, installed. */
    ShangMiSdfProvider open(String binding, String... extra) {
        close();
        provider = (ShangMiSdfProvider) new ShangMiSdfProvider().configure(SoftSdf.configuration(binding, extra));
        Security.insertProviderAt(SHANGMI, 1);
        if (Security.addProvider(provider) < 0) {
            throw new AssertionError("a provider named " + provider.getName() + " is installed already");
        }
        return provider;
    }

    @AfterEach
    void close() {
        if (provider != null) {
            Security.removeProvider(provider.getName());
            Security.removeProvider(SHANGMI.getName());
            provider.close();
            provider = null;
        }
    }
}
