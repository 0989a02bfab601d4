package org.shangmi.tls.tlcp;

import java.security.Security;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.shangmi.provider.ShangMiProvider;

/**
 * The TLCP tests' common ground: ShangMi installed first for the class's tests (ahead of SunEC,
 * where "EC" and the SM algorithms are looked up), and removed after them if this class put it there.
 */
abstract class WithShangMi {

    private static boolean installed;

    @BeforeAll
    static void installShangMi() {
        installed = Security.insertProviderAt(new ShangMiProvider(), 1) != -1;
    }

    @AfterAll
    static void removeShangMi() {
        if (installed) {
            Security.removeProvider(ShangMiProvider.NAME);
        }
    }
}
