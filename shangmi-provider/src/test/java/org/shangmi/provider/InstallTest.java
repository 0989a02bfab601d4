package org.shangmi.provider;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.security.Provider;
import java.security.Security;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@link ShangMiProvider#install()}: first place, idempotent, an installed provider moved rather
 * than doubled, the others kept in their order. (Pkcs12KeyStoreTest shows what first place
 * changes for the JDK's keystore.)
 */
class InstallTest {

    private List<String> before;

    @BeforeEach
    void noShangMiInstalled() {
        assertNull(Security.getProvider(ShangMiProvider.NAME), "a ShangMi provider is installed already");
        before = names();
    }

    @AfterEach
    void removeIt() {
        Security.removeProvider(ShangMiProvider.NAME);
        assertEquals(before, names(), "the JDK's providers as they were");
    }

    private static List<String> names() {
        return Arrays.stream(Security.getProviders()).map(Provider::getName).collect(Collectors.toList());
    }

    /** The list with ShangMi first and the JDK's providers behind it in their order. */
    private List<String> withShangMiFirst() {
        List<String> expected = new java.util.ArrayList<>(before);
        expected.add(0, ShangMiProvider.NAME);
        return expected;
    }

    @Test
    void putsANewProviderFirstOnce() {
        Provider installed = ShangMiProvider.install();
        assertInstanceOf(ShangMiProvider.class, installed);
        assertSame(installed, Security.getProviders()[0]);
        assertEquals(withShangMiFirst(), names());

        assertSame(installed, ShangMiProvider.install(), "idempotent: the same provider");
        assertEquals(withShangMiFirst(), names(), "and no second one");
    }

    @Test
    void movesAProviderInstalledBehindSunEcFirst() {
        ShangMiProvider last = new ShangMiProvider(Backend.JAVA);
        Security.addProvider(last);
        assertEquals(before.size(), names().indexOf(ShangMiProvider.NAME), "last, behind SunEC");

        assertSame(last, ShangMiProvider.install(), "the installed one, moved");
        assertSame(last, Security.getProviders()[0]);
        assertEquals(withShangMiFirst(), names());
    }

    @Test
    void installsAGivenInstanceInPlaceOfAnother() {
        ShangMiProvider.install();
        ShangMiProvider mine = new ShangMiProvider(Backend.JAVA);
        assertSame(mine, ShangMiProvider.install(mine));
        assertSame(mine, Security.getProviders()[0]);
        assertEquals(withShangMiFirst(), names(), "replaced, not added");
        assertSame(mine, ShangMiProvider.install(mine));
        assertSame(mine, ShangMiProvider.install(), "install() keeps the one that is first");
        assertEquals(withShangMiFirst(), names());
    }
}
