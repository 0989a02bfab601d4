package org.shangmi.tls;

import java.security.InvalidAlgorithmParameterException;
import java.security.KeyStore;
import java.security.KeyStoreException;
import java.security.NoSuchAlgorithmException;
import java.security.UnrecoverableKeyException;
import javax.net.ssl.KeyManager;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.KeyManagerFactorySpi;
import javax.net.ssl.KeyStoreBuilderParameters;
import java.util.List;
import javax.net.ssl.ManagerFactoryParameters;
import javax.net.ssl.X509KeyManager;

/**
 * KeyManagerFactory "PKIX" of ShangMiTLS: Bouncy Castle's PKIX key manager over the keystore
 * (every key type it knows), wrapped in {@link ShangMiKeyManager} for SM2 keys, which also sees
 * the stores' entries themselves (a TLCP encryption entry is none of Bouncy Castle's key types).
 */
final class ShangMiKeyManagerFactorySpi extends KeyManagerFactorySpi {

    private final KeyManagerFactory factory;
    private KeyStoreEntries entries;

    ShangMiKeyManagerFactorySpi(KeyManagerFactory factory) {
        this.factory = factory;
    }

    @Override
    protected void engineInit(KeyStore store, char[] password)
            throws KeyStoreException, NoSuchAlgorithmException, UnrecoverableKeyException {
        factory.init(store, password);
        entries = store == null ? null
                : new KeyStoreEntries(List.of(KeyStore.Builder.newInstance(store, new KeyStore.PasswordProtection(password))));
    }

    @Override
    protected void engineInit(ManagerFactoryParameters parameters) throws InvalidAlgorithmParameterException {
        factory.init(parameters);
        entries = parameters instanceof KeyStoreBuilderParameters builders ? new KeyStoreEntries(builders.getParameters()) : null;
    }

    @Override
    protected KeyManager[] engineGetKeyManagers() {
        KeyManager[] managers = factory.getKeyManagers().clone();
        for (int i = 0; i < managers.length; i++) {
            if (managers[i] instanceof X509KeyManager keys) {
                managers[i] = new ShangMiKeyManager(keys, entries);
            }
        }
        return managers;
    }
}
