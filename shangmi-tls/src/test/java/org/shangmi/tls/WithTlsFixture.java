package org.shangmi.tls;

import java.nio.file.Path;
import java.security.Provider;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the TLS test classes share: ShangMi installed first and the openssl-made keys and
 * certificates of {@link TlsFixture} for the class, a ShangMiTLS provider, and an engine pair.
 */
abstract class WithTlsFixture {

    static final Provider TLS = new ShangMiTlsProvider();

    @TempDir
    static Path directory;
    static TlsFixture fixture;

    @BeforeAll
    static void makeFixture() throws Exception {
        fixture = new TlsFixture(directory);
    }

    @AfterAll
    static void removeFixture() {
        TlsFixture.uninstall();
    }

    /** A client engine for leaf.example.com from {@code client} and a server engine from {@code server}. */
    static SSLEngine[] pair(SSLContext client, SSLContext server) {
        SSLEngine clientEngine = client.createSSLEngine("leaf.example.com", 443);
        clientEngine.setUseClientMode(true);
        SSLEngine serverEngine = server.createSSLEngine();
        serverEngine.setUseClientMode(false);
        return new SSLEngine[] {clientEngine, serverEngine};
    }

    /** A ShangMiTLS client that trusts the fixture's roots. */
    static SSLContext smClient() throws Exception {
        return TlsFixture.context(TLS, null, fixture.trustManagers());
    }
}
