package org.shangmi.tls;

import java.security.KeyStore;
import java.security.KeyStoreException;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Finding a TLCP double certificate in a key store, for configurations that name only the
 * signing entry (a framework's one key alias).
 */
public final class TlcpKeyStores {

    private TlcpKeyStores() {
    }

    /**
     * The alias of the encryption entry paired with the signing entry {@code signAlias}: the one
     * other key entry whose certificate has the signing certificate's subject and issuer and a key
     * usage for encryption (keyEncipherment, dataEncipherment or keyAgreement), as GB/T 38636 pairs
     * them.
     *
     * @throws KeyStoreException when the store has no key entry {@code signAlias}, or not exactly
     *         one such encryption entry (the message says which, and how many)
     */
    public static String encryptionAlias(KeyStore store, String signAlias) throws KeyStoreException {
        if (!store.isKeyEntry(signAlias) || !(store.getCertificate(signAlias) instanceof X509Certificate sign)) {
            throw new KeyStoreException("the key store has no key entry [" + signAlias + "] with an X.509 certificate");
        }
        List<String> found = new ArrayList<>();
        for (String alias : Collections.list(store.aliases())) {
            if (!alias.equals(signAlias) && store.isKeyEntry(alias) && store.getCertificate(alias) instanceof X509Certificate enc
                    && enc.getSubjectX500Principal().equals(sign.getSubjectX500Principal())
                    && enc.getIssuerX500Principal().equals(sign.getIssuerX500Principal()) && forEncryption(enc)) {
                found.add(alias);
            }
        }
        if (found.size() != 1) {
            throw new KeyStoreException("the key store has " + (found.isEmpty() ? "no" : found.size())
                    + " TLCP encryption entries for the signing entry [" + signAlias + "] (the same subject and issuer, key "
                    + "usage keyEncipherment, dataEncipherment or keyAgreement)" + (found.isEmpty() ? "" : ": " + found));
        }
        return found.get(0);
    }

    private static boolean forEncryption(X509Certificate certificate) {
        boolean[] usage = certificate.getKeyUsage();
        // keyEncipherment (2), dataEncipherment (3), keyAgreement (4)
        return usage != null && usage.length > 4 && (usage[2] || usage[3] || usage[4]);
    }
}
