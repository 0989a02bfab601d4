package org.shangmi.tls.tlcp;

import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;

/** TLCP tests on the openssl-made PKI of {@link OpenSslTlcpPki}, made once per test class, with ShangMi installed first. */
abstract class WithOpenSslTlcpPki extends WithShangMi {

    @TempDir
    static Path directory;
    static OpenSslTlcpPki pki;

    @BeforeAll
    static void makePki() throws Exception {
        pki = new OpenSslTlcpPki(directory);
    }
}
