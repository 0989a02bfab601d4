package org.shangmi.tomcat;

import java.net.Socket;
import java.security.Principal;
import java.security.PrivateKey;
import java.security.cert.X509Certificate;
import java.util.Arrays;
import java.util.List;
import javax.net.ssl.KeyManager;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.X509ExtendedKeyManager;

/**
 * A server key manager that offers only the entries {@code certificateKeyAlias} names, over a key
 * store that is served whole because its keys cannot be copied (a device's), as Tomcat's own
 * {@code JSSEKeyManager} pins its one alias.
 */
final class AliasKeyManager extends X509ExtendedKeyManager {

    private final X509ExtendedKeyManager keys;
    private final List<String> aliases;

    private AliasKeyManager(X509ExtendedKeyManager keys, List<String> aliases) {
        this.keys = keys;
        this.aliases = List.copyOf(aliases);
    }

    /** The managers with each X.509 one limited to {@code aliases}. */
    static KeyManager[] pinned(KeyManager[] managers, List<String> aliases) {
        KeyManager[] pinned = managers.clone();
        for (int i = 0; i < pinned.length; i++) {
            if (pinned[i] instanceof X509ExtendedKeyManager keys) {
                pinned[i] = new AliasKeyManager(keys, aliases);
            }
        }
        return pinned;
    }

    @Override
    public String[] getServerAliases(String keyType, Principal[] issuers) {
        String[] offered = keys.getServerAliases(keyType, issuers);
        return offered == null ? null : Arrays.stream(offered).filter(aliases::contains).toArray(String[]::new);
    }

    @Override
    public String chooseServerAlias(String keyType, Principal[] issuers, Socket socket) {
        return first(getServerAliases(keyType, issuers));
    }

    @Override
    public String chooseEngineServerAlias(String keyType, Principal[] issuers, SSLEngine engine) {
        return first(getServerAliases(keyType, issuers));
    }

    private static String first(String[] offered) {
        return offered == null || offered.length == 0 ? null : offered[0];
    }

    @Override
    public String[] getClientAliases(String keyType, Principal[] issuers) {
        return null; // a server's
    }

    @Override
    public String chooseClientAlias(String[] keyTypes, Principal[] issuers, Socket socket) {
        return null;
    }

    @Override
    public String chooseEngineClientAlias(String[] keyTypes, Principal[] issuers, SSLEngine engine) {
        return null;
    }

    @Override
    public X509Certificate[] getCertificateChain(String alias) {
        return aliases.contains(alias) ? keys.getCertificateChain(alias) : null;
    }

    @Override
    public PrivateKey getPrivateKey(String alias) {
        return aliases.contains(alias) ? keys.getPrivateKey(alias) : null;
    }
}
