package org.shangmi.tls.tlcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.security.KeyStore;
import java.security.KeyStoreException;
import java.security.cert.Certificate;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.shangmi.provider.ShangMiProvider;
import org.shangmi.tls.TlcpKeyStores;

/** The encryption entry found beside a signing entry, by subject, issuer and key usage. */
class TlcpKeyStoresTest {

    private static TlcpCredentials credentials;

    @BeforeAll
    static void install() {
        ShangMiProvider.install();
        credentials = TlcpCredentials.openssl();
    }

    @Test
    void findsTheEncryptionEntryOfTheSigningEntry() throws Exception {
        KeyStore store = credentials.server().keyStore();
        // the client's pair beside it: another subject, so not a candidate
        TlcpCredentials.Side client = credentials.client();
        store.setKeyEntry("client-enc", client.encPrivateKey(), TlcpCredentials.STORE_PASSWORD,
                new Certificate[] {client.encCertificate(), credentials.root()});
        assertEquals("enc", TlcpKeyStores.encryptionAlias(store, "sign"));
    }

    @Test
    void refusesTwoCandidatesAndNone() throws Exception {
        KeyStore store = credentials.server().keyStore();
        TlcpCredentials.Side server = credentials.server();
        store.setKeyEntry("enc2", server.encPrivateKey(), TlcpCredentials.STORE_PASSWORD,
                new Certificate[] {server.encCertificate(), credentials.root()});
        KeyStoreException two = assertThrows(KeyStoreException.class, () -> TlcpKeyStores.encryptionAlias(store, "sign"));
        assertTrue(two.getMessage().startsWith("the key store has 2 TLCP encryption entries for the signing entry [sign]"),
                two.getMessage());
        // the encryption entry named as the signing one: only the signing certificate is beside it, and it signs
        KeyStore pair = credentials.server().keyStore();
        KeyStoreException none = assertThrows(KeyStoreException.class, () -> TlcpKeyStores.encryptionAlias(pair, "enc"));
        assertTrue(none.getMessage().startsWith("the key store has no TLCP encryption entries"), none.getMessage());
        KeyStoreException missing = assertThrows(KeyStoreException.class, () -> TlcpKeyStores.encryptionAlias(pair, "nosuch"));
        assertEquals("the key store has no key entry [nosuch] with an X.509 certificate", missing.getMessage());
    }
}
