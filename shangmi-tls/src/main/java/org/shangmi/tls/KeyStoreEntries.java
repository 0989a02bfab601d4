package org.shangmi.tls;

import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/**
 * The key entries of the key stores a {@code KeyManagerFactory} was initialized with, under the
 * stores' own aliases (the first store holding an alias wins). Bouncy Castle's PKIX key manager
 * lists an entry only for the TLS key types it knows, each of which demands digitalSignature
 * (ECDSA) or names an RSA key exchange: a TLCP encryption certificate (keyEncipherment,
 * dataEncipherment, keyAgreement) is never among them. TLCP reads both of its entries through
 * this view instead, and an application names them by the aliases it gave them.
 */
final class KeyStoreEntries {

    private final List<KeyStore.Builder> builders;

    KeyStoreEntries(List<KeyStore.Builder> builders) {
        this.builders = List.copyOf(builders);
    }

    /** The aliases of the key entries with a certificate chain, every store's in its order. */
    List<String> aliases() {
        List<String> aliases = new ArrayList<>();
        for (KeyStore.Builder builder : builders) {
            try {
                KeyStore store = builder.getKeyStore();
                for (String alias : Collections.list(store.aliases())) {
                    if (store.isKeyEntry(alias) && !aliases.contains(alias) && store.getCertificateChain(alias) != null) {
                        aliases.add(alias);
                    }
                }
            } catch (GeneralSecurityException unavailable) {
                // a store that cannot be read offers nothing, as in the key managers it backs
            }
        }
        return aliases;
    }

    /** The entry's X.509 chain, or null when no store holds a key entry with an X.509 chain under the alias. */
    X509Certificate[] chain(String alias) {
        for (KeyStore.Builder builder : builders) {
            try {
                KeyStore store = builder.getKeyStore();
                if (store.isKeyEntry(alias)) {
                    Certificate[] chain = store.getCertificateChain(alias);
                    if (chain == null || chain.length == 0 || !(chain instanceof X509Certificate[])
                            && !Arrays.stream(chain).allMatch(X509Certificate.class::isInstance)) {
                        return null;
                    }
                    return Arrays.copyOf(chain, chain.length, X509Certificate[].class);
                }
            } catch (GeneralSecurityException unavailable) {
                // the next store may hold it
            }
        }
        return null;
    }

    /** The entry's private key, or null when it cannot be had (no such entry, a wrong password). */
    PrivateKey privateKey(String alias) {
        for (KeyStore.Builder builder : builders) {
            try {
                KeyStore store = builder.getKeyStore();
                if (store.isKeyEntry(alias)) {
                    KeyStore.Entry entry = store.getEntry(alias, builder.getProtectionParameter(alias));
                    return entry instanceof KeyStore.PrivateKeyEntry keyEntry ? keyEntry.getPrivateKey() : null;
                }
            } catch (GeneralSecurityException unavailable) {
                return null;
            }
        }
        return null;
    }
}
